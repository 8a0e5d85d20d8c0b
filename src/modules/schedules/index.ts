/**
 * The schedules context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { SCHEDULE_EVENTS, ScheduleConfirmationPayload, ScheduleRunEventPayload } from './schedules.events';
export { SchedulesModule } from './schedules.module';
export { SchedulesJobsModule } from './jobs/schedules-jobs.module';
export { SchedulesService } from './schedules.service';
export { ScheduleRunner, type RunnerReport } from './schedule-runner.service';
export { SCHEDULE_ERROR_CODES, ScheduleError } from './schedules.errors';
