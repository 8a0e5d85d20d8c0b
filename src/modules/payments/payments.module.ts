import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { BillersModule } from '../billers/billers.module';
import { CustomerLimitsModule } from '../identity/customer-limits.module';
import { LedgerModule } from '../ledger/ledger.module';
import { BillerCircuitBreaker } from './biller-circuit-breaker';
import { PaymentCore } from './payment-core.service';
import { PaymentFaults } from './payment-faults';
import { PaymentRecoveryService } from './payment-recovery.service';
import { PaymentRepository } from './payment.repository';
import { PaymentsService } from './payments.service';
import { PostingAttemptRepository } from './posting-attempt.repository';
import { PostingService } from './posting.service';
import { RailConnector } from './rail-connector';
import { RailReversalRepository } from './rail-reversal.repository';
import { RailReversalService } from './rail-reversal.service';
import { SandboxRailConnector } from './sandbox-rail.connector';

/**
 * Bill payments: the payment core every channel pays through (idempotency, limits, the rail
 * capture between two transactions, the ledger entry), recovery of payments whose capture
 * answer was lost, posting to billers with retries, and returning funds when a biller
 * refuses. Services only; the routes are in PaymentsHttpModule and the processors in
 * PaymentsJobsModule.
 */
@Module({
  imports: [BillersModule, CustomerLimitsModule, LedgerModule, OutboxModule, AdminAuditModule],
  providers: [
    PaymentRepository,
    PostingAttemptRepository,
    PaymentCore,
    PaymentRecoveryService,
    PaymentFaults,
    PaymentsService,
    PostingService,
    RailReversalService,
    RailReversalRepository,
    BillerCircuitBreaker,
    { provide: RailConnector, useClass: SandboxRailConnector },
  ],
  exports: [PaymentCore, PaymentsService, PostingService, RailReversalService, PaymentRecoveryService],
})
export class PaymentsModule {}
