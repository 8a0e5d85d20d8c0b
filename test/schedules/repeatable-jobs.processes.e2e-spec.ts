import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DISPUTE_QUEUES } from '../../src/modules/disputes/disputes.events';
import { MERCHANT_QUEUES } from '../../src/modules/merchants/merchants.events';
import { RECONCILIATION_QUEUES } from '../../src/modules/reconciliation/jobs/biller-check.processor';
import { SCHEDULE_QUEUES } from '../../src/modules/schedules/schedules.events';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import type { SignedInUser } from '../factories/customer.factory';
import { businessToday } from '../factories/schedule.factory';
import { ServiceProcess, startWorkerProcess } from '../payments/support/service-process';
import { DisposableRedis, startDisposableRedis } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';
import { createSchedulesApp, SchedulesApp } from './support/schedules-kit';

/** The once-per-cluster ticks the worker keeps in Redis as Bull repeatable jobs. */
const REPEATABLE_QUEUES = [
  SCHEDULE_QUEUES.runner,
  DISPUTE_QUEUES.sla,
  RECONCILIATION_QUEUES.billerCheck,
  MERCHANT_QUEUES.balanceReleases,
];

/**
 * The schedule runner, the dispute SLA check, the biller-side check and the merchant balance release are Bull repeatable jobs,
 * kept in Redis. A real worker process runs against a Redis of the spec's own, which then loses
 * them: restarted empty (SIGKILL without persistence, a new server on the same port), or emptied
 * while the worker stays connected. Either way a schedule due today is paid afterwards, without
 * restarting the worker: it adds the jobs again when its connection is ready again, and its own
 * periodic check adds back any that went missing.
 */
describe('repeatable jobs after Redis loses them', () => {
  let database: IsolatedDatabase;
  let redis: DisposableRedis;
  let kit: SchedulesApp;
  let customer: SignedInUser;
  let worker: ServiceProcess | undefined;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createIsolatedDatabase(), startDisposableRedis()]);
    kit = await createSchedulesApp({
      config: {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `repeat-${randomBytes(3).toString('hex')}`,
        SCHEDULE_RUNNER_INTERVAL_MS: '200',
        POSTING_SWEEP_INTERVAL_MS: '200',
        // An hour: within a test only the worker's reaction to its reconnection can bring them back.
        REPEATABLE_JOB_CHECK_INTERVAL_MS: '3600000',
      },
    });
    customer = await kit.newCustomer();
  }, 60_000);

  afterEach(async () => {
    await stopWorker();
  });

  afterAll(async () => {
    await kit?.close();
    await redis?.kill();
    await database?.drop();
  });

  async function stopWorker(): Promise<void> {
    if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    worker = undefined;
  }

  /** A ONCE schedule due today, made through the API (after Redis is back, so retried until it is ready). */
  async function scheduleDueToday(reference: string): Promise<string> {
    const response = await waitFor(
      () =>
        kit.schedule(customer, {
          accountReference: reference,
          amount: 5_000,
          frequency: 'ONCE',
          dayOfMonth: undefined,
          startDate: businessToday(),
        }),
      (answer) => answer.status !== 503,
      'the API to take a schedule',
      30,
      200,
    );
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  async function expectPaid(scheduleId: string): Promise<void> {
    const runs = await waitFor(
      () => kit.db.query(`SELECT status FROM schedule_runs WHERE schedule_id = $1`, [scheduleId]),
      (rows: { status: string }[]) => rows.length === 1 && rows[0].status === 'SUCCEEDED',
      `the run of schedule ${scheduleId} to succeed`,
      // Generous: the worker process compiles on cores another spec may share.
      90,
      200,
    );
    expect(runs).toEqual([{ status: 'SUCCEEDED' }]);
  }

  /** The queues holding their repeatable job, read from the spec's Redis. */
  async function queuesWithRepeatable(): Promise<string[]> {
    const queues = kit.app.get(QueueRegistry);
    const present: string[] = [];
    for (const name of REPEATABLE_QUEUES) {
      const repeats = await queues
        .get(name)
        .getRepeatableJobs()
        .catch(() => []);
      if (repeats.length === 1) present.push(name);
    }
    return present;
  }

  it('adds them again when Redis restarts empty, and pays a schedule due today', async () => {
    worker = startWorkerProcess(kit.configuration.environment);
    await expectPaid(await scheduleDueToday('45010050001'));
    expect(await queuesWithRepeatable()).toEqual(REPEATABLE_QUEUES);

    await redis.kill();
    await redis.start();

    await expectPaid(await scheduleDueToday('45010050002'));
    await waitFor(queuesWithRepeatable, (present) => present.length === REPEATABLE_QUEUES.length, 'all four back');
    expect(worker.child.exitCode).toBeNull();
  }, 240_000);

  it('adds back a repeatable job that went missing while the worker stayed connected', async () => {
    // Its periodic check is the only way back here: the connection never drops.
    worker = startWorkerProcess(kit.configuration.environment, { REPEATABLE_JOB_CHECK_INTERVAL_MS: '500' });
    await expectPaid(await scheduleDueToday('45010050003'));

    const direct = new Redis(redis.url);
    try {
      await direct.flushall();
    } finally {
      direct.disconnect();
    }

    await expectPaid(await scheduleDueToday('45010050004'));
    await waitFor(queuesWithRepeatable, (present) => present.length === REPEATABLE_QUEUES.length, 'all four back');
    expect(worker.child.exitCode).toBeNull();
  }, 240_000);
});
