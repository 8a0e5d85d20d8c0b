import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The one-time password currently issued to a phone number, one row per number: a new
 * registration replaces it, a successful verification deletes it. The code itself is never
 * stored, only its HMAC.
 */
@Entity({ name: 'otp_challenges' })
export class OtpChallenge {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  phone: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash: string;

  /** Wrong codes tried so far. */
  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
