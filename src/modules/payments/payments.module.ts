import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { BillersModule } from '../billers/billers.module';
import { CustomerLimitsModule } from '../identity/customer-limits.module';
import { LedgerModule } from '../ledger/ledger.module';
import { BillerCircuitBreaker } from './biller-circuit-breaker';
import { PaymentRepository } from './payment.repository';
import { PaymentsService } from './payments.service';
import { PostingAttemptRepository } from './posting-attempt.repository';
import { PostingService } from './posting.service';
import { RailConnector } from './rail-connector';
import { RailReversalRepository } from './rail-reversal.repository';
import { RailReversalService } from './rail-reversal.service';
import { SandboxRailConnector } from './sandbox-rail.connector';

/**
 * Customer bill payments: creation with idempotency and limits, capture on the rail, the
 * ledger entry, posting to billers with retries, and returning funds when a biller refuses.
 * Services only; the routes are in PaymentsHttpModule and the processors in PaymentsJobsModule.
 */
@Module({
  imports: [BillersModule, CustomerLimitsModule, LedgerModule, OutboxModule, AdminAuditModule],
  providers: [
    PaymentRepository,
    PostingAttemptRepository,
    PaymentsService,
    PostingService,
    RailReversalService,
    RailReversalRepository,
    BillerCircuitBreaker,
    { provide: RailConnector, useClass: SandboxRailConnector },
  ],
  exports: [PaymentsService, PostingService, RailReversalService],
})
export class PaymentsModule {}
