import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { ListensTo } from '../../platform/outbox/outbox-subscriptions';
import { BillersModule } from '../billers';
import { BillsModule } from '../bills';
import { PaymentsModule } from '../payments';
import { FundingAccountCipher } from './funding-account-cipher';
import { ScheduleRunRepository } from './schedule-run.repository';
import { ScheduleRunner } from './schedule-runner.service';
import { ScheduleRepository } from './schedule.repository';
import { SCHEDULE_ENTITIES } from './schedules.entities';
import { SCHEDULE_ACCOUNT_EVENTS, SCHEDULE_QUEUES } from './schedules.events';
import { SchedulesService } from './schedules.service';
import './schedules.errors';
import { ConfigModule } from '../../platform/config/config.module';
import { SchedulesConfig } from './schedules.config';

/**
 * Scheduled payments: the schedules customers keep (SchedulesService) and the runner that pays
 * each period exactly once through the payment core (ScheduleRunner). Services only; the routes
 * are in SchedulesHttpModule, the repeatable runner job and the consumer of identity's
 * `user.deactivated` (which pauses the user's schedules) in SchedulesJobsModule.
 */
@ListensTo(SCHEDULE_QUEUES.accounts, SCHEDULE_ACCOUNT_EVENTS.events)
@Module({
  imports: [
    ConfigModule.forFeature(SchedulesConfig),
    TypeOrmModule.forFeature(SCHEDULE_ENTITIES),
    BillersModule,
    BillsModule,
    PaymentsModule,
    OutboxModule,
  ],
  providers: [ScheduleRepository, ScheduleRunRepository, SchedulesService, ScheduleRunner, FundingAccountCipher],
  exports: [SchedulesService, ScheduleRunner],
})
export class SchedulesModule {}
