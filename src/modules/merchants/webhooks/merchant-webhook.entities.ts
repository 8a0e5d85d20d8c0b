import { Column, Entity, PrimaryColumn } from 'typeorm';

export const WEBHOOK_ENDPOINT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** Why an endpoint is DISABLED: a member turned it off, it answered 410 Gone, or it failed for 5 days. */
export const WEBHOOK_DISABLED_REASONS = ['MERCHANT', 'GONE', 'FAILING'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_ATTEMPT_STATUSES = ['SUCCEEDED', 'FAILED'] as const;
export type WebhookAttemptStatus = (typeof WEBHOOK_ATTEMPT_STATUSES)[number];

/** Where a merchant's server hears about events of one mode, and the secret deliveries are signed with. */
@Entity({ name: 'merchant_webhook_endpoints' })
export class MerchantWebhookEndpoint {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  /** The mode whose events the endpoint gets; fixed at creation. */
  @Column({ type: 'boolean' })
  livemode: boolean;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  /** Public event types, or `['*']` for all. */
  @Column({ name: 'enabled_events', type: 'text', array: true })
  enabledEvents: string[];

  @Column({ type: 'varchar', length: 10 })
  status: WebhookEndpointStatus;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 20, nullable: true })
  disabledReason: WebhookDisabledReason | null;

  /** `whsec_...`, sealed by the field cipher with the endpoint's id bound in. */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed: string;

  /** The secret before the last rotation, which still signs until `previousSecretExpiresAt`. */
  @Column({ name: 'previous_secret_sealed', type: 'text', nullable: true })
  previousSecretSealed: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  /** The first failed attempt since the last success; null while the endpoint answers. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** An event as sent to endpoints: the outbox event's id (or a test event's), and the exact body signed. */
@Entity({ name: 'merchant_webhook_events' })
export class MerchantWebhookEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'boolean' })
  livemode: boolean;

  /** The public type (`kyb.status_changed`, `webhook.test`). */
  @Column({ type: 'varchar', length: 100 })
  type: string;

  /** The JSON envelope, byte for byte what every attempt sends and signs. */
  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One event to one endpoint: PENDING while attempts remain, then SUCCEEDED or FAILED. */
@Entity({ name: 'merchant_webhook_deliveries' })
export class MerchantWebhookDelivery {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 100 })
  eventType: string;

  @Column({ type: 'varchar', length: 10 })
  status: WebhookDeliveryStatus;

  @Column({ name: 'attempt_count', type: 'integer' })
  attemptCount: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One HTTP request of a delivery and what came back. */
@Entity({ name: 'merchant_webhook_attempts' })
export class MerchantWebhookAttempt {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  @Column({ name: 'attempt_number', type: 'integer' })
  attemptNumber: number;

  /** A member's retry (`POST .../retry`), outside the schedule. */
  @Column({ type: 'boolean' })
  manual: boolean;

  @Column({ type: 'varchar', length: 10 })
  status: WebhookAttemptStatus;

  /** The HTTP status, or null when no answer came (refused address, timeout, connection). */
  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  /** The answer's first kilobyte, as text. */
  @Column({ name: 'response_body_snippet', type: 'varchar', length: 1024, nullable: true })
  responseBodySnippet: string | null;

  /** Why no answer counted, in words safe to show the merchant (never an address). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  failure: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  /** When the next scheduled attempt is due; null when none will follow. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt: Date;
}
