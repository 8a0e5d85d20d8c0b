import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AccessTokenService } from '../../../platform/auth/access-token.service';
import { ActiveMerchantSession, MerchantSessionVerifier } from '../../../platform/auth/merchant-credentials';
import { Clock } from '../../../platform/clock/clock';
import { AppConfig } from '../../../platform/config/app-config';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import {
  MerchantMembership,
  MerchantRefreshToken,
  MerchantSession,
  MerchantSessionEndReason,
} from './merchant-identity.entities';
import { MerchantIdentityError } from './merchant-identity.errors';
import { MerchantIdentityRepository } from './merchant-identity.repository';

const REFRESH_TOKEN_PURPOSE = 'merchant-refresh-token';

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
 * (`mrt_` + 32 bytes, kept as an HMAC) with reuse detection, and the check the merchant guard
 * runs on every request (session open and unexpired, membership still ACTIVE, its role now).
 */
@Injectable()
export class MerchantSessionsService extends MerchantSessionVerifier {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantIdentityRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly keyedHash: KeyedHash,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  findActive(sessionId: string): Promise<ActiveMerchantSession | null> {
    return this.repository.activeSession(this.dataSource.manager, sessionId, this.clock.now());
  }

  async open(
    manager: EntityManager,
    membership: MerchantMembership,
    client: ClientInfo,
    now: Date,
  ): Promise<OpenedMerchantSession> {
    const expiresAt = this.refreshExpiry(now);
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
    const refresh = this.newRefreshToken(session.id, now);
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
    const tokenHash = this.keyedHash.digest(REFRESH_TOKEN_PURPOSE, rawToken);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const presented = await this.repository.lockRefreshToken(manager, tokenHash);
      if (!presented) return null;
      const session = await this.repository.lockSession(manager, presented.sessionId);
      if (!session || session.revokedAt) return null;
      if (presented.rotatedAt) {
        await this.repository.revokeSession(manager, session.id, 'REFRESH_TOKEN_REUSED', now);
        return null;
      }
      if (session.expiresAt <= now) return null;
      const active = await this.repository.activeSession(manager, session.id, now);
      if (!active) return null;
      const successor = this.newRefreshToken(session.id, now);
      const expiresAt = this.refreshExpiry(now);
      await this.repository.rotate(manager, presented, successor.row, now, expiresAt);
      return {
        userId: session.userId,
        merchantId: session.merchantId,
        membershipId: session.membershipId,
        sessionId: session.id,
        refreshToken: successor.raw,
        refreshTokenExpiresAt: expiresAt,
      } satisfies OpenedMerchantSession;
    });
    if (!outcome) {
      throw new MerchantIdentityError('UNAUTHENTICATED', 'The refresh token is invalid, expired or already used');
    }
    return this.withAccessToken(outcome);
  }

  /** KYB REJECTED: every session of the merchant's people ends in the decision's transaction. */
  endSessionsOf(manager: EntityManager, merchantId: string, now: Date): Promise<number> {
    return this.repository.endMerchantSessions(manager, merchantId, now);
  }

  end(manager: EntityManager, sessionId: string, reason: MerchantSessionEndReason, now: Date): Promise<boolean> {
    return this.repository.revokeSession(manager, sessionId, reason, now);
  }

  private newRefreshToken(sessionId: string, now: Date): { raw: string; row: MerchantRefreshToken } {
    const raw = `mrt_${randomBytes(32).toString('base64url')}`;
    return {
      raw,
      row: {
        id: newId(),
        sessionId,
        tokenHash: this.keyedHash.digest(REFRESH_TOKEN_PURPOSE, raw),
        issuedAt: now,
        rotatedAt: null,
      },
    };
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
  }
}
