/**
 * The merchants context's public surface: what other contexts and the applications may import.
 * Everything else in this folder (onboarding/, identity/, api-keys/, origins/, webhooks/, checkout/, ledger/, risk/, jobs/) is internal (the lint rule
 * in eslint.config.mjs enforces it).
 */
export { MerchantsModule } from './merchants.module';
export { MerchantsJobsModule } from './jobs/merchants-jobs.module';
export { MerchantDirectory, type MerchantSummary } from './onboarding/merchant-directory.service';
export {
  MerchantAuditWriter,
  merchantActor,
  staffActor,
  SYSTEM_ACTOR,
  type MerchantAuditActor,
  type MerchantAuditRecord,
} from './onboarding/merchant-audit.writer';
export {
  MERCHANT_ACTOR_ROLES,
  MERCHANT_AUDIT_ACTIONS,
  type MerchantActorRole,
  type MerchantAuditAction,
} from './onboarding/merchant-audit-entry.entity';
export { KYB_DOCUMENT_TYPES, KYB_STATUSES, type KybDocumentType, type KybStatus } from './onboarding/merchant.entity';
export { MERCHANT_ENTITIES } from './merchants.entities';
export {
  MERCHANT_EVENTS,
  MERCHANT_QUEUES,
  type MerchantBalanceEventPayload,
  type MerchantCheckoutSessionEventPayload,
  type MerchantKybEventPayload,
  type MerchantPaymentLinkEventPayload,
} from './merchants.events';
export { MERCHANT_ERROR_CODES, MerchantError } from './onboarding/onboarding.errors';
export { MERCHANT_IDENTITY_ERROR_CODES, MerchantIdentityError } from './identity/merchant-identity.errors';
export { MERCHANT_API_KEY_ERROR_CODES, MerchantApiKeyError } from './api-keys/merchant-api-keys.errors';
export { MERCHANT_ORIGIN_ERROR_CODES, MerchantOriginError } from './origins/merchant-origins.errors';
export { MERCHANT_WEBHOOK_ERROR_CODES, MerchantWebhookError } from './webhooks/merchant-webhooks.errors';
export { MERCHANT_CHECKOUT_ERROR_CODES, MerchantCheckoutError } from './checkout/checkout.errors';
export { MerchantApiKeyUsage } from './api-keys/merchant-api-key-usage';
export {
  MerchantLedger,
  MERCHANT_RELEASE_KINDS,
  type MerchantBalanceKey,
  type MerchantBalances,
  type MerchantCapture,
  type MerchantRefund,
  type MerchantReleaseKind,
  type MinorUnits,
} from './ledger/merchant-ledger';
export { MerchantPricing } from './ledger/merchant-pricing';
export { MerchantBalanceReleases } from './ledger/merchant-balance-releases';
export { merchantFee, captureSplit, type CaptureSplit, type MerchantTerms } from './ledger/merchant-fee';
export { merchantBalanceAccount, type MerchantBalanceType } from './ledger/merchant-ledger-accounts';
export { MERCHANT_LEDGER_ERROR_CODES, MerchantLedgerError } from './ledger/merchant-ledger.errors';
export { MerchantVelocityModule } from './risk/merchant-velocity.module';
export { MerchantVelocity, type VelocityAdmission } from './risk/merchant-velocity.service';
