import type { Job } from 'bull';
import { randomUUID } from 'node:crypto';
import { CheckoutExpiryProcessor } from '../../src/modules/merchants/checkout/checkout-expiry.processor';
import {
  checkoutExpiryJobId,
  CheckoutExpiryScheduler,
} from '../../src/modules/merchants/checkout/checkout-expiry.scheduler';
import { CheckoutSessionExpiry, SWEEP_GRACE_MS } from '../../src/modules/merchants/checkout/checkout-session-expiry';
import { ComplianceModule } from '../../src/modules/compliance';
import { MerchantsJobsModule } from '../../src/modules/merchants';
import { CHECKOUT_EXPIRY_JOB, CheckoutExpiryJob, MERCHANT_QUEUES } from '../../src/modules/merchants/merchants.events';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { addVerifiedOrigin, patchKyb, setSettlementAccount } from '../factories/merchant.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { settledJob, startOutboxWorker } from '../support/outbox-worker';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface SessionBody {
  id: string;
  status: 'OPEN' | 'COMPLETE' | 'EXPIRED';
  paymentStatus: 'UNPAID' | 'PAID';
  amount: number;
  currency: string;
  merchantReference: string;
  url: string;
  livemode: boolean;
  expiresAt: string;
  createdAt: string;
  [field: string]: unknown;
}

const PATH = '/api/v1/merchant/checkout-sessions';
const MINUTE = 60_000;

describe('Merchant API: checkout sessions (POST and GET /merchant/checkout-sessions)', () => {
  const clock = new FakeClock();
  /**
   * A database of the spec's own: its expiry sweep, run with the clock half an hour ahead, expires
   * every overdue open session it finds, whoever's, under other specs' checkouts.
   */
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let shop: KeyedMerchant;
  let other: KeyedMerchant;
  let liveOrigin: string;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const create = (secret: string, body: Record<string, unknown>, key: string | null = randomUUID()) => {
    const request = harness.http.post(PATH).set(bearer(secret));
    return (key === null ? request : request.set('Idempotency-Key', key)).send(body);
  };
  const read = (secret: string, id: string) => harness.http.get(`${PATH}/${id}`).set(bearer(secret));

  /** An https origin of the merchant, VERIFIED as a DNS check would leave it. */
  const verifiedOrigin = async (merchant: KeyedMerchant) => (await addVerifiedOrigin(harness, merchant.owner)).origin;

  const order = (overrides: Record<string, unknown> = {}) => ({
    amount: 250000,
    currency: 'NGN',
    merchantReference: `order-${randomUUID().slice(0, 8)}`,
    successUrl: `${liveOrigin}/paid?ref=1`,
    cancelUrl: `${liveOrigin}/cart`,
    ...overrides,
  });

  const rowOf = async (id: string) =>
    (
      await harness.db.query<
        {
          merchant_id: string;
          livemode: boolean;
          status: string;
          amount: string;
          idempotency_key: string;
          request_fingerprint: string;
          created_by_api_key_id: string;
          expires_at: Date;
          expired_at: Date | null;
          metadata: Record<string, string>;
        }[]
      >(`SELECT * FROM merchant_checkout_sessions WHERE id = $1`, [id])
    )[0];
  const eventsOf = (id: string) =>
    harness.db.query<{ event_type: string; payload: Record<string, unknown> }[]>(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'checkout_session' AND aggregate_id = $1
        ORDER BY created_at, id`,
      [id],
    );
  const expiryQueue = () => harness.app.get(QueueRegistry).get(MERCHANT_QUEUES.checkoutExpiry);

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({ clock, redisNamespace: 'checkout', config: { DATABASE_URL: database.url } });
    shop = await merchantWithKeys(harness);
    other = await merchantWithKeys(harness);
    liveOrigin = await verifiedOrigin(shop);
  });

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  it('opens a test session OPEN for 24 hours with its hosted page URL, audits it, raises its event and queues its expiry', async () => {
    const body = order({ metadata: { orderId: 'ord_1042' }, title: 'Two tickets', customerEmail: 'ada@example.com' });
    const response = await create(shop.test, body).expect(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const session = response.body as SessionBody;
    const base = harness.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
    expect(session).toEqual({
      id: expect.any(String),
      status: 'OPEN',
      paymentStatus: 'UNPAID',
      amount: 250000,
      currency: 'NGN',
      merchantReference: body.merchantReference,
      title: 'Two tickets',
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      customerEmail: 'ada@example.com',
      url: `${base}/c/${session.id}`,
      source: 'API',
      paymentLinkId: null,
      paymentId: null,
      metadata: { orderId: 'ord_1042' },
      livemode: false,
      expiresAt: new Date(clock.now().getTime() + 1440 * MINUTE).toISOString(),
      completedAt: null,
      createdAt: clock.now().toISOString(),
    });

    const row = await rowOf(session.id);
    expect(row).toMatchObject({ merchant_id: shop.id, livemode: false, status: 'OPEN', amount: '250000' });
    expect(row.request_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await harness.db.query<{ action: string; actor_role: string; actor_api_key_id: string }[]>(
      `SELECT action, actor_role, actor_api_key_id FROM merchant_audit_log WHERE target_id = $1`,
      [session.id],
    );
    expect(audit).toEqual({
      action: 'CHECKOUT_SESSION_CREATED',
      actor_role: 'API_KEY',
      actor_api_key_id: row.created_by_api_key_id,
    });
    expect(await eventsOf(session.id)).toEqual([
      {
        event_type: 'merchant.checkout_session.created',
        payload: expect.objectContaining({
          merchantId: shop.id,
          checkoutSessionId: session.id,
          status: 'OPEN',
          livemode: false,
        }),
      },
    ]);
    const job = await expiryQueue().getJob(checkoutExpiryJobId(session.id, new Date(session.expiresAt)));
    expect(job?.data).toEqual({ checkoutSessionId: session.id });
    expect(job?.opts.delay).toBe(1440 * MINUTE);

    // The merchant reads it back with the same key.
    expect((await read(shop.test, session.id).expect(200)).body).toEqual(session);
  });

  it('answers 401 without a key or with a bad one, and 403 MERCHANT_API_KEY_REQUIRED to a person of the team', async () => {
    expectCataloguedApiError((await harness.http.post(PATH).send(order()).expect(401)).body, 'UNAUTHENTICATED');
    expectCataloguedApiError((await harness.http.get(`${PATH}/${randomUUID()}`).expect(401)).body, 'UNAUTHENTICATED');
    await create(`sk_test_${'x'.repeat(43)}`, order()).expect(401);
    const asPerson = await harness.http
      .post(PATH)
      .set(shop.owner.headers)
      .set('Idempotency-Key', randomUUID())
      .send(order())
      .expect(403);
    expectCataloguedApiError(asPerson.body, 'MERCHANT_API_KEY_REQUIRED');
  });

  describe('Idempotency-Key', () => {
    it('is required: 409 IDEMPOTENCY_KEY_REQUIRED and nothing stored', async () => {
      const body = order();
      const response = await create(shop.test, body, null).expect(409);
      expectCataloguedApiError(response.body, 'IDEMPOTENCY_KEY_REQUIRED');
      const rows = await harness.db.query(`SELECT 1 FROM merchant_checkout_sessions WHERE merchant_reference = $1`, [
        body.merchantReference,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('replays the first session for the same key and body (fields in any order), per mode', async () => {
      const key = randomUUID();
      const body = order({ metadata: { b: '2', a: '1' } });
      const first = (await create(shop.test, body, key).expect(201)).body as SessionBody;
      const reordered = Object.fromEntries(Object.entries({ ...body, metadata: { a: '1', b: '2' } }).reverse());
      const again = await create(shop.test, reordered, key).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first);
      // The same key under the live key is another scope: a session of its own.
      const live = (await create(shop.live, body, key).expect(201)).body as SessionBody;
      expect(live.id).not.toBe(first.id);
      expect(live.livemode).toBe(true);
      const rows = await harness.db.query<{ livemode: boolean }[]>(
        `SELECT livemode FROM merchant_checkout_sessions WHERE merchant_id = $1 AND idempotency_key = $2 ORDER BY livemode`,
        [shop.id, key],
      );
      expect(rows).toEqual([{ livemode: false }, { livemode: true }]);
    });

    it('refuses the same key with another body: 409 IDEMPOTENCY_KEY_REUSED naming the first session', async () => {
      const key = randomUUID();
      const first = (await create(shop.test, order(), key).expect(201)).body as SessionBody;
      const response = await create(shop.test, order({ amount: 1 }), key).expect(409);
      expectCataloguedApiError(response.body, 'IDEMPOTENCY_KEY_REUSED');
      expect((response.body as { details: unknown }).details).toEqual([
        { field: 'checkoutSessionId', message: first.id },
      ]);
      expect((await rowOf(first.id)).amount).toBe('250000');
    });

    it('opens one session for concurrent requests with the same key', async () => {
      const key = randomUUID();
      const body = order();
      const responses = await Promise.all(Array.from({ length: 6 }, () => create(shop.test, body, key)));
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
      const ids = new Set(responses.map((response) => (response.body as SessionBody).id));
      expect(ids.size).toBe(1);
      const rows = await harness.db.query(`SELECT id FROM merchant_checkout_sessions WHERE idempotency_key = $1`, [
        key,
      ]);
      expect(rows).toHaveLength(1);
      expect(await eventsOf([...ids][0])).toHaveLength(1);
    });
  });

  it.each([
    ['amount 0', { amount: 0 }, 'amount'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['a fractional amount', { amount: 10.5 }, 'amount'],
    ['an amount past the bound', { amount: 100_000_000_001 }, 'amount'],
    ['a currency that is not ISO 4217', { currency: 'ABC' }, 'currency'],
    ['an empty merchant reference', { merchantReference: '' }, 'merchantReference'],
    ['a merchant reference of 101 characters', { merchantReference: 'r'.repeat(101) }, 'merchantReference'],
    ['an expiry under 30 minutes', { expiresInMinutes: 29 }, 'expiresInMinutes'],
    ['an expiry over 24 hours', { expiresInMinutes: 1441 }, 'expiresInMinutes'],
    [
      '21 metadata keys',
      { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
      'metadata',
    ],
    ['a metadata value that is not a string', { metadata: { count: 3 } }, 'metadata'],
    ['a metadata value of 501 characters', { metadata: { note: 'n'.repeat(501) } }, 'metadata'],
    ['no success URL', { successUrl: undefined }, 'successUrl'],
  ])('answers 400 VALIDATION_FAILED for %s', async (_case, overrides, field) => {
    const response = await create(shop.test, order(overrides)).expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect(JSON.stringify(response.body)).toContain(field);
  });

  describe('redirect URLs', () => {
    it('live: success and cancel URLs on a VERIFIED origin of the merchant pass, and nothing else', async () => {
      await create(shop.live, order()).expect(201);
      const pending = `https://${randomUUID().slice(0, 8)}.pending.example`;
      await harness.http.post('/api/v1/merchant/origins').set(shop.owner.headers).send({ origin: pending }).expect(201);
      const localhost = 'http://localhost:4242';
      await harness.http
        .post('/api/v1/merchant/origins')
        .set(shop.owner.headers)
        .send({ origin: localhost })
        .expect(201);
      const otherOrigin = await verifiedOrigin(other);
      for (const [field, url] of [
        ['successUrl', `${pending}/paid`],
        ['cancelUrl', `${pending}/cart`],
        ['successUrl', `${localhost}/paid`],
        ['successUrl', `${otherOrigin}/paid`],
        ['successUrl', 'https://unknown.example/paid'],
        ['successUrl', `${liveOrigin.replace('https://', 'http://')}/paid`],
        ['successUrl', `${liveOrigin.replace('https://', 'https://user:pw@')}/paid`],
        ['cancelUrl', '/relative'],
      ]) {
        const response = await create(shop.live, order({ [field]: url })).expect(422);
        expectCataloguedApiError(response.body, 'REDIRECT_URL_NOT_ALLOWED');
        expect((response.body as { details: { field: string }[] }).details[0].field).toBe(field);
      }
      // The origin with its default port spelled out is the same origin.
      await create(shop.live, order({ successUrl: `${liveOrigin}:443/paid` })).expect(201);
    });

    it('test: localhost and any https URL pass; plain http elsewhere, IP literals and user information do not', async () => {
      await create(
        shop.test,
        order({ successUrl: 'http://localhost:3000/paid', cancelUrl: 'http://localhost/cart' }),
      ).expect(201);
      await create(shop.test, order({ successUrl: 'https://unverified.example/paid' })).expect(201);
      for (const url of [
        'http://shop.example/paid',
        'https://127.0.0.1/paid',
        'https://a:b@shop.example/',
        'not a url',
      ]) {
        const response = await create(shop.test, order({ successUrl: url })).expect(422);
        expectCataloguedApiError(response.body, 'REDIRECT_URL_NOT_ALLOWED');
      }
    });
  });

  it('takes only a currency the merchant settles in, once it has a settlement account (422 CURRENCY_NOT_SUPPORTED)', async () => {
    const merchant = await merchantWithKeys(harness);
    await create(
      merchant.test,
      order({ currency: 'USD', successUrl: 'https://a.example/', cancelUrl: 'https://a.example/' }),
    ).expect(201);
    await setSettlementAccount(harness, merchant.id);
    const urls = { successUrl: 'https://a.example/', cancelUrl: 'https://a.example/' };
    const refused = await create(merchant.test, order({ currency: 'USD', ...urls })).expect(422);
    expectCataloguedApiError(refused.body, 'CURRENCY_NOT_SUPPORTED');
    await create(merchant.test, order({ currency: 'NGN', ...urls })).expect(201);
  });

  it('refuses live sessions of a SUSPENDED merchant (403 MERCHANT_RESTRICTED); test sessions and reads go on', async () => {
    const merchant = await merchantWithKeys(harness);
    const origin = await verifiedOrigin(merchant);
    const urls = { successUrl: `${origin}/paid`, cancelUrl: `${origin}/cart` };
    const before = (await create(merchant.live, order(urls)).expect(201)).body as SessionBody;
    expect((await patchKyb(harness, merchant.id, { status: 'SUSPENDED', reasonCode: 'risk.review' })).status).toBe(200);
    const body = order(urls);
    const refused = await create(merchant.live, body).expect(403);
    expectCataloguedApiError(refused.body, 'MERCHANT_RESTRICTED');
    const rows = await harness.db.query(`SELECT 1 FROM merchant_checkout_sessions WHERE merchant_reference = $1`, [
      body.merchantReference,
    ]);
    expect(rows).toHaveLength(0);
    await create(merchant.test, order(urls)).expect(201);
    expect((await read(merchant.live, before.id).expect(200)).body).toMatchObject({ id: before.id, status: 'OPEN' });
  });

  it('keeps modes and merchants apart: the other mode, another merchant or no such session is 404', async () => {
    const test = (await create(shop.test, order()).expect(201)).body as SessionBody;
    const live = (await create(shop.live, order()).expect(201)).body as SessionBody;
    await read(shop.test, test.id).expect(200);
    await read(shop.live, live.id).expect(200);
    for (const [secret, id] of [
      [shop.live, test.id],
      [shop.test, live.id],
      [other.test, test.id],
      [other.live, live.id],
      [shop.test, randomUUID()],
    ]) {
      expectCataloguedApiError((await read(secret, id).expect(404)).body, 'NOT_FOUND');
    }
    await read(shop.test, 'not-a-uuid').expect(400);
  });

  it('answers EXPIRED when read after expiresAt though no job ran, and stores it once', async () => {
    const session = (await create(shop.test, order({ expiresInMinutes: 30 })).expect(201)).body as SessionBody;
    expect(session.expiresAt).toBe(new Date(clock.now().getTime() + 30 * MINUTE).toISOString());
    clock.advance(30 * MINUTE - 1000);
    expect((await read(shop.test, session.id).expect(200)).body).toMatchObject({ status: 'OPEN' });
    clock.advance(1000);
    const expired = (await read(shop.test, session.id).expect(200)).body as SessionBody;
    expect(expired).toMatchObject({ status: 'EXPIRED', paymentStatus: 'UNPAID' });
    const row = await rowOf(session.id);
    expect(row.status).toBe('EXPIRED');
    expect(row.expired_at?.toISOString()).toBe(clock.now().toISOString());
    await read(shop.test, session.id).expect(200);
    expect((await eventsOf(session.id)).map((event) => event.event_type)).toEqual([
      'merchant.checkout_session.created',
      'merchant.checkout_session.expired',
    ]);
  });

  it('the sweep expires a session whose expiry job was lost, once it is overdue past the grace, and only once', async () => {
    const expiry = harness.app.get(CheckoutSessionExpiry);
    const session = (await create(shop.test, order({ expiresInMinutes: 30 })).expect(201)).body as SessionBody;
    const job = await expiryQueue().getJob(checkoutExpiryJobId(session.id, new Date(session.expiresAt)));
    await job?.remove(); // Redis lost it

    clock.advance(30 * MINUTE + SWEEP_GRACE_MS);
    await expiry.sweep();
    expect((await rowOf(session.id)).status).toBe('OPEN'); // within the grace: the job's to do

    clock.advance(1000);
    expect(await expiry.sweep()).toBeGreaterThanOrEqual(1);
    const row = await rowOf(session.id);
    expect(row.status).toBe('EXPIRED');
    expect(row.expired_at?.toISOString()).toBe(clock.now().toISOString());
    await expiry.sweep();
    expect((await eventsOf(session.id)).map((event) => event.event_type)).toEqual([
      'merchant.checkout_session.created',
      'merchant.checkout_session.expired',
    ]);
  });

  it('the expiry job expires a session when due, puts itself back when early, and leaves a final session alone', async () => {
    const processor = new CheckoutExpiryProcessor(
      harness.app.get(CheckoutSessionExpiry),
      harness.app.get(CheckoutExpiryScheduler),
    );
    const run = (id: string) => processor.handle({ data: { checkoutSessionId: id } } as Job<CheckoutExpiryJob>);
    const session = (await create(shop.test, order({ expiresInMinutes: 45 })).expect(201)).body as SessionBody;
    const job = await expiryQueue().getJob(checkoutExpiryJobId(session.id, new Date(session.expiresAt)));
    expect(job?.opts.delay).toBe(45 * MINUTE);

    // Early by this clock: nothing changes, and the job is queued again for the time left.
    clock.advance(40 * MINUTE);
    await run(session.id);
    expect((await rowOf(session.id)).status).toBe('OPEN');
    const delayed = await expiryQueue().getDelayed();
    expect(
      delayed
        .filter((queued) => (queued.data as CheckoutExpiryJob).checkoutSessionId === session.id)
        .map((queued) => queued.opts.delay),
    ).toContain(5 * MINUTE);

    clock.advance(5 * MINUTE);
    await run(session.id);
    expect((await rowOf(session.id)).status).toBe('EXPIRED');
    await run(session.id);
    expect((await eventsOf(session.id)).map((event) => event.event_type)).toEqual([
      'merchant.checkout_session.created',
      'merchant.checkout_session.expired',
    ]);
    expect((await read(shop.test, session.id).expect(200)).body).toMatchObject({ status: 'EXPIRED' });

    // A session completed meanwhile (a later slice's payment) stays COMPLETE.
    const paid = (await create(shop.test, order({ expiresInMinutes: 30 })).expect(201)).body as SessionBody;
    const paymentId = randomUUID();
    await harness.db.query(
      `UPDATE merchant_checkout_sessions SET status = 'COMPLETE', completed_at = now(), payment_id = $2 WHERE id = $1`,
      [paid.id, paymentId],
    );
    clock.advance(31 * MINUTE);
    await run(paid.id);
    expect((await read(shop.test, paid.id).expect(200)).body).toMatchObject({
      status: 'COMPLETE',
      paymentStatus: 'PAID',
      paymentId,
    });
    expect((await rowOf(paid.id)).expired_at).toBeNull();
  });

  it('the worker runs the expiry job from its queue (MerchantsJobsModule as WorkerModule composes it)', async () => {
    const worker = await startOutboxWorker(MerchantsJobsModule, {
      runConfig: harness.config,
      label: 'expiry',
      // The checkout hook brings the payment core, whose screening port ComplianceModule binds (as in WorkerModule).
      imports: [ComplianceModule],
    });
    try {
      const session = (await create(shop.test, order({ expiresInMinutes: 30 })).expect(201)).body as SessionBody;
      // Due by the worker's (system) clock.
      await harness.db.query(
        `UPDATE merchant_checkout_sessions
            SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 second' WHERE id = $1`,
        [session.id],
      );
      const jobId = `due-${session.id}`;
      await worker
        .get(QueueRegistry)
        .get(MERCHANT_QUEUES.checkoutExpiry)
        .add(CHECKOUT_EXPIRY_JOB, { checkoutSessionId: session.id } satisfies CheckoutExpiryJob, { jobId });
      expect((await settledJob(worker, MERCHANT_QUEUES.checkoutExpiry, jobId)).state).toBe('completed');
      expect((await rowOf(session.id)).status).toBe('EXPIRED');
    } finally {
      await worker.close();
    }
  });

  it('replays an expired session as it now stands', async () => {
    const key = randomUUID();
    const body = order({ expiresInMinutes: 30 });
    await create(shop.test, body, key).expect(201);
    clock.advance(31 * MINUTE);
    const replay = await create(shop.test, body, key).expect(201);
    expect(replay.body).toMatchObject({ status: 'EXPIRED' });
  });
});
