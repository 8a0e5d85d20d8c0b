import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ApiKeyCreatorType = 'USER' | 'STAFF';
export type ApiKeyRevocationReason = 'REVOKED_BY_MERCHANT' | 'MERCHANT_REJECTED';

/** A merchant API key, kept as an HMAC of its secret; the secret itself is shown once. */
@Entity({ name: 'merchant_api_keys' })
export class MerchantApiKey {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** True for `sk_live_` keys (live money), false for `sk_test_` keys (the sandbox). */
  @Column({ type: 'boolean' })
  livemode: boolean;

  /** `sk_live_` or `sk_test_` and the first characters of the secret: shown, and the lookup. */
  @Column({ type: 'varchar', length: 20 })
  prefix: string;

  @Column({ type: 'char', length: 4 })
  last4: string;

  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash: string;

  @Column({ name: 'created_by_type', type: 'varchar', length: 10 })
  createdByType: ApiKeyCreatorType;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Written in batches (at most one write per key per flush), so it may lag by the flush interval. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 30, nullable: true })
  revokedReason: ApiKeyRevocationReason | null;
}
