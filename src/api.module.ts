import { Module } from '@nestjs/common';
import { AppConfigModule } from './configuration';
import { AgentsHttpModule } from './modules/agents/agents-http.module';
import { BillersHttpModule } from './modules/billers/billers-http.module';
import { BillsHttpModule } from './modules/bills/bills-http.module';
import { ComplianceHttpModule } from './modules/compliance/compliance-http.module';
import { DisputesHttpModule } from './modules/disputes/disputes-http.module';
import { HouseholdsHttpModule } from './modules/households/households-http.module';
import { IdentityHttpModule } from './modules/identity/identity-http.module';
import { MerchantsHttpModule } from './modules/merchants/merchants-http.module';
import { NotificationsHttpModule } from './modules/notifications/notifications-http.module';
import { QueueDashboardModule } from './modules/operations';
import { OperationsHttpModule } from './modules/operations/operations-http.module';
import { PaymentsHttpModule } from './modules/payments/payments-http.module';
import { ReconciliationHttpModule } from './modules/reconciliation/reconciliation-http.module';
import { SchedulesHttpModule } from './modules/schedules/schedules-http.module';
import { HttpPlatformModule } from './platform/http/http-platform.module';
import { DevMailboxModule } from './platform/messaging/dev-mailbox.module';
import { PlatformModule } from './platform/platform.module';
import { registeredQueueNames } from './platform/queue/registered-queues';
import { WorkerModule } from './worker.module';

/**
 * The HTTP API: the platform and every context's routes (its `*-http.module.ts`), and the
 * operators' queue dashboard over every queue the worker registers (read from WorkerModule's
 * metadata: the API opens the queues, it processes none).
 */
@Module({
  imports: [
    AppConfigModule,
    PlatformModule,
    HttpPlatformModule,
    DevMailboxModule,
    IdentityHttpModule,
    BillersHttpModule,
    NotificationsHttpModule,
    PaymentsHttpModule,
    BillsHttpModule,
    SchedulesHttpModule,
    DisputesHttpModule,
    AgentsHttpModule,
    HouseholdsHttpModule,
    OperationsHttpModule,
    QueueDashboardModule.register({ queues: registeredQueueNames(WorkerModule) }),
    ComplianceHttpModule,
    ReconciliationHttpModule,
    MerchantsHttpModule,
  ],
})
export class ApiModule {}
