import { randomUUID } from 'node:crypto';
import { createClaimedBill, CustomerBillBody } from '../factories/bill.factory';
import type { SignedInUser } from '../factories/customer.factory';
import { createHousehold, createHouseholdWith, HouseholdBody, shareBill } from '../factories/household.factory';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { createHouseholdsApp, HouseholdsApp } from './support/households-kit';

type ListedBill = CustomerBillBody & { shared?: Record<string, unknown> };

/**
 * Sharing through a household (additions to the spec): bills shared by their owner, saved
 * accounts whose bills count as shared, the shared bills in each member's GET /bills, paying
 * them once, and shares ending when their member leaves.
 */
describe('households: shared bills and accounts', () => {
  let kit: HouseholdsApp;

  beforeAll(async () => {
    kit = await createHouseholdsApp();
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  /** An owner with a MEMBER, an ADMIN and a VIEWER, and a stranger outside. */
  async function family() {
    const [owner, member, admin, viewer, stranger] = await Promise.all([
      kit.newCustomer(),
      kit.newCustomer(),
      kit.newCustomer(),
      kit.newCustomer(),
      kit.newCustomer(),
    ]);
    const household = await createHouseholdWith(kit, owner, [
      { member, role: 'MEMBER' },
      { member: admin, role: 'ADMIN' },
      { member: viewer, role: 'VIEWER' },
    ]);
    return { owner, member, admin, viewer, stranger, household };
  }

  async function inbox(customer: SignedInUser, query = ''): Promise<ListedBill[]> {
    const response = await kit.http.get(`/api/v1/bills${query}`).set(customer.headers).expect(200);
    return response.body.items as ListedBill[];
  }

  const billOf = async (customer: SignedInUser, billId: string) =>
    (await inbox(customer)).find((bill) => bill.id === billId);

  async function billRow(id: string) {
    const [row] = await kit.db.query(`SELECT status, payment_id, customer_id FROM bills WHERE id = $1`, [id]);
    return row as { status: string; payment_id: string | null; customer_id: string };
  }

  const sharing = (household: HouseholdBody, sharedByMe: boolean, canPay: boolean) => ({
    householdId: household.id,
    householdName: household.name,
    sharedByMe,
    canPay,
  });

  describe('POST /bills/{billId}/shares and DELETE /bills/{billId}/shares/{householdId}', () => {
    it("shares the owner's bill (201, again 201) and lists it in every member's inbox, marked shared", async () => {
      const { owner, member, viewer, stranger, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      const unshared = await createClaimedBill(kit, owner, kit.biller.slug);
      const shared = await kit.http
        .post(`/api/v1/bills/${bill.id}/shares`)
        .set(owner.headers)
        .send({ householdId: household.id })
        .expect(201);
      expect(shared.body).toEqual({
        billId: bill.id,
        householdId: household.id,
        householdName: household.name,
        sharedBy: owner.userId,
        sharedAt: expect.any(String),
      });
      const again = await kit.http
        .post(`/api/v1/bills/${bill.id}/shares`)
        .set(owner.headers)
        .send({ householdId: household.id })
        .expect(201);
      expect(again.body).toEqual(shared.body);
      expect(
        await kit.db.query(`SELECT household_id, shared_by FROM bill_shares WHERE bill_id = $1`, [bill.id]),
      ).toEqual([{ household_id: household.id, shared_by: owner.userId }]);

      expect(await billOf(member, bill.id)).toEqual(
        expect.objectContaining({ id: bill.id, status: 'UNVIEWED', shared: sharing(household, false, true) }),
      );
      expect((await billOf(viewer, bill.id))?.shared).toEqual(sharing(household, false, false));
      expect((await billOf(owner, bill.id))?.shared).toEqual(sharing(household, true, true));
      // The owner's other bill is not shared: no marker, and nobody else sees it.
      const own = await billOf(owner, unshared.id);
      expect(own).toBeDefined();
      expect(own).not.toHaveProperty('shared');
      expect(await billOf(member, unshared.id)).toBeUndefined();
      expect(await billOf(stranger, bill.id)).toBeUndefined();
      // The status filter applies to shared bills too.
      expect((await inbox(member, '?status=UNVIEWED')).map((listed) => listed.id)).toEqual([bill.id]);
      expect(await inbox(member, '?status=PAID')).toEqual([]);

      // A member reads the shared bill; the owner's UNVIEWED state stays theirs.
      const detail = await kit.http.get(`/api/v1/bills/${bill.id}`).set(member.headers).expect(200);
      expect(detail.body).toEqual(
        expect.objectContaining({ id: bill.id, lineItems: expect.any(Array), shared: sharing(household, false, true) }),
      );
      expect((await billRow(bill.id)).status).toBe('UNVIEWED');
      const hidden = await kit.http.get(`/api/v1/bills/${bill.id}`).set(stranger.headers).expect(404);
      expectCataloguedApiError(hidden.body, 'NOT_FOUND');
    });

    it("refuses another customer's bill, a household the caller is not in (404), bad input (400) and no token (401)", async () => {
      const { owner, member, stranger, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      const strangers = await createHousehold(kit, stranger);
      const notOwner = await kit.http
        .post(`/api/v1/bills/${bill.id}/shares`)
        .set(member.headers)
        .send({ householdId: household.id })
        .expect(404);
      expectCataloguedApiError(notOwner.body, 'NOT_FOUND');
      const notMember = await kit.http
        .post(`/api/v1/bills/${bill.id}/shares`)
        .set(owner.headers)
        .send({ householdId: strangers.id })
        .expect(404);
      expectCataloguedApiError(notMember.body, 'NOT_FOUND');
      await kit.http
        .post(`/api/v1/bills/${bill.id}/shares`)
        .set(owner.headers)
        .send({ householdId: randomUUID() })
        .expect(404);
      for (const body of [{}, { householdId: 'nope' }, { householdId: household.id, extra: 1 }]) {
        const refused = await kit.http
          .post(`/api/v1/bills/${bill.id}/shares`)
          .set(owner.headers)
          .send(body)
          .expect(400);
        expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
      }
      await kit.http.post(`/api/v1/bills/${bill.id}/shares`).send({ householdId: household.id }).expect(401);
      await kit.http.delete(`/api/v1/bills/${bill.id}/shares/${household.id}`).expect(401);
      expect(await kit.db.query(`SELECT 1 FROM bill_shares WHERE bill_id = $1`, [bill.id])).toEqual([]);
    });

    it('stops sharing (204): members no longer see the bill; stopping again is 404', async () => {
      const { owner, member, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      await shareBill(kit, owner, bill.id, household.id);
      expect(await billOf(member, bill.id)).toBeDefined();
      const notOwner = await kit.http
        .delete(`/api/v1/bills/${bill.id}/shares/${household.id}`)
        .set(member.headers)
        .expect(404);
      expectCataloguedApiError(notOwner.body, 'NOT_FOUND');
      await kit.http.delete(`/api/v1/bills/${bill.id}/shares/${household.id}`).set(owner.headers).expect(204);
      expect(await billOf(member, bill.id)).toBeUndefined();
      await kit.http.get(`/api/v1/bills/${bill.id}`).set(member.headers).expect(404);
      const again = await kit.http
        .delete(`/api/v1/bills/${bill.id}/shares/${household.id}`)
        .set(owner.headers)
        .expect(404);
      expectCataloguedApiError(again.body, 'NOT_FOUND');
    });
  });

  describe('paying a shared bill', () => {
    it('lets a MEMBER pay (200): the payment is theirs, the bill is PAID for its owner', async () => {
      const { owner, member, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      await shareBill(kit, owner, bill.id, household.id);
      const paid = await kit.payBill(member, bill.id).expect(200);
      expect(paid.body).toEqual(
        expect.objectContaining({ channel: 'BILL', amount: 250_000, accountReference: bill.accountReference }),
      );
      const [payment] = await kit.db.query(`SELECT customer_id, payer_id FROM payments WHERE id = $1`, [paid.body.id]);
      expect(payment).toEqual({ customer_id: member.userId, payer_id: member.userId });
      expect(await billRow(bill.id)).toEqual({ status: 'PAID', payment_id: paid.body.id, customer_id: owner.userId });

      const seenByOwner = await kit.http.get(`/api/v1/bills/${bill.id}`).set(owner.headers).expect(200);
      expect(seenByOwner.body).toEqual(expect.objectContaining({ status: 'PAID', paymentId: paid.body.id }));
      expect((await billOf(member, bill.id))?.status).toBe('PAID');
      const again = await kit.payBill(owner, bill.id).expect(409);
      expectCataloguedApiError(again.body, 'BILL_ALREADY_PAID');
      // The member's payment is named, not shown: a payment is its payer's to read.
      expect(again.body.details).toEqual([{ field: 'paymentId', message: paid.body.id }]);
      expect(again.body).not.toHaveProperty('payment');
      const retried = await kit.payBill(member, bill.id).expect(409);
      expect(retried.body.payment).toMatchObject({ id: paid.body.id, status: 'PENDING', amount: 250_000 });
      await expectLedgerBalanced(kit);
    });

    it('refuses a VIEWER (403 HOUSEHOLD_ROLE_REQUIRED) and a non-member (404), paying nothing', async () => {
      const { owner, viewer, stranger, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      await shareBill(kit, owner, bill.id, household.id);
      const byViewer = await kit.payBill(viewer, bill.id).expect(403);
      expectCataloguedApiError(byViewer.body, 'HOUSEHOLD_ROLE_REQUIRED');
      const byStranger = await kit.payBill(stranger, bill.id).expect(404);
      expectCataloguedApiError(byStranger.body, 'NOT_FOUND');
      expect(
        await kit.db.query(`SELECT id FROM payments WHERE customer_id = ANY ($1::uuid[])`, [
          [viewer.userId, stranger.userId],
        ]),
      ).toEqual([]);
      expect((await billRow(bill.id)).status).toBe('UNVIEWED');
    });

    it('pays once when two members pay at once: one 200, one 409 BILL_ALREADY_PAID', async () => {
      const { owner, member, admin, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      await shareBill(kit, owner, bill.id, household.id);
      const answers = await Promise.all([kit.payBill(member, bill.id), kit.payBill(admin, bill.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expectCataloguedApiError(refused?.body, 'BILL_ALREADY_PAID');
      const payments = await kit.db.query(`SELECT id FROM payments WHERE customer_id = ANY ($1::uuid[])`, [
        [member.userId, admin.userId, owner.userId],
      ]);
      expect(payments).toHaveLength(1);
      expect(await billRow(bill.id)).toEqual(
        expect.objectContaining({ status: 'PAID', payment_id: payments[0].id, customer_id: owner.userId }),
      );
      expect(await kit.db.query(`SELECT 1 FROM bill_payment_leases WHERE bill_id = $1`, [bill.id])).toEqual([]);
      await expectLedgerBalanced(kit);
    });

    it('pays once when the owner and a member pay at once', async () => {
      const { owner, member, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      await shareBill(kit, owner, bill.id, household.id);
      const answers = await Promise.all([kit.payBill(owner, bill.id), kit.payBill(member, bill.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const payments = await kit.db.query(`SELECT id FROM payments WHERE customer_id = ANY ($1::uuid[])`, [
        [member.userId, owner.userId],
      ]);
      expect(payments).toHaveLength(1);
      expect((await billRow(bill.id)).payment_id).toBe(payments[0].id);
    });
  });

  describe('paying a shared bill at once, round after round', () => {
    it('answers the owner and a member tapping together with one payment and one 409, never a 500', async () => {
      const { owner, member, household } = await family();
      // Small bills: the payers' daily limits hold every round's payment.
      const bills = [];
      for (let round = 0; round < 32; round += 1) {
        const bill = await createClaimedBill(kit, owner, kit.biller.slug, { amountDue: 1_000 });
        await shareBill(kit, owner, bill.id, household.id);
        bills.push(bill);
      }
      // Every round at once: 64 requests, so that the two taps of a round meet in every order.
      const rounds = await Promise.all(
        bills.map(async (bill) => ({
          bill,
          answers: await Promise.all([kit.payBill(owner, bill.id), kit.payBill(member, bill.id)]),
        })),
      );
      const unexpected = rounds
        .filter(({ answers }) => {
          const statuses = answers.map((answer) => answer.status).sort();
          const refused = answers.find((answer) => answer.status === 409);
          return statuses.join() !== '200,409' || refused?.body.code !== 'BILL_ALREADY_PAID';
        })
        .map(({ bill, answers }) => `${bill.id}: ${answers.map((answer) => `${answer.status} ${answer.body.code}`)}`);
      expect(unexpected).toEqual([]);
      const payments = await kit.db.query(
        `SELECT account_reference, count(*)::int AS payments FROM payments
          WHERE customer_id = ANY ($1::uuid[]) AND account_reference = ANY ($2::text[]) AND status <> 'FAILED'
          GROUP BY account_reference`,
        [[owner.userId, member.userId], bills.map((bill) => bill.accountReference)],
      );
      expect(payments).toHaveLength(bills.length);
      expect(payments.every((row: { payments: number }) => row.payments === 1)).toBe(true);
      const unpaid = await kit.db.query(`SELECT id FROM bills WHERE id = ANY ($1::uuid[]) AND status <> 'PAID'`, [
        bills.map((bill) => bill.id),
      ]);
      expect(unpaid).toEqual([]);
    }, 120_000);
  });

  describe('shared saved accounts', () => {
    async function savedAccountOf(customer: SignedInUser, accountReference: string): Promise<string> {
      const listed = await kit.http.get('/api/v1/saved-accounts').set(customer.headers).expect(200);
      const account = (listed.body as { id: string; accountReference: string }[]).find(
        (candidate) => candidate.accountReference === accountReference,
      );
      if (!account) throw new Error(`no saved account ${accountReference}`);
      return account.id;
    }

    it("shares a saved account (201): the owner's bills of it are shared; list (200) and stop (204)", async () => {
      const { owner, member, viewer, stranger, household } = await family();
      // Claiming saves the account for the owner.
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      const savedAccountId = await savedAccountOf(owner, bill.accountReference);
      expect(await billOf(member, bill.id)).toBeUndefined();

      const shared = await kit.http
        .post(`/api/v1/households/${household.id}/shared-accounts`)
        .set(owner.headers)
        .send({ savedAccountId })
        .expect(201);
      const expected = {
        savedAccountId,
        billerId: kit.biller.id,
        billerName: expect.any(String),
        accountReference: bill.accountReference,
        sharedBy: owner.userId,
        sharedByMe: true,
        sharedAt: expect.any(String),
      };
      expect(shared.body).toEqual(expected);
      await kit.http
        .post(`/api/v1/households/${household.id}/shared-accounts`)
        .set(owner.headers)
        .send({ savedAccountId })
        .expect(201);

      const listed = await kit.http.get(`/api/v1/households/${household.id}/shared-accounts`).set(viewer.headers);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([{ ...expected, sharedByMe: false }]);
      expect((await billOf(member, bill.id))?.shared).toEqual(sharing(household, false, true));
      // A later bill of the same account is shared too.
      const later = await createClaimedBill(kit, owner, kit.biller.slug, { accountReference: bill.accountReference });
      expect((await billOf(viewer, later.id))?.shared).toEqual(sharing(household, false, false));
      await kit.payBill(member, later.id).expect(200);
      expect((await billRow(later.id)).status).toBe('PAID');

      const notMember = await kit.http
        .get(`/api/v1/households/${household.id}/shared-accounts`)
        .set(stranger.headers)
        .expect(404);
      expectCataloguedApiError(notMember.body, 'NOT_FOUND');
      const byViewer = await kit.http
        .delete(`/api/v1/households/${household.id}/shared-accounts/${savedAccountId}`)
        .set(viewer.headers)
        .expect(403);
      expectCataloguedApiError(byViewer.body, 'HOUSEHOLD_ROLE_REQUIRED');
      await kit.http
        .delete(`/api/v1/households/${household.id}/shared-accounts/${savedAccountId}`)
        .set(owner.headers)
        .expect(204);
      expect(await billOf(member, bill.id)).toBeUndefined();
      const gone = await kit.http
        .delete(`/api/v1/households/${household.id}/shared-accounts/${savedAccountId}`)
        .set(owner.headers)
        .expect(404);
      expectCataloguedApiError(gone.body, 'NOT_FOUND');
    });

    it("refuses another customer's saved account, a non-member (404) and bad input (400)", async () => {
      const { owner, member, stranger, household } = await family();
      const bill = await createClaimedBill(kit, owner, kit.biller.slug);
      const savedAccountId = await savedAccountOf(owner, bill.accountReference);
      const notTheirs = await kit.http
        .post(`/api/v1/households/${household.id}/shared-accounts`)
        .set(member.headers)
        .send({ savedAccountId })
        .expect(404);
      expectCataloguedApiError(notTheirs.body, 'NOT_FOUND');
      await kit.http
        .post(`/api/v1/households/${household.id}/shared-accounts`)
        .set(stranger.headers)
        .send({ savedAccountId })
        .expect(404);
      for (const body of [{}, { savedAccountId: 'x' }, { savedAccountId, extra: true }]) {
        await kit.http
          .post(`/api/v1/households/${household.id}/shared-accounts`)
          .set(owner.headers)
          .send(body)
          .expect(400);
      }
      await kit.http.get(`/api/v1/households/${household.id}/shared-accounts`).expect(401);
      expect(
        await kit.db.query(`SELECT 1 FROM household_shared_accounts WHERE household_id = $1`, [household.id]),
      ).toEqual([]);
    });
  });

  describe('leaving', () => {
    it("ends the leaving member's shares and hides the others' shares from them", async () => {
      const { owner, member, admin, household } = await family();
      const ownersBill = await createClaimedBill(kit, owner, kit.biller.slug);
      const membersBill = await createClaimedBill(kit, member, kit.biller.slug);
      await shareBill(kit, owner, ownersBill.id, household.id);
      await shareBill(kit, member, membersBill.id, household.id);
      const listed = await kit.http.get('/api/v1/saved-accounts').set(member.headers).expect(200);
      const savedAccountId = (listed.body as { id: string; accountReference: string }[]).find(
        (account) => account.accountReference === membersBill.accountReference,
      )?.id;
      await kit.http
        .post(`/api/v1/households/${household.id}/shared-accounts`)
        .set(member.headers)
        .send({ savedAccountId })
        .expect(201);
      expect(await billOf(owner, membersBill.id)).toBeDefined();
      expect(await billOf(member, ownersBill.id)).toBeDefined();

      await kit.http
        .delete(`/api/v1/households/${household.id}/members/${member.userId}`)
        .set(member.headers)
        .expect(204);

      expect(
        await kit.db.query(`SELECT bill_id FROM bill_shares WHERE household_id = $1 ORDER BY bill_id`, [household.id]),
      ).toEqual([{ bill_id: ownersBill.id }]);
      expect(
        await kit.db.query(`SELECT 1 FROM household_shared_accounts WHERE household_id = $1`, [household.id]),
      ).toEqual([]);
      expect(await billOf(owner, membersBill.id)).toBeUndefined();
      expect(await billOf(admin, membersBill.id)).toBeUndefined();
      expect(await billOf(member, ownersBill.id)).toBeUndefined();
      expect(await billOf(member, membersBill.id)).not.toHaveProperty('shared');
      await kit.http.get(`/api/v1/bills/${ownersBill.id}`).set(member.headers).expect(404);
      await kit.payBill(member, ownersBill.id).expect(404);
      // The others still share.
      expect((await billOf(admin, ownersBill.id))?.shared).toEqual(sharing(household, false, true));
    });

    it("ends a removed member's shares too", async () => {
      const { owner, member, household } = await family();
      const membersBill = await createClaimedBill(kit, member, kit.biller.slug);
      await shareBill(kit, member, membersBill.id, household.id);
      await kit.http
        .delete(`/api/v1/households/${household.id}/members/${member.userId}`)
        .set(owner.headers)
        .expect(204);
      expect(await kit.db.query(`SELECT 1 FROM bill_shares WHERE bill_id = $1`, [membersBill.id])).toEqual([]);
      expect(await billOf(owner, membersBill.id)).toBeUndefined();
    });
  });
});
