import Redis from 'ioredis';
import type { SignedInUser } from '../factories/customer.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { ServiceProcess, startWorkerProcess } from './support/service-process';

const SLOW_REFERENCE = '45010001150';

/**
 * SIGTERM to a real worker while it is posting to a healthy but slow biller. Before the fix
 * the worker destroyed its connections first: the calls died with "socket hang up", counted
 * as the biller's failures, opened its circuit, and the next customer payment got 422
 * BILLER_UNAVAILABLE. Now the worker stops taking jobs, lets the posts finish within its
 * shutdown budget, cuts short only those that outlast it (released for another worker without
 * blaming the biller), and exits cleanly.
 */
describe('a worker shut down in the middle of posting', () => {
  let database: IsolatedDatabase;
  let kit: PaymentsApp;
  let redis: Redis;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    kit = await createPaymentsApp({
      slowResponseMs: 5000,
      redisNamespace: 'shutdown',
      config: {
        DATABASE_URL: database.url,
        POSTING_LEASE_MS: '20000',
        POSTING_SWEEP_INTERVAL_MS: '100',
        OUTBOX_POLL_INTERVAL_MS: '50',
        JOB_PICKUP_GRACE_MS: '30000',
      },
    });
    await kit.db.query(`UPDATE billers SET connector_timeout_ms = 10000 WHERE id = $1`, [kit.biller.id]);
    redis = new Redis(kit.config.REDIS_URL, { keyPrefix: `${kit.config.REDIS_KEY_PREFIX}:` });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) {
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
      await worker.exited;
    }
    redis?.disconnect();
    await kit?.close();
    await database?.drop();
  });

  function startWorker(shutdownTimeoutMs: number): ServiceProcess {
    const worker = startWorkerProcess(kit.configuration.environment, {
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    });
    workers.push(worker);
    return worker;
  }

  async function payMany(count: number, accountReference: string): Promise<string[]> {
    const customers: SignedInUser[] = await Promise.all(Array.from({ length: count }, () => kit.newCustomer()));
    const paid = await Promise.all(customers.map((customer) => kit.pay(customer, { accountReference })));
    for (const response of paid) expect(response.status).toBe(200);
    return paid.map((response) => response.body.id as string);
  }

  const statuses = (ids: string[]) =>
    kit.db.query<{ id: string; status: string }[]>(`SELECT id, status FROM payments WHERE id = ANY($1::uuid[])`, [ids]);
  const postsTo = (ids: string[]) => ids.filter((id) => kit.simulator.postsReceived().has(id));

  it('lets in-flight posts finish, blames the biller for nothing, and exits cleanly', async () => {
    const worker = startWorker(10_000);
    const ids = await payMany(6, SLOW_REFERENCE);
    await waitFor(
      () => postsTo(ids).length,
      (count) => count === 6,
      'every post to reach the biller',
    );
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    // Every post in flight finished and was recorded before the worker exited.
    const rows = await statuses(ids);
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'SUCCEEDED'));
    expect(await redis.get(`payments:circuit:${kit.biller.id}:failures`)).toBeNull();
    const next = await kit.pay(await kit.newCustomer(), { amount: 12_345 });
    expect(next.status).toBe(200);
    expect(ids.every((id) => kit.simulator.postsReceived().get(id) === 1)).toBe(true);
  }, 60_000);

  it('cuts short the posts that outlast the shutdown budget and releases them at once, posted once', async () => {
    // A 3 s budget for the posts (SHUTDOWN_TIMEOUT_MS less its 2 s closing reserve) against a biller
    // that takes 5 s: the 2 s left close the queues and pools even on a loaded machine.
    const worker = startWorker(5000);
    const ids = await payMany(4, SLOW_REFERENCE);
    await waitFor(
      () => postsTo(ids).length,
      (count) => count === 4,
      'every post to reach the biller',
    );
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    const attempts = await kit.db.query(
      `SELECT status, tries, outcome_unknown, last_outcome, lease_until, next_attempt_at <= now() AS due
         FROM posting_attempts WHERE payment_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(attempts).toHaveLength(4);
    for (const attempt of attempts) {
      expect(attempt).toEqual({
        status: 'PENDING',
        tries: 0,
        outcome_unknown: true,
        last_outcome: 'INTERRUPTED',
        lease_until: null,
        due: true,
      });
    }
    expect(await redis.get(`payments:circuit:${kit.biller.id}:failures`)).toBeNull();

    // The biller finishes the posts it was given; the next worker asks before posting again.
    await waitFor(
      () => ids.filter((id) => kit.simulator.payments().has(id)).length,
      (n) => n === 4,
      'the biller',
    );
    startWorker(8000);
    await waitFor(
      () => statuses(ids),
      (rows) => rows.every((row) => row.status === 'SUCCEEDED'),
      'the next worker to confirm the released payments',
      20,
    );
    expect(ids.map((id) => kit.simulator.postsReceived().get(id))).toEqual([1, 1, 1, 1]);
    await expectLedgerBalanced(kit);
  }, 60_000);
});
