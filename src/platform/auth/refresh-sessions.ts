import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { KeyedHash } from '../crypto/keyed-hash';
import { newId } from '../database/new-id';

/** A refresh token as each session table keeps it: only its HMAC, and when it was retired. */
export interface RefreshTokenRow {
  id: string;
  sessionId: string;
  tokenHash: string;
  issuedAt: Date;
  rotatedAt: Date | null;
}

/** What the rotation reads of a session row. */
export interface RefreshableSession {
  id: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A kind of refresh token: its visible prefix and the purpose its HMAC is keyed with. */
export interface RefreshTokenKind {
  prefix: string;
  purpose: string;
}

/**
 * A context's session and refresh-token tables, as the rotation uses them, always in the
 * caller's transaction. The context keeps its own tables and rules: who may still refresh, what
 * ending a session for reuse records.
 */
export interface RefreshSessionStore<S extends RefreshableSession> {
  /** The refresh token with this hash, row-locked, so concurrent refreshes of one token queue up. */
  lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshTokenRow | null>;
  /** The session, row-locked. */
  lockSession(manager: EntityManager, id: string): Promise<S | null>;
  /** A retired token came back: end the session (`REFRESH_TOKEN_REUSED`) and record what the context records. */
  endForReuse(manager: EntityManager, session: S, now: Date): Promise<void>;
  /** The context's own rule for an open, unexpired session: is its holder still allowed in (user, membership)? */
  mayRefresh(manager: EntityManager, session: S, now: Date): Promise<boolean>;
  /** Retires `presented`, stores `successor` and moves the session's expiry to `expiresAt`. */
  rotate(
    manager: EntityManager,
    presented: RefreshTokenRow,
    successor: RefreshTokenRow,
    now: Date,
    expiresAt: Date,
  ): Promise<void>;
}

/** What presenting a refresh token came to. */
export type RefreshRotation<S> =
  /** A new token for the session; the presented one is retired. */
  | { kind: 'rotated'; session: S; refreshToken: string; refreshTokenExpiresAt: Date }
  /** A retired token presented again: the session has ended. */
  | { kind: 'reused'; session: S }
  /** Unknown token, ended or expired session, or a holder no longer allowed in. */
  | { kind: 'invalid' };

/** A refresh token just made: the raw value (handed out once) and the row that keeps its HMAC. */
export interface IssuedRefreshToken {
  raw: string;
  row: RefreshTokenRow;
}

/**
 * The mechanics customer device sessions and merchant dashboard sessions share: refresh tokens
 * of `<prefix>` + 32 random bytes (base64url) kept only as HMACs, a session lifetime of
 * REFRESH_TOKEN_TTL_SECONDS pushed forward by each refresh, and rotation with reuse detection:
 * every refresh retires the presented token and issues a successor; a retired token presented
 * again means it leaked or was replayed, so the whole session ends and the thief's and the
 * holder's tokens stop alike.
 */
@Injectable()
export class RefreshSessions {
  constructor(
    private readonly keyedHash: KeyedHash,
    private readonly config: AppConfig,
  ) {}

  /** A new refresh token for a session. */
  issue(kind: RefreshTokenKind, sessionId: string, now: Date): IssuedRefreshToken {
    const raw = `${kind.prefix}${randomBytes(32).toString('base64url')}`;
    return {
      raw,
      row: { id: newId(), sessionId, tokenHash: this.digest(kind, raw), issuedAt: now, rotatedAt: null },
    };
  }

  /** When a session opened or refreshed at `now` expires. */
  expiresAt(now: Date): Date {
    return new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  /**
   * Presents a refresh token, in the caller's transaction: rotates it, ends its session when it
   * was already retired, or refuses it. The session and token rows stay locked until commit.
   */
  async rotate<S extends RefreshableSession>(
    manager: EntityManager,
    kind: RefreshTokenKind,
    store: RefreshSessionStore<S>,
    rawToken: string,
    now: Date,
  ): Promise<RefreshRotation<S>> {
    const presented = await store.lockRefreshToken(manager, this.digest(kind, rawToken));
    if (!presented) return { kind: 'invalid' };
    const session = await store.lockSession(manager, presented.sessionId);
    if (!session || session.revokedAt) return { kind: 'invalid' };
    if (presented.rotatedAt) {
      await store.endForReuse(manager, session, now);
      return { kind: 'reused', session };
    }
    if (session.expiresAt <= now) return { kind: 'invalid' };
    if (!(await store.mayRefresh(manager, session, now))) return { kind: 'invalid' };
    const successor = this.issue(kind, session.id, now);
    const expiresAt = this.expiresAt(now);
    await store.rotate(manager, presented, successor.row, now, expiresAt);
    return { kind: 'rotated', session, refreshToken: successor.raw, refreshTokenExpiresAt: expiresAt };
  }

  private digest(kind: RefreshTokenKind, raw: string): string {
    return this.keyedHash.digest(kind.purpose, raw);
  }
}
