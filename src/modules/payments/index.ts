/**
 * The payments context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { PaymentsModule } from './payments.module';
export { PaymentsJobsModule } from './jobs/payments-jobs.module';
export {
  PaymentCore,
  type AgentPaymentOrder,
  type CheckoutPaymentOrder,
  type PaymentOrder,
} from './core/payment-core.service';
export {
  PaymentChannelHooks,
  type CheckoutCaptureRecord,
  type CheckoutChannelHook,
  type CheckoutCharge,
  type CheckoutRefundSettlement,
  type RailDispute,
} from './core/payment-channel-hooks';
export { agentAccounts, floatTopUpEntry } from './core/payment-ledger';
export { requestFingerprint } from './core/request-fingerprint';
export type { Payment } from './core/payment.entity';
export { PaymentHistory, type PaymentSummary } from './history/payment-history.service';
export { PaymentMetrics, type CurrencyActivity, type PostingActivity } from './history/payment-metrics.service';
export { toPaymentResponse } from './core/dto/payment-mappers';
export { PaymentResponseDto } from './core/dto/payment-response.dto';
export { PAYMENT_CONFLICT_EXAMPLE, PaymentConflictErrorDto } from './core/dto/payment-conflict-error.dto';
export { PaymentRecoveryService } from './core/payment-recovery.service';
export {
  PaymentRefunds,
  type CheckoutPaymentRefundState,
  type DisputablePayment,
  type PartRefund,
  type PartRefundRequest,
} from './core/payment-refunds.service';
export { RailReversalService } from './rails/rail-reversal.service';
export {
  RailDisputes,
  type RailDisputeNotice,
  type RailDisputeOutcome,
  type SandboxDisputeAdvance,
} from './rails/rail-disputes.service';
export { RAIL_CODES, RailConnector, type RailOperation, type RailOperationsQuery } from './rails/rail-connector';
export {
  PaymentScreening,
  type ScreeningCandidate,
  type ScreeningHit,
  type ScreeningSeverity,
} from './core/payment-screening';
export {
  PaymentScreeningReads,
  type PaymentUnderReview,
  type ScreeningActivity,
  type ScreeningActivityQuery,
} from './core/payment-screening-reads.service';
export { PaymentHolds, type HoldRelease, type HoldRejection } from './core/payment-holds.service';
export { PAYMENT_CHANNELS, type PaymentChannel, type PayerType, type PaymentStatus } from './core/payment.entity';
export { PAYMENT_EVENTS, PaymentEventPayload, PaymentPartRefundPayload } from './payments.events';
export { PAYMENT_ATTEMPT_ERRORS, PAYMENT_ERROR_CODES, PaymentError } from './payments.errors';
export { FundingAccountField, MinorUnitsAmountField, RailField } from './core/dto/payment-request-fields';
export { ApiIdempotencyKeyHeader, IdempotencyKey } from './core/idempotency-key.decorator';
