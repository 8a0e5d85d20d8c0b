import { Module } from '@nestjs/common';
import { RepeatableTicks } from './repeatable-tick';

/**
 * The worker's keeper of repeatable jobs, one per process whichever jobs modules import it.
 * Worker only; its periodic check is an interval of `@nestjs/schedule` (PlatformModule).
 */
@Module({ providers: [RepeatableTicks], exports: [RepeatableTicks] })
export class RepeatableTicksModule {}
