import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { ComplianceModule } from '../../src/modules/compliance';
import { MerchantsJobsModule } from '../../src/modules/merchants';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { MerchantPaymentEventPayload } from '../../src/modules/merchants/merchants.events';
import { PaymentRecoveryService } from '../../src/modules/payments';
import { addVerifiedOrigin, patchKyb } from '../factories/merchant.factory';
import { adminOf } from '../factories/staff-user.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { startOutboxWorker } from '../support/outbox-worker';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Merchant extends KeyedMerchant<boolean> {
  /** A VERIFIED https origin of the merchant, for live redirect URLs. */
  origin: string;
}

interface SessionBody {
  id: string;
  status: 'OPEN' | 'COMPLETE' | 'EXPIRED';
  paymentStatus: 'UNPAID' | 'PAID';
  paymentId: string | null;
  completedAt: string | null;
  amount: number;
}

interface ApiErrorLike {
  code?: string;
  status?: number;
  details?: { field: string; message: string }[];
}

const SESSIONS = '/api/v1/merchant/checkout-sessions';
const MINUTE = 60_000;
const CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
/** The rail captures, and its answer is lost: only an inquiry learns of the capture. */
const ANSWER_LOST_CARD = '4000000000000259';
/** The rail takes nothing and answers nothing. */
const TIMEOUT_CARD = '4000000000000119';

describe('Checkout sessions paid through the payment core (channel CHECKOUT)', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let shop: Merchant;
  let applicant: Merchant;
  let suspended: Merchant;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const payments = () => harness.app.get(CheckoutPayments);

  async function newMerchant(approved: boolean): Promise<Merchant> {
    const merchant = await merchantWithKeys(harness, { approved });
    return { ...merchant, origin: (await addVerifiedOrigin(harness, merchant.owner)).origin };
  }

  async function openSession(
    secret: string,
    overrides: Record<string, unknown> = {},
    origin = 'https://shop.example',
  ): Promise<SessionBody> {
    const response = await harness.http
      .post(SESSIONS)
      .set(bearer(secret))
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: 250_000,
        currency: 'NGN',
        merchantReference: `order-${randomUUID().slice(0, 8)}`,
        successUrl: `${origin}/paid`,
        cancelUrl: `${origin}/cart`,
        ...overrides,
      })
      .expect(201);
    return response.body as SessionBody;
  }

  const read = async (secret: string, id: string) =>
    (await harness.http.get(`${SESSIONS}/${id}`).set(bearer(secret)).expect(200)).body as SessionBody;

  const pay = (sessionId: string, fundingAccount = CARD, idempotencyKey: string = randomUUID()) =>
    payments().pay({ sessionId, rail: 'CARD', fundingAccount, idempotencyKey });

  /** The error a pay call was refused with. */
  async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; details: unknown }> {
    try {
      await call;
    } catch (error) {
      const apiError = error as ApiErrorLike;
      return { status: apiError.status ?? 0, code: String(apiError.code), details: apiError.details };
    }
    throw new Error('the pay call was not refused');
  }

  const paymentsOf = (sessionId: string) =>
    harness.db.query<
      {
        id: string;
        status: string;
        channel: string;
        payer_type: string;
        payer_id: string;
        customer_id: string | null;
        biller_id: string | null;
        merchant_id: string;
        livemode: boolean;
        amount: string;
        fee: string;
        merchant_fee: string;
        journal_entry_id: string | null;
      }[]
    >(`SELECT * FROM payments WHERE checkout_session_id = $1 ORDER BY created_at, id`, [sessionId]);

  const eventsOf = (...ids: string[]) =>
    harness.db.query<{ event_type: string; aggregate_id: string; payload: Record<string, unknown> }[]>(
      `SELECT event_type, aggregate_id, payload FROM outbox_events WHERE aggregate_id = ANY ($1::text[])
        ORDER BY created_at, id`,
      [ids],
    );

  const entryLines = (entryId: string) =>
    harness.db.query<{ code: string; amount: string }[]>(
      `SELECT a.code, l.amount::text AS amount FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE l.entry_id = $1 ORDER BY a.code`,
      [entryId],
    );

  /** Makes the payment's capture old enough for the recovery job (its AUTHORIZATION_RECOVERY_AFTER_MS). */
  const ageForRecovery = (paymentId: string, age = '2 minutes') =>
    harness.db.query(
      `UPDATE payments SET updated_at = now() - $2::interval, created_at = now() - $2::interval WHERE id = $1`,
      [paymentId, age],
    );

  /**
   * The recovery job's run over the payment, aged for recovery first, in the worker as it composes
   * the job (MerchantsJobsModule registers the checkout hook there too); at least one payment recovered.
   */
  async function recoverInWorker(paymentId: string, label: string): Promise<void> {
    const worker = await startOutboxWorker(MerchantsJobsModule, {
      runConfig: harness.config,
      label,
      imports: [ComplianceModule],
    });
    try {
      await ageForRecovery(paymentId);
      expect(await worker.get(PaymentRecoveryService).recover()).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.close();
    }
  }

  beforeAll(async () => {
    harness = await createTestHarness({ clock, redisNamespace: 'co-pay' });
    shop = await newMerchant(true);
    applicant = await newMerchant(false);
    suspended = await newMerchant(true);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('pays a test session: payment SUCCEEDED, session COMPLETE with it, the merchant credited, events written, the ledger balanced', async () => {
    const session = await openSession(shop.test);
    const outcome = await pay(session.id);

    expect(outcome).toMatchObject({ outcome: 'PAID' });
    const [payment] = await paymentsOf(session.id);
    expect(outcome.paymentId).toBe(payment.id);
    expect(payment).toMatchObject({
      status: 'SUCCEEDED',
      channel: 'CHECKOUT',
      payer_type: 'CHECKOUT_PAYER',
      payer_id: session.id,
      customer_id: null,
      biller_id: null,
      merchant_id: shop.id,
      livemode: false,
      amount: '250000',
      fee: '0',
    });
    const fee = Number(payment.merchant_fee);
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(250_000);

    const read1 = await read(shop.test, session.id);
    expect(read1).toMatchObject({ status: 'COMPLETE', paymentStatus: 'PAID', paymentId: payment.id });
    expect(read1.completedAt).not.toBeNull();

    // The rail's (sandbox) clearing is debited the amount; the merchant's balances and fee revenue credited it.
    const lines = await entryLines(payment.journal_entry_id as string);
    expect(lines.reduce((sum, line) => sum + BigInt(line.amount), 0n)).toBe(0n);
    expect(lines).toContainEqual({ code: 'sandbox:rail:CARD:clearing:NGN', amount: '250000' });
    expect(lines).toContainEqual({ code: 'sandbox:revenue:merchant-fees:NGN', amount: String(-fee) });
    expect(lines.filter((line) => line.code.startsWith(`merchant:${shop.id}:test:`)).length).toBeGreaterThan(0);
    await expectLedgerBalanced(harness);

    const events = await eventsOf(session.id, payment.id);
    expect(events.map((event) => event.event_type)).toEqual(
      expect.arrayContaining(['merchant.checkout_session.completed', 'merchant.payment.succeeded']),
    );
    // A checkout payer is not our customer: no `payment.*` event (notifications, bills) is written.
    expect(events.filter((event) => event.event_type.startsWith('payment.'))).toEqual([]);
    const succeeded = events.find((event) => event.event_type === 'merchant.payment.succeeded')?.payload;
    // What a consumer (the webhooks) reads back validates against the payload class.
    expect(validateSync(plainToInstance(MerchantPaymentEventPayload, succeeded))).toEqual([]);
    expect(succeeded).toMatchObject({
      merchantId: shop.id,
      livemode: false,
      paymentId: payment.id,
      checkoutSessionId: session.id,
      amount: 250_000,
      fee,
      net: 250_000 - fee,
      currency: 'NGN',
      rail: 'CARD',
    });

    // The same key again answers the same payment; a new key finds the session paid.
    const key = randomUUID();
    const again = await openSession(shop.test);
    const first = await pay(again.id, CARD, key);
    expect(await pay(again.id, CARD, key)).toMatchObject({ outcome: 'PAID', paymentId: first.paymentId });
    expect(await refusal(pay(again.id))).toMatchObject({
      status: 409,
      code: 'CHECKOUT_SESSION_NOT_OPEN',
      details: [
        { field: 'status', message: 'COMPLETE' },
        { field: 'paymentId', message: first.paymentId },
      ],
    });
    expect(await refusal(pay(again.id, DECLINED_CARD, key))).toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await paymentsOf(again.id)).toHaveLength(1);
  });

  it('a declined card leaves the session OPEN; a retry with a new key pays it', async () => {
    const session = await openSession(shop.test);
    const declined = await pay(session.id, DECLINED_CARD);
    expect(declined).toMatchObject({ outcome: 'DECLINED' });
    expect(declined.outcome === 'DECLINED' && declined.reason).toBe('The funding account was declined');
    expect(await read(shop.test, session.id)).toMatchObject({ status: 'OPEN', paymentId: null });
    const events = await eventsOf(declined.paymentId);
    expect(events.map((event) => event.event_type)).toEqual(['merchant.payment.failed']);
    expect(events[0].payload).toMatchObject({ status: 'FAILED', failureCode: 'RAIL_DECLINED' });

    const paid = await pay(session.id);
    expect(paid).toMatchObject({ outcome: 'PAID' });
    expect((await paymentsOf(session.id)).map((payment) => payment.status)).toEqual(['FAILED', 'SUCCEEDED']);
    expect(await read(shop.test, session.id)).toMatchObject({ status: 'COMPLETE', paymentId: paid.paymentId });
    await expectLedgerBalanced(harness);
  });

  it('50 concurrent pays of one session capture exactly one payment; the others are refused 409', async () => {
    const session = await openSession(shop.test);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => pay(session.id)));
    const paid = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as ApiErrorLike] : []));
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const error of refused) {
      expect(error.code).toBe('CHECKOUT_SESSION_NOT_OPEN');
      expect(error.status).toBe(409);
    }
    const rows = await paymentsOf(session.id);
    expect(rows.map((row) => row.status)).toEqual(['SUCCEEDED']);
    const captures = await harness.db.query(
      `SELECT reference FROM sandbox_rail_operations WHERE kind = 'CAPTURE' AND reference = $1`,
      [rows[0].id],
    );
    expect(captures).toHaveLength(1);
    expect(await read(shop.test, session.id)).toMatchObject({ status: 'COMPLETE', paymentId: rows[0].id });
    await expectLedgerBalanced(harness);
  });

  it("a capture whose answer was lost is PROCESSING; the worker's recovery job completes the session", async () => {
    const session = await openSession(shop.test);
    const processing = await pay(session.id, ANSWER_LOST_CARD);
    expect(processing).toMatchObject({ outcome: 'PROCESSING' });
    expect((await read(shop.test, session.id)).status).toBe('OPEN');
    // The session is held by the payment under way: another tab cannot pay it, and it does not expire.
    expect(await refusal(pay(session.id))).toMatchObject({ status: 409, code: 'CHECKOUT_SESSION_NOT_OPEN' });
    expect((await paymentsOf(session.id)).map((payment) => payment.status)).toEqual(['AUTHORIZING']);

    await recoverInWorker(processing.paymentId, 'recovery');
    expect((await paymentsOf(session.id)).map((payment) => payment.status)).toEqual(['SUCCEEDED']);
    expect(await read(shop.test, session.id)).toMatchObject({
      status: 'COMPLETE',
      paymentStatus: 'PAID',
      paymentId: processing.paymentId,
    });
    expect((await eventsOf(session.id)).map((event) => event.event_type)).toContain(
      'merchant.checkout_session.completed',
    );
    // The payer's retry of the same key now answers PAID.
    expect(await refusal(pay(session.id))).toMatchObject({ status: 409, code: 'CHECKOUT_SESSION_NOT_OPEN' });
    await expectLedgerBalanced(harness);
  });

  it('the capture credits the merchant by the terms in force at admission, not by a price recorded after it', async () => {
    const merchant = await newMerchant(true);
    const session = await openSession(merchant.test);
    // Admitted on the default terms (no pricing version: no reserve, paid out T+1); the rail's answer is lost.
    const processing = await pay(session.id, ANSWER_LOST_CARD);
    expect(processing.outcome).toBe('PROCESSING');
    const [admitted] = await harness.db.query<Record<string, number | null>[]>(
      `SELECT admission_reserve_bps, admission_reserve_hold_days, admission_payout_delay_days
         FROM merchant_checkout_sessions WHERE id = $1`,
      [session.id],
    );
    expect(admitted).toEqual({
      admission_reserve_bps: 0,
      admission_reserve_hold_days: 0,
      admission_payout_delay_days: 1,
    });

    // A new price recorded while the capture is outstanding, by an app whose clock is behind the database's
    // (the payment's created_at is the database's time): its effective time reads as before the payment's.
    const admin = await adminOf(harness);
    clock.advance(-10 * MINUTE);
    try {
      await harness.http
        .patch(`/api/v1/admin/merchants/${merchant.id}/pricing`)
        .set(admin.headers)
        .send({
          feeBps: 300,
          feeFixed: 0,
          feeCurrency: 'NGN',
          reserveBps: 1000,
          reserveHoldDays: 30,
          payoutSchedule: { interval: 'DAILY', delayDays: 7 },
          minimumPayoutAmount: 0,
          effectiveAt: clock.now().toISOString(),
        })
        .expect(200);
    } finally {
      clock.advance(10 * MINUTE);
    }

    await recoverInWorker(processing.paymentId, 'recovery-terms');
    const [payment] = await paymentsOf(session.id);
    expect(payment.status).toBe('SUCCEEDED');
    // The fee was priced at admission (1.5% + NGN 100); the releases follow the same terms: no reserve, T+1.
    expect(payment.merchant_fee).toBe(String(3_750 + 10_000));
    const releases = await harness.db.query<{ kind: string; amount: string; delay_seconds: number }[]>(
      `SELECT r.kind, r.amount::text AS amount, extract(epoch FROM r.due_at - s.completed_at)::int AS delay_seconds
         FROM merchant_balance_releases r JOIN merchant_checkout_sessions s ON s.payment_id = r.payment_id
        WHERE r.payment_id = $1 ORDER BY r.kind`,
      [payment.id],
    );
    expect(releases).toEqual([
      { kind: 'PENDING_TO_AVAILABLE', amount: String(250_000 - 13_750), delay_seconds: 24 * 3600 },
    ]);

    // The next payment is admitted under the new price: 3 %, a 10 % reserve of the net held 30 days, T+7.
    const next = await openSession(merchant.test);
    expect((await pay(next.id)).outcome).toBe('PAID');
    const [nextPayment] = await paymentsOf(next.id);
    expect(nextPayment.merchant_fee).toBe('7500');
    const nextReleases = await harness.db.query<{ kind: string; amount: string; delay_seconds: number }[]>(
      `SELECT r.kind, r.amount::text AS amount, extract(epoch FROM r.due_at - s.completed_at)::int AS delay_seconds
         FROM merchant_balance_releases r JOIN merchant_checkout_sessions s ON s.payment_id = r.payment_id
        WHERE r.payment_id = $1 ORDER BY r.kind`,
      [nextPayment.id],
    );
    expect(nextReleases).toEqual([
      { kind: 'PENDING_TO_AVAILABLE', amount: String(242_500 - 24_250), delay_seconds: 7 * 24 * 3600 },
      { kind: 'RESERVE_RELEASE', amount: '24250', delay_seconds: 30 * 24 * 3600 },
    ]);
    await expectLedgerBalanced(harness);
  });

  it('a rail that never captures: the recovery job gives up past the maximum age and frees the session for another try', async () => {
    const session = await openSession(shop.test);
    const processing = await pay(session.id, TIMEOUT_CARD);
    expect(processing.outcome).toBe('PROCESSING');
    await ageForRecovery(processing.paymentId, '2 hours');
    await harness.app.get(PaymentRecoveryService).recover();
    const [failed] = await paymentsOf(session.id);
    expect(failed).toMatchObject({ status: 'FAILED', journal_entry_id: null });
    expect(await read(shop.test, session.id)).toMatchObject({ status: 'OPEN', paymentId: null });
    expect((await pay(session.id)).outcome).toBe('PAID');
  });

  it('checkout payments never reach a customer: no customer id, no customer-scoped read', async () => {
    const rows = await harness.db.query<{ count: string }[]>(
      `SELECT count(*)::text AS count FROM payments WHERE channel = 'CHECKOUT' AND customer_id IS NOT NULL`,
    );
    expect(rows[0].count).toBe('0');
    const total = await harness.db.query<{ count: string }[]>(
      `SELECT count(*)::text AS count FROM payments WHERE channel = 'CHECKOUT'`,
    );
    expect(Number(total[0].count)).toBeGreaterThan(0);
  });

  it('live sessions need an APPROVED merchant; test sessions work before approval; a key sees only its mode', async () => {
    const live = await openSession(shop.live as string, {}, shop.origin);
    expect(await pay(live.id)).toMatchObject({ outcome: 'PAID' });
    const [payment] = await paymentsOf(live.id);
    expect(payment.livemode).toBe(true);
    const lines = await entryLines(payment.journal_entry_id as string);
    expect(lines).toContainEqual({ code: 'rail:CARD:clearing:NGN', amount: '250000' });
    // The other mode's key does not see it.
    await harness.http.get(`${SESSIONS}/${live.id}`).set(bearer(shop.test)).expect(404);
    expect((await read(shop.live as string, live.id)).status).toBe('COMPLETE');

    const sandbox = await openSession(applicant.test);
    expect(await pay(sandbox.id)).toMatchObject({ outcome: 'PAID' });

    // A merchant suspended after opening a live session: its payer is refused, nothing is captured.
    const pending = await openSession(suspended.live as string, {}, suspended.origin);
    expect((await patchKyb(harness, suspended.id, { status: 'SUSPENDED', reasonCode: 'risk.review' })).status).toBe(
      200,
    );
    expect(await refusal(pay(pending.id))).toMatchObject({ status: 403, code: 'MERCHANT_RESTRICTED' });
    expect(await paymentsOf(pending.id)).toEqual([]);
    await expectLedgerBalanced(harness);
  });
  it("the merchant's velocity caps admit the payment in its first transaction; a decline gives its admission back", async () => {
    const capped = applicant;
    const admin = await adminOf(harness);
    await harness.http
      .post(`/api/v1/admin/merchants/${capped.id}/velocity-caps`)
      .set(admin.headers)
      .send({ caps: [{ scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 2 }] })
      .expect(200);
    // One paid already this hour (the sandbox payment above), so one more fits; a decline gives its place back.
    const first = await openSession(capped.test);
    expect((await pay(first.id, DECLINED_CARD)).outcome).toBe('DECLINED');
    expect((await pay(first.id)).outcome).toBe('PAID');
    const second = await openSession(capped.test);
    expect(await refusal(pay(second.id))).toMatchObject({ status: 422, code: 'LIMIT_EXCEEDED' });
    expect(await paymentsOf(second.id)).toEqual([]);
    expect(await read(capped.test, second.id)).toMatchObject({ status: 'OPEN', paymentId: null });
  });

  // Last: it moves the clock past the admin's and members' token lifetimes.
  it('an expired session is refused 409 and left EXPIRED; an unknown one is 404', async () => {
    const session = await openSession(shop.test, { expiresInMinutes: 30 });
    clock.advance(31 * MINUTE);
    expect(await refusal(pay(session.id))).toMatchObject({
      status: 409,
      code: 'CHECKOUT_SESSION_NOT_OPEN',
      details: [{ field: 'status', message: 'EXPIRED' }],
    });
    expect(await paymentsOf(session.id)).toEqual([]);
    const [row] = await harness.db.query<{ status: string }[]>(
      `SELECT status FROM merchant_checkout_sessions WHERE id = $1`,
      [session.id],
    );
    expect(row.status).toBe('EXPIRED');
    expect(await refusal(pay(randomUUID()))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
