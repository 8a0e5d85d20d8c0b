import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { BillersModule } from '../billers';
import { BillsModule } from '../bills';
import { PaymentsModule } from '../payments';
import { FundingAccountCipher } from './funding-account-cipher';
import { ScheduleRunRepository } from './schedule-run.repository';
import { ScheduleRunner } from './schedule-runner.service';
import { ScheduleRepository } from './schedule.repository';
import { SCHEDULE_ENTITIES } from './schedules.entities';
import { SchedulesService } from './schedules.service';
import './schedules.errors';

/**
 * Scheduled payments: the schedules customers keep (SchedulesService) and the runner that pays
 * each period exactly once through the payment core (ScheduleRunner). Services only; the routes
 * are in SchedulesHttpModule and the repeatable runner job in SchedulesJobsModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature(SCHEDULE_ENTITIES), BillersModule, BillsModule, PaymentsModule, OutboxModule],
  providers: [ScheduleRepository, ScheduleRunRepository, SchedulesService, ScheduleRunner, FundingAccountCipher],
  exports: [SchedulesService, ScheduleRunner],
})
export class SchedulesModule {}
