import { Column, Entity, PrimaryColumn } from 'typeorm';

export const ORIGIN_STATUSES = ['PENDING', 'VERIFIED'] as const;
export type OriginStatus = (typeof ORIGIN_STATUSES)[number];

/** How an origin was proven: DNS TXT record, HTTPS file, or a test-mode `http://localhost` origin (no proof). */
export const ORIGIN_VERIFICATION_METHODS = ['DNS_TXT', 'HTTP_FILE', 'LOCALHOST'] as const;
export type OriginVerificationMethod = (typeof ORIGIN_VERIFICATION_METHODS)[number];

/** A web origin a merchant sends customers from, and the proof that the merchant controls it. */
@Entity({ name: 'merchant_origins' })
export class MerchantOrigin {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  /** Canonical: `https://host[:port]` (lower-case punycode host), or `http://localhost[:port]`. */
  @Column({ type: 'varchar', length: 300 })
  origin: string;

  /** True for `http://localhost[:port]`: verified at once, for test-mode objects only. */
  @Column({ name: 'test_mode_only', type: 'boolean' })
  testModeOnly: boolean;

  @Column({ type: 'varchar', length: 10 })
  status: OriginStatus;

  /** 32 random bytes, base64url: what the DNS record or the file must hold. Not a credential. */
  @Column({ name: 'challenge_token', type: 'varchar', length: 43 })
  challengeToken: string;

  @Column({ name: 'verification_method', type: 'varchar', length: 10, nullable: true })
  verificationMethod: OriginVerificationMethod | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null;

  /** What the last failed check found, one line per method; null after a success. */
  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError: string | null;

  /** The first failed weekly re-check of the current run of failures; null after a success. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  /** A worker's lease on the origin while it re-checks it (merchant-origin-recheck.ts). */
  @Column({ name: 'recheck_claimed_until', type: 'timestamptz', nullable: true })
  recheckClaimedUntil: Date | null;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
