import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { SCHEDULE_QUEUES } from '../schedules.events';
import { SchedulesModule } from '../schedules.module';
import { ScheduleRunnerProcessor, ScheduleRunnerRegistration } from './schedule-runner.processor';

/** The schedule runner's repeatable job; only WorkerModule imports it. */
@Module({
  imports: [SchedulesModule, BullModule.registerQueue({ name: SCHEDULE_QUEUES.runner })],
  providers: [ScheduleRunnerProcessor, ScheduleRunnerRegistration],
})
export class SchedulesJobsModule {}
