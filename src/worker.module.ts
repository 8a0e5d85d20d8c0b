import { Module } from '@nestjs/common';
import { AppConfigModule } from './configuration';
import { BillersJobsModule } from './modules/billers';
import { BillsJobsModule } from './modules/bills';
import { ComplianceModule } from './modules/compliance';
import { DisputesJobsModule } from './modules/disputes';
import { MerchantsJobsModule } from './modules/merchants';
import { ReconciliationJobsModule } from './modules/reconciliation';
import { NotificationsJobsModule } from './modules/notifications';
import { PaymentsJobsModule } from './modules/payments';
import { SchedulesJobsModule } from './modules/schedules';
import { OutboxRelayModule } from './platform/outbox/outbox-relay.module';
import { PlatformModule } from './platform/platform.module';

/** The background worker: the platform, the outbox relay and every context's processors (its `jobs/` module). */
@Module({
  imports: [
    AppConfigModule,
    PlatformModule,
    OutboxRelayModule,
    BillersJobsModule,
    NotificationsJobsModule,
    PaymentsJobsModule,
    BillsJobsModule,
    SchedulesJobsModule,
    DisputesJobsModule,
    ReconciliationJobsModule,
    MerchantsJobsModule,
    // Binds the payment core's screening port (the AML rules): without it the worker does not boot.
    ComplianceModule,
  ],
})
export class WorkerModule {}
