import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Every action the merchant audit log records (design/merchants.md section 3). */
export const MERCHANT_AUDIT_ACTIONS = [
  'LOGIN',
  'LOGOUT',
  'MEMBERSHIP_SWITCHED',
  'INVITATION_CREATED',
  'INVITATION_RESENT',
  'INVITATION_REVOKED',
  'INVITATION_ACCEPTED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'OWNERSHIP_TRANSFERRED',
  'API_KEY_CREATED',
  'API_KEY_REVOKED',
  'ORIGIN_ADDED',
  'ORIGIN_VERIFIED',
  'ORIGIN_VERIFY_FAILED',
  'ORIGIN_VERIFICATION_LAPSED',
  'ORIGIN_REMOVED',
  'CHECKOUT_SESSION_CREATED',
  'PAYMENT_LINK_CREATED',
  'REFUND_CREATED',
  'WEBHOOK_ENDPOINT_CREATED',
  'WEBHOOK_ENDPOINT_UPDATED',
  'WEBHOOK_ENDPOINT_DELETED',
  'WEBHOOK_ENDPOINT_SECRET_ROTATED',
  'WEBHOOK_ENDPOINT_DISABLED',
  'MERCHANT_REGISTERED',
  'KYB_DOCUMENT_UPLOADED',
  'KYB_STATUS_CHANGED',
  'PRICING_CHANGED',
  'SETTLEMENT_ACCOUNT_CHANGED',
  'RISK_TIER_CHANGED',
  'VELOCITY_CAPS_CHANGED',
] as const;
export type MerchantAuditAction = (typeof MERCHANT_AUDIT_ACTIONS)[number];

/** Who acted, as the log names them: a member's role, a key, platform staff or the system. */
export const MERCHANT_ACTOR_ROLES = [
  'OWNER',
  'ADMIN',
  'DEVELOPER',
  'ANALYST',
  'API_KEY',
  'PLATFORM_STAFF',
  'SYSTEM',
] as const;
export type MerchantActorRole = (typeof MERCHANT_ACTOR_ROLES)[number];

export const MERCHANT_ACTOR_TYPES = ['USER', 'API_KEY', 'STAFF', 'SYSTEM'] as const;
export type MerchantActorType = (typeof MERCHANT_ACTOR_TYPES)[number];

/** One entry of a merchant's audit log. Append-only (a trigger refuses UPDATE and DELETE). */
@Entity({ name: 'merchant_audit_log' })
export class MerchantAuditEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ type: 'varchar', length: 40 })
  action: MerchantAuditAction;

  @Column({ name: 'actor_type', type: 'varchar', length: 10 })
  actorType: MerchantActorType;

  @Column({ name: 'actor_role', type: 'varchar', length: 20 })
  actorRole: MerchantActorRole;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_api_key_id', type: 'uuid', nullable: true })
  actorApiKeyId: string | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ name: 'target_type', type: 'varchar', length: 40 })
  targetType: string;

  @Column({ name: 'target_id', type: 'varchar', length: 100 })
  targetId: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  @Column({ name: 'request_id', type: 'varchar', length: 100, nullable: true })
  requestId: string | null;

  @Column({ type: 'jsonb' })
  details: Record<string, unknown>;
}
