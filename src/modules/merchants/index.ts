/**
 * The merchants context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { MerchantsModule } from './merchants.module';
export { MerchantsHttpModule } from './merchants-http.module';
export { MerchantDirectory, type MerchantSummary } from './merchant-directory.service';
export {
  MerchantAuditWriter,
  merchantActor,
  staffActor,
  SYSTEM_ACTOR,
  type MerchantAuditActor,
  type MerchantAuditRecord,
} from './merchant-audit.writer';
export {
  MERCHANT_ACTOR_ROLES,
  MERCHANT_AUDIT_ACTIONS,
  type MerchantActorRole,
  type MerchantAuditAction,
} from './merchant-audit-entry.entity';
export {
  type AfterCommit,
  MerchantLiveKeyRevocation,
  MerchantOwnerInvitations,
  MerchantSessionRevocation,
  type OwnerInvitationRequest,
} from './merchant-ports';
export { KYB_DOCUMENT_TYPES, KYB_STATUSES, type KybDocumentType, type KybStatus } from './merchant.entity';
export { MERCHANT_ENTITIES } from './merchants.entities';
export { MERCHANT_EVENTS, type MerchantKybEventPayload } from './merchants.events';
export { MERCHANT_ERROR_CODES, MerchantError } from './merchants.errors';
