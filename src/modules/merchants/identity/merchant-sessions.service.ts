import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AccessTokenService } from '../../../platform/auth/access-token.service';
import { ActiveMerchantSession, MerchantSessionVerifier } from '../../../platform/auth/merchant-credentials';
import {
  RefreshSessions,
  type RefreshSessionStore,
  type RefreshTokenKind,
} from '../../../platform/auth/refresh-sessions';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { MerchantMembership, MerchantSession, MerchantSessionEndReason } from './merchant-identity.entities';
import { MerchantIdentityError } from './merchant-identity.errors';
import { MerchantIdentityRepository } from './merchant-identity.repository';

/** Merchant refresh tokens: `mrt_` + 32 bytes, kept as an HMAC under their own purpose. */
const REFRESH_TOKEN: RefreshTokenKind = { prefix: 'mrt_', purpose: 'merchant-refresh-token' };

/** A session opened in a transaction; its access token is signed once that commits. */
export interface OpenedMerchantSession {
  userId: string;
  merchantId: string;
  membershipId: string;
  sessionId: string;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

export interface IssuedMerchantTokens extends OpenedMerchantSession {
  accessToken: string;
  accessTokenExpiresAt: Date;
  expiresIn: number;
}

/**
 * Merchant dashboard sessions: one user and one membership each, a rotating refresh token
 * (`mrt_` + 32 bytes, kept as an HMAC) with reuse detection (the platform's RefreshSessions, on
 * `merchant_sessions` and `merchant_refresh_tokens`), and the check the merchant guard runs on
 * every request (session open and unexpired, membership still ACTIVE, its role now).
 */
@Injectable()
export class MerchantSessionsService extends MerchantSessionVerifier {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantIdentityRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly refreshSessions: RefreshSessions,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** The merchant tables and rules the shared rotation works on. */
  private readonly store: RefreshSessionStore<MerchantSession> = {
    lockRefreshToken: (manager, tokenHash) => this.repository.lockRefreshToken(manager, tokenHash),
    lockSession: (manager, id) => this.repository.lockSession(manager, id),
    endForReuse: async (manager, session, now) => {
      await this.repository.revokeSession(manager, session.id, 'REFRESH_TOKEN_REUSED', now);
    },
    mayRefresh: async (manager, session, now) =>
      (await this.repository.activeSession(manager, session.id, now)) !== null,
    rotate: (manager, presented, successor, now, expiresAt) =>
      this.repository.rotate(manager, presented, successor, now, expiresAt),
  };

  findActive(sessionId: string): Promise<ActiveMerchantSession | null> {
    return this.repository.activeSession(this.dataSource.manager, sessionId, this.clock.now());
  }

  async open(
    manager: EntityManager,
    membership: MerchantMembership,
    client: ClientInfo,
    now: Date,
  ): Promise<OpenedMerchantSession> {
    const expiresAt = this.refreshSessions.expiresAt(now);
    const session: MerchantSession = {
      id: newId(),
      userId: membership.userId,
      membershipId: membership.id,
      merchantId: membership.merchantId,
      createdAt: now,
      expiresAt,
      revokedAt: null,
      revokedReason: null,
      ip: client.ipAddress?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    };
    const refresh = this.refreshSessions.issue(REFRESH_TOKEN, session.id, now);
    await this.repository.insertSession(manager, session, refresh.row);
    await this.repository.setLastMembership(manager, membership.userId, membership.id, now);
    return {
      userId: membership.userId,
      merchantId: membership.merchantId,
      membershipId: membership.id,
      sessionId: session.id,
      refreshToken: refresh.raw,
      refreshTokenExpiresAt: expiresAt,
    };
  }

  withAccessToken(opened: OpenedMerchantSession): IssuedMerchantTokens {
    const access = this.accessTokens.issueMerchant(opened);
    return {
      ...opened,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      expiresIn: access.expiresIn,
    };
  }

  /**
   * A new pair for a refresh token. A token presented twice means it leaked or was replayed:
   * the whole session ends, and the thief's and the owner's tokens stop working alike.
   */
  async refresh(rawToken: string): Promise<IssuedMerchantTokens> {
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction((manager) =>
      this.refreshSessions.rotate(manager, REFRESH_TOKEN, this.store, rawToken, now),
    );
    if (outcome.kind !== 'rotated') {
      throw new MerchantIdentityError('UNAUTHENTICATED', 'The refresh token is invalid, expired or already used');
    }
    const { session } = outcome;
    return this.withAccessToken({
      userId: session.userId,
      merchantId: session.merchantId,
      membershipId: session.membershipId,
      sessionId: session.id,
      refreshToken: outcome.refreshToken,
      refreshTokenExpiresAt: outcome.refreshTokenExpiresAt,
    });
  }

  /** KYB REJECTED: every session of the merchant's people ends in the decision's transaction. */
  endSessionsOf(manager: EntityManager, merchantId: string, now: Date): Promise<number> {
    return this.repository.endMerchantSessions(manager, merchantId, now);
  }

  end(manager: EntityManager, sessionId: string, reason: MerchantSessionEndReason, now: Date): Promise<boolean> {
    return this.repository.revokeSession(manager, sessionId, reason, now);
  }
}
