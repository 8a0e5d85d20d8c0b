import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import type { Response } from 'supertest';
import { randomPhoneNumber, SignedInUser } from '../factories/customer.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { createPaymentsApp, PaymentsApp } from '../payments/support/payments-kit';
import { DisposableRedis, startDisposableRedis } from '../support/disposable-redis';
import { FaultProxy, startDatabaseProxy } from '../support/fault-proxy';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

/**
 * A generous bound on a request that should fail fast: before the fix, a Redis outage held
 * requests 3-7 s. Not a benchmark; it only tells "refused at once" from "waited for retries".
 */
const FAST_MS = 1500;
/** The PostgreSQL app's DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS. */
const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1000;
/** data-source-options.ts: the client gives up this long after the server's statement_timeout. */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2000;

async function timed(request: PromiseLike<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await request;
  return { response, ms: performance.now() - started };
}

function expectUnavailable(response: Response, dependency: 'redis' | 'database'): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 503,
    body: {
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
      requestId: expect.any(String),
      details: expect.arrayContaining([{ field: dependency, message: expect.any(String) }]),
    },
  });
  expect(response.headers['retry-after']).toBe('5');
}

/** Polls readiness until it answers `status`: the app notices an outage or a return on its own. */
async function waitForReadiness(kit: PaymentsApp, status: 200 | 503): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await kit.http.get('/api/v1/health/ready')).status;
    if (last === status) return;
    await sleep(50);
  }
  throw new Error(`readiness answered ${last}, not ${status}, for 15 s`);
}

describe('dependency outages', () => {
  let database: IsolatedDatabase;
  let redis: DisposableRedis;
  /** Straight to the database, never through the proxy: what the app wrote, whatever its state. */
  let direct: Client;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    redis = await startDisposableRedis();
    direct = new Client({ connectionString: database.url });
    await direct.connect();
  }, 60_000);

  afterAll(async () => {
    await direct?.end().catch(() => undefined);
    await redis?.kill();
    await database?.drop();
  });

  /** Rows a refused payment must not have left behind. */
  async function writes(customerId: string): Promise<Record<string, number>> {
    const { rows } = await direct.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM payments WHERE customer_id = $1) AS payments,
              (SELECT count(*)::int FROM journal_entries) AS entries,
              (SELECT count(*)::int FROM outbox_events) AS events`,
      [customerId],
    );
    return rows[0];
  }

  describe('when Redis stops', () => {
    let kit: PaymentsApp;

    beforeAll(async () => {
      kit = await createPaymentsApp({ config: { DATABASE_URL: database.url, REDIS_URL: redis.url } });
    }, 60_000);

    afterAll(async () => {
      await redis.start();
      await kit?.close();
    });

    it('refuses what needs Redis with 503 at once, serves what does not, and recovers when it returns', async () => {
      const customer = await kit.newCustomer();
      const earlier = await kit.pay(customer, {});
      expect(earlier.status).toBe(200);
      // Opens the metrics' Bull queues, so the outage below finds them connected.
      const scraped = await kit.http.get('/metrics').expect(200);
      expect(scraped.text).toMatch(/queue_jobs\{queue="[^"]+",state="waiting"\} \d+/);

      await redis.kill();
      await waitForReadiness(kit, 503);

      // The biller's circuit cannot be read: refused before anything is written.
      const before = await writes(customer.userId);
      const payment = await timed(kit.pay(customer, { amount: 120_000 }, 'during-redis-outage'));
      expectUnavailable(payment.response, 'redis');
      expect(payment.ms).toBeLessThan(FAST_MS);
      expect(await writes(customer.userId)).toEqual(before);

      // Reads whose Redis use is only a cache go to PostgreSQL and the biller.
      const profile = await timed(kit.http.get('/api/v1/profile').set(customer.headers));
      expect(profile.response.status).toBe(200);
      expect(profile.response.body.id).toBe(customer.userId);
      const list = await timed(kit.http.get('/api/v1/payments').set(customer.headers));
      expect(list.response.status).toBe(200);
      expect(list.response.body.items.map((item: { id: string }) => item.id)).toEqual([earlier.body.id]);
      const validation = await timed(
        kit.http
          .post(`/api/v1/billers/${kit.biller.slug}/account-validation`)
          .set(customer.headers)
          .send({ accountReference: GOOD_REFERENCE }),
      );
      expect(validation.response.status).toBe(200);
      expect(validation.response.body.valid).toBe(true);
      // A reorder draft is a preview: the unreadable circuit makes it unavailable, not an error.
      const draft = await timed(kit.http.post(`/api/v1/payments/${earlier.body.id}/reorder`).set(customer.headers));
      expect(draft.response.status).toBe(200);
      expect(draft.response.body).toMatchObject({
        billerAvailable: false,
        unavailableReason: "the biller's availability cannot be checked right now",
      });
      for (const read of [profile, list, validation, draft]) expect(read.ms).toBeLessThan(FAST_MS);

      // Rate-limited routes fail closed: no counter, no PIN or OTP guessing.
      const login = await timed(kit.http.post('/api/v1/auth/login').send({ phone: customer.phone, pin: '135790' }));
      expectUnavailable(login.response, 'redis');
      const register = await timed(kit.http.post('/api/v1/auth/register').send({ phone: randomPhoneNumber() }));
      expectUnavailable(register.response, 'redis');
      for (const refused of [login, register]) expect(refused.ms).toBeLessThan(FAST_MS);

      // Operations still see the outage.
      const ready = await kit.http.get('/api/v1/health/ready');
      expectUnavailable(ready, 'redis');
      await kit.http.get('/api/v1/health/live').expect(200);
      const metrics = await timed(kit.http.get('/metrics'));
      expect(metrics.response.status).toBe(200);
      expect(metrics.response.text).toContain('http_requests_total');
      expect(metrics.ms).toBeLessThan(FAST_MS);

      await redis.start();
      await waitForReadiness(kit, 200);

      // The key of the refused payment was never recorded: the retry is a first payment.
      const retried = await kit.pay(customer, { amount: 120_000 }, 'during-redis-outage');
      expect(retried.status).toBe(200);
      expect(await writes(customer.userId)).toMatchObject({ payments: before.payments + 1 });
      await kit.http.post('/api/v1/auth/register').send({ phone: randomPhoneNumber() }).expect(200);
      await kit.http.get('/api/v1/profile').set(customer.headers).expect(200);
    }, 60_000);
  });

  describe('when PostgreSQL stops answering', () => {
    let proxy: FaultProxy;
    let kit: PaymentsApp;
    let customer: SignedInUser;

    beforeAll(async () => {
      await redis.start();
      const through = await startDatabaseProxy(database.url);
      proxy = through.proxy;
      kit = await createPaymentsApp({
        config: {
          DATABASE_URL: through.url,
          REDIS_URL: redis.url,
          DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
          DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        },
      });
      customer = await kit.newCustomer();
    }, 60_000);

    afterAll(async () => {
      await proxy?.setMode('forward');
      await kit?.close();
      await proxy?.close();
    });

    /** Routes that need the database, each as a fresh request. */
    function databaseRoutes(): [string, () => PromiseLike<Response>][] {
      return [
        ['GET /profile', () => kit.http.get('/api/v1/profile').set(customer.headers)],
        ['GET /payments', () => kit.http.get('/api/v1/payments').set(customer.headers)],
        ['POST /payments', () => kit.pay(customer, {}, 'during-database-outage')],
        ['POST /auth/login', () => kit.http.post('/api/v1/auth/login').send({ phone: customer.phone, pin: '135790' })],
        ['GET /billers', () => kit.http.get('/api/v1/billers')],
      ];
    }

    async function expectServing(): Promise<void> {
      await kit.http.get('/api/v1/profile').set(customer.headers).expect(200);
      await kit.http.get('/api/v1/payments').set(customer.headers).expect(200);
      await kit.http.get('/api/v1/billers').expect(200);
    }

    it('answers 503 at once while connections are refused, writes nothing, and recovers', async () => {
      await expectServing();
      const before = await writes(customer.userId);

      await proxy.setMode('refuse');
      for (const [route, send] of databaseRoutes()) {
        const { response, ms } = await timed(send());
        expect({ route, status: response.status }).toEqual({ route, status: 503 });
        expectUnavailable(response, 'database');
        expect(ms).toBeLessThan(FAST_MS);
      }
      const ready = await timed(kit.http.get('/api/v1/health/ready'));
      expectUnavailable(ready.response, 'database');
      expect(ready.ms).toBeLessThan(FAST_MS);
      await kit.http.get('/api/v1/health/live').expect(200);

      await proxy.setMode('forward');
      await waitForReadiness(kit, 200);
      await expectServing();
      expect(await writes(customer.userId)).toEqual(before);
      // The refused payment left no trace under its key.
      expect((await kit.pay(customer, {}, 'during-database-outage')).status).toBe(200);
    }, 60_000);

    it('answers 503 within the connect timeout when the server accepts connections but never answers', async () => {
      await expectServing();
      await proxy.setMode('blackhole');
      for (const [route, send] of databaseRoutes()) {
        const { response, ms } = await timed(send());
        expect({ route, status: response.status }).toEqual({ route, status: 503 });
        expectUnavailable(response, 'database');
        // Waited for the connect timeout (the connection was accepted), and not much longer.
        expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
        expect(ms).toBeLessThan(2 * CONNECT_TIMEOUT_MS + FAST_MS);
      }

      await proxy.setMode('forward');
      await waitForReadiness(kit, 200);
      await expectServing();
    }, 60_000);

    it('answers 503 within the query timeout when the server hangs mid-connection', async () => {
      await expectServing();
      await proxy.setMode('freeze');
      const { response, ms } = await timed(kit.http.get('/api/v1/payments').set(customer.headers));
      expectUnavailable(response, 'database');
      expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + FAST_MS);

      await proxy.setMode('forward');
      await waitForReadiness(kit, 200);
      await expectServing();
    }, 60_000);
  });
});
