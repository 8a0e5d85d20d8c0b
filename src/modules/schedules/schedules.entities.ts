import { ScheduleRun } from './schedule-run.entity';
import { Schedule } from './schedule.entity';

/** The schedules context's tables, registered by SchedulesModule (TypeOrmModule.forFeature). */
export const SCHEDULE_ENTITIES = [Schedule, ScheduleRun];
