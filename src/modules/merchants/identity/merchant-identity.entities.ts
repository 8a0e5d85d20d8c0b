import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MerchantRole } from '../../../platform/auth/principal';
import { RefreshTokenColumns } from '../../../platform/auth/refresh-token-columns';

/** A person who works for one or more merchants; exists only through an accepted invitation. */
@Entity({ name: 'merchant_users' })
export class MerchantUser {
  @PrimaryColumn('uuid')
  id: string;

  /** Lower case, unique. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** bcrypt. */
  @Column({ name: 'password_hash', type: 'varchar', length: 100 })
  passwordHash: string;

  /** Where login lands when no merchant is named. */
  @Column({ name: 'last_membership_id', type: 'uuid', nullable: true })
  lastMembershipId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export type MembershipStatus = 'ACTIVE' | 'REVOKED';

/** One user's role in one merchant. */
@Entity({ name: 'merchant_memberships' })
export class MerchantMembership {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'varchar', length: 10 })
  role: MerchantRole;

  @Column({ type: 'varchar', length: 10 })
  status: MembershipStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

export type MerchantSessionEndReason =
  | 'LOGOUT'
  | 'SWITCHED'
  | 'REFRESH_TOKEN_REUSED'
  | 'MEMBERSHIP_ENDED'
  | 'MERCHANT_REJECTED';

/** A dashboard session: one user, one membership. */
@Entity({ name: 'merchant_sessions' })
export class MerchantSession {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'membership_id', type: 'uuid' })
  membershipId: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 30, nullable: true })
  revokedReason: MerchantSessionEndReason | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;
}

/** A refresh token of a merchant session, kept as its HMAC; rotated on use, reuse ends the session. */
@Entity({ name: 'merchant_refresh_tokens' })
export class MerchantRefreshToken extends RefreshTokenColumns {}

export type InvitationStatus = 'PENDING' | 'ACCEPTED' | 'REVOKED';

/** An invitation to join a merchant with a role; its token is kept as its HMAC. */
@Entity({ name: 'merchant_invitations' })
export class MerchantInvitation {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 10 })
  role: MerchantRole;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 10 })
  status: InvitationStatus;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'invited_by_user_id', type: 'uuid', nullable: true })
  invitedByUserId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The last resend (a new token and expiry); null when never resent. */
  @Column({ name: 'resent_at', type: 'timestamptz', nullable: true })
  resentAt: Date | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
