import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A refresh token of a device session, kept only as its HMAC. Each refresh marks the presented
 * token `rotatedAt` and issues a new one; a rotated token presented again revokes the session.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt: Date | null;
}
