import { randomUUID } from 'node:crypto';
import { MerchantAnalyticsRollups } from '../../src/modules/merchants/analytics/merchant-analytics-rollups';
import { NOTIFIED_EVENT_TYPES } from '../../src/modules/notifications/notified-events';
import { createCustomer, type SignedInUser } from '../factories/customer.factory';
import { payOnHostedPage } from '../factories/checkout-session.factory';
import { merchantWithKeys } from '../factories/merchant-api-key.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';

/**
 * The sandbox never touches live money or customers (design/merchants.md section 6): a test-mode
 * checkout payment, paid on the hosted page like any other, reaches no customer's history, no
 * notification, no receipt, no account that real money moves through (so no settlement), no payout,
 * and no live figure.
 */
describe('A test payment stays in the sandbox', () => {
  let harness: TestHarness;
  let merchantId: string;
  let testKey: string;
  let liveKey: string;
  let customer: SignedInUser;

  const key = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  beforeAll(async () => {
    harness = await createTestHarness();
    ({ id: merchantId, test: testKey, live: liveKey } = await merchantWithKeys(harness));
    customer = await createCustomer(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('reaches no customer history, notification, receipt, live account, payout or live figure', async () => {
    const opened = await harness.http
      .post('/api/v1/developer/sandbox/checkout-sessions')
      .set({ ...key(testKey), 'Idempotency-Key': randomUUID() })
      .send({
        amount: 345_600,
        currency: 'NGN',
        merchantReference: 'containment',
        endpoint: 'http://localhost:4000/back',
      })
      .expect(201);
    const sessionId = (opened.body as { id: string }).id;
    await payOnHostedPage(harness, sessionId);
    const session = await harness.http
      .get(`/api/v1/merchant/checkout-sessions/${sessionId}`)
      .set(key(testKey))
      .expect(200);
    const paymentId = (session.body as { paymentId: string }).paymentId;
    const [payment] = await harness.db.query<{ status: string; livemode: boolean; customer_id: string | null }[]>(
      `SELECT status, livemode, customer_id FROM payments WHERE id = $1`,
      [paymentId],
    );
    expect(payment).toEqual({ status: 'SUCCEEDED', livemode: false, customer_id: null });

    // No customer's history or receipt: the payment is nobody's, and a customer asking for it gets 404.
    const history = await harness.http.get('/api/v1/payments').set(customer.headers).expect(200);
    expect(JSON.stringify(history.body)).not.toContain(paymentId);
    await harness.http.get(`/api/v1/payments/${paymentId}`).set(customer.headers).expect(404);
    await harness.http.post(`/api/v1/payments/${paymentId}/receipt`).set(customer.headers).expect(404);

    // No notification: none of the events it wrote is one the notifications context turns into a
    // message, and no notification names it.
    const events = await harness.db.query<{ id: string; event_type: string }[]>(
      `SELECT id, event_type FROM outbox_events WHERE aggregate_id IN ($1, $2) OR payload->>'paymentId' = $1`,
      [paymentId, sessionId],
    );
    expect(events.map((event) => event.event_type).sort()).toEqual([
      'merchant.checkout_session.completed',
      'merchant.checkout_session.created',
      'merchant.payment.succeeded',
    ]);
    expect(events.filter((event) => (NOTIFIED_EVENT_TYPES as readonly string[]).includes(event.event_type))).toEqual(
      [],
    );
    const [notified] = await harness.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM notifications
        WHERE source_event_id = ANY ($1::uuid[]) OR data::text LIKE '%' || $2 || '%'`,
      [events.map((event) => event.id), paymentId],
    );
    expect(notified.n).toBe(0);

    // Its money moves only through sandbox accounts and the merchant's test balances, never an
    // account real money (and so settlement) goes through.
    const accounts = await harness.db.query<{ code: string }[]>(
      `SELECT DISTINCT a.code FROM journal_lines l
         JOIN journal_entries e ON e.id = l.entry_id
         JOIN ledger_accounts a ON a.id = l.account_id
        WHERE e.reference_id = $1`,
      [paymentId],
    );
    expect(accounts.length).toBeGreaterThan(0);
    for (const { code } of accounts) expect(code).toMatch(/^(sandbox:|merchant:[0-9a-f-]+:test:)/);
    await expectLedgerBalanced(harness);

    // No payout: test balances are never paid out.
    const ledger = await harness.http.get('/api/v1/merchant/ledger?currency=NGN').set(key(testKey)).expect(200);
    expect(ledger.body).toMatchObject({ livemode: false, nextPayout: null });
    const liveLedger = await harness.http.get('/api/v1/merchant/ledger?currency=NGN').set(key(liveKey)).expect(200);
    expect(liveLedger.body).toMatchObject({ livemode: true, pending: 0, available: 0, reserve: 0 });

    // No live figure: the live key's analytics count nothing, the test key's count the payment.
    await harness.app.get(MerchantAnalyticsRollups).rebuild(merchantId);
    const overview = (secret: string) =>
      harness.http.get('/api/v1/merchant/analytics/overview?range=7d&currency=NGN').set(key(secret)).expect(200);
    expect((await overview(liveKey)).body).toMatchObject({ livemode: true, gross: 0, count: 0 });
    expect((await overview(testKey)).body).toMatchObject({ livemode: false, gross: 345_600, count: 1 });
    const livePayments = await harness.http.get('/api/v1/merchant/payments').set(key(liveKey)).expect(200);
    expect(livePayments.body).toMatchObject({ items: [] });
  });
});
