import type { SignedInUser } from '../factories/customer.factory';
import { businessToday } from '../factories/schedule.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { waitFor } from '../support/wait-for';
import { useScheduleWorkersBed } from './support/worker-processes';

const DAY = 86_400_000;
const SCHEDULES = 200;
const CUSTOMERS = 20;

/**
 * Two real worker processes (src/worker.ts) against one database, the clock moved across three
 * weekly periods through a clock file: 200 schedules, exactly one live payment per schedule and
 * period, every run SUCCEEDED, the ledger balanced.
 */
describe('the schedule runner with two workers', () => {
  const bed = useScheduleWorkersBed('schedule-workers', {
    SCHEDULE_RUNNER_BATCH_SIZE: '50',
    SCHEDULE_RUNNER_CONCURRENCY: '8',
  });

  it('pays each of 200 schedules exactly once per period over three weeks', async () => {
    const { kit, clock } = bed;
    const today = businessToday(clock.now());
    const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const customers: SignedInUser[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) customers.push(await kit.newCustomer());
    const ids: string[] = [];
    for (let start = 0; start < SCHEDULES; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, offset) => {
          const index = start + offset;
          return kit
            .schedule(customers[index % CUSTOMERS], {
              accountReference: `4501003${String(index).padStart(4, '0')}`,
              amount: 1_000 + index,
              frequency: 'WEEKLY',
              dayOfMonth: undefined,
              dayOfWeek: weekday,
              startDate: today,
            })
            .expect(201);
        }),
      );
      ids.push(...batch.map((response) => response.body.id as string));
    }
    expect(ids).toHaveLength(SCHEDULES);

    bed.startWorker();
    bed.startWorker();

    const periods: string[] = [];
    for (let week = 0; week < 3; week += 1) {
      if (week > 0) clock.advance(7 * DAY);
      const [{ key }] = await kit.db.query(`SELECT to_char($1::date, 'IYYY-"W"IW') AS key`, [
        businessToday(clock.now()),
      ]);
      periods.push(key);
      await waitFor(
        () =>
          kit.db.query(
            `SELECT status, count(*)::int AS count FROM schedule_runs WHERE period_key = $1 GROUP BY status`,
            [key],
          ),
        (rows: { status: string; count: number }[]) =>
          rows.length === 1 && rows[0].status === 'SUCCEEDED' && rows[0].count === SCHEDULES,
        `every run of ${key} to succeed`,
        // Generous: this proves exactly-once payment, not speed (bench/schedules.bench.ts does
        // speed); another spec's processes may share the two cores meanwhile.
        120,
        200,
      );
    }

    expect(new Set(periods).size).toBe(3);
    const live = await kit.db.query(
      `SELECT split_part(idempotency_key, ':', 2) AS schedule_id, split_part(idempotency_key, ':', 3) AS period,
              count(*)::int AS count
         FROM payments
        WHERE channel = 'SCHEDULE' AND status <> 'FAILED'
        GROUP BY 1, 2`,
    );
    expect(live).toHaveLength(SCHEDULES * 3);
    expect(live.every((row: { count: number }) => row.count === 1)).toBe(true);
    const [runs] = await kit.db.query(`SELECT count(*)::int AS count FROM schedule_runs WHERE status = 'SUCCEEDED'`);
    expect(runs.count).toBe(SCHEDULES * 3);
    const [failed] = await kit.db.query(`SELECT count(*)::int AS count FROM payments WHERE status = 'FAILED'`);
    expect(failed.count).toBe(0);
    await expectLedgerBalanced(kit);
  }, 420_000);
});
