import { createSavedAccount } from '../factories/saved-account.factory';
import { SignedInUser } from '../factories/customer.factory';
import { billInput, internalKeyHeaders, postBills, pushBills, randomAccountReference } from '../factories/bill.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { BillsApp, createBillsApp } from './support/bills-kit';

/** Submits Tier 1 KYC so the customer has a legal name and a national id to compare hints with. */
async function withKyc(kit: BillsApp, customer: SignedInUser, legalName: string, nationalIdNumber: string) {
  await kit.http
    .post('/api/v1/kyc/tier1')
    .set(customer.headers)
    .send({
      legalName,
      dateOfBirth: '1990-05-17',
      nationalIdType: 'NIN',
      nationalIdNumber,
      address: { line1: '1 Test Street', city: 'Lagos', state: 'Lagos', country: 'NG' },
    })
    .expect(200);
}

describe('bill ingestion and customer resolution (internal routes)', () => {
  let kit: BillsApp;

  beforeAll(async () => {
    kit = await createBillsApp();
  });

  afterAll(async () => {
    await kit?.close();
  });

  const resolve = (body: Record<string, unknown>) =>
    kit.http.post('/internal/customers/resolve').set(internalKeyHeaders(kit)).send(body);

  it('answers 401 without the internal key, and lives at the root, not under /api/v1', async () => {
    const noKey = await kit.http.post('/internal/bills').send({ biller: kit.biller.slug, bills: [billInput()] });
    expect(noKey.status).toBe(401);
    expectCataloguedApiError(noKey.body, 'UNAUTHENTICATED');
    const wrongKey = await kit.http
      .post('/internal/customers/resolve')
      .set('X-Internal-Api-Key', 'not-the-key')
      .send({ biller: kit.biller.slug, accountReference: randomAccountReference() });
    expect(wrongKey.status).toBe(401);
    const customer = await kit.newCustomer();
    const bearer = await kit.http
      .post('/internal/bills')
      .set(customer.headers)
      .send({ biller: kit.biller.slug, bills: [] });
    expect(bearer.status).toBe(401);
    await kit.http.post('/api/v1/internal/bills').set(internalKeyHeaders(kit)).send({}).expect(404);
  });

  it('creates bills, matches the certain ones and leaves the others claimable', async () => {
    const customer = await kit.newCustomer();
    const account = randomAccountReference();
    await createSavedAccount(kit, customer, { billerId: kit.biller.id, accountReference: account });
    const matched = billInput({ accountReference: account, customer: { phone: customer.phone } });
    const onlyHistory = billInput({ accountReference: account });
    const stranger = billInput({ customer: { phone: '+2348030000000', name: 'Nobody Known' } });
    const response = await postBills(kit, kit.biller.slug, [matched, onlyHistory, stranger]).expect(200);
    expect(response.body).toEqual({
      billerId: kit.biller.id,
      received: 3,
      counts: { created: 3, updated: 0, unchanged: 0, withdrawn: 0, alreadyPaid: 0, rejected: 0 },
      items: [
        {
          index: 0,
          billReference: matched.billReference,
          outcome: 'CREATED',
          billId: expect.any(String),
          matched: true,
        },
        // Account history alone is one signal: not enough to hand a bill to someone.
        {
          index: 1,
          billReference: onlyHistory.billReference,
          outcome: 'CREATED',
          billId: expect.any(String),
          matched: false,
        },
        {
          index: 2,
          billReference: stranger.billReference,
          outcome: 'CREATED',
          billId: expect.any(String),
          matched: false,
        },
      ],
    });
    const [row] = await kit.db.query(`SELECT customer_id, status, amount_due, line_items FROM bills WHERE id = $1`, [
      response.body.items[0].billId,
    ]);
    expect(row).toEqual({
      customer_id: customer.userId,
      status: 'UNVIEWED',
      amount_due: '250000',
      line_items: [
        { description: 'Energy charge', amount: 240_000 },
        { description: 'Service charge', amount: 10_000 },
      ],
    });
    const events = await kit.db.query(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = ANY ($1::text[]) ORDER BY created_at`,
      [response.body.items.map((item: { billId: string }) => item.billId)],
    );
    expect(events).toEqual([
      {
        event_type: 'bill.received',
        payload: {
          billId: response.body.items[0].billId,
          customerId: customer.userId,
          billerId: kit.biller.id,
          billerName: kit.biller.name,
          billReference: matched.billReference,
          accountReference: account,
          amountDue: 250_000,
          currency: 'NGN',
          dueDate: '2030-11-30',
        },
      },
    ]);
  });

  it('updates unpaid bills when something changed, withdraws and reissues them, and reports each item', async () => {
    const customer = await kit.newCustomer();
    const account = randomAccountReference();
    await createSavedAccount(kit, customer, { billerId: kit.biller.id, accountReference: account });
    const bill = billInput({ accountReference: account, customer: { phone: customer.phone } });
    const [created] = (await pushBills(kit, kit.biller.slug, [bill])).items;

    const raised = await pushBills(kit, kit.biller.slug, [{ ...bill, amountDue: 300_000 }]);
    expect(raised.items[0]).toEqual(
      expect.objectContaining({ outcome: 'UPDATED', billId: created.billId, matched: true }),
    );
    const withdrawn = await pushBills(kit, kit.biller.slug, [{ ...bill, amountDue: 300_000, withdrawn: true }]);
    expect(withdrawn.items[0].outcome).toBe('WITHDRAWN');
    const again = await pushBills(kit, kit.biller.slug, [{ ...bill, amountDue: 300_000, withdrawn: true }]);
    expect(again.items[0].outcome).toBe('UNCHANGED');
    const reissued = await pushBills(kit, kit.biller.slug, [{ ...bill, amountDue: 300_000 }]);
    expect(reissued.items[0].outcome).toBe('UPDATED');

    const events = await kit.db.query(
      `SELECT event_type, payload->>'amountDue' AS amount FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at, id`,
      [created.billId],
    );
    // Created, new amount, reissued: each reached the inbox. The withdrawal is not a new bill.
    expect(events).toEqual([
      { event_type: 'bill.received', amount: '250000' },
      { event_type: 'bill.received', amount: '300000' },
      { event_type: 'bill.received', amount: '300000' },
    ]);
  });

  it('rejects single bills that break the biller rules without failing the batch', async () => {
    const good = billInput();
    const response = await postBills(kit, kit.biller.id, [
      good,
      billInput({ accountReference: '12AB' }),
      billInput({ currency: 'USD' }),
      billInput({ billDate: '2026-12-01', dueDate: '2026-11-01' }),
      { ...good, amountDue: 1 },
      billInput({ withdrawn: true }),
    ]).expect(200);
    expect(response.body.counts).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      alreadyPaid: 0,
      rejected: 5,
    });
    expect(response.body.items.map((item: { error: { code: string } | null }) => item.error?.code ?? null)).toEqual([
      null,
      'ACCOUNT_REFERENCE_MISMATCH',
      'CURRENCY_MISMATCH',
      'DUE_BEFORE_BILL_DATE',
      'DUPLICATE_IN_BATCH',
      'UNKNOWN_BILL',
    ]);
    expect(response.body.items[4].billId).toBeNull();

    const changedAccount = await postBills(kit, kit.biller.id, [
      { ...good, accountReference: randomAccountReference() },
    ]);
    expect(changedAccount.body.items[0]).toEqual(
      expect.objectContaining({
        outcome: 'REJECTED',
        error: expect.objectContaining({ code: 'ACCOUNT_REFERENCE_CHANGED' }),
      }),
    );
  });

  it('refuses malformed batches whole with a catalogued 4xx', async () => {
    const unknown = await postBills(kit, `${kit.prefix}-no-such-biller`, [billInput()]);
    expect(unknown.status).toBe(404);
    expectCataloguedApiError(unknown.body, 'NOT_FOUND');
    for (const bills of [
      [],
      [billInput({ amountDue: 12.5 })],
      [billInput({ billDate: '2026-02-30' })],
      [billInput({ lineItems: [{ description: 'x' }] })],
      [billInput({ customer: { phone: 5 } })],
      [billInput({ surprise: true })],
    ]) {
      const response = await postBills(kit, kit.biller.slug, bills);
      expect(response.status).toBe(400);
      expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    }
    const tooMany = await postBills(
      kit,
      kit.biller.slug,
      Array.from({ length: 1001 }, () => ({ ...billInput(), lineItems: [] })),
    );
    expect(tooMany.status).toBe(400);
    expectCataloguedApiError(tooMany.body, 'VALIDATION_FAILED');
    expect(tooMany.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'bills' })]));
  });

  it('takes a batch of 1,000 bills, and the same batch again changes nothing', async () => {
    const customer = await kit.newCustomer();
    const account = randomAccountReference();
    await createSavedAccount(kit, customer, { billerId: kit.biller.id, accountReference: account });
    const bills = Array.from({ length: 1000 }, (_, index) =>
      index % 10 === 0
        ? billInput({ accountReference: account, customer: { phone: customer.phone } })
        : billInput({ customer: { phone: '+2348030000000', name: `Customer ${index}` } }),
    );
    const first = await postBills(kit, kit.biller.slug, bills).expect(200);
    expect(first.body.counts).toEqual(expect.objectContaining({ created: 1000, rejected: 0 }));
    const ids: string[] = first.body.items.map((item: { billId: string }) => item.billId);
    expect(first.body.items.filter((item: { matched: boolean }) => item.matched)).toHaveLength(100);
    const before = await kit.db.query(
      `SELECT (SELECT count(*) FROM outbox_events WHERE aggregate_id = ANY ($1::text[]))::int AS events,
              (SELECT max(updated_at) FROM bills WHERE id = ANY ($1::uuid[])) AS updated`,
      [ids],
    );
    expect(before[0].events).toBe(100);

    const second = await postBills(kit, kit.biller.slug, bills).expect(200);
    expect(second.body.counts).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1000,
      withdrawn: 0,
      alreadyPaid: 0,
      rejected: 0,
    });
    expect(second.body.items.map((item: { billId: string }) => item.billId)).toEqual(ids);
    const after = await kit.db.query(
      `SELECT (SELECT count(*) FROM outbox_events WHERE aggregate_id = ANY ($1::text[]))::int AS events,
              (SELECT max(updated_at) FROM bills WHERE id = ANY ($1::uuid[])) AS updated`,
      [ids],
    );
    expect(after).toEqual(before);
  });

  describe('POST /internal/customers/resolve', () => {
    it('matches one verified customer on two agreeing signals and answers nothing else about them', async () => {
      const customer = await kit.newCustomer();
      await withKyc(kit, customer, 'Adaeze Okafor', '12345678901');
      const account = randomAccountReference();
      const byPhoneAndName = await resolve({
        biller: kit.biller.slug,
        accountReference: account,
        customer: { phone: customer.phone, name: '  OKAFOR adaeze ' },
      }).expect(200);
      expect(byPhoneAndName.body).toEqual({ matched: true, customerId: customer.userId, confidence: 'HIGH' });

      await createSavedAccount(kit, customer, { billerId: kit.biller.id, accountReference: account });
      const byHistoryAndId = await resolve({
        biller: kit.biller.id,
        accountReference: account,
        customer: { nationalId: '123-456-789-01' },
      }).expect(200);
      expect(byHistoryAndId.body).toEqual({ matched: true, customerId: customer.userId, confidence: 'HIGH' });
    });

    it('answers unmatched with a coarse reason, never which hint failed', async () => {
      const customer = await kit.newCustomer();
      await withKyc(kit, customer, 'Adaeze Okafor', '12345678901');
      const account = randomAccountReference();
      const none = await resolve({ biller: kit.biller.slug, accountReference: account }).expect(200);
      expect(none.body).toEqual({ matched: false, reason: 'NO_CANDIDATE' });
      const phoneOnly = await resolve({
        biller: kit.biller.slug,
        accountReference: account,
        customer: { phone: customer.phone },
      }).expect(200);
      expect(phoneOnly.body).toEqual({ matched: false, reason: 'NOT_CONFIDENT' });
      const wrongName = await resolve({
        biller: kit.biller.slug,
        accountReference: account,
        customer: { phone: customer.phone, name: 'Adaeze Okafor', nationalId: '99999999999' },
      }).expect(200);
      expect(wrongName.body).toEqual({ matched: false, reason: 'NOT_CONFIDENT' });

      // Two customers with the account in their history: nobody is certain.
      const other = await kit.newCustomer();
      await createSavedAccount(kit, customer, { billerId: kit.biller.id, accountReference: account });
      await createSavedAccount(kit, other, { billerId: kit.biller.id, accountReference: account });
      const shared = await resolve({
        biller: kit.biller.slug,
        accountReference: account,
        customer: { phone: customer.phone },
      }).expect(200);
      expect(shared.body).toEqual({ matched: false, reason: 'NOT_CONFIDENT' });
    });

    it('refuses bad input with catalogued 4xx errors', async () => {
      const unknown = await resolve({ biller: `${kit.prefix}-nope`, accountReference: randomAccountReference() });
      expect(unknown.status).toBe(404);
      expectCataloguedApiError(unknown.body, 'NOT_FOUND');
      for (const body of [
        {},
        { biller: kit.biller.slug },
        { biller: kit.biller.slug, accountReference: 'x', extra: 1 },
      ]) {
        const response = await resolve(body);
        expect(response.status).toBe(400);
        expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
      }
    });
  });
});
