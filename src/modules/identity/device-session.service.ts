import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import type { UserPrincipal } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { KeyedHash } from '../../platform/crypto/keyed-hash';
import { newId } from '../../platform/database/new-id';
import type { ClientInfo } from '../../platform/http/client-info.decorator';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { DeviceSession, SessionAuthMethod, SessionRevocationReason } from './device-session.entity';
import { DeviceSessionRepository } from './device-session.repository';
import { IdentityError } from './identity.errors';
import { IdentityEvents } from './identity.events';
import { RefreshToken } from './refresh-token.entity';
import { SessionCache } from './session-cache';
import { UserRepository } from './user.repository';

const REFRESH_TOKEN_PURPOSE = 'refresh-token';
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
 * detection, listing and revoking. Refresh tokens are 32 random bytes (`rt_` + base64url),
 * stored only as HMACs.
 */
@Injectable()
export class DeviceSessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: DeviceSessionRepository,
    private readonly users: UserRepository,
    private readonly cache: SessionCache,
    private readonly accessTokens: AccessTokenService,
    private readonly keyedHash: KeyedHash,
    private readonly outbox: OutboxWriter,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

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
      expiresAt: this.refreshExpiry(now),
      revokedAt: null,
      revokedReason: null,
    });
    const refresh = this.newRefreshToken(session.id, now);
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
    const tokenHash = this.keyedHash.digest(REFRESH_TOKEN_PURPOSE, rawToken);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const presented = await this.sessions.lockRefreshToken(manager, tokenHash);
      if (!presented) return { kind: 'invalid' } as const;
      const session = await this.sessions.lockById(manager, presented.sessionId);
      if (!session || session.revokedAt) return { kind: 'invalid' } as const;
      if (presented.rotatedAt) {
        await this.sessions.revoke(manager, session.id, session.userId, 'REFRESH_TOKEN_REUSED', now);
        await this.outbox.write(
          manager,
          IdentityEvents.sessionRevoked(session.userId, session.id, 'REFRESH_TOKEN_REUSED', now),
        );
        return { kind: 'reused', sessionId: session.id } as const;
      }
      if (session.expiresAt <= now) return { kind: 'invalid' } as const;
      const user = await this.users.findById(manager, session.userId);
      if (!user || user.status !== 'ACTIVE') return { kind: 'invalid' } as const;
      const successor = this.newRefreshToken(session.id, now);
      const expiresAt = this.refreshExpiry(now);
      await this.sessions.rotate(manager, presented, successor.row, now, expiresAt);
      const opened: OpenedSession = {
        userId: session.userId,
        sessionId: session.id,
        refreshToken: successor.raw,
        refreshTokenExpiresAt: expiresAt,
      };
      return { kind: 'rotated', opened } as const;
    });
    switch (outcome.kind) {
      case 'rotated':
        return this.withAccessToken(outcome.opened);
      case 'reused':
        await this.cache.revoked([outcome.sessionId]);
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

  private newRefreshToken(sessionId: string, now: Date): { raw: string; row: RefreshToken } {
    const raw = `rt_${randomBytes(32).toString('base64url')}`;
    const row = Object.assign(new RefreshToken(), {
      id: newId(),
      sessionId,
      tokenHash: this.keyedHash.digest(REFRESH_TOKEN_PURPOSE, raw),
      issuedAt: now,
      rotatedAt: null,
    });
    return { raw, row };
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
  }
}
