import type { ChildProcess } from 'node:child_process';
import { startWorkerProcess } from '../../payments/support/service-process';
import { FileClock } from '../../support/file-clock';
import { createIsolatedDatabase, IsolatedDatabase } from '../../support/isolated-database';
import { ClockFile } from './clock-file';
import { createSchedulesApp, SchedulesApp } from './schedules-kit';

export interface ScheduleWorkersBed {
  /** The API, in process, on the bed's own database, reading the bed's clock file. */
  kit: SchedulesApp;
  /** The clock every process reads; the spec moves it. */
  clock: ClockFile;
  /** Starts a real worker process (the worker's test entry point) on the bed's database and clock; killed after all. */
  startWorker(): ChildProcess;
}

/**
 * For specs that run real worker processes against the schedule runner: registers the
 * `beforeAll` that creates an isolated database, a clock file and the schedules app on them
 * (runner and outbox polling fast; `config` adds to or overrides that), and the `afterAll` that
 * kills the workers still running and removes all of it. Read the returned bed's fields inside
 * hooks and tests, once `beforeAll` has run.
 */
export function useScheduleWorkersBed(redisNamespace: string, config: Record<string, string>): ScheduleWorkersBed {
  let database: IsolatedDatabase | undefined;
  const workers: ChildProcess[] = [];
  const bed = {
    startWorker(): ChildProcess {
      const child = startWorkerProcess(bed.kit.configuration.environment, {}, { clockFile: bed.clock.path }).child;
      workers.push(child);
      return child;
    },
  } as ScheduleWorkersBed;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    bed.clock = new ClockFile();
    bed.kit = await createSchedulesApp({
      redisNamespace,
      clock: new FileClock(bed.clock.path),
      config: {
        DATABASE_URL: database.url,
        SCHEDULE_RUNNER_INTERVAL_MS: '200',
        POSTING_SWEEP_INTERVAL_MS: '200',
        ...config,
      },
    });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await bed.kit?.close();
    await database?.drop();
    bed.clock?.remove();
  });

  return bed;
}
