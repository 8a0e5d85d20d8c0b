import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { createSavedAccount } from '../factories/saved-account.factory';
import { expectApiError, expectLedgerBalanced } from '../support/assertions';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';

describe('payments', () => {
  let kit: PaymentsApp;

  beforeAll(async () => {
    kit = await createPaymentsApp();
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  afterEach(async () => {
    await expectLedgerBalanced(kit);
  });

  it('captures a payment, records one balanced entry and one outbox event, then posts it to SUCCEEDED', async () => {
    const customer = await kit.newCustomer();
    const response = await kit.pay(customer, { amount: 250_000 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'PENDING',
      billerId: kit.biller.id,
      accountReference: GOOD_REFERENCE,
      amount: 250_000,
      fee: 100 + 2_500,
      totalAmount: 252_600,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccount: '************4242',
      failureCode: null,
    });
    const id = response.body.id as string;
    const lines = await kit.db.query(
      `SELECT a.code, l.amount::text AS amount FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
         JOIN ledger_accounts a ON a.id = l.account_id WHERE e.reference_id = $1 ORDER BY l.amount`,
      [id],
    );
    expect(lines).toEqual([
      { code: `biller:${kit.biller.id}:payable:NGN`, amount: '-250000' },
      { code: 'revenue:bill-payment-fees:NGN', amount: '-2600' },
      { code: 'rail:CARD:clearing:NGN', amount: '252600' },
    ]);
    const events = await kit.db.query(`SELECT event_type FROM outbox_events WHERE aggregate_id = $1`, [id]);
    expect(events).toEqual([{ event_type: 'payment.captured' }]);

    await kit.posting.start(id);
    const detail = await kit.http.get(`/api/v1/payments/${id}`).set(customer.headers).expect(200);
    expect(detail.body.status).toBe('SUCCEEDED');
    expect(detail.body.billerReference).toEqual(expect.any(String));
    expect(detail.body.timeline.map((step: { status: string }) => step.status)).toEqual([
      'AUTHORIZING',
      'PENDING',
      'PROCESSING',
      'SUCCEEDED',
    ]);
    expect(detail.body).toMatchObject({ channel: 'APP', delayed: false });
    expect(detail.body.statusDescription).toBe(
      `${detail.body.billerName} confirmed the payment (reference ${detail.body.billerReference}).`,
    );
    expect(detail.body.posting).toMatchObject({ status: 'CONFIRMED', cycles: 1, tries: 1 });
    expect(detail.body.journalEntryId).toEqual(expect.any(String));
    const succeeded = await kit.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.succeeded'`,
      [id],
    );
    expect(succeeded[0].n).toBe(1);
  });

  it('needs an Idempotency-Key, and answers a replay with DUPLICATE_PAYMENT and a changed body with IDEMPOTENCY_KEY_REUSED', async () => {
    const customer = await kit.newCustomer();
    const missing = await kit.http.post('/api/v1/payments').set(customer.headers).send({
      biller: kit.biller.slug,
      accountReference: GOOD_REFERENCE,
      amount: 1000,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccount: '4242424242424242',
    });
    expect(missing.status).toBe(409);
    expectApiError(missing.body, 'IDEMPOTENCY_KEY_REQUIRED');

    const first = await kit.pay(customer, { amount: 1000 }, 'same-key');
    expect(first.status).toBe(200);
    const replay = await kit.pay(customer, { amount: 1000 }, 'same-key');
    expect(replay.status).toBe(409);
    expectApiError(replay.body, 'DUPLICATE_PAYMENT');
    expect(replay.body.details).toEqual([
      { field: 'paymentId', message: first.body.id },
      { field: 'status', message: 'PENDING' },
    ]);
    // The refusal carries the original payment as it stands: a retry after a timeout has its answer.
    const [original] = await kit.db.query(`SELECT status, amount::int AS amount FROM payments WHERE id = $1`, [
      first.body.id,
    ]);
    expect(replay.body.payment).toEqual({ ...first.body, status: original.status, updatedAt: expect.any(String) });
    expect(replay.body.payment).toMatchObject({ id: first.body.id, status: 'PENDING', amount: original.amount });
    const reused = await kit.pay(customer, { amount: 2000 }, 'same-key');
    expect(reused.status).toBe(409);
    expectApiError(reused.body, 'IDEMPOTENCY_KEY_REUSED');

    // The key is scoped to the customer: another customer may use the same one.
    const other = await kit.pay(await kit.newCustomer(), { amount: 1000 }, 'same-key');
    expect(other.status).toBe(200);

    const badKey = await kit.pay(customer, {}, 'x'.repeat(256));
    expect(badKey.status).toBe(400);
    expectApiError(badKey.body, 'VALIDATION_FAILED');
  });

  it('creates exactly one payment, entry and outbox row from 50 concurrent identical requests', async () => {
    const customer = await kit.newCustomer();
    const responses = await Promise.all(Array.from({ length: 50 }, () => kit.pay(customer, { amount: 5000 }, 'burst')));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect(response.body.code).toBe('DUPLICATE_PAYMENT');
    }
    const [counts] = await kit.db.query(
      `SELECT (SELECT count(*)::int FROM payments WHERE customer_id = $1) AS payments,
              (SELECT count(*)::int FROM journal_entries e JOIN payments p ON p.id = e.reference_id WHERE p.customer_id = $1) AS entries,
              (SELECT count(*)::int FROM outbox_events o JOIN payments p ON p.id::text = o.aggregate_id WHERE p.customer_id = $1) AS events`,
      [customer.userId],
    );
    expect(counts).toEqual({ payments: 1, entries: 1, events: 1 });
  });

  it('accepts exactly as many of 20 concurrent payments as the daily limit fits, counting those in flight', async () => {
    const customer = await kit.newCustomer(); // TIER_0: 2,000,000 a day; 200,000 + 2,100 fee each, limits on the amount
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => kit.pay(customer, { amount: 200_000, confirmDuplicate: true })),
    );
    const accepted = burst.filter((response) => response.status === 200);
    const refused = burst.filter((response) => response.status === 422);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const response of refused) {
      expectApiError(response.body, 'LIMIT_EXCEEDED');
      expect(response.body.message).toBe(
        'The payment of NGN 2,000.00 exceeds what is left of your daily limit of NGN 20,000.00: NGN 0.00',
      );
      expect(response.body.details.slice(0, 3)).toEqual([
        { field: 'limit', message: '2000000' },
        { field: 'used', message: '2000000' },
        { field: 'headroom', message: '0' },
      ]);
    }
    const [{ n, total }] = await kit.db.query(
      `SELECT count(*)::int AS n, sum(amount)::int AS total FROM payments WHERE customer_id = $1`,
      [customer.userId],
    );
    expect({ n, total }).toEqual({ n: 10, total: 2_000_000 });
  });

  it('asks for confirmation before paying the same biller, account and amount twice in the window', async () => {
    const customer = await kit.newCustomer();
    const first = await kit.pay(customer, { amount: 7000 });
    expect(first.status).toBe(200);
    const second = await kit.pay(customer, { amount: 7000 });
    expect(second.status).toBe(409);
    expectApiError(second.body, 'POSSIBLE_DUPLICATE_PAYMENT');
    expect(second.body.details[0]).toEqual({ field: 'paymentId', message: first.body.id });
    const confirmed = await kit.pay(customer, { amount: 7000, confirmDuplicate: true });
    expect(confirmed.status).toBe(200);
    const different = await kit.pay(customer, { amount: 7001 });
    expect(different.status).toBe(200);
  });

  it('refuses payments over the tier limits with the limit, used amount and headroom', async () => {
    const customer = await kit.newCustomer(); // TIER_0: 500,000 per payment, 2,000,000 a day
    const tooBig = await kit.pay(customer, { amount: 500_001 });
    expect(tooBig.status).toBe(422);
    expectApiError(tooBig.body, 'LIMIT_EXCEEDED');
    expect(tooBig.body.details.slice(0, 3)).toEqual([
      { field: 'limit', message: '500000' },
      { field: 'used', message: '0' },
      { field: 'headroom', message: '500000' },
    ]);
    for (const amount of [500_000, 499_999, 499_998, 499_997]) {
      expect((await kit.pay(customer, { amount })).status).toBe(200);
    }
    const overDaily = await kit.pay(customer, { amount: 100 });
    expect(overDaily.status).toBe(422);
    expect(overDaily.body.details.slice(0, 3)).toEqual([
      { field: 'limit', message: '2000000' },
      { field: 'used', message: '1999994' },
      { field: 'headroom', message: '6' },
    ]);
  });

  it('refuses a funding account that does not fit its rail with 400 naming it, before any capture', async () => {
    const customer = await kit.newCustomer();
    const cases: [string, string, RegExp][] = [
      ['CARD', 'null', /12-19 digits/],
      ['CARD', '4242', /12-19 digits/],
      ['CARD', '0000000000000000', /all zeros/],
      ['CARD', '4242424242424241', /check digit/],
      ['BANK_TRANSFER', '4242424242424242', /10-digit/],
      ['BANK_TRANSFER', '0000000000', /all zeros/],
      ['MOBILE_MONEY', 'null', /mobile number/],
    ];
    for (const [rail, fundingAccount, message] of cases) {
      const response = await kit.pay(customer, { rail, fundingAccount });
      expect({ rail, fundingAccount, status: response.status }).toEqual({ rail, fundingAccount, status: 400 });
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect(response.body.details).toEqual([{ field: 'fundingAccount', message: expect.stringMatching(message) }]);
    }
    const [{ count }] = await kit.db.query(`SELECT count(*)::int AS count FROM payments WHERE customer_id = $1`, [
      customer.userId,
    ]);
    expect(count).toBe(0);
  });

  it('refuses unavailable billers and rails, wrong currencies, references and amounts', async () => {
    const customer = await kit.newCustomer();
    const rail = await kit.pay(customer, { rail: 'WALLET' });
    expect(rail.status).toBe(422);
    expectApiError(rail.body, 'RAIL_UNAVAILABLE');
    const currency = await kit.pay(customer, { currency: 'USD' });
    expect(currency.status).toBe(400);
    const reference = await kit.pay(customer, { accountReference: '123' });
    expect(reference.status).toBe(400);
    const small = await kit.pay(customer, { amount: 99 });
    expect(small.status).toBe(422);
    expectApiError(small.body, 'AMOUNT_NOT_ALLOWED');
    // Amounts read as people read them; the minor units stay in `details`.
    expect(small.body.message).toBe('The biller takes at least NGN 1.00');
    expect(small.body.details).toEqual([
      { field: 'amount', message: 'The biller takes at least NGN 1.00' },
      { field: 'minimum', message: '100' },
      { field: 'amount', message: '99' },
    ]);
    const unknown = await kit.pay(customer, { biller: 'no-such-biller' });
    expect(unknown.status).toBe(404);
    const both = await kit.pay(customer, { savedAccountId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a04' });
    expect(both.status).toBe(400);

    await kit.http
      .patch(`/api/v1/admin/billers/${kit.biller.id}`)
      .set(kit.admin.headers)
      .send({ available: false })
      .expect(204);
    try {
      const unavailable = await kit.pay(customer, {});
      expect(unavailable.status).toBe(422);
      expectApiError(unavailable.body, 'BILLER_UNAVAILABLE');
    } finally {
      await kit.http
        .patch(`/api/v1/admin/billers/${kit.biller.id}`)
        .set(kit.admin.headers)
        .send({ available: true })
        .expect(204);
    }
  });

  it('refuses a biller that cannot be posted to, and an EXACT biller with nothing due', async () => {
    const customer = await kit.newCustomer();
    const category = await createBillerCategory(kit, { slug: `${kit.prefix}-edge` });
    // A biller without a posting connector (as the airtime billers of an older seed were).
    const unreachable = await createBiller(kit, {
      categoryId: category.id,
      slug: `${kit.prefix}-unposted`,
      validatesDirectly: false,
      connectorBaseUrl: null,
      connectorSecretRef: null,
      minAmount: 100,
    });
    const unposted = await kit.pay(customer, { biller: unreachable.slug });
    expect(unposted.status).toBe(422);
    expectApiError(unposted.body, 'BILLER_UNAVAILABLE');
    expect(unposted.body.details).toEqual([
      { field: 'biller', message: 'payments to this biller cannot be delivered' },
    ]);
    const exact = await createBiller(kit, {
      categoryId: category.id,
      slug: `${kit.prefix}-exact`,
      amountRule: 'EXACT',
      minAmount: 100,
    });
    // The simulator reports nothing outstanding for references ending in 000.
    const nothingDue = await kit.pay(customer, { biller: exact.slug, accountReference: '45010001000' });
    expect(nothingDue.status).toBe(422);
    expectApiError(nothingDue.body, 'AMOUNT_NOT_ALLOWED');
    expect(nothingDue.body.message).toBe('Nothing is due on this account, so the biller takes no payment for it now');
    const payments = await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId]);
    expect(payments).toEqual([]);
  });

  it('records a declined capture as FAILED with no ledger entry, and leaves a rail timeout AUTHORIZING for recovery', async () => {
    const customer = await kit.newCustomer();
    const declined = await kit.pay(customer, { fundingAccount: '4000000000009995' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'FAILED',
      failureCode: 'INSUFFICIENT_FUNDS',
      railReference: null,
      statusDescription: 'Not paid: The funding account has insufficient funds. Nothing was taken from your card.',
    });
    const entries = await kit.db.query(`SELECT id FROM journal_entries WHERE reference_id = $1`, [declined.body.id]);
    expect(entries).toEqual([]);
    const declinedEvents = await kit.db.query(`SELECT event_type FROM outbox_events WHERE aggregate_id = $1`, [
      declined.body.id,
    ]);
    expect(declinedEvents).toEqual([{ event_type: 'payment.failed' }]);

    // The rail did not answer: nothing is known, so nothing is recorded but the attempt.
    const timedOut = await kit.pay(customer, { fundingAccount: '4000000000000119', amount: 3333 });
    expect(timedOut.status).toBe(200);
    expect(timedOut.body).toMatchObject({ status: 'AUTHORIZING', failureCode: null, railReference: null });
    expect(timedOut.body.statusDescription).toMatch(
      /^We are confirming the payment of NGN 34\.66 with your card provider/,
    );
    const events = await kit.db.query(`SELECT event_type FROM outbox_events WHERE aggregate_id = $1`, [
      timedOut.body.id,
    ]);
    expect(events).toEqual([]);
  });

  it('pays a saved account, lists only the caller’s payments newest first, and hides others’ (404)', async () => {
    const customer = await kit.newCustomer();
    const saved = await createSavedAccount(kit, customer, {
      billerId: kit.biller.id,
      accountReference: '45010009876',
      nickname: 'Home',
    });
    const paid = await kit.pay(customer, { accountReference: undefined, savedAccountId: saved.id, amount: 4321 });
    expect(paid.status).toBe(200);
    expect(paid.body.accountReference).toBe('45010009876');
    const second = await kit.pay(customer, { amount: 1234 });

    const list = await kit.http.get('/api/v1/payments?page=0&size=1').set(customer.headers).expect(200);
    expect(list.body).toMatchObject({ page: 0, size: 1, totalItems: 2, totalPages: 2 });
    expect(list.body.items[0].id).toBe(second.body.id);

    const stranger = await kit.newCustomer();
    await kit.http.get(`/api/v1/payments/${paid.body.id}`).set(stranger.headers).expect(404);
    await kit.http.post(`/api/v1/payments/${paid.body.id}/reorder`).set(stranger.headers).expect(404);
    expect((await kit.http.get('/api/v1/payments').set(stranger.headers).expect(200)).body.totalItems).toBe(0);
    await kit.http.get('/api/v1/payments/not-a-uuid').set(customer.headers).expect(400);
  });

  it('answers a page past the end with no items and the customer’s whole count', async () => {
    const customer = await kit.newCustomer();
    const first = await kit.pay(customer, { amount: 1111 });
    const second = await kit.pay(customer, { amount: 2222 });
    const third = await kit.pay(customer, { amount: 3333 });
    await kit.pay(await kit.newCustomer(), { amount: 4444 });

    const last = await kit.http.get('/api/v1/payments?page=1&size=2').set(customer.headers).expect(200);
    expect(last.body).toMatchObject({ page: 1, size: 2, totalItems: 3, totalPages: 2 });
    expect(last.body.items.map((item: { id: string }) => item.id)).toEqual([first.body.id]);
    const newest = await kit.http.get('/api/v1/payments?page=0&size=2').set(customer.headers).expect(200);
    expect(newest.body.items.map((item: { id: string }) => item.id)).toEqual([third.body.id, second.body.id]);

    for (const page of [2, 7, 1_000_000]) {
      const past = await kit.http.get(`/api/v1/payments?page=${page}&size=2`).set(customer.headers).expect(200);
      expect(past.body).toEqual({ items: [], page, size: 2, totalItems: 3, totalPages: 2 });
    }
    const nobody = await kit.newCustomer();
    const empty = await kit.http.get('/api/v1/payments?page=3').set(nobody.headers).expect(200);
    expect(empty.body).toEqual({ items: [], page: 3, size: 20, totalItems: 0, totalPages: 0 });
  });

  it('drafts a reorder with the current fee and availability', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 10_000, rail: 'BANK_TRANSFER', fundingAccount: '0123456789' });
    const draft = await kit.http.post(`/api/v1/payments/${paid.body.id}/reorder`).set(customer.headers).expect(200);
    expect(draft.body).toEqual({
      sourcePaymentId: paid.body.id,
      biller: kit.biller.slug,
      billerId: kit.biller.id,
      billerName: expect.any(String),
      accountReference: GOOD_REFERENCE,
      amount: 10_000,
      currency: 'NGN',
      rail: 'BANK_TRANSFER',
      fundingAccountHint: '******6789',
      fee: 200,
      totalAmount: 10_200,
      billerAvailable: true,
      unavailableReason: null,
    });
  });
});

describe('payments with a small connection pool', () => {
  let kit: PaymentsApp;

  beforeAll(async () => {
    kit = await createPaymentsApp({ config: { DATABASE_POOL_SIZE: '3' } });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  it('never starves: many customers paying a biller whose ledger accounts do not exist yet', async () => {
    const customers = await Promise.all(Array.from({ length: 12 }, () => kit.newCustomer()));
    const responses = await Promise.all(
      customers.flatMap((customer) => [kit.pay(customer, { amount: 1000 }), kit.pay(customer, { amount: 2000 })]),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(24).fill(200));
    await expectLedgerBalanced(kit);
  }, 60_000);
});
