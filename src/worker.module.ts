import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { BillersJobsModule } from './modules/billers';
import { BillsJobsModule } from './modules/bills';
import { ComplianceModule } from './modules/compliance';
import { DisputesJobsModule } from './modules/disputes';
import { ReconciliationJobsModule } from './modules/reconciliation';
import { NotificationsJobsModule } from './modules/notifications';
import { PaymentsJobsModule } from './modules/payments';
import { SchedulesJobsModule } from './modules/schedules';
import { OutboxRelayModule } from './platform/outbox/outbox-relay.module';
import { PlatformModule } from './platform/platform.module';

/** The background worker: the platform, the outbox relay and every context's processors (its `jobs/` module). */
@Module({
  imports: [
    PlatformModule,
    ScheduleModule.forRoot(),
    OutboxRelayModule,
    BillersJobsModule,
    NotificationsJobsModule,
    PaymentsJobsModule,
    BillsJobsModule,
    SchedulesJobsModule,
    DisputesJobsModule,
    ReconciliationJobsModule,
    // Screens the payments the worker makes (schedules) with the AML rules.
    ComplianceModule,
  ],
})
export class WorkerModule {}
