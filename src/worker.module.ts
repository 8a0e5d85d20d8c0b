import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { BillersJobsModule } from './modules/billers/jobs/billers-jobs.module';
import { NotificationsJobsModule } from './modules/notifications/jobs/notifications-jobs.module';
import { PaymentsJobsModule } from './modules/payments/jobs/payments-jobs.module';
import { OutboxRelayModule } from './platform/outbox/outbox-relay.module';
import { PlatformModule } from './platform/platform.module';

/** The background worker: the platform, the outbox relay and every context's processors. */
@Module({
  imports: [
    PlatformModule,
    ScheduleModule.forRoot(),
    OutboxRelayModule,
    BillersJobsModule,
    NotificationsJobsModule,
    PaymentsJobsModule,
  ],
})
export class WorkerModule {}
