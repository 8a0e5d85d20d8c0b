import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

/** A reusable link to pay the merchant: each visit opens a checkout session (`source: PAYMENT_LINK`). */
@Entity({ name: 'merchant_payment_links' })
export class MerchantPaymentLink {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'boolean' })
  livemode: boolean;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  description: string | null;

  /** The fixed amount (minor units); null when the customer picks one within minAmount..maxAmount. */
  @Column({ type: 'bigint', nullable: true, transformer: minorUnits })
  amount: number | null;

  @Column({ name: 'min_amount', type: 'bigint', nullable: true, transformer: minorUnits })
  minAmount: number | null;

  @Column({ name: 'max_amount', type: 'bigint', nullable: true, transformer: minorUnits })
  maxAmount: number | null;

  @Column({ type: 'char', length: 3 })
  currency: string;

  /** `^[a-z0-9-]{3,64}$`, unique across the service: the hosted page is `/l/{slug}`. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  slug: string | null;

  @Column({ name: 'redirect_url', type: 'varchar', length: 2000, nullable: true })
  redirectUrl: string | null;

  @Column({ name: 'success_message', type: 'varchar', length: 500, nullable: true })
  successMessage: string | null;

  @Column({ name: 'max_completions', type: 'integer', nullable: true })
  maxCompletions: number | null;

  /** Sessions of this link paid; the completion of a session adds one in its transaction. */
  @Column({ name: 'completed_count', type: 'integer' })
  completedCount: number;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'jsonb' })
  metadata: Record<string, string>;

  @Column({ name: 'created_by_api_key_id', type: 'uuid', nullable: true })
  createdByApiKeyId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
