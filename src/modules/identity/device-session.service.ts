import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import { RefreshSessions, type RefreshSessionStore, type RefreshTokenKind } from '../../platform/auth/refresh-sessions';
import type { UserPrincipal } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { newId } from '../../platform/database/new-id';
import type { ClientInfo } from '../../platform/http/client-info.decorator';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { DeviceSession, SessionAuthMethod, SessionRevocationReason } from './device-session.entity';
import { DeviceSessionRepository } from './device-session.repository';
import { IdentityError } from './identity.errors';
import { IdentityEvents } from './identity.events';
import { SessionCache } from './session-cache';
import { UserRepository } from './user.repository';

/** Customer refresh tokens: `rt_` + 32 bytes, kept as an HMAC under their own purpose. */
const REFRESH_TOKEN: RefreshTokenKind = { prefix: 'rt_', purpose: 'refresh-token' };
/** Sessions listed at most; a customer with more active devices sees the most recent. */
const MAX_LISTED_SESSIONS = 100;

/** The device a session is opened from. */
export interface DeviceInfo extends ClientInfo {
  deviceName: string | null;
}

/** A session opened inside a transaction; its access token is signed once that commits. */
export interface OpenedSession {
  userId: string;
  sessionId: string;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

export interface IssuedTokens extends OpenedSession {
  accessToken: string;
  accessTokenExpiresAt: Date;
  expiresIn: number;
}

/**
 * Device sessions: opening one (verify, login), refreshing its tokens with rotation and reuse
 * detection (the platform's RefreshSessions, on `device_sessions` and `refresh_tokens`), listing
 * and revoking. Refresh tokens are 32 random bytes (`rt_` + base64url), stored only as HMACs.
 */
@Injectable()
export class DeviceSessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: DeviceSessionRepository,
    private readonly users: UserRepository,
    private readonly cache: SessionCache,
    private readonly accessTokens: AccessTokenService,
    private readonly refreshSessions: RefreshSessions,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** The customer tables and rules the shared rotation works on. */
  private readonly store: RefreshSessionStore<DeviceSession> = {
    lockRefreshToken: (manager, tokenHash) => this.sessions.lockRefreshToken(manager, tokenHash),
    lockSession: (manager, id) => this.sessions.lockById(manager, id),
    endForReuse: async (manager, session, now) => {
      await this.sessions.revoke(manager, session.id, session.userId, 'REFRESH_TOKEN_REUSED', now);
      await this.outbox.write(
        manager,
        IdentityEvents.sessionRevoked(session.userId, session.id, 'REFRESH_TOKEN_REUSED', now),
      );
    },
    mayRefresh: async (manager, session) => (await this.users.findById(manager, session.userId))?.status === 'ACTIVE',
    rotate: (manager, presented, successor, now, expiresAt) =>
      this.sessions.rotate(manager, presented, successor, now, expiresAt),
  };

  /** Opens a session in the caller's transaction, with its first refresh token and a `session.started` event. */
  async open(
    manager: EntityManager,
    userId: string,
    authMethod: SessionAuthMethod,
    device: DeviceInfo,
    now: Date,
  ): Promise<OpenedSession> {
    const session = Object.assign(new DeviceSession(), {
      id: newId(),
      userId,
      authMethod,
      deviceName: device.deviceName,
      userAgent: device.userAgent,
      ipAddress: device.ipAddress,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.refreshSessions.expiresAt(now),
      revokedAt: null,
      revokedReason: null,
    });
    const refresh = this.refreshSessions.issue(REFRESH_TOKEN, session.id, now);
    await this.sessions.insert(manager, session, refresh.row);
    await this.outbox.write(manager, IdentityEvents.sessionStarted(session));
    return { userId, sessionId: session.id, refreshToken: refresh.raw, refreshTokenExpiresAt: session.expiresAt };
  }

  /** Signs the access token of a session whose transaction has committed. */
  withAccessToken(opened: OpenedSession): IssuedTokens {
    const access = this.accessTokens.issue({ userId: opened.userId, sessionId: opened.sessionId });
    return {
      ...opened,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      expiresIn: access.expiresIn,
    };
  }

  /**
   * Exchanges a refresh token for a new pair. The presented token is retired; presenting a
   * retired token again means it leaked (or was replayed), so the whole session is revoked.
   */
  async refresh(rawToken: string): Promise<IssuedTokens> {
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction((manager) =>
      this.refreshSessions.rotate(manager, REFRESH_TOKEN, this.store, rawToken, now),
    );
    switch (outcome.kind) {
      case 'rotated':
        return this.withAccessToken({
          userId: outcome.session.userId,
          sessionId: outcome.session.id,
          refreshToken: outcome.refreshToken,
          refreshTokenExpiresAt: outcome.refreshTokenExpiresAt,
        });
      case 'reused':
        await this.cache.revoked([outcome.session.id]);
        throw IdentityError.refreshTokenInvalid();
      case 'invalid':
        throw IdentityError.refreshTokenInvalid();
    }
  }

  list(principal: UserPrincipal): Promise<DeviceSession[]> {
    return this.sessions.listActive(this.dataSource.manager, principal.userId, this.clock.now(), MAX_LISTED_SESSIONS);
  }

  /**
   * Revokes one of the caller's sessions (their current one on logout). Revoking a session
   * already revoked is a no-op; another user's session, or none, is 404.
   */
  async revoke(
    principal: UserPrincipal,
    sessionId: string,
    reason: Extract<SessionRevocationReason, 'LOGOUT' | 'REVOKED'>,
  ): Promise<void> {
    const now = this.clock.now();
    const revoked = await this.dataSource.transaction(async (manager) => {
      if (await this.sessions.revoke(manager, sessionId, principal.userId, reason, now)) {
        await this.outbox.write(manager, IdentityEvents.sessionRevoked(principal.userId, sessionId, reason, now));
        return true;
      }
      if (!(await this.sessions.findOwnedBy(manager, sessionId, principal.userId)))
        throw IdentityError.sessionNotFound();
      return false;
    });
    if (revoked) await this.cache.revoked([sessionId]);
  }
}
