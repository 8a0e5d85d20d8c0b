import type { ScheduleRunner } from '../../../src/modules/schedules';
import { ClaimedRunRow, ScheduleRunRepository } from '../../../src/modules/schedules/schedule-run.repository';
import type { FakeClock } from '../../support/fake-clock';
import type { SchedulesApp } from './schedules-kit';

const HOUR = 3_600_000;

/**
 * The schedule's due run, claimed as a worker claims it (`claimRunsToPay`); the other runs that
 * came due with it are handed back at once. For specs that play two workers on one run.
 */
export async function claimDueRun(
  kit: SchedulesApp,
  runner: ScheduleRunner,
  clock: FakeClock,
  scheduleId: string,
): Promise<ClaimedRunRow> {
  await runner.createDueRuns();
  const repository = kit.app.get(ScheduleRunRepository, { strict: false });
  const now = clock.now();
  const claimed = await kit.db.transaction((manager) =>
    repository.claimRunsToPay(manager, now, new Date(now.getTime() + HOUR), 200),
  );
  for (const other of claimed.filter((row) => row.schedule_id !== scheduleId)) {
    await repository.release(kit.db.manager, other.id, other.attempt, now);
  }
  const mine = claimed.find((row) => row.schedule_id === scheduleId);
  if (!mine) throw new Error(`no due run of schedule ${scheduleId}`);
  return mine;
}

/** One worker's execution of a claimed run (the runner's step 2 for it). */
export function payClaimedRun(runner: ScheduleRunner, row: ClaimedRunRow): Promise<void> {
  return runner['pay'](row);
}
