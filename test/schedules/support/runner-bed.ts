import { ScheduleRunner } from '../../../src/modules/schedules';
import type { Clock } from '../../../src/platform/clock/clock';
import { createIsolatedDatabase, IsolatedDatabase } from '../../support/isolated-database';
import { createSchedulesApp, SchedulesApp } from './schedules-kit';

const HOUR = 3_600_000;

export interface ScheduleRunnerBed {
  /** The schedules app on the bed's own database, with the spec's clock. */
  kit: SchedulesApp;
  /** The app's schedule runner, run in process by the spec (`tick`, `createDueRuns`). */
  runner: ScheduleRunner;
}

/**
 * For specs that run the schedule runner in process: registers the `beforeAll` that creates an
 * isolated database (the runner claims every due schedule, whoever's) and the schedules app on it
 * with `clock`, a run given three attempts an hour apart, and the `afterAll` that closes and drops
 * them. Read the returned bed's fields inside hooks and tests, once `beforeAll` has run.
 */
export function useScheduleRunnerBed(clock: Clock): ScheduleRunnerBed {
  let database: IsolatedDatabase | undefined;
  const bed = {} as ScheduleRunnerBed;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    bed.kit = await createSchedulesApp({
      clock,
      config: {
        DATABASE_URL: database.url,
        SCHEDULE_RUN_MAX_ATTEMPTS: '3',
        SCHEDULE_RUN_RETRY_BACKOFF_MS: String(HOUR),
      },
    });
    bed.runner = bed.kit.app.get(ScheduleRunner, { strict: false });
  }, 60_000);

  afterAll(async () => {
    await bed.kit?.close();
    await database?.drop();
  });

  return bed;
}
