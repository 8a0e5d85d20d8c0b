import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { RepeatableTicksModule } from '../../../platform/queue/repeatable-ticks.module';
import { SCHEDULE_QUEUES } from '../schedules.events';
import { SchedulesModule } from '../schedules.module';
import { ScheduleAccountsProcessor } from './schedule-accounts.processor';
import { ScheduleRunnerProcessor, ScheduleRunnerRegistration } from './schedule-runner.processor';
import { ConfigModule } from '../../../platform/config/config.module';
import { SchedulesConfig } from '../schedules.config';

/** The schedule runner's repeatable job and the account events' consumer; only WorkerModule imports it. */
@Module({
  imports: [
    ConfigModule.forFeature(SchedulesConfig),
    SchedulesModule,
    RepeatableTicksModule,
    BullModule.registerQueue({ name: SCHEDULE_QUEUES.runner }, { name: SCHEDULE_QUEUES.accounts }),
  ],
  providers: [ScheduleRunnerProcessor, ScheduleRunnerRegistration, ScheduleAccountsProcessor],
})
export class SchedulesJobsModule {}
