import { Module } from '@nestjs/common';
import { ListensTo } from '../../platform/outbox/outbox-subscriptions';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { BillersModule } from '../billers';
import { CustomerLimitsModule } from '../identity';
import { LedgerModule } from '../ledger';
import { BillerCircuitBreaker } from './posting/biller-circuit-breaker';
import { CaptureFundingSeal } from './core/capture-funding-seal';
import { PaymentChannelHooks } from './core/payment-channel-hooks';
import { PaymentCore } from './core/payment-core.service';
import { PaymentFailures } from './core/payment-failures.service';
import { PaymentHistory } from './history/payment-history.service';
import { PaymentHolds } from './core/payment-holds.service';
import { PaymentScreeningReads } from './core/payment-screening-reads.service';
import { PaymentMetrics } from './history/payment-metrics.service';
import { PaymentRecoveryService } from './core/payment-recovery.service';
import { PaymentRefunds } from './core/payment-refunds.service';
import { PaymentRepository } from './core/payment.repository';
import { PAYMENT_ENTITIES } from './payments.entities';
import { PAYMENT_EVENTS, PAYMENT_QUEUES } from './payments.events';
import { PaymentsService } from './core/payments.service';
import { PostingAttemptRepository } from './posting/posting-attempt.repository';
import { PostingService } from './posting/posting.service';
import { RailConnector } from './rails/rail-connector';
import { RailReversalRepository } from './rails/rail-reversal.repository';
import { RailDisputes } from './rails/rail-disputes.service';
import { RailReversalService } from './rails/rail-reversal.service';
import { SandboxRailConnector } from './rails/sandbox-rail.connector';
import { ConfigModule } from '../../platform/config/config.module';
import { PaymentsConfig } from './payments.config';

/**
 * Bill payments: the payment core every channel pays through (idempotency, limits, the rail
 * capture between two transactions, the ledger entry), recovery of payments whose capture
 * answer was lost, posting to billers with retries, and returning funds when a biller
 * refuses. Services only; the routes are in PaymentsHttpModule and the processors in
 * PaymentsJobsModule. The payment core screens through the PaymentScreening port, which
 * ComplianceModule binds: every application that loads this module loads that one too.
 */
@ListensTo(PAYMENT_QUEUES.posting, [PAYMENT_EVENTS.captured])
@ListensTo(PAYMENT_QUEUES.railReversals, [PAYMENT_EVENTS.railReversalRequested, PAYMENT_EVENTS.partRefundRequested])
@Module({
  imports: [
    ConfigModule.forFeature(PaymentsConfig),
    TypeOrmModule.forFeature(PAYMENT_ENTITIES),
    BillersModule,
    CustomerLimitsModule,
    LedgerModule,
    OutboxModule,
    AdminAuditModule,
  ],
  providers: [
    PaymentRepository,
    PostingAttemptRepository,
    PaymentCore,
    PaymentChannelHooks,
    CaptureFundingSeal,
    PaymentRecoveryService,
    PaymentRefunds,
    PaymentFailures,
    PaymentHistory,
    PaymentMetrics,
    PaymentsService,
    PostingService,
    RailReversalService,
    RailReversalRepository,
    RailDisputes,
    BillerCircuitBreaker,
    PaymentHolds,
    PaymentScreeningReads,
    { provide: RailConnector, useClass: SandboxRailConnector },
  ],
  exports: [
    PaymentCore,
    PaymentChannelHooks,
    RailConnector,
    PaymentHistory,
    PaymentMetrics,
    PaymentRefunds,
    PaymentsService,
    PostingService,
    RailReversalService,
    RailDisputes,
    PaymentRecoveryService,
    PaymentHolds,
    PaymentScreeningReads,
  ],
})
export class PaymentsModule {}
