import { randomUUID } from 'node:crypto';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { WEBHOOK_OUTBOX_EVENTS, WebhookFanOut } from '../../src/modules/merchants/webhooks/webhook-fan-out.service';
import { WEBHOOK_QUEUES } from '../../src/modules/merchants/webhooks/webhook-queues';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { addVerifiedOrigin } from '../factories/merchant.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { outboxEventJob, outboxEventsOf } from '../factories/outbox-event.factory';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Merchant extends KeyedMerchant {
  /** A VERIFIED https origin of the merchant, for live redirect URLs. */
  origin: string;
}

interface AdvanceBody {
  advancedSeconds: number;
  effects: { type: string; id: string | null; kind: string | null; amount: number | null }[];
  checkoutSession: { id: string; status: string; expiresAt: string } | null;
  payment: {
    id: string;
    checkoutSessionId: string;
    releases: { kind: string; amount: number; dueAt: string; releasedAt: string | null }[];
    dispute: { id: string; amount: number; status: string } | null;
    currency: string;
    pending: number;
    available: number;
    reserve: number;
  } | null;
}

const ADVANCE = '/api/v1/developer/test-clock/advance';
const DEVELOPER_KEY = 'X-Service-Developer-Key';
const DAY = 86_400;
const AMOUNT = 500_000;
/** The default terms: 1.5% + NGN 100, capped at NGN 2,000; no reserve; T+1. */
const NET = AMOUNT - 17_500;

/** POST /developer/test-clock/advance: a test object's clock moved forward and its due work run at once. */
describe('Developer test clock (POST /developer/test-clock/advance)', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let shop: Merchant;
  let other: Merchant;

  async function newMerchant(): Promise<Merchant> {
    const merchant = await merchantWithKeys(harness);
    return { ...merchant, origin: (await addVerifiedOrigin(harness, merchant.owner)).origin };
  }

  async function newSession(secret: string, overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set('Authorization', `Bearer ${secret}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: AMOUNT,
        currency: 'NGN',
        merchantReference: `clock-${randomUUID().slice(0, 8)}`,
        successUrl: 'https://shop.example/paid',
        cancelUrl: 'https://shop.example/cart',
        expiresInMinutes: 60,
        ...overrides,
      })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  const advance = (headers: Record<string, string>, body: Record<string, unknown>) =>
    harness.http.post(ADVANCE).set(headers).send(body);

  async function paidSession(merchant: Merchant, fundingAccount = '4242424242424242') {
    const sessionId = await newSession(merchant.test);
    const paid = await harness.app
      .get(CheckoutPayments)
      .pay({ sessionId, rail: 'CARD', fundingAccount, idempotencyKey: randomUUID() });
    expect(paid.outcome).toBe('PAID');
    return { sessionId, paymentId: paid.paymentId };
  }

  const sessionRow = async (id: string) =>
    (
      await harness.db.query<{ status: string; expires_at: Date; expired_at: Date | null }[]>(
        `SELECT status, expires_at, expired_at FROM merchant_checkout_sessions WHERE id = $1`,
        [id],
      )
    )[0];

  const eventTypes = async (aggregateId: string) =>
    (
      await harness.db.query<{ event_type: string; payload: Record<string, unknown> }[]>(
        `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at, id`,
        [aggregateId],
      )
    ).map((row) => row.event_type);

  beforeAll(async () => {
    harness = await createTestHarness({ clock, redisNamespace: 'test-clock' });
    shop = await newMerchant();
    other = await newMerchant();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it("expires a test session through the expiry's transition and event; before its time, only its expiry moves", async () => {
    const id = await newSession(shop.test);
    const before = await sessionRow(id);

    const early = await advance({ [DEVELOPER_KEY]: shop.test }, { checkoutSessionId: id, seconds: 1800 }).expect(200);
    expect(early.body).toMatchObject({
      advancedSeconds: 1800,
      effects: [],
      checkoutSession: { id, status: 'OPEN' },
      payment: null,
    });
    expect((await sessionRow(id)).expires_at.getTime()).toBe(before.expires_at.getTime() - 1_800_000);
    expect(await eventTypes(id)).not.toContain('merchant.checkout_session.expired');

    const response = await advance(
      { Authorization: `Bearer ${shop.test}` },
      { checkoutSessionId: id, seconds: 1800 },
    ).expect(200);
    const body = response.body as AdvanceBody;
    expect(body.effects).toEqual([{ type: 'CHECKOUT_SESSION_EXPIRED', id, kind: null, amount: null }]);
    expect(body.checkoutSession).toMatchObject({ id, status: 'EXPIRED' });
    expect(await sessionRow(id)).toMatchObject({ status: 'EXPIRED' });
    expect((await eventTypes(id)).filter((type) => type === 'merchant.checkout_session.expired')).toHaveLength(1);
    // The API reads it EXPIRED too; another advance finds nothing due.
    await harness.http
      .get(`/api/v1/merchant/checkout-sessions/${id}`)
      .set('Authorization', `Bearer ${shop.test}`)
      .expect(200)
      .expect((read) => expect(read.body).toMatchObject({ status: 'EXPIRED' }));
    const again = await advance({ [DEVELOPER_KEY]: shop.test }, { checkoutSessionId: id, seconds: DAY }).expect(200);
    expect(again.body).toMatchObject({ effects: [], checkoutSession: { status: 'EXPIRED' } });
  });

  it("releases a test payment's pending balance to available (T+1), posted and evented as the release job does", async () => {
    const { sessionId, paymentId } = await paidSession(shop);
    const early = await advance({ [DEVELOPER_KEY]: shop.test }, { paymentId, seconds: 3600 }).expect(200);
    expect(early.body).toMatchObject({
      effects: [],
      payment: {
        id: paymentId,
        checkoutSessionId: sessionId,
        releases: [{ kind: 'PENDING_TO_AVAILABLE', releasedAt: null }],
      },
    });

    const response = await advance({ [DEVELOPER_KEY]: shop.test }, { paymentId, seconds: DAY }).expect(200);
    const body = response.body as AdvanceBody;
    expect(body.effects).toEqual([{ type: 'BALANCE_RELEASED', id: null, kind: 'PENDING_TO_AVAILABLE', amount: NET }]);
    expect(body.payment).toMatchObject({ currency: 'NGN', dispute: null });
    expect(body.payment!.releases).toEqual([
      expect.objectContaining({ kind: 'PENDING_TO_AVAILABLE', amount: NET, releasedAt: expect.any(String) }),
    ]);
    // What GET /merchant/ledger answers.
    const ledger = await harness.http
      .get('/api/v1/merchant/ledger')
      .query({ currency: 'NGN' })
      .set('Authorization', `Bearer ${shop.test}`)
      .expect(200);
    expect(ledger.body).toMatchObject({ pending: body.payment!.pending, available: body.payment!.available });
    expect(body.payment!.available).toBeGreaterThanOrEqual(NET);
    const updated = await harness.db.query<{ payload: Record<string, unknown> }[]>(
      `SELECT payload FROM outbox_events WHERE event_type = 'merchant.balance_updated' AND aggregate_id = $1
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [shop.id],
    );
    expect(updated[0].payload).toMatchObject({
      reason: 'RELEASE',
      livemode: false,
      available: body.payment!.available,
    });
    // Released once: the job and a second advance find nothing left.
    expect((await advance({ [DEVELOPER_KEY]: shop.test }, { paymentId, seconds: DAY }).expect(200)).body).toMatchObject(
      {
        effects: [],
      },
    );
    await expectLedgerBalanced(harness);
  });

  it("brings a test payment's sandbox dispute forward: it arrives at once, recorded and held", async () => {
    const { paymentId } = await paidSession(other, '4000000000002685');
    const response = await advance({ [DEVELOPER_KEY]: other.test }, { paymentId, seconds: 60 }).expect(200);
    const body = response.body as AdvanceBody;
    expect(body.effects).toEqual([
      { type: 'PAYMENT_DISPUTED', id: body.payment!.dispute!.id, kind: null, amount: AMOUNT },
    ]);
    expect(body.payment!.dispute).toMatchObject({ amount: AMOUNT, status: 'NEEDS_RESPONSE', reason: 'FRAUDULENT' });
    expect(await eventTypes(paymentId)).toContain('merchant.payment.disputed');
    await expectLedgerBalanced(harness);
  });

  it("brings the next attempt of a test payment's webhook deliveries forward and runs the due one now", async () => {
    const merchant = await newMerchant();
    await harness.http
      .post('/api/v1/merchant/webhook-endpoints')
      .set(merchant.owner.headers)
      .send({ url: 'https://93.184.215.14/hooks', enabledEvents: ['payment.succeeded'] })
      .expect(201);
    const { paymentId } = await paidSession(merchant);
    // The fan-out as the worker runs it: one delivery of payment.succeeded, its job queued.
    const [row] = await outboxEventsOf(harness, paymentId, 'merchant.payment.succeeded');
    const event = WEBHOOK_OUTBOX_EVENTS.read(outboxEventJob(row))!;
    expect(await harness.app.get(WebhookFanOut).onOutboxEvent(event)).toBe(1);
    const [delivery] = await harness.db.query<{ id: string }[]>(
      `SELECT d.id FROM merchant_webhook_deliveries d WHERE d.event_id = $1`,
      [row.id],
    );
    // As after a failed first attempt: the next one 10 minutes away, its job delayed until then.
    await harness.db.query(
      `UPDATE merchant_webhook_deliveries SET next_attempt_at = $2::timestamptz + interval '10 minutes' WHERE id = $1`,
      [delivery.id, clock.now()],
    );
    const queue = harness.app.get(QueueRegistry).get(WEBHOOK_QUEUES.deliveries);
    await (await queue.getJob(delivery.id))!.remove();
    await queue.add('deliver', { deliveryId: delivery.id, manual: false }, { jobId: delivery.id, delay: 600_000 });
    const nextAttempt = async () =>
      (
        await harness.db.query<{ next_attempt_at: Date }[]>(
          `SELECT next_attempt_at FROM merchant_webhook_deliveries WHERE id = $1`,
          [delivery.id],
        )
      )[0].next_attempt_at.getTime();
    const before = await nextAttempt();

    const early = await advance({ [DEVELOPER_KEY]: merchant.test }, { paymentId, seconds: 60 }).expect(200);
    expect(early.body).toMatchObject({ effects: [] });
    expect(await nextAttempt()).toBe(before - 60_000);
    expect(await (await queue.getJob(delivery.id))!.isDelayed()).toBe(true);

    const due = await advance({ [DEVELOPER_KEY]: merchant.test }, { paymentId, seconds: 600 }).expect(200);
    expect((due.body as AdvanceBody).effects).toEqual([
      { type: 'WEBHOOK_DELIVERY_DUE', id: delivery.id, kind: null, amount: null },
    ]);
    expect(await nextAttempt()).toBe(before - 660_000);
    expect(await (await queue.getJob(delivery.id))!.getState()).toBe('waiting');
  });

  it('refuses a live key (403 SANDBOX_KEY_REQUIRED), whether as Bearer or X-Service-Developer-Key', async () => {
    const id = await newSession(shop.test);
    const asLive: Record<string, string>[] = [{ Authorization: `Bearer ${shop.live}` }, { [DEVELOPER_KEY]: shop.live }];
    for (const headers of asLive) {
      const response = await advance(headers, { checkoutSessionId: id, seconds: DAY }).expect(403);
      expectCataloguedApiError(response.body as Record<string, unknown>, 'SANDBOX_KEY_REQUIRED');
    }
    expect((await sessionRow(id)).status).toBe('OPEN');
  });

  it("answers 404 for another merchant's objects, live ones and unknown ids, changing nothing", async () => {
    const theirs = await newSession(other.test);
    const live = await newSession(shop.live, {
      successUrl: `${shop.origin}/paid`,
      cancelUrl: `${shop.origin}/cart`,
    });
    const { paymentId: theirPayment } = await paidSession(other);
    const before = await sessionRow(theirs);
    // Their releases' due times: the test clock would move them. (Whether they are released is the
    // release job's, which sees every merchant's due releases in the shared database.)
    const dueAts = () =>
      harness.db.query<{ due_at: Date }[]>(
        `SELECT due_at FROM merchant_balance_releases WHERE payment_id = $1 ORDER BY kind`,
        [theirPayment],
      );
    const dueBefore = await dueAts();
    expect(dueBefore).not.toHaveLength(0);
    for (const body of [
      { checkoutSessionId: theirs, seconds: DAY },
      { checkoutSessionId: live, seconds: DAY },
      { checkoutSessionId: randomUUID(), seconds: DAY },
      { paymentId: theirPayment, seconds: DAY },
      { paymentId: randomUUID(), seconds: DAY },
    ]) {
      const response = await advance({ [DEVELOPER_KEY]: shop.test }, body).expect(404);
      expectCataloguedApiError(response.body as Record<string, unknown>, 'NOT_FOUND');
    }
    expect(await sessionRow(theirs)).toEqual(before);
    expect(await dueAts()).toEqual(dueBefore);
  });

  it.each([
    ['no target', { seconds: DAY }],
    ['both targets', { checkoutSessionId: randomUUID(), paymentId: randomUUID(), seconds: DAY }],
    ['seconds 0', { checkoutSessionId: randomUUID(), seconds: 0 }],
    ['seconds past 30 days', { checkoutSessionId: randomUUID(), seconds: 30 * DAY + 1 }],
    ['seconds not an integer', { checkoutSessionId: randomUUID(), seconds: 1.5 }],
    ['no seconds', { checkoutSessionId: randomUUID() }],
    ['a target not a UUID', { paymentId: 'pay_123', seconds: DAY }],
    ['an unknown field', { checkoutSessionId: randomUUID(), seconds: DAY, livemode: true }],
  ])('400 VALIDATION_FAILED for %s', async (_, body) => {
    const response = await advance({ [DEVELOPER_KEY]: shop.test }, body).expect(400);
    expectCataloguedApiError(response.body as Record<string, unknown>, 'VALIDATION_FAILED');
  });
});
