import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How the session was opened: an OTP from /auth/verify (which may set the PIN) or a PIN login. */
export const SESSION_AUTH_METHODS = ['OTP', 'PIN'] as const;
export type SessionAuthMethod = (typeof SESSION_AUTH_METHODS)[number];

export const SESSION_REVOCATION_REASONS = [
  'LOGOUT',
  'REVOKED',
  'REFRESH_TOKEN_REUSED',
  'PIN_CHANGED',
  'DEACTIVATED',
] as const;
export type SessionRevocationReason = (typeof SESSION_REVOCATION_REASONS)[number];

/**
 * One signed-in device. Access tokens name it (`sid`); refresh tokens belong to it. It is
 * active while `revokedAt` is null and `expiresAt` (pushed forward by each refresh) is ahead.
 */
@Entity({ name: 'device_sessions' })
export class DeviceSession {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'auth_method', type: 'varchar', length: 8 })
  authMethod: SessionAuthMethod;

  @Column({ name: 'device_name', type: 'varchar', length: 100, nullable: true })
  deviceName: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 24, nullable: true })
  revokedReason: SessionRevocationReason | null;
}
