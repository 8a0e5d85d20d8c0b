import { businessToday } from '../factories/schedule.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { waitFor } from '../support/wait-for';
import { useScheduleWorkersBed } from './support/worker-processes';

const SCHEDULES = 60;

/**
 * A worker is killed with SIGKILL while it is paying runs. A second worker takes the killed
 * worker's runs over once their lease has run out (the spec moves the clock past it), pays them
 * with the same idempotency key, follows any payment made before the crash, and every period
 * still has exactly one live payment.
 */
describe('a schedule worker killed mid-run', () => {
  const bed = useScheduleWorkersBed('schedule-crash', {
    SCHEDULE_RUNNER_BATCH_SIZE: '20',
    SCHEDULE_RUNNER_CONCURRENCY: '2',
    SCHEDULE_RUN_LEASE_MS: '60000',
    SCHEDULE_RUN_RETRY_BACKOFF_MS: '0',
    AUTHORIZATION_RECOVERY_AFTER_MS: '1000',
    // The killed worker's payments are posted by the next one, on the database's clock (which the
    // spec does not move): a post it had in flight when its lease ends (longer than the biller's
    // 5 s connector timeout, as a lease should be, not the 30 s default), and a posting job it
    // had taken from Redis and not started once the pickup grace has passed (not the 15 s default).
    POSTING_LEASE_MS: '6000',
    JOB_PICKUP_GRACE_MS: '2000',
  });

  it('pays every period once after the crash', async () => {
    const { kit, clock } = bed;
    const customers = await Promise.all(Array.from({ length: 6 }, () => kit.newCustomer()));
    for (let index = 0; index < SCHEDULES; index += 1) {
      await kit
        .schedule(customers[index % customers.length], {
          accountReference: `4501004${String(index).padStart(4, '0')}`,
          amount: 2_000 + index,
          frequency: 'ONCE',
          dayOfMonth: undefined,
          startDate: businessToday(clock.now()),
        })
        .expect(201);
    }
    const first = bed.startWorker();
    // Some runs are paid, others are claimed and not yet paid: the worker is in the middle of the round.
    await waitFor(
      () =>
        kit.db.query(
          `SELECT count(*) FILTER (WHERE payment_id IS NOT NULL OR status <> 'PENDING')::int AS paid,
                  count(*) FILTER (WHERE status = 'PENDING' AND payment_id IS NULL)::int AS waiting
             FROM schedule_runs`,
        ),
      (rows: { paid: number; waiting: number }[]) => rows[0].paid >= 5 && rows[0].waiting > 0,
      'the first worker to be paying runs',
      40,
      20,
    );
    first.kill('SIGKILL');
    await new Promise((done) => first.once('exit', done));

    bed.startWorker();
    // The killed worker's leases end when the clock passes them.
    clock.advance(61_000);
    await waitFor(
      () => kit.db.query(`SELECT status, count(*)::int AS count FROM schedule_runs GROUP BY status`),
      (rows: { status: string; count: number }[]) =>
        rows.length === 1 && rows[0].status === 'SUCCEEDED' && rows[0].count === SCHEDULES,
      'every run to succeed',
      50,
      200,
    );
    const live = await kit.db.query(
      `SELECT split_part(idempotency_key, ':', 2) AS schedule_id, count(*)::int AS count
         FROM payments WHERE channel = 'SCHEDULE' AND status <> 'FAILED' GROUP BY 1`,
    );
    expect(live).toHaveLength(SCHEDULES);
    expect(live.every((row: { count: number }) => row.count === 1)).toBe(true);
    await expectLedgerBalanced(kit);
  }, 120_000);
});
