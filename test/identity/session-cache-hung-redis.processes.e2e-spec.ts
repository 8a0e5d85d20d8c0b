import Redis from 'ioredis';
import type { Counter } from 'prom-client';
import { MetricsRegistry } from '../../src/platform/metrics/metrics.registry';
import { bearer, login, randomPhoneNumber, signUp, Tokens } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { DisposableRedis, startDisposableRedis } from '../support/disposable-redis';
import { FakeClock } from '../support/fake-clock';
import { waitFor } from '../support/wait-for';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

const SKIP_MS = 5000;

type Outcome = 'hit' | 'miss' | 'skipped' | 'timeout' | 'error';

/**
 * The bearer guard's session cache in front of a Redis that hangs: a `redis-server` of the
 * spec's own, stopped with SIGSTOP, so connections stay open and nothing is answered. The app's
 * Redis commands may wait 30 s (REDIS_COMMAND_TIMEOUT_MS), longer than this test may run, so
 * every signed-in answer below exists only because the session lookup gave up on Redis early
 * and asked PostgreSQL, which also refuses a session revoked while Redis hangs. The clock is
 * the app's and stands still, so the lookups after the first timeout all fall in its skip
 * window: the counters show them never sent to Redis.
 */
describe('signed-in requests while Redis hangs', () => {
  const clock = new FakeClock();
  let redis: DisposableRedis;
  let kit: IdentityApp;

  beforeAll(async () => {
    redis = await startDisposableRedis();
    kit = await createIdentityApp({
      clock,
      config: {
        REDIS_URL: redis.url,
        REDIS_COMMAND_TIMEOUT_MS: '30000',
        // Generous for a loaded machine; still far below the command timeout.
        SESSION_CACHE_TIMEOUT_MS: '500',
        SESSION_CACHE_SKIP_MS: String(SKIP_MS),
      },
    });
  }, 60_000);

  afterAll(async () => {
    redis?.resume();
    await kit?.close();
    await redis?.kill();
  });

  /** The guard's lookups so far, by outcome. */
  async function lookups(): Promise<Record<Outcome, number>> {
    const counter = kit.app
      .get(MetricsRegistry)
      .registry.getSingleMetric('session_cache_lookups_total') as Counter<'outcome'>;
    const counts: Record<Outcome, number> = { hit: 0, miss: 0, skipped: 0, timeout: 0, error: 0 };
    for (const { labels, value } of (await counter.get()).values) counts[labels.outcome as Outcome] = value;
    return counts;
  }

  function since(before: Record<Outcome, number>, after: Record<Outcome, number>): Partial<Record<Outcome, number>> {
    return Object.fromEntries(
      Object.entries(after)
        .map(([outcome, value]) => [outcome, value - before[outcome as Outcome]])
        .filter(([, delta]) => delta !== 0),
    );
  }

  function profile(tokens: Tokens) {
    return kit.http.get('/api/v1/profile').set(bearer(tokens.accessToken));
  }

  it('answers from PostgreSQL without waiting for Redis, skips it, and refuses a revoked session', async () => {
    const phone = randomPhoneNumber();
    const phoneSession = await signUp(kit.http, phone);
    const laptopSession = await login(kit.http, phone);
    // Both sessions are in the cache, as active, and the cache answers (a stall of a loaded
    // machine may have made a lookup give up: the clock is moved past any skip window).
    await waitFor(
      async () => {
        clock.advance(SKIP_MS);
        const start = await lookups();
        for (const tokens of [phoneSession, laptopSession]) {
          expect((await profile(tokens).expect(200)).body.id).toBe(phoneSession.user.id);
        }
        return since(start, await lookups());
      },
      (delta) => JSON.stringify(delta) === JSON.stringify({ hit: 2 }),
      'both sessions answered from the cache',
      20,
    );
    const before = await lookups();

    redis.pause();

    const during = await profile(phoneSession);
    expect({ status: during.status, id: during.body.id }).toEqual({ status: 200, id: phoneSession.user.id });
    await kit.http
      .delete(`/api/v1/auth/sessions/${laptopSession.sessionId}`)
      .set(bearer(phoneSession.accessToken))
      .expect(204);
    // Redis still holds the laptop's session as active; PostgreSQL, which decides now, says revoked.
    expectApiError((await profile(laptopSession).expect(401)).body, 'UNAUTHENTICATED');
    expect((await profile(phoneSession).expect(200)).body.id).toBe(phoneSession.user.id);

    // One lookup waited for Redis and gave up; the three after it never asked.
    expect(since(before, await lookups())).toEqual({ timeout: 1, skipped: 3 });

    redis.resume();
    // Once the skip window has passed, a lookup asks Redis again, and the cache is in use.
    await waitFor(
      async () => {
        clock.advance(SKIP_MS);
        await profile(phoneSession).expect(200);
        return lookups();
      },
      (now) => now.hit + now.miss > before.hit + before.miss,
      'a session lookup answered by Redis',
      20,
    );
    // The revocation's tombstone, sent while Redis was stopped, landed when it resumed.
    const direct = new Redis(redis.url);
    try {
      const tombstone = await direct.get(`${kit.config.REDIS_KEY_PREFIX}:identity:session:${laptopSession.sessionId}`);
      expect(JSON.parse(tombstone ?? 'null')).toEqual({ revoked: true });
    } finally {
      direct.disconnect();
    }
    await profile(laptopSession).expect(401);
  }, 25_000);
});
