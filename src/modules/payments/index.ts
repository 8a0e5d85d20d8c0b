/**
 * The payments context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { PaymentsModule } from './payments.module';
export { PaymentsHttpModule } from './payments-http.module';
export { PaymentsJobsModule } from './jobs/payments-jobs.module';
export { PaymentCore, type AgentPaymentOrder, type PaymentOrder } from './payment-core.service';
export { agentAccounts, floatTopUpEntry } from './payment-ledger';
export { requestFingerprint } from './request-fingerprint';
export type { Payment } from './payment.entity';
export { PaymentHistory, type PaymentSummary } from './payment-history.service';
export { PaymentMetrics, type CurrencyActivity, type PostingActivity } from './payment-metrics.service';
export { toPaymentResponse } from './dto/payment-mappers';
export { PaymentResponseDto } from './dto/payment-response.dto';
export { PAYMENT_CONFLICT_EXAMPLE, PaymentConflictErrorDto } from './dto/payment-conflict-error.dto';
export { PaymentRecoveryService } from './payment-recovery.service';
export { PaymentRefunds, type DisputablePayment } from './payment-refunds.service';
export { RailReversalService } from './rail-reversal.service';
export { RailConnector, type RailOperation, type RailOperationsQuery } from './rail-connector';
export {
  PaymentScreening,
  type ScreeningCandidate,
  type ScreeningHit,
  type ScreeningSeverity,
} from './payment-screening';
export {
  PaymentScreeningReads,
  type PaymentUnderReview,
  type ScreeningActivity,
  type ScreeningActivityQuery,
} from './payment-screening-reads.service';
export { PaymentHolds, type HoldRelease, type HoldRejection } from './payment-holds.service';
export { PAYMENT_CHANNELS, type PaymentChannel, type PayerType, type PaymentStatus } from './payment.entity';
export { PAYMENT_EVENTS, PaymentEventPayload } from './payments.events';
export { PAYMENT_ATTEMPT_ERRORS, PAYMENT_ERROR_CODES, PaymentError } from './payments.errors';
export { FundingAccountField, MinorUnitsAmountField, RailField } from './dto/payment-request-fields';
export { ApiIdempotencyKeyHeader, IdempotencyKey } from './idempotency-key.decorator';
