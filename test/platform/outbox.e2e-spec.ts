import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { OutboxEvent } from '../../src/platform/outbox/outbox-event.entity';
import { OutboxRelayModule } from '../../src/platform/outbox/outbox-relay.module';
import { OUTBOX_WAKE_GAP_MS, outboxWakeChannel } from '../../src/platform/outbox/outbox-wake-ups';
import { OUTBOX_ROUTES, OutboxPublisher, RedisOutboxPublisher } from '../../src/platform/outbox/outbox.publisher';
import { OutboxRelay } from '../../src/platform/outbox/outbox.relay';
import { OutboxWriter } from '../../src/platform/outbox/outbox.writer';
import { AppConfigModule } from '../../src/configuration';
import { PlatformModule } from '../../src/platform/platform.module';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { REDIS } from '../../src/platform/redis/redis.module';
import { EVENTS_CHANNEL, OutboxEventJob } from '../../src/platform/queue/queues';
import { startDisposableRedis } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

/** The probe events this spec writes: a type of this run's own, any payload. */
declare module '../../src/platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [probe: `test.relayed.${string}`]: Record<string, unknown>;
  }
}

const suffix = randomBytes(3).toString('hex');
const EVENT_TYPE = `test.relayed.${suffix}` as const;
const QUEUE = `test-relayed-${suffix}`;

/** Fails every publish of the events it is told to fail; publishes the rest normally. */
class FlakyPublisher extends OutboxPublisher {
  constructor(
    private readonly inner: OutboxPublisher,
    private readonly failing: Set<string>,
  ) {
    super();
  }

  async publish(event: OutboxEvent): Promise<void> {
    if (this.failing.has(event.eventType)) throw new Error(`broker refused ${event.eventType}`);
    await this.inner.publish(event);
  }
}

describe('transactional outbox', () => {
  let database: IsolatedDatabase;
  let config: AppConfig;
  const contexts: INestApplicationContext[] = [];
  let subscriber: Redis;
  const received: OutboxEventJob[] = [];
  const failing = new Set<string>();

  /**
   * A relay in a context of its own: its own pool, its own relay id, as in a second worker;
   * `settings` replace the spec's.
   */
  async function startRelayContext(
    withRunner = false,
    settings: Partial<AppConfig> = {},
  ): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [AppConfigModule, PlatformModule, ...(withRunner ? [OutboxRelayModule] : [])],
      providers: withRunner
        ? []
        : [
            OutboxRelay,
            RedisOutboxPublisher,
            { provide: OUTBOX_ROUTES, useValue: { [EVENT_TYPE]: [QUEUE] } },
            {
              provide: OutboxPublisher,
              inject: [RedisOutboxPublisher],
              useFactory: (inner: RedisOutboxPublisher) => new FlakyPublisher(inner, failing),
            },
          ],
    })
      .overrideProvider(AppConfig)
      .useValue(Object.assign(Object.create(Object.getPrototypeOf(config) as object) as AppConfig, config, settings))
      .compile();
    const context = await moduleRef.init();
    contexts.push(context);
    return context;
  }

  async function close(context: INestApplicationContext): Promise<void> {
    contexts.splice(contexts.indexOf(context), 1);
    await context.close();
  }

  async function writeEvents(context: INestApplicationContext, count: number, eventType = EVENT_TYPE) {
    const writer = context.get(OutboxWriter);
    const ids: string[] = [];
    await context.get(DataSource).transaction(async (manager) => {
      for (let index = 0; index < count; index += 1) {
        ids.push(
          ...(await writer.write(manager, {
            eventType,
            aggregateType: 'probe',
            aggregateId: `probe-${index}`,
            payload: { index },
          })),
        );
      }
    });
    return ids;
  }

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    config = Object.assign(loadConfig({ ...process.env, DATABASE_URL: database.url }), {
      OUTBOX_BATCH_SIZE: 7,
      OUTBOX_MAX_ATTEMPTS: 3,
      OUTBOX_BACKOFF_BASE_MS: 0,
      OUTBOX_POLL_INTERVAL_MS: 20,
    });
    subscriber = new Redis(config.REDIS_URL);
    await subscriber.subscribe(`${config.REDIS_KEY_PREFIX}:${EVENTS_CHANNEL}`);
    subscriber.on('message', (_channel, message) => received.push(JSON.parse(message) as OutboxEventJob));
  });

  afterAll(async () => {
    for (const context of contexts.reverse()) await context.close();
    subscriber.disconnect();
    await database.drop();
  });

  it('refuses to write outside a transaction', async () => {
    const context = await startRelayContext();
    const writer = context.get(OutboxWriter);
    await expect(
      writer.write(context.get(DataSource).manager, {
        eventType: EVENT_TYPE,
        aggregateType: 'probe',
        aggregateId: 'x',
        payload: {},
      }),
    ).rejects.toThrow(/open transaction/);
  });

  it('publishes committed rows exactly once with two relays running at once', async () => {
    const first = await startRelayContext();
    const second = await startRelayContext();
    const relays = [first.get(OutboxRelay), second.get(OutboxRelay)];
    expect(relays[0].relayId).not.toBe(relays[1].relayId);

    const ids = await writeEvents(first, 120);
    const claimedBy = [0, 0];
    await Promise.all(
      relays.map(async (relay, index) => {
        for (;;) {
          const result = await relay.runOnce();
          claimedBy[index] += result.claimed;
          if (result.claimed === 0) return;
        }
      }),
    );

    expect(claimedBy[0] + claimedBy[1]).toBe(120);
    expect(claimedBy[0]).toBeGreaterThan(0);
    expect(claimedBy[1]).toBeGreaterThan(0);

    const rows = await first
      .get(DataSource)
      .query(`SELECT status, attempts, published_at FROM outbox_events WHERE id = ANY($1::uuid[])`, [ids]);
    expect(rows).toHaveLength(120);
    for (const row of rows)
      expect(row).toMatchObject({ status: 'PUBLISHED', attempts: 1, published_at: expect.any(Date) });

    await waitFor(() => received.filter((event) => event.eventType === EVENT_TYPE).length >= 120);
    const broadcast = received.filter((event) => event.eventType === EVENT_TYPE).map((event) => event.eventId);
    expect(broadcast.sort()).toEqual([...ids].sort());

    const queue = first.get(QueueRegistry).get(QUEUE);
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((job) => job.id).sort()).toEqual([...ids].sort());
    expect(jobs[0].data).toMatchObject({ eventType: EVENT_TYPE, aggregateType: 'probe', payload: expect.any(Object) });
  });

  it('publishes a requeued PUBLISHED event again under a job id of its own', async () => {
    const context = await startRelayContext();
    const relay = context.get(OutboxRelay);
    const dataSource = context.get(DataSource);
    const [id] = await writeEvents(context, 1, EVENT_TYPE);
    while ((await relay.runOnce()).claimed > 0);
    const queue = context.get(QueueRegistry).get(QUEUE);
    expect(await queue.getJob(id)).not.toBeNull();
    // As the admin requeue leaves it: PENDING again, one redelivery.
    await dataSource.query(
      `UPDATE outbox_events SET status = 'PENDING', attempts = 0, redeliveries = 1 WHERE id = $1`,
      [id],
    );
    while ((await relay.runOnce()).claimed > 0);
    const redelivered = await queue.getJob(`${id}:redelivery-1`);
    expect(redelivered?.data).toMatchObject({ eventId: id, eventType: EVENT_TYPE });
    const [row] = await dataSource.query(`SELECT status, redeliveries FROM outbox_events WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'PUBLISHED', redeliveries: 1 });
  });

  it('never publishes the rows of a rolled-back transaction', async () => {
    const context = await startRelayContext();
    const writer = context.get(OutboxWriter);
    const dataSource = context.get(DataSource);
    const rolledBackType = `${EVENT_TYPE}.rolled-back` as const;
    await expect(
      dataSource.transaction(async (manager) => {
        await writer.write(manager, {
          eventType: rolledBackType,
          aggregateType: 'probe',
          aggregateId: 'r',
          payload: {},
        });
        throw new Error('business rule failed after the event was written');
      }),
    ).rejects.toThrow('business rule failed');

    const [{ count }] = await dataSource.query(
      `SELECT count(*)::int AS count FROM outbox_events WHERE event_type = $1`,
      [rolledBackType],
    );
    expect(count).toBe(0);
    expect((await context.get(OutboxRelay).runOnce()).claimed).toBe(0);
    await sleep(50);
    expect(received.some((event) => event.eventType === rolledBackType)).toBe(false);
  });

  it('retries a failing publish with backoff, then marks the row FAILED', async () => {
    const context = await startRelayContext();
    const relay = context.get(OutboxRelay);
    const dataSource = context.get(DataSource);
    const failingType = `${EVENT_TYPE}.failing` as const;
    failing.add(failingType);
    const [id] = await writeEvents(context, 1, failingType);
    const row = async () =>
      (await dataSource.query(`SELECT status, attempts, last_error FROM outbox_events WHERE id = $1`, [id]))[0];

    expect(await relay.runOnce()).toMatchObject({ claimed: 1, retried: 1, failed: 0 });
    expect(await row()).toEqual({ status: 'PENDING', attempts: 1, last_error: `broker refused ${failingType}` });
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await row()).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row()).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect((await relay.runOnce()).claimed).toBe(0);
    expect(received.some((event) => event.eventId === id)).toBe(false);
  });

  it('waits for the backoff before the next attempt', async () => {
    const slowConfig = Object.assign(Object.create(config) as AppConfig, { OUTBOX_BACKOFF_BASE_MS: 60_000 });
    const context = await startRelayContext();
    const dataSource = context.get(DataSource);
    const relay = new OutboxRelay(dataSource, new FlakyPublisher(context.get(OutboxPublisher), failing), slowConfig);
    const failingType = `${EVENT_TYPE}.backoff` as const;
    failing.add(failingType);
    const [id] = await writeEvents(context, 1, failingType);
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect((await relay.runOnce()).claimed).toBe(0);
    const [{ delay }] = await dataSource.query(
      `SELECT extract(epoch FROM next_attempt_at - now())::int AS delay FROM outbox_events WHERE id = $1`,
      [id],
    );
    expect(delay).toBeGreaterThan(50);
    expect(delay).toBeLessThanOrEqual(60);
  });

  describe('a batch of events reaching several queues', () => {
    const BATCH_TYPE = `${EVENT_TYPE}.batch` as const;
    const ONE_QUEUE_TYPE = `${EVENT_TYPE}.one-queue` as const;
    const FIRST = `${QUEUE}-first`;
    const SECOND = `${QUEUE}-second`;

    /** A relay publishing with the Redis publisher itself: BATCH_TYPE reaches two queues, ONE_QUEUE_TYPE the first. */
    async function startBatchRelay(): Promise<INestApplicationContext> {
      const moduleRef = await Test.createTestingModule({
        imports: [AppConfigModule, PlatformModule],
        providers: [
          OutboxRelay,
          { provide: OUTBOX_ROUTES, useValue: { [BATCH_TYPE]: [FIRST, SECOND], [ONE_QUEUE_TYPE]: [FIRST] } },
          { provide: OutboxPublisher, useClass: RedisOutboxPublisher },
        ],
      })
        .overrideProvider(AppConfig)
        .useValue(config)
        .compile();
      const context = await moduleRef.init();
      contexts.push(context);
      return context;
    }

    afterEach(() => jest.restoreAllMocks());

    it('adds the batch with one addBulk per queue, never a job at a time, and broadcasts every event', async () => {
      const context = await startBatchRelay();
      const queues = context.get(QueueRegistry);
      const spies = [FIRST, SECOND].map((name) => ({
        add: jest.spyOn(queues.get(name), 'add'),
        addBulk: jest.spyOn(queues.get(name), 'addBulk'),
      }));
      const both = await writeEvents(context, 4, BATCH_TYPE);
      const firstOnly = await writeEvents(context, 2, ONE_QUEUE_TYPE);

      expect(await context.get(OutboxRelay).runOnce()).toMatchObject({ claimed: 6, published: 6 });

      for (const spy of spies) {
        expect(spy.add).not.toHaveBeenCalled();
        expect(spy.addBulk).toHaveBeenCalledTimes(1);
      }
      const waiting = async (name: string) =>
        (await queues.get(name).getJobs(['waiting'])).map((job) => String(job.id)).sort();
      expect(await waiting(FIRST)).toEqual([...both, ...firstOnly].sort());
      expect(await waiting(SECOND)).toEqual([...both].sort());
      await waitFor(() => [...both, ...firstOnly].every((id) => received.some((event) => event.eventId === id)));
    });

    it('retries only the events routed to a queue that refused the batch, and broadcasts them once published', async () => {
      const context = await startBatchRelay();
      const queues = context.get(QueueRegistry);
      jest.spyOn(queues.get(SECOND), 'addBulk').mockRejectedValueOnce(new Error('second queue unreachable'));
      const both = await writeEvents(context, 2, BATCH_TYPE);
      const firstOnly = await writeEvents(context, 2, ONE_QUEUE_TYPE);
      const relay = context.get(OutboxRelay);
      const dataSource = context.get(DataSource);
      const rows = async (ids: string[]) =>
        (await dataSource.query(`SELECT status, last_error FROM outbox_events WHERE id = ANY($1::uuid[])`, [ids])) as {
          status: string;
          last_error: string | null;
        }[];

      expect(await relay.runOnce()).toMatchObject({ claimed: 4, published: 2, retried: 2 });
      expect(await rows(firstOnly)).toEqual([
        { status: 'PUBLISHED', last_error: null },
        { status: 'PUBLISHED', last_error: null },
      ]);
      expect(await rows(both)).toEqual([
        { status: 'PENDING', last_error: 'second queue unreachable' },
        { status: 'PENDING', last_error: 'second queue unreachable' },
      ]);
      await waitFor(() => firstOnly.every((id) => received.some((event) => event.eventId === id)));
      expect(received.some((event) => both.includes(event.eventId))).toBe(false);

      // The retry (backoff 0 here) adds them to the second queue; the first keeps its one job each.
      expect(await relay.runOnce()).toMatchObject({ claimed: 2, published: 2 });
      for (const name of [FIRST, SECOND]) {
        const jobs = await queues.get(name).getJobs(['waiting']);
        for (const id of both) expect(jobs.filter((job) => String(job.id) === id)).toHaveLength(1);
      }
      await waitFor(() => both.every((id) => received.filter((event) => event.eventId === id).length === 1));
    });
  });

  it('runs continuously in the worker and stops cleanly on shutdown', async () => {
    const worker = await startRelayContext(true);
    const ids = await writeEvents(worker, 3, `${EVENT_TYPE}.worker`);
    const dataSource = worker.get(DataSource);
    await waitFor(async () => {
      const [{ count }] = await dataSource.query(
        `SELECT count(*)::int AS count FROM outbox_events WHERE id = ANY($1::uuid[]) AND status = 'PUBLISHED'`,
        [ids],
      );
      return count === 3;
    });
    await close(worker);
  });

  describe('wake-ups', () => {
    /** A Redis prefix of these tests' own: no other spec file's commits wake their relays. */
    const settings = () => ({ REDIS_KEY_PREFIX: `${config.REDIS_KEY_PREFIX}:wake-${randomBytes(3).toString('hex')}` });

    async function published(context: INestApplicationContext, ids: string[]): Promise<number> {
      const [{ count }] = (await context
        .get(DataSource)
        .query(`SELECT count(*)::int AS count FROM outbox_events WHERE id = ANY($1::uuid[]) AND status = 'PUBLISHED'`, [
          ids,
        ])) as { count: number }[];
      return count;
    }

    it('has a relay publish what another process commits at once, long before its next poll', async () => {
      const own = settings();
      const worker = await startRelayContext(true, { ...own, OUTBOX_POLL_INTERVAL_MS: 3_600_000 });
      const writer = await startRelayContext(false, own);
      const probe = new Redis(config.REDIS_URL);
      try {
        const channel = outboxWakeChannel(own);
        await waitFor(async () => {
          const [, listening] = (await probe.pubsub('NUMSUB', channel)) as [string, number];
          return Number(listening) === 1;
        });
        // The batches of its start and of its subscription have run: from here only a wake-up starts one.
        await sleep(300);
        const ids = await writeEvents(writer, 3, `${EVENT_TYPE}.woken`);
        await waitFor(async () => (await published(writer, ids)) === 3, 5_000);
      } finally {
        probe.disconnect();
        await close(worker);
        await close(writer);
      }
    });

    it('hears wake-ups again once its Redis is back, and relays what was committed while it was away', async () => {
      const server = await startDisposableRedis();
      await server.start();
      const own = { ...settings(), REDIS_URL: server.url };
      const channel = outboxWakeChannel(own);
      const worker = await startRelayContext(true, { ...own, OUTBOX_POLL_INTERVAL_MS: 3_600_000 });
      const writer = await startRelayContext(false, own);
      const probe = new Redis(server.url, { retryStrategy: () => 100, maxRetriesPerRequest: 1 });
      probe.on('error', () => undefined);
      const listening = async () => {
        try {
          const [, count] = (await probe.pubsub('NUMSUB', channel)) as [string, number];
          return Number(count);
        } catch {
          return 0;
        }
      };
      const ready = (context: INestApplicationContext) => context.get<Redis>(REDIS).status === 'ready';
      try {
        await waitFor(async () => (await listening()) === 1);
        await server.kill();
        // The commits go through with Redis down; their wake-ups are lost.
        const away = await writeEvents(writer, 2, `${EVENT_TYPE}.away`);
        await server.start();
        await waitFor(async () => (await listening()) === 1 && ready(worker) && ready(writer), 15_000);
        const back = await writeEvents(writer, 1, `${EVENT_TYPE}.back`);
        await waitFor(async () => (await published(writer, [...away, ...back])) === 3, 10_000);
      } finally {
        probe.disconnect();
        await close(worker);
        await close(writer);
        await server.kill();
      }
    });

    it('sends one after the outermost commit of a transaction that wrote outbox rows, and none otherwise', async () => {
      const own = settings();
      const writer = await startRelayContext(false, own);
      const probe = new Redis(config.REDIS_URL);
      const heard: number[] = [];
      probe.on('message', () => heard.push(Date.now()));
      const quiet = () => sleep(150).then(() => heard.length);
      try {
        await probe.subscribe(outboxWakeChannel(own));
        const dataSource = writer.get(DataSource);
        const outbox = writer.get(OutboxWriter);
        const message = {
          eventType: `${EVENT_TYPE}.wake`,
          aggregateType: 'probe',
          aggregateId: 'w',
          payload: {},
        } as const;

        await dataSource.transaction((manager) => manager.query('SELECT 1'));
        expect(await quiet()).toBe(0);

        await expect(
          dataSource.transaction(async (manager) => {
            await outbox.write(manager, message);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(await quiet()).toBe(0);

        await dataSource.transaction(async (manager) => {
          await manager.transaction((savepoint) => outbox.write(savepoint, message));
          expect(await quiet()).toBe(0);
        });
        await waitFor(() => heard.length === 1);
        expect(await quiet()).toBe(1);

        // Many commits at once: a send at once, then at most one a gap.
        const started = Date.now();
        await Promise.all(
          Array.from({ length: 20 }, () => dataSource.transaction((manager) => outbox.write(manager, message))),
        );
        await waitFor(() => heard.length >= 2);
        const lasted = Date.now() - started;
        expect(await quiet()).toBeLessThanOrEqual(1 + 1 + Math.ceil(lasted / OUTBOX_WAKE_GAP_MS));
      } finally {
        probe.disconnect();
        await close(writer);
      }
    });
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}
