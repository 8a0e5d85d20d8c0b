import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

/** `OPEN -> COMPLETE | EXPIRED`; both ends are final. COMPLETE is set by the payment that pays the session. */
export const CHECKOUT_SESSION_STATUSES = ['OPEN', 'COMPLETE', 'EXPIRED'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

/** Where a session came from: the merchant API, or a visit to a payment link. */
export const CHECKOUT_SESSION_SOURCES = ['API', 'PAYMENT_LINK'] as const;
export type CheckoutSessionSource = (typeof CHECKOUT_SESSION_SOURCES)[number];

/**
 * A hosted checkout a customer pays once: what to pay, where to send the customer after, until when.
 * The rows are read and written by `checkout-sessions.sql`'s statements and mapped to this shape; the
 * pricing terms an admission keeps for the capture (`admission_*` columns, set with `payment_id`) are
 * not part of it: only the admission writes them and only the completion reads them back.
 */
@Entity({ name: 'merchant_checkout_sessions' })
export class MerchantCheckoutSession {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  /** The mode of the key that made it: a test key sees only test sessions, a live key only live ones. */
  @Column({ type: 'boolean' })
  livemode: boolean;

  @Column({ type: 'varchar', length: 10 })
  status: CheckoutSessionStatus;

  @Column({ type: 'varchar', length: 20 })
  source: CheckoutSessionSource;

  @Column({ name: 'payment_link_id', type: 'uuid', nullable: true })
  paymentLinkId: string | null;

  /** Minor units, positive. */
  @Column({ type: 'bigint', transformer: minorUnits })
  amount: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'merchant_reference', type: 'varchar', length: 100 })
  merchantReference: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  title: string | null;

  @Column({ name: 'success_url', type: 'varchar', length: 2000 })
  successUrl: string;

  @Column({ name: 'cancel_url', type: 'varchar', length: 2000 })
  cancelUrl: string;

  @Column({ name: 'customer_email', type: 'varchar', length: 254, nullable: true })
  customerEmail: string | null;

  @Column({ type: 'jsonb' })
  metadata: Record<string, string>;

  /** The payment that completed it (set with COMPLETE). */
  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  /** The creating request's Idempotency-Key, unique per merchant and mode. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  /** SHA-256 of the creating request's body in canonical JSON: a replay must match it. */
  @Column({ name: 'request_fingerprint', type: 'char', length: 64, nullable: true })
  requestFingerprint: string | null;

  @Column({ name: 'created_by_api_key_id', type: 'uuid', nullable: true })
  createdByApiKeyId: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true })
  expiredAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
