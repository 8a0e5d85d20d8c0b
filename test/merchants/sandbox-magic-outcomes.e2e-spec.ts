import { randomUUID } from 'node:crypto';
import { merchantStreamEventOf } from '../../src/modules/merchants/events/merchant-stream-events';
import { WEBHOOK_OUTBOX_EVENTS } from '../../src/modules/merchants/webhooks/webhook-fan-out.service';
import { WEBHOOK_EVENT_TYPES } from '../../src/modules/merchants/webhooks/webhook-events';
import { ComplianceModule } from '../../src/modules/compliance';
import { MerchantsJobsModule } from '../../src/modules/merchants';
import { PaymentRecoveryService, PaymentsJobsModule, RailDisputes } from '../../src/modules/payments';
import { PAYMENT_QUEUES, SANDBOX_RAIL_NOTICE_JOB } from '../../src/modules/payments/payments.events';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { PaymentsConfig } from '../../src/modules/payments/payments.config';
import { payOnHostedPage } from '../factories/checkout-session.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { OUTBOX_EVENT_COLUMNS, outboxEventJob, OutboxEventRow } from '../factories/outbox-event.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { settledJob, startOutboxWorker } from '../support/outbox-worker';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Merchant {
  id: string;
  key: string;
}

const AMOUNT = 500_000;
/** The default terms: 1.5% + NGN 100, capped at NGN 2,000. */
const FEE = 17_500;
const RETURN_URL = 'http://localhost:4999/return';

/**
 * The sandbox's magic values, paid on the hosted page as a payer would (`/c/{id}/pay`): success,
 * decline, insufficient funds, a timeout failed later by the recovery job, and a capture the payer's
 * bank disputes a few seconds later (the sandbox rail's notice, delivered by the worker's tick).
 */
describe('Sandbox magic outcomes on the hosted page', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let shop: Merchant;

  async function newMerchant(): Promise<Merchant> {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    return { id: merchant.id, key: (await createApiKey(harness, owner, false)).secret };
  }

  async function newSession(merchant: Merchant): Promise<string> {
    const response = await harness.http
      .post('/api/v1/developer/sandbox/checkout-sessions')
      .set('X-Service-Developer-Key', merchant.key)
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: AMOUNT,
        currency: 'NGN',
        merchantReference: `magic-${randomUUID().slice(0, 8)}`,
        endpoint: RETURN_URL,
      })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  /** Opens the hosted page and posts its form with the account, as the browser would; expects `status`. */
  const payOnPage = (sessionId: string, rail: string, fundingAccount: string, status: number) =>
    payOnHostedPage(harness, sessionId, { rail, fundingAccount, status });

  const paymentsOf = (sessionId: string) =>
    harness.db.query<{ id: string; status: string; failure_code: string | null; journal_entry_id: string | null }[]>(
      `SELECT id, status, failure_code, journal_entry_id FROM payments WHERE checkout_session_id = $1 ORDER BY created_at, id`,
      [sessionId],
    );

  const session = async (id: string) =>
    (
      await harness.db.query<{ status: string; payment_id: string | null }[]>(
        `SELECT status, payment_id FROM merchant_checkout_sessions WHERE id = $1`,
        [id],
      )
    )[0];

  const eventsOf = (...aggregateIds: string[]) =>
    harness.db.query<OutboxEventRow[]>(
      `SELECT ${OUTBOX_EVENT_COLUMNS} FROM outbox_events
        WHERE aggregate_id = ANY ($1::text[]) ORDER BY created_at, id`,
      [aggregateIds],
    );

  /** A merchant balance account's balance as the merchant sees it (minus the sum of its lines). */
  const balance = async (merchantId: string, kind: string) =>
    Number(
      (
        await harness.db.query<{ balance: string }[]>(
          `SELECT (-coalesce(sum(l.amount), 0))::text AS balance FROM journal_lines l
             JOIN ledger_accounts a ON a.id = l.account_id WHERE a.code = $1`,
          [`merchant:${merchantId}:test:${kind}:NGN`],
        )
      )[0].balance,
    );

  const disputeDelay = () => harness.app.get(PaymentsConfig).SANDBOX_RAIL_DISPUTE_DELAY_MS;

  /** The worker's tick: the sandbox rail's due dispute notices, delivered in process. */
  const deliverNotices = () => harness.app.get(RailDisputes).deliverDueSandbox();

  beforeAll(async () => {
    harness = await createTestHarness({ clock, redisNamespace: 'sandbox-magic' });
    shop = await newMerchant();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('4242 4242 4242 4242 succeeds: 303 to the endpoint, payment SUCCEEDED, the merchant credited', async () => {
    const id = await newSession(shop);
    const paid = await payOnPage(id, 'CARD', '4242424242424242', 303);
    expect(paid.headers.location).toBe(`${RETURN_URL}?session_id=${id}`);
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ status: 'SUCCEEDED', failure_code: null });
    expect(await session(id)).toEqual({ status: 'COMPLETE', payment_id: payment.id });
    expect((await eventsOf(payment.id)).map((event) => event.event_type)).toEqual(['merchant.payment.succeeded']);
    await expectLedgerBalanced(harness);
  });

  it.each([
    ['a declined card', 'CARD', '4000000000000002', 'RAIL_DECLINED'],
    ['a card without the funds', 'CARD', '4000000000009995', 'INSUFFICIENT_FUNDS'],
    ['a declined bank account', 'BANK_TRANSFER', '0000000002', 'RAIL_DECLINED'],
  ])(
    '%s (%s %s): 402 with the form again, payment FAILED %s, the session OPEN, no money moved',
    async (_, rail, account, code) => {
      const id = await newSession(shop);
      await payOnPage(id, rail, account, 402);
      const [payment] = await paymentsOf(id);
      expect(payment).toMatchObject({ status: 'FAILED', failure_code: code, journal_entry_id: null });
      expect(await session(id)).toEqual({ status: 'OPEN', payment_id: null });
      const [failed] = await eventsOf(payment.id);
      expect(failed).toMatchObject({
        event_type: 'merchant.payment.failed',
        payload: { status: 'FAILED', failureCode: code },
      });
    },
  );

  it('a timeout card: in progress (202), then FAILED RAIL_NO_CAPTURE by the recovery job; the session stays OPEN for a retry', async () => {
    const id = await newSession(shop);
    const pending = await payOnPage(id, 'CARD', '4000000000000119', 202);
    expect(pending.text).toContain('Payment in progress.');
    const [payment] = await paymentsOf(id);
    expect(payment.status).toBe('AUTHORIZING');
    expect(await session(id)).toEqual({ status: 'OPEN', payment_id: payment.id });

    // The rail's timeout handling: past AUTHORIZATION_RECOVERY_MAX_AGE_MS the recovery job gives up.
    await harness.db.query(
      `UPDATE payments SET created_at = now() - interval '2 hours', updated_at = now() - interval '2 hours' WHERE id = $1`,
      [payment.id],
    );
    await harness.app.get(PaymentRecoveryService).recover();
    expect((await paymentsOf(id))[0]).toMatchObject({ status: 'FAILED', failure_code: 'RAIL_NO_CAPTURE' });
    expect(await session(id)).toEqual({ status: 'OPEN', payment_id: null });
    expect((await eventsOf(payment.id)).map((event) => event.event_type)).toEqual(['merchant.payment.failed']);
    // The payer tries again on the same page.
    await payOnPage(id, 'CARD', '4242424242424242', 303);
    expect((await session(id)).status).toBe('COMPLETE');
    await expectLedgerBalanced(harness);
  });

  it('4000 0000 0000 2685 succeeds, then the bank disputes it: recorded NEEDS_RESPONSE, the amount held, payment.disputed sent', async () => {
    const merchant = await newMerchant();
    const id = await newSession(merchant);
    await payOnPage(id, 'CARD', '4000000000002685', 303);
    const [payment] = await paymentsOf(id);
    expect(payment.status).toBe('SUCCEEDED');
    expect(await balance(merchant.id, 'pending')).toBe(AMOUNT - FEE);

    // The dispute is the rail's, a few seconds after the capture: nothing yet.
    expect(await deliverNotices()).toBe(0);
    const disputes = () =>
      harness.db.query<Record<string, unknown>[]>(
        `SELECT id, merchant_id, livemode, amount::int AS amount, currency, reason, status, hold_entry_id
           FROM merchant_payment_disputes WHERE payment_id = $1`,
        [payment.id],
      );
    expect(await disputes()).toEqual([]);

    clock.advance(disputeDelay());
    expect(await deliverNotices()).toBe(1);
    const [dispute] = await disputes();
    expect(dispute).toMatchObject({
      merchant_id: merchant.id,
      livemode: false,
      amount: AMOUNT,
      currency: 'NGN',
      reason: 'FRAUDULENT',
      status: 'NEEDS_RESPONSE',
    });

    // The whole disputed amount is held: pending first (nothing is available yet), the fee's worth
    // from available, which the merchant now owes.
    expect(await balance(merchant.id, 'dispute')).toBe(AMOUNT);
    expect(await balance(merchant.id, 'pending')).toBe(0);
    expect(await balance(merchant.id, 'available')).toBe(-FEE);
    const releases = await harness.db.query<{ amount: string }[]>(
      `SELECT amount::text FROM merchant_balance_releases WHERE payment_id = $1 AND kind = 'PENDING_TO_AVAILABLE'`,
      [payment.id],
    );
    expect(releases).toEqual([{ amount: '0' }]);
    const lines = await harness.db.query<{ code: string; amount: string }[]>(
      `SELECT a.code, l.amount::text AS amount FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE l.entry_id = $1 ORDER BY a.code`,
      [dispute.hold_entry_id],
    );
    expect(lines).toEqual([
      { code: `merchant:${merchant.id}:test:available:NGN`, amount: String(FEE) },
      { code: `merchant:${merchant.id}:test:dispute:NGN`, amount: String(-AMOUNT) },
      { code: `merchant:${merchant.id}:test:pending:NGN`, amount: String(AMOUNT - FEE) },
    ]);
    await expectLedgerBalanced(harness);

    // merchant.payment.disputed, read as the webhooks' fan-out and the event stream read it.
    const events = await eventsOf(payment.id, merchant.id);
    const disputed = events.find((event) => event.event_type === 'merchant.payment.disputed')!;
    const streamed = merchantStreamEventOf(WEBHOOK_OUTBOX_EVENTS.read(outboxEventJob(disputed))!);
    expect(streamed).toMatchObject({ merchantId: merchant.id, livemode: false, type: 'payment.disputed' });
    expect(streamed!.envelope).toMatchObject({
      type: 'payment.disputed',
      livemode: false,
      data: {
        object: {
          id: dispute.id,
          paymentId: payment.id,
          checkoutSessionId: id,
          amount: AMOUNT,
          currency: 'NGN',
          reason: 'FRAUDULENT',
          status: 'NEEDS_RESPONSE',
          livemode: false,
        },
      },
    });
    expect(WEBHOOK_EVENT_TYPES).toContain('payment.disputed');
    const balanceUpdated = events.find(
      (event) => event.event_type === 'merchant.balance_updated' && event.payload.reason === 'DISPUTE',
    )!;
    expect(merchantStreamEventOf(WEBHOOK_OUTBOX_EVENTS.read(outboxEventJob(balanceUpdated))!)!.envelope).toMatchObject({
      type: 'balance.updated',
      data: { object: { reason: 'DISPUTE', pending: 0, available: -FEE, reserve: 0 } },
    });

    // Delivered once: the next tick finds nothing, and the notice is marked.
    clock.advance(disputeDelay());
    expect(await deliverNotices()).toBe(0);
    expect(await disputes()).toHaveLength(1);
    expect(
      await harness.db.query(`SELECT outcome FROM sandbox_rail_disputes WHERE reference = $1`, [payment.id]),
    ).toEqual([{ outcome: 'RECORDED' }]);
  });

  it("bank account 0000000004 is the same outcome on the bank transfer rail, delivered by the worker's notice tick", async () => {
    const merchant = await newMerchant();
    const id = await newSession(merchant);
    await payOnPage(id, 'BANK_TRANSFER', '0000000004', 303);
    const [payment] = await paymentsOf(id);
    // The worker as WorkerModule composes it (its own clock: the notice is made due on the database's).
    await harness.db.query(
      `UPDATE sandbox_rail_disputes SET notify_at = now() - interval '1 second' WHERE reference = $1`,
      [payment.id],
    );
    const worker = await startOutboxWorker(PaymentsJobsModule, {
      runConfig: harness.config,
      label: 'rail-notices',
      imports: [MerchantsJobsModule, ComplianceModule],
    });
    try {
      const queue = worker.get(QueueRegistry).get(PAYMENT_QUEUES.sandboxRailNotices);
      const jobId = `tick-${randomUUID()}`;
      await queue.add(SANDBOX_RAIL_NOTICE_JOB, {}, { jobId });
      expect((await settledJob(worker, PAYMENT_QUEUES.sandboxRailNotices, jobId)).state).toBe('completed');
    } finally {
      await worker.close();
    }
    expect(
      await harness.db.query(
        `SELECT status, amount::int AS amount FROM merchant_payment_disputes WHERE payment_id = $1`,
        [payment.id],
      ),
    ).toEqual([{ status: 'NEEDS_RESPONSE', amount: AMOUNT }]);
    expect(await balance(merchant.id, 'dispute')).toBe(AMOUNT);
    expect((await eventsOf(payment.id)).map((event) => event.event_type)).toContain('merchant.payment.disputed');
    await expectLedgerBalanced(harness);
  });

  it('a dispute notice of a payment still being recorded waits for the next tick', async () => {
    const merchant = await newMerchant();
    const id = await newSession(merchant);
    await payOnPage(id, 'CARD', '4000000000002685', 303);
    const [payment] = await paymentsOf(id);
    // As if the capture's transaction had not committed yet when the notice fell due.
    await harness.db.query(`UPDATE payments SET status = 'PENDING' WHERE id = $1`, [payment.id]);
    clock.advance(disputeDelay());
    expect(await deliverNotices()).toBe(0);
    expect(
      await harness.db.query(`SELECT notified_at FROM sandbox_rail_disputes WHERE reference = $1`, [payment.id]),
    ).toEqual([{ notified_at: null }]);
    await harness.db.query(`UPDATE payments SET status = 'SUCCEEDED' WHERE id = $1`, [payment.id]);
    expect(await deliverNotices()).toBe(1);
    await expectLedgerBalanced(harness);
  });
});
