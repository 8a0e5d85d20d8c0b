import { Column, PrimaryColumn } from 'typeorm';
import type { RefreshTokenRow } from './refresh-sessions';

/**
 * The columns of a refresh-token table, the same in each context that keeps one (identity's
 * `refresh_tokens`, merchants' `merchant_refresh_tokens`): a token is kept only as its HMAC, with
 * when it was issued and when it was retired. Each context's entity extends it and names its own
 * table; TypeORM gives each table these columns, and each context's migration creates them.
 */
export abstract class RefreshTokenColumns implements RefreshTokenRow {
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
