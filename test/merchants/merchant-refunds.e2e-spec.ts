import { randomUUID } from 'node:crypto';
import { ComplianceModule } from '../../src/modules/compliance';
import { MerchantsJobsModule } from '../../src/modules/merchants';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { MerchantEventRecorder } from '../../src/modules/merchants/events/merchant-event-recorder.service';
import { merchantStreamEventOf } from '../../src/modules/merchants/events/merchant-stream-events';
import { WEBHOOK_OUTBOX_EVENTS } from '../../src/modules/merchants/webhooks/webhook-fan-out.service';
import { PaymentsJobsModule, RailReversalService } from '../../src/modules/payments';
import { PAYMENT_QUEUES } from '../../src/modules/payments/payments.events';
import { RailReversalRepository } from '../../src/modules/payments/rails/rail-reversal.repository';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { addVerifiedOrigin, patchKyb } from '../factories/merchant.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { outboxEventJob, outboxEventsOf } from '../factories/outbox-event.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { settledJob, startOutboxWorker } from '../support/outbox-worker';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Merchant extends KeyedMerchant {
  /** A VERIFIED https origin of the merchant, for live redirect URLs. */
  origin: string;
}

interface RefundBody {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  reason: string;
  note: string | null;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  failureReason: string | null;
  payment: { id: string; amount: number; refundedAmount: number; currency: string; status: string } | null;
  livemode: boolean;
  createdAt: string;
  refundedAt: string | null;
  failedAt: string | null;
}

interface Balances {
  pending: number;
  available: number;
  reserve: number;
}

const SESSIONS = '/api/v1/merchant/checkout-sessions';
const REFUNDS = '/api/v1/merchant/refunds';
const CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
/** The rail takes nothing and answers nothing: the payment stays AUTHORIZING. */
const TIMEOUT_CARD = '4000000000000119';
/** Captures; every refund of the capture is refused for good by the sandbox rail. */
const REFUNDS_REFUSED_CARD = '4000000000005126';
const AMOUNT = 250_000;

describe('Merchant refunds of checkout payments (POST/GET /merchant/refunds)', () => {
  let harness: TestHarness;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  async function newMerchant(): Promise<Merchant> {
    const merchant = await merchantWithKeys(harness);
    return { ...merchant, origin: (await addVerifiedOrigin(harness, merchant.owner)).origin };
  }

  /** Opens a session with the key and pays it through the payment core; answers the payment's id and outcome. */
  async function paidPayment(
    merchant: Merchant,
    { livemode = false, card = CARD }: { livemode?: boolean; card?: string } = {},
  ): Promise<{ paymentId: string; outcome: string }> {
    const session = await harness.http
      .post(SESSIONS)
      .set(bearer(livemode ? merchant.live : merchant.test))
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: AMOUNT,
        currency: 'NGN',
        merchantReference: `order-${randomUUID().slice(0, 8)}`,
        successUrl: `${merchant.origin}/paid`,
        cancelUrl: `${merchant.origin}/cart`,
      })
      .expect(201);
    const paid = await harness.app.get(CheckoutPayments).pay({
      sessionId: (session.body as { id: string }).id,
      rail: 'CARD',
      fundingAccount: card,
      idempotencyKey: randomUUID(),
    });
    return { paymentId: paid.paymentId as string, outcome: paid.outcome };
  }

  const refund = (secret: string, body: Record<string, unknown>, key: string | null = randomUUID()) => {
    const call = harness.http.post(REFUNDS).set(bearer(secret));
    return key === null ? call.send(body) : call.set('Idempotency-Key', key).send(body);
  };

  const balances = async (secret: string): Promise<Balances> => {
    const { pending, available, reserve } = (
      await harness.http.get('/api/v1/merchant/ledger?currency=NGN').set(bearer(secret)).expect(200)
    ).body as Balances;
    return { pending, available, reserve };
  };

  /**
   * What a balance holds for the merchant, whatever part of it has become available: the release
   * job sees every merchant's due releases (a spec that runs it in the shared database may make this
   * spec's pending available), and a refund spends available before pending either way.
   */
  const held = ({ pending, available, reserve }: Balances) => ({ owed: pending + available, reserve });

  const paymentRefunded = async (paymentId: string) =>
    Number(
      (
        await harness.db.query<{ refunded_amount: string }[]>(
          `SELECT refunded_amount::text FROM payments WHERE id = $1`,
          [paymentId],
        )
      )[0].refunded_amount,
    );

  const refundRows = (paymentId: string) =>
    harness.db.query<{ id: string; amount: string; status: string }[]>(
      `SELECT id, amount::text, status FROM merchant_refunds WHERE payment_id = $1 ORDER BY created_at, id`,
      [paymentId],
    );

  const reversalOf = async (refundId: string) =>
    (
      await harness.db.query<{ id: string; payment_id: string; action: string; amount: string; status: string }[]>(
        `SELECT id, payment_id, action, amount::text, status FROM rail_reversals WHERE refund_id = $1`,
        [refundId],
      )
    )[0];

  /** The worker's try of the refund's rail reversal (the `payment.part_refund_requested` job's). */
  const railAnswers = async (refundId: string) =>
    harness.app.get(RailReversalService).reverseById((await reversalOf(refundId)).id);

  /**
   * The test balance's pending (as its ledger account holds it) and its pending releases not yet
   * made, read in one statement: the releases add up to the pending balance whatever a release run
   * has made available meanwhile, and one snapshot cannot see half of such a run.
   */
  const pendingAndReleases = async (merchantId: string) => {
    const [row] = await harness.db.query<{ pending: string; unreleased: string }[]>(
      `SELECT (SELECT coalesce(-sum(l.amount), 0) FROM ledger_accounts a JOIN journal_lines l ON l.account_id = a.id
                WHERE a.code = $2)::text AS pending,
              (SELECT coalesce(sum(amount), 0) FROM merchant_balance_releases
                WHERE merchant_id = $1 AND NOT livemode AND currency = 'NGN' AND kind = 'PENDING_TO_AVAILABLE'
                  AND released_at IS NULL)::text AS unreleased`,
      [merchantId, `merchant:${merchantId}:test:pending:NGN`],
    );
    return { pending: Number(row.pending), unreleased: Number(row.unreleased) };
  };

  /** The invariant a refund, and a refund given back, keep: the unreleased pending releases are the pending balance. */
  const expectReleasesMatchPending = async (merchantId: string) => {
    const { pending, unreleased } = await pendingAndReleases(merchantId);
    expect({ unreleased }).toEqual({ unreleased: pending });
  };

  beforeAll(async () => {
    harness = await createTestHarness({ redisNamespace: 'refunds' });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('refunds part, then the rest, of a test payment; the rail confirms each: SUCCEEDED with payment.refunded for webhooks and the stream', async () => {
    const shop = await newMerchant();
    await paidPayment(shop); // the balance a full refund needs beyond this payment's net
    const { paymentId, outcome } = await paidPayment(shop);
    expect(outcome).toBe('PAID');
    const before = await balances(shop.test);

    const first = await refund(shop.test, {
      paymentId,
      amount: 50_000,
      reason: 'REQUESTED_BY_CUSTOMER',
      note: 'one ticket returned',
    }).expect(201);
    const part = first.body as RefundBody;
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(part).toEqual({
      id: expect.any(String),
      paymentId,
      amount: 50_000,
      currency: 'NGN',
      reason: 'REQUESTED_BY_CUSTOMER',
      note: 'one ticket returned',
      status: 'PENDING',
      failureReason: null,
      payment: { id: paymentId, amount: AMOUNT, refundedAmount: 50_000, currency: 'NGN', status: 'SUCCEEDED' },
      livemode: false,
      createdAt: expect.any(String),
      refundedAt: null,
      failedAt: null,
    });
    expect(await paymentRefunded(paymentId)).toBe(50_000);
    expect(await reversalOf(part.id)).toEqual({
      id: expect.any(String),
      payment_id: paymentId,
      action: 'REFUND',
      amount: '50000',
      status: 'PENDING',
    });
    // Its job goes through the outbox, by the reversal's id.
    const [job] = await outboxEventsOf(harness, (await reversalOf(part.id)).id, 'payment.part_refund_requested');
    expect(job.payload).toEqual({
      paymentId,
      refundId: part.id,
      reversalId: (await reversalOf(part.id)).id,
      amount: 50_000,
      currency: 'NGN',
    });
    const afterPart = await balances(shop.test);
    expect(afterPart.available + afterPart.pending).toBe(before.available + before.pending - 50_000);

    // Amount left out: the rest.
    const rest = (await refund(shop.test, { paymentId, reason: 'DUPLICATE' }).expect(201)).body as RefundBody;
    expect(rest).toMatchObject({ amount: AMOUNT - 50_000, status: 'PENDING', payment: { refundedAmount: AMOUNT } });
    expect(await paymentRefunded(paymentId)).toBe(AMOUNT);
    const nothingLeft = await refund(shop.test, { paymentId, amount: 1, reason: 'DUPLICATE' }).expect(422);
    expect(nothingLeft.body).toMatchObject({
      code: 'REFUND_EXCEEDS_REMAINING',
      details: [{ field: 'remaining', message: '0' }],
    });
    const afterAll = await balances(shop.test);
    expect(afterAll.available + afterAll.pending).toBe(before.available + before.pending - AMOUNT);
    await expectReleasesMatchPending(shop.id);
    await expectLedgerBalanced(harness);

    // Listed newest first, for the payment; one by id.
    const listed = await harness.http.get(`${REFUNDS}?paymentId=${paymentId}`).set(bearer(shop.test)).expect(200);
    expect(listed.headers['x-total-count']).toBe('2');
    expect((listed.body as RefundBody[]).map((item) => item.id)).toEqual([rest.id, part.id]);
    const all = await harness.http.get(`${REFUNDS}?size=1`).set(bearer(shop.test)).expect(200);
    expect(all.headers['x-total-count']).toBe('2');
    expect((all.body as RefundBody[]).map((item) => item.id)).toEqual([rest.id]);
    expect(all.headers.link).toContain('rel="next"');

    // The rail confirms: each refund SUCCEEDED, under its own rail reference, with its event.
    await railAnswers(part.id);
    await railAnswers(rest.id);
    const read = (await harness.http.get(`${REFUNDS}/${part.id}`).set(bearer(shop.test)).expect(200))
      .body as RefundBody;
    expect(read).toMatchObject({ id: part.id, status: 'SUCCEEDED', refundedAt: expect.any(String), failedAt: null });
    expect((await reversalOf(part.id)).status).toBe('COMPLETED');
    const railRefunds = await harness.db.query<{ reference: string }[]>(
      `SELECT reference FROM sandbox_rail_operations WHERE kind = 'REFUND' AND reference = ANY ($1::text[])
        ORDER BY reference`,
      [[`refund:${part.id}`, `refund:${rest.id}`, `refund:${paymentId}`]],
    );
    expect(railRefunds.map((row) => row.reference).sort()).toEqual([`refund:${part.id}`, `refund:${rest.id}`].sort());
    expect(await paymentRefunded(paymentId)).toBe(AMOUNT);

    const refunded = await outboxEventsOf(harness, paymentId, 'merchant.payment.refunded');
    expect(refunded.map((event) => event.payload.refundId)).toEqual([part.id, rest.id]);
    expect(refunded[0].payload).toMatchObject({
      merchantId: shop.id,
      livemode: false,
      paymentId,
      status: 'SUCCEEDED',
      refundId: part.id,
      refundAmount: 50_000,
      refundStatus: 'SUCCEEDED',
      refundReason: 'REQUESTED_BY_CUSTOMER',
    });
    // As webhooks and the event stream send it: payment.refunded, the payment with its refund.
    const [event] = refunded;
    const received = WEBHOOK_OUTBOX_EVENTS.read(outboxEventJob(event));
    expect(received).not.toBeNull();
    const streamed = merchantStreamEventOf(received!);
    expect(streamed).toMatchObject({ merchantId: shop.id, livemode: false, type: 'payment.refunded' });
    expect(streamed?.envelope).toMatchObject({
      type: 'payment.refunded',
      livemode: false,
      data: {
        object: {
          id: paymentId,
          status: 'SUCCEEDED',
          amount: AMOUNT,
          refund: { id: part.id, amount: 50_000, status: 'SUCCEEDED', reason: 'REQUESTED_BY_CUSTOMER' },
        },
      },
    });
    await harness.app.get(MerchantEventRecorder).record(streamed!);
    const rows = await harness.db.query<{ type: string; livemode: boolean }[]>(
      `SELECT type, livemode FROM merchant_events WHERE id = $1`,
      [event.id],
    );
    expect(rows).toEqual([{ type: 'payment.refunded', livemode: false }]);

    // A second try of a settled reversal changes nothing.
    await railAnswers(part.id);
    expect(await outboxEventsOf(harness, paymentId, 'merchant.payment.refunded')).toHaveLength(2);
    await expectLedgerBalanced(harness);
  });

  it("the worker's rail reversal job (payment.part_refund_requested) settles the refund, as the worker composes it", async () => {
    const shop = await newMerchant();
    await paidPayment(shop);
    const { paymentId } = await paidPayment(shop);
    const made = (await refund(shop.test, { paymentId, amount: 70_000, reason: 'DUPLICATE' }).expect(201))
      .body as RefundBody;
    const reversalId = (await reversalOf(made.id)).id;
    const [row] = await outboxEventsOf(harness, reversalId, 'payment.part_refund_requested');

    // The worker's composition: the payments jobs beside the merchants jobs, which register the checkout hook.
    const worker = await startOutboxWorker(PaymentsJobsModule, {
      runConfig: harness.config,
      label: 'refunds',
      imports: [MerchantsJobsModule, ComplianceModule],
    });
    try {
      await worker
        .get(QueueRegistry)
        .get(PAYMENT_QUEUES.railReversals)
        .add(row.event_type, outboxEventJob(row), { jobId: row.id });
      expect((await settledJob(worker, PAYMENT_QUEUES.railReversals, row.id)).state).toBe('completed');
    } finally {
      await worker.close();
    }
    expect((await reversalOf(made.id)).status).toBe('COMPLETED');
    const read = (await harness.http.get(`${REFUNDS}/${made.id}`).set(bearer(shop.test)).expect(200))
      .body as RefundBody;
    expect(read).toMatchObject({ status: 'SUCCEEDED', payment: { refundedAmount: 70_000 } });
    expect(await outboxEventsOf(harness, paymentId, 'merchant.payment.refunded')).toHaveLength(1);
    await expectLedgerBalanced(harness);
  });

  it("the sweeper's statements find and claim a refund's reversal by its own id once due", async () => {
    const shop = await newMerchant();
    await paidPayment(shop);
    const { paymentId } = await paidPayment(shop);
    const ids: string[] = [];
    for (const amount of [10_000, 20_000]) {
      const made = (await refund(shop.test, { paymentId, amount, reason: 'DUPLICATE' }).expect(201)).body as RefundBody;
      ids.push((await reversalOf(made.id)).id);
    }
    const reversals = new RailReversalRepository();
    const manager = harness.db.manager;
    // Not due yet (the pickup grace): the sweeper leaves them to their jobs.
    expect(await reversals.claim(manager, ids[0], 30_000, true)).toBeNull();
    await harness.db.query(
      `UPDATE rail_reversals SET next_attempt_at = now() - interval '1 hour' WHERE id = ANY ($1)`,
      [ids],
    );
    expect(await reversals.due(manager, 10_000)).toEqual(expect.arrayContaining(ids));
    const claimed = await reversals.claim(manager, ids[1], 30_000, true);
    expect(claimed).toMatchObject({ id: ids[1], paymentId, action: 'REFUND', amount: 20_000, tries: 1 });
    expect(claimed?.refundId).toEqual(expect.any(String));
    // Leased: neither a second claim nor the due list takes it meanwhile.
    expect(await reversals.claim(manager, ids[1], 30_000, false)).toBeNull();
    expect(await reversals.due(manager, 10_000)).not.toContain(ids[1]);
    expect(await reversals.ownOf(manager, paymentId)).toBeNull();
  });

  it('20 concurrent partial refunds never return more than the payment: exactly those that fit succeed, the others 422', async () => {
    const shop = await newMerchant();
    await paidPayment(shop);
    const { paymentId } = await paidPayment(shop);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        refund(shop.test, { paymentId, amount: 20_000, reason: 'REQUESTED_BY_CUSTOMER' }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    const fit = Math.floor(AMOUNT / 20_000); // 12
    expect(statuses.filter((status) => status === 201)).toHaveLength(fit);
    expect(statuses.filter((status) => status === 422)).toHaveLength(20 - fit);
    for (const response of responses.filter((each) => each.status === 422)) {
      expect(response.body).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING' });
    }
    expect(await paymentRefunded(paymentId)).toBe(fit * 20_000);
    const rows = await refundRows(paymentId);
    expect(rows).toHaveLength(fit);
    expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(fit * 20_000);
    const reversals = await harness.db.query<{ n: string }[]>(
      `SELECT count(*)::text AS n FROM rail_reversals WHERE payment_id = $1 AND refund_id IS NOT NULL`,
      [paymentId],
    );
    expect(reversals[0].n).toBe(String(fit));
    await expectLedgerBalanced(harness);
  });

  it('replays the same key and body, refuses the key with another body, and needs a key and an API key', async () => {
    const shop = await newMerchant();
    await paidPayment(shop);
    const { paymentId } = await paidPayment(shop);
    const key = randomUUID();
    const body = { paymentId, amount: 30_000, reason: 'FRAUDULENT' };

    const first = (await refund(shop.test, body, key).expect(201)).body as RefundBody;
    const again = await refund(shop.test, body, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toMatchObject({ id: first.id, amount: 30_000, payment: { refundedAmount: 30_000 } });
    // Concurrent replays too make one refund.
    const racing = await Promise.all([1, 2, 3].map(() => refund(shop.test, body, key)));
    expect(racing.map((response) => [response.status, (response.body as RefundBody).id])).toEqual([
      [201, first.id],
      [201, first.id],
      [201, first.id],
    ]);

    const reused = await refund(shop.test, { ...body, amount: 30_001 }, key).expect(409);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const missing = await refund(shop.test, body, null).expect(409);
    expect(missing.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    await harness.http.post(REFUNDS).set('Idempotency-Key', randomUUID()).send(body).expect(401);
    await harness.http.get(REFUNDS).expect(401);
    const invalid = await refund(shop.test, { paymentId, reason: 'CHANGED_MIND' }).expect(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    await refund(shop.test, { paymentId, amount: 0, reason: 'DUPLICATE' }).expect(400);
    await refund(shop.test, { paymentId: 'not-a-uuid', reason: 'DUPLICATE' }).expect(400);

    expect(await refundRows(paymentId)).toHaveLength(1);
    expect(await paymentRefunded(paymentId)).toBe(30_000);
  });

  it("answers 404 for another merchant's payment or refund and for the other mode's", async () => {
    const shop = await newMerchant();
    const other = await newMerchant();
    await paidPayment(shop);
    const { paymentId } = await paidPayment(shop);
    const made = (await refund(shop.test, { paymentId, amount: 10_000, reason: 'DUPLICATE' }).expect(201))
      .body as RefundBody;

    for (const secret of [other.test, shop.live]) {
      const refused = await refund(secret, { paymentId, amount: 10_000, reason: 'DUPLICATE' }).expect(404);
      expect(refused.body).toMatchObject({ code: 'NOT_FOUND' });
      await harness.http.get(`${REFUNDS}/${made.id}`).set(bearer(secret)).expect(404);
      const listed = await harness.http.get(`${REFUNDS}?paymentId=${paymentId}`).set(bearer(secret)).expect(200);
      expect(listed.body).toEqual([]);
    }
    await refund(shop.test, { paymentId: randomUUID(), reason: 'DUPLICATE' }).expect(404);
    await harness.http.get(`${REFUNDS}/${randomUUID()}`).set(bearer(shop.test)).expect(404);
    expect(await paymentRefunded(paymentId)).toBe(10_000);
  });

  it('answers 409 PAYMENT_NOT_REFUNDABLE for a declined or unsettled payment, and writes nothing', async () => {
    const shop = await newMerchant();
    await paidPayment(shop);
    const declined = await paidPayment(shop, { card: DECLINED_CARD });
    expect(declined.outcome).toBe('DECLINED');
    const unsettled = await paidPayment(shop, { card: TIMEOUT_CARD });
    const before = await balances(shop.test);
    for (const { paymentId } of [declined, unsettled]) {
      const refused = await refund(shop.test, { paymentId, reason: 'REQUESTED_BY_CUSTOMER' }).expect(409);
      expect(refused.body).toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE' });
      expect(await refundRows(paymentId)).toEqual([]);
      expect(await paymentRefunded(paymentId)).toBe(0);
    }
    expect(held(await balances(shop.test))).toEqual(held(before));
  });

  it("answers 422 INSUFFICIENT_BALANCE when the merchant's balance does not cover the refund, and writes nothing", async () => {
    const shop = await newMerchant();
    const { paymentId } = await paidPayment(shop);
    const before = await balances(shop.test);
    // The payment's whole amount: more than its net, the only money of this balance.
    const refused = await refund(shop.test, { paymentId, reason: 'REQUESTED_BY_CUSTOMER' }).expect(422);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await paymentRefunded(paymentId)).toBe(0);
    expect(await refundRows(paymentId)).toEqual([]);
    const reversals = await harness.db.query(`SELECT id FROM rail_reversals WHERE payment_id = $1`, [paymentId]);
    expect(reversals).toEqual([]);
    expect(held(await balances(shop.test))).toEqual(held(before));
    // What the balance covers goes through.
    await refund(shop.test, { paymentId, amount: held(before).owed, reason: 'REQUESTED_BY_CUSTOMER' }).expect(201);
    expect(await balances(shop.test)).toEqual({ pending: 0, available: 0, reserve: before.reserve });
  });

  it('refunds live payments with the live key; a SUSPENDED merchant gets 403 MERCHANT_RESTRICTED', async () => {
    const shop = await newMerchant();
    await paidPayment(shop, { livemode: true });
    const { paymentId } = await paidPayment(shop, { livemode: true });
    const live = (await refund(shop.live, { paymentId, amount: 25_000, reason: 'DUPLICATE' }).expect(201))
      .body as RefundBody;
    expect(live).toMatchObject({ livemode: true, status: 'PENDING', payment: { refundedAmount: 25_000 } });
    await refund(shop.test, { paymentId, amount: 1, reason: 'DUPLICATE' }).expect(404);

    expect((await patchKyb(harness, shop.id, { status: 'SUSPENDED', reasonCode: 'risk.review' })).status).toBe(200);
    const restricted = await refund(shop.live, { paymentId, amount: 25_000, reason: 'DUPLICATE' }).expect(403);
    expect(restricted.body).toMatchObject({ code: 'MERCHANT_RESTRICTED' });
    expect(await paymentRefunded(paymentId)).toBe(25_000);
    expect(await refundRows(paymentId)).toHaveLength(1);
    // Reads still work.
    await harness.http.get(`${REFUNDS}/${live.id}`).set(bearer(shop.live)).expect(200);
  });

  it('a refund the rail refuses for good becomes FAILED: the balance and the refunded amount come back, with an event', async () => {
    const shop = await newMerchant();
    await paidPayment(shop);
    const { paymentId, outcome } = await paidPayment(shop, { card: REFUNDS_REFUSED_CARD });
    expect(outcome).toBe('PAID');
    const before = await balances(shop.test);
    await expectReleasesMatchPending(shop.id);

    const made = (await refund(shop.test, { paymentId, amount: 240_000, reason: 'REQUESTED_BY_CUSTOMER' }).expect(201))
      .body as RefundBody;
    expect(await paymentRefunded(paymentId)).toBe(240_000);
    const spent = await balances(shop.test);
    // The balances themselves in the message when it fails (it once read 0 owed here in a full run).
    expect({ owed: spent.available + spent.pending, spent, before }).toEqual({
      owed: before.available + before.pending - 240_000,
      spent,
      before,
    });

    await railAnswers(made.id);
    const failed = (await harness.http.get(`${REFUNDS}/${made.id}`).set(bearer(shop.test)).expect(200))
      .body as RefundBody;
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: expect.stringContaining('ACCOUNT_CLOSED'),
      failedAt: expect.any(String),
      refundedAt: null,
      payment: { refundedAmount: 0 },
    });
    expect((await reversalOf(made.id)).status).toBe('FAILED');
    expect(await paymentRefunded(paymentId)).toBe(0);
    expect(held(await balances(shop.test))).toEqual(held(before));
    await expectReleasesMatchPending(shop.id);
    const [event] = await outboxEventsOf(harness, paymentId, 'merchant.refund.failed');
    expect(event.payload).toMatchObject({ refundId: made.id, refundStatus: 'FAILED', refundedAmount: 0 });
    expect(await outboxEventsOf(harness, paymentId, 'merchant.payment.refunded')).toEqual([]);
    await expectLedgerBalanced(harness);

    // Settled for good: another try changes nothing, and what the payment has left can be refunded again.
    await railAnswers(made.id);
    expect((await reversalOf(made.id)).status).toBe('FAILED');
    expect(await outboxEventsOf(harness, paymentId, 'merchant.refund.failed')).toHaveLength(1);
    await refund(shop.test, { paymentId, amount: AMOUNT, reason: 'REQUESTED_BY_CUSTOMER' }).expect(201);
  });
});
