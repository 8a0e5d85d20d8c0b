import { createSavedAccount } from '../factories/saved-account.factory';
import { SignedInUser } from '../factories/customer.factory';
import {
  billInput,
  createClaimedBill,
  CustomerBillBody,
  pushBills,
  randomAccountReference,
} from '../factories/bill.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { BillsApp, createBillsApp } from './support/bills-kit';

describe('the bill inbox: list, detail, claim', () => {
  let kit: BillsApp;

  beforeAll(async () => {
    kit = await createBillsApp();
  });

  afterAll(async () => {
    await kit?.close();
  });

  const list = (customer: SignedInUser, query: Record<string, string | number> = {}) =>
    kit.http.get('/api/v1/bills').query(query).set(customer.headers);

  /** A bill pushed straight into the customer's inbox: phone hint plus the account saved. */
  async function matchedBill(customer: SignedInUser, overrides: Record<string, unknown> = {}): Promise<string> {
    const account = (overrides.accountReference as string | undefined) ?? randomAccountReference();
    await createSavedAccount(kit, customer, { billerId: kit.biller.id, accountReference: account }).catch(() => null);
    const [item] = (
      await pushBills(kit, kit.biller.slug, [
        billInput({ ...overrides, accountReference: account, customer: { phone: customer.phone } }),
      ])
    ).items;
    expect(item.matched).toBe(true);
    return item.billId;
  }

  it('lists only your bills, newest first, in pages, with the status filter', async () => {
    const customer = await kit.newCustomer();
    const other = await kit.newCustomer();
    const first = await matchedBill(customer);
    const second = await matchedBill(customer, { billDate: '2019-12-01', dueDate: '2020-01-01' });
    const third = await matchedBill(customer);
    await matchedBill(other);
    await pushBills(kit, kit.biller.slug, [billInput()]);

    const all = await list(customer).expect(200);
    expect(all.body).toEqual({ items: expect.any(Array), page: 0, size: 20, totalItems: 3, totalPages: 1 });
    expect(all.body.items.map((bill: CustomerBillBody) => bill.id)).toEqual([third, second, first]);
    expect(all.body.items[0]).toEqual({
      id: third,
      status: 'UNVIEWED',
      billerId: kit.biller.id,
      billerName: kit.biller.name,
      billerSlug: kit.biller.slug,
      billReference: expect.any(String),
      accountReference: expect.any(String),
      amountDue: 250_000,
      currency: 'NGN',
      billDate: '2026-11-01',
      dueDate: '2030-11-30',
      paymentId: null,
      createdAt: expect.any(String),
    });
    expect(all.body.items[1].status).toBe('OVERDUE');

    const paged = await list(customer, { page: 1, size: 2 }).expect(200);
    expect(paged.body).toEqual(expect.objectContaining({ page: 1, size: 2, totalItems: 3, totalPages: 2 }));
    expect(paged.body.items.map((bill: CustomerBillBody) => bill.id)).toEqual([first]);

    const overdue = await list(customer, { status: 'OVERDUE' }).expect(200);
    expect(overdue.body.items.map((bill: CustomerBillBody) => bill.id)).toEqual([second]);
    const unviewed = await list(customer, { status: 'UNVIEWED' }).expect(200);
    expect(unviewed.body.items.map((bill: CustomerBillBody) => bill.id)).toEqual([third, first]);
    await kit.http.get(`/api/v1/bills/${first}`).set(customer.headers).expect(200);
    const viewed = await list(customer, { status: 'VIEWED' }).expect(200);
    expect(viewed.body.items.map((bill: CustomerBillBody) => bill.id)).toEqual([first]);
    expect((await list(customer, { status: 'PAID' }).expect(200)).body.totalItems).toBe(0);

    for (const query of [{ status: 'LOST' }, { size: 0 }, { size: 101 }, { page: -1 }] as Record<
      string,
      string | number
    >[]) {
      const refused = await list(customer, query);
      expect(refused.status).toBe(400);
      expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
    }
    await kit.http.get('/api/v1/bills').expect(401);
  });

  it('shows a bill with its line items and marks it viewed; another customer gets 404', async () => {
    const customer = await kit.newCustomer();
    const billId = await matchedBill(customer);
    const detail = await kit.http.get(`/api/v1/bills/${billId}`).set(customer.headers).expect(200);
    expect(detail.body).toEqual(
      expect.objectContaining({
        id: billId,
        status: 'VIEWED',
        lineItems: [
          { description: 'Energy charge', amount: 240_000 },
          { description: 'Service charge', amount: 10_000 },
        ],
        viewedAt: expect.any(String),
        paidAt: null,
        withdrawnAt: null,
        updatedAt: expect.any(String),
      }),
    );
    const again = await kit.http.get(`/api/v1/bills/${billId}`).set(customer.headers).expect(200);
    expect(again.body.viewedAt).toBe(detail.body.viewedAt);

    const stranger = await kit.newCustomer();
    const notYours = await kit.http.get(`/api/v1/bills/${billId}`).set(stranger.headers).expect(404);
    expectCataloguedApiError(notYours.body, 'NOT_FOUND');
    const [unmatched] = (await pushBills(kit, kit.biller.slug, [billInput()])).items;
    await kit.http.get(`/api/v1/bills/${unmatched.billId}`).set(stranger.headers).expect(404);
    const malformed = await kit.http.get('/api/v1/bills/not-a-uuid').set(customer.headers).expect(400);
    expectCataloguedApiError(malformed.body, 'VALIDATION_FAILED');
    await kit.http.get(`/api/v1/bills/${billId}`).expect(401);
  });

  it('claims every unmatched open bill of an account, saves the account, and answers the latest bill', async () => {
    const customer = await kit.newCustomer();
    const account = randomAccountReference();
    const older = billInput({ accountReference: account, billDate: '2026-10-01' });
    const newer = billInput({ accountReference: account, billDate: '2026-11-01', amountDue: 300_000 });
    const pushed = await pushBills(kit, kit.biller.slug, [older, newer]);

    const claimed = await kit.http
      .post('/api/v1/bills/claims')
      .set(customer.headers)
      .send({ biller: kit.biller.slug, accountReference: account })
      .expect(200);
    expect(claimed.body).toEqual(
      expect.objectContaining({
        id: pushed.items[1].billId,
        status: 'UNVIEWED',
        amountDue: 300_000,
        lineItems: expect.any(Array),
      }),
    );
    const inbox = await list(customer).expect(200);
    expect(inbox.body.items.map((bill: CustomerBillBody) => bill.id).sort()).toEqual(
      pushed.items.map((item) => item.billId).sort(),
    );
    const saved = await kit.http.get('/api/v1/saved-accounts').set(customer.headers).expect(200);
    expect(saved.body).toEqual([expect.objectContaining({ billerId: kit.biller.id, accountReference: account })]);
    // No bill.received for a claim: the customer asked for it.
    const events = await kit.db.query(`SELECT id FROM outbox_events WHERE aggregate_id = ANY ($1::text[])`, [
      pushed.items.map((item) => item.billId),
    ]);
    expect(events).toEqual([]);

    // Claiming again is idempotent; by id as well as slug.
    const again = await kit.http
      .post('/api/v1/bills/claims')
      .set(customer.headers)
      .send({ biller: kit.biller.id, accountReference: account })
      .expect(200);
    expect(again.body.id).toBe(pushed.items[1].billId);

    // Someone else's bills are not claimable: 404, as if there were none.
    const stranger = await kit.newCustomer();
    const theirs = await kit.http
      .post('/api/v1/bills/claims')
      .set(stranger.headers)
      .send({ biller: kit.biller.slug, accountReference: account })
      .expect(404);
    expectCataloguedApiError(theirs.body, 'CLAIMABLE_BILL_NOT_FOUND');
  });

  it('refuses claims: 400 for a reference of the wrong format, 404 when nothing waits', async () => {
    const customer = await kit.newCustomer();
    const claim = (body: Record<string, unknown>) =>
      kit.http.post('/api/v1/bills/claims').set(customer.headers).send(body);
    const badFormat = await claim({ biller: kit.biller.slug, accountReference: 'ABC-1' }).expect(400);
    expectCataloguedApiError(badFormat.body, 'VALIDATION_FAILED');
    expect(badFormat.body.details).toEqual([expect.objectContaining({ field: 'accountReference' })]);
    const nothing = await claim({ biller: kit.biller.slug, accountReference: randomAccountReference() }).expect(404);
    expectCataloguedApiError(nothing.body, 'CLAIMABLE_BILL_NOT_FOUND');
    const noBiller = await claim({ biller: `${kit.prefix}-nobody`, accountReference: randomAccountReference() });
    expect(noBiller.status).toBe(404);
    for (const body of [{}, { biller: kit.biller.slug }, { biller: 'bad slug!', accountReference: '45010001234' }]) {
      const refused = await claim(body).expect(400);
      expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
    }
    // A withdrawn bill waits for nobody.
    const bill = billInput();
    await pushBills(kit, kit.biller.slug, [bill]);
    await pushBills(kit, kit.biller.slug, [{ ...bill, withdrawn: true }]);
    await claim({ biller: kit.biller.slug, accountReference: bill.accountReference }).expect(404);
  });

  it('a claimed bill is the claimer’s: the factory path works end to end', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    await kit.http.get(`/api/v1/bills/${bill.id}`).set(customer.headers).expect(200);
  });
});
