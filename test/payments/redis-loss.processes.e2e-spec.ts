import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SignedInUser } from '../factories/customer.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { DisposableRedis, startDisposableRedis } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { PAYMENT_QUEUES } from '../../src/modules/payments/payments.events';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { ServiceProcess, startWorkerProcess } from './support/service-process';

/**
 * PostgreSQL is the truth and Redis only wakes workers. Payments are made in a steady stream
 * while the Redis behind the API and a real worker is killed (SIGKILL, no persistence) and
 * started again empty, so the posting jobs it held for payments already captured are gone.
 * Every payment the API accepted still reaches SUCCEEDED, each posted to the biller exactly
 * once, and the ledger balances: the first posting cycle was written with the capture, and
 * the worker's sweeper takes it once the pickup grace has passed.
 */
describe('a Redis that loses its jobs mid-burst', () => {
  let database: IsolatedDatabase;
  let redis: DisposableRedis;
  let kit: PaymentsApp;
  let worker: ServiceProcess | undefined;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createIsolatedDatabase(), startDisposableRedis()]);
    kit = await createPaymentsApp({
      // Posts to the slow references take 400 ms, so jobs queue up in Redis behind them.
      slowResponseMs: 400,
      config: {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `loss-${randomBytes(3).toString('hex')}`,
        // Long enough for the held queue's backlog to build before the sweeper would take it.
        JOB_PICKUP_GRACE_MS: '6000',
        POSTING_SWEEP_INTERVAL_MS: '100',
        POSTING_LEASE_MS: '3000',
        OUTBOX_POLL_INTERVAL_MS: '50',
      },
    });
    await kit.db.query(`UPDATE billers SET connector_timeout_ms = 2000 WHERE id = $1`, [kit.biller.id]);
  }, 60_000);

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await kit?.close();
    await redis?.kill();
    await database?.drop();
  });

  it('posts every accepted payment exactly once after Redis restarts empty', async () => {
    worker = startWorkerProcess(kit.configuration.environment);
    const customers: SignedInUser[] = await Promise.all(Array.from({ length: 6 }, () => kit.newCustomer()));
    // A first payment, posted once the worker is up: the stream below then queues its jobs behind
    // the slow posts of a working worker, not behind its start.
    const first = await kit.pay(customers[0], { accountReference: '45010001234', amount: 999 });
    expect(first.status).toBe(200);
    await waitFor(
      () => kit.db.query(`SELECT status FROM payments WHERE id = $1`, [first.body.id]),
      (rows) => rows[0]?.status === 'SUCCEEDED',
      'the worker to post a first payment',
      60,
    );
    const accepted: string[] = [first.body.id as string];
    const refused: number[] = [];
    let streaming = true;
    // Each customer pays in turn, as fast as the API answers, for the whole test.
    const stream = Promise.all(
      customers.map(async (customer, index) => {
        for (let n = 0; streaming; n += 1) {
          const response = await kit.pay(customer, {
            accountReference: n % 2 === 0 ? '45010001150' : '45010001234',
            amount: 1_000 + index * 100 + n,
          });
          if (response.status === 200) accepted.push(response.body.id as string);
          else refused.push(response.status);
          if (response.status !== 200) await sleep(50);
        }
      }),
    );

    // Hold the posting queue (a global pause, kept in Redis) once the stream is flowing, so the
    // relay's jobs for captured payments pile up in Redis whatever the machine's pace: the worker
    // starts none of them, and they die with Redis (which forgets the pause too).
    await waitFor(
      () => accepted.length,
      (n) => n >= 5,
      'the stream to flow',
      30,
      50,
    );
    await kit.app.get(QueueRegistry).get(PAYMENT_QUEUES.posting).pause();
    // The probe carries what a failure needs to be read: the stream's tally, the outbox and
    // payment states, and whether the worker is still alive.
    await waitFor(
      async () => {
        const [{ n }] = await kit.db.query(
          `SELECT count(*)::int AS n FROM outbox_events o JOIN payments p ON p.id = o.aggregate_id::uuid
            WHERE o.event_type = 'payment.captured' AND o.status = 'PUBLISHED' AND p.status = 'PENDING'`,
        );
        const outbox = await kit.db.query(
          `SELECT status, count(*)::int AS n FROM outbox_events WHERE event_type = 'payment.captured' GROUP BY status`,
        );
        const payments = await kit.db.query(`SELECT status, count(*)::int AS n FROM payments GROUP BY status`);
        return {
          n,
          accepted: accepted.length,
          refused: [...new Set(refused)],
          outbox,
          payments,
          workerExit: worker?.child.exitCode,
        };
      },
      (probe) => probe.n >= 20,
      'published payments waiting for their jobs',
      30,
    );
    await redis.kill();
    const [{ stranded }] = await kit.db.query(
      `SELECT count(*)::int AS stranded FROM outbox_events o JOIN payments p ON p.id = o.aggregate_id::uuid
        WHERE o.event_type = 'payment.captured' AND o.status = 'PUBLISHED' AND p.status = 'PENDING'`,
    );
    await sleep(1500);
    await redis.start();
    // Payments go on until a dozen more are accepted on the new Redis.
    const acceptedBeforeRestart = accepted.length;
    await waitFor(
      () => accepted.length - acceptedBeforeRestart,
      (n) => n >= 2 * customers.length,
      'payments accepted after the restart',
      30,
      50,
    );
    streaming = false;
    await stream;

    expect(stranded).toBeGreaterThanOrEqual(10);
    expect(accepted.length).toBeGreaterThan(stranded);
    // Refusals while Redis was down are outage answers, never server errors.
    expect(refused.filter((status) => status !== 503)).toEqual([]);

    const settled = await waitFor(
      () =>
        kit.db.query<{ status: string; n: number }[]>(
          `SELECT status, count(*)::int AS n FROM payments WHERE id = ANY($1::uuid[]) GROUP BY status`,
          [accepted],
        ),
      (rows) => rows.length === 1 && rows[0].status === 'SUCCEEDED',
      'every accepted payment to succeed',
      60,
    );
    expect(settled).toEqual([{ status: 'SUCCEEDED', n: accepted.length }]);
    const posts = kit.simulator.postsReceived();
    const postedTwice = accepted.filter((id) => (posts.get(id) ?? 0) !== 1);
    expect(postedTwice).toEqual([]);
    const attempts = await kit.db.query(
      `SELECT count(*)::int AS n FROM posting_attempts WHERE payment_id = ANY($1::uuid[]) AND status = 'CONFIRMED'`,
      [accepted],
    );
    expect(attempts[0].n).toBe(accepted.length);
    await expectLedgerBalanced(kit);
  }, 120_000);
});
