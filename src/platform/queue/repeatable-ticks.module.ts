import { Module } from '@nestjs/common';
import { RepeatableTicks } from './repeatable-tick';

/**
 * The worker's keeper of repeatable jobs, one per process whichever jobs modules import it.
 * Worker only: it needs `ScheduleModule.forRoot()` (WorkerModule) for its periodic check.
 */
@Module({ providers: [RepeatableTicks], exports: [RepeatableTicks] })
export class RepeatableTicksModule {}
