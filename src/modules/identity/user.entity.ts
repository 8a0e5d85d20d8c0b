import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { UserRole } from '../../platform/auth/principal';
import { newId } from '../../platform/database/new-id';

export const USER_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const KYC_TIERS = ['TIER_0', 'TIER_1'] as const;
export type KycTier = (typeof KYC_TIERS)[number];

/** Languages the apps are translated into (BCP 47 tags, lower case as the standard writes them). */
export const LANGUAGES = ['en', 'fr', 'ha', 'ig', 'yo'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A person who signs in with a phone number: customer, agent or staff, by `role`. The PIN is
 * kept only as a bcrypt hash; `failedPinAttempts` counts wrong PINs in a row and
 * `lockedUntil` is set when they reach the limit.
 */
@Entity({ name: 'users' })
export class User {
  @PrimaryColumn('uuid')
  id: string;

  /** E.164, unique. */
  @Column({ type: 'varchar', length: 16 })
  phone: string;

  @Column({ type: 'varchar', length: 16 })
  role: UserRole;

  @Column({ type: 'varchar', length: 16 })
  status: UserStatus;

  @Column({ name: 'kyc_tier', type: 'varchar', length: 16 })
  kycTier: KycTier;

  @Column({ name: 'pin_hash', type: 'varchar', length: 100, nullable: true })
  pinHash: string | null;

  @Column({ name: 'pin_set_at', type: 'timestamptz', nullable: true })
  pinSetAt: Date | null;

  @Column({ name: 'failed_pin_attempts', type: 'integer' })
  failedPinAttempts: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'display_name', type: 'varchar', length: 60, nullable: true })
  displayName: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ name: 'email_verified', type: 'boolean' })
  emailVerified: boolean;

  @Column({ type: 'varchar', length: 8 })
  language: Language;

  @Column({ name: 'phone_verified_at', type: 'timestamptz' })
  phoneVerifiedAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When an admin deactivated the account; null while it is active. */
  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A new ACTIVE user of `role`, its phone verified at `now`: TIER_0 unless `kycTier` says
 * otherwise, its PIN set at `now` when `pinHash` is given (none yet otherwise), no failed PIN
 * attempt or lock, no e-mail, English.
 */
export function newUser(fields: {
  phone: string;
  role: UserRole;
  now: Date;
  pinHash?: string | null;
  kycTier?: KycTier;
  displayName?: string | null;
}): User {
  const { phone, role, now, pinHash = null, kycTier = 'TIER_0', displayName = null } = fields;
  return Object.assign(new User(), {
    id: newId(),
    phone,
    role,
    status: 'ACTIVE',
    kycTier,
    pinHash,
    pinSetAt: pinHash === null ? null : now,
    failedPinAttempts: 0,
    lockedUntil: null,
    displayName,
    email: null,
    emailVerified: false,
    language: 'en',
    phoneVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
    deactivatedAt: null,
  } satisfies User);
}
