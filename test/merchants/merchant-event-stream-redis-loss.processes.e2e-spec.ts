import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { approvedMerchant, patchKyb } from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { adminOf } from '../factories/staff-user.factory';
import { ServiceProcess, startWorkerProcess } from '../payments/support/service-process';
import { expectCataloguedApiError } from '../support/assertions';
import { DisposableRedis, startDisposableRedis } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { EventStreamClient } from './support/event-stream-client';

/**
 * The event stream when Redis goes away and comes back empty (SIGKILL, no persistence): a stream
 * already open stays open; a new one is refused with 503 while Redis is down; once Redis is back
 * the open stream's slot is in Redis again (the heartbeat renews it into the empty set) and the
 * next event reaches it once (live through the reconnected subscriber, or from the table at a
 * heartbeat, whichever comes first).
 */
describe('the merchant event stream through a Redis restart', () => {
  let database: IsolatedDatabase;
  let redis: DisposableRedis;
  let harness: TestHarness;
  let worker: ServiceProcess | undefined;
  let port: number;
  const clients: EventStreamClient[] = [];

  beforeAll(async () => {
    [database, redis] = await Promise.all([createIsolatedDatabase(), startDisposableRedis()]);
    harness = await createTestHarness({
      config: {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `sse-loss-${randomBytes(3).toString('hex')}`,
        OUTBOX_POLL_INTERVAL_MS: '50',
        MERCHANT_EVENTS_HEARTBEAT_MS: '250',
      },
    });
    port = (harness.app.getHttpServer().address() as AddressInfo).port;
    worker = startWorkerProcess(harness.configuration.environment);
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await harness?.close();
    await redis?.kill();
    await database?.drop();
  });

  async function connect(secret: string): Promise<EventStreamClient> {
    const client = await EventStreamClient.open(port, secret);
    clients.push(client);
    return client;
  }

  it('keeps an open stream through the restart, refuses new ones while Redis is down, and delivers after', async () => {
    const admin = await adminOf(harness);
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const key = (
      await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({ livemode: true }).expect(201)
    ).body as { id: string; secret: string };
    await waitFor(
      () => harness.db.query<{ id: string }[]>(`SELECT id FROM merchant_events WHERE merchant_id = $1`, [merchant.id]),
      (rows) => rows.length === 1,
      'the approval recorded by the worker',
    );
    const stream = await connect(key.secret);
    expect(stream.status).toBe(200);

    await redis.kill();
    const refused = await connect(key.secret);
    expect(refused.status).toBe(503);
    expectCataloguedApiError(refused.body, 'SERVICE_UNAVAILABLE');
    expect(refused.body.details).toEqual([{ field: 'redis', message: 'does not answer' }]);
    expect(stream.isEnded).toBe(false);

    await redis.start();
    const probe = new Redis(redis.url, { keyPrefix: `${harness.config.REDIS_KEY_PREFIX}:` });
    try {
      // The heartbeat puts the open stream's slot back into the emptied set.
      await waitFor(
        () => probe.zcard(`merchant-event-streams:${key.id}`),
        (count) => count === 1,
        'the slot renewed into the restarted Redis',
      );
    } finally {
      probe.disconnect();
    }
    expect(
      (await patchKyb(harness, merchant.id, { status: 'SUSPENDED', reasonCode: 'suspended.risk_review' }, admin))
        .status,
    ).toBe(200);
    const [, suspended] = (
      await harness.db.query<{ id: string }[]>(
        `SELECT id FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'merchant.kyb_status_changed' ORDER BY id`,
        [merchant.id],
      )
    ).map((row) => row.id);
    const event = await stream.next();
    expect(event.id).toBe(suspended);
    expect(stream.events.map((frame) => frame.id)).toEqual([suspended]);
    expect((await connect(key.secret)).status).toBe(200);
  }, 120_000);
});
