import { Module } from '@nestjs/common';
import { AppConfigModule } from './configuration';
import { AgentsHttpModule } from './modules/agents';
import { BillersHttpModule } from './modules/billers';
import { BillsHttpModule } from './modules/bills';
import { ComplianceHttpModule } from './modules/compliance';
import { DisputesHttpModule } from './modules/disputes';
import { HouseholdsHttpModule } from './modules/households';
import { IdentityHttpModule } from './modules/identity';
import { MerchantsHttpModule } from './modules/merchants';
import { NotificationsHttpModule } from './modules/notifications';
import { OperationsHttpModule, QueueDashboardModule } from './modules/operations';
import { PaymentsHttpModule } from './modules/payments';
import { ReconciliationHttpModule } from './modules/reconciliation';
import { SchedulesHttpModule } from './modules/schedules';
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
