import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isUUID } from 'class-validator';
import Redis from 'ioredis';
import type { Algorithm } from 'jsonwebtoken';
import { createSecretKey, randomBytes } from 'node:crypto';
import { Clock } from '../../../platform/clock/clock';
import { AppConfig } from '../../../platform/config/app-config';
import { SealedText } from '../../../platform/crypto/sealed-text';
import { dependencyUnavailable } from '../../../platform/http/dependency-outage';
import { InjectRedis } from '../../../platform/redis/redis.module';

/** How long the link `POST /admin/queues/session` answers may be opened, once. */
export const QUEUE_DASHBOARD_LINK_TTL_SECONDS = 300;
/** How long the dashboard cookie the link sets is honoured (the staff session is checked on every request too). */
export const QUEUE_DASHBOARD_COOKIE_TTL_SECONDS = 900;

const ISSUER = 'payment-service';
/** No access token carries this audience, and no other verifier accepts it. */
const AUDIENCE = 'payment-service:queue-dashboard';
const ALGORITHM: Algorithm = 'HS256';
const LINK_TYPE = 'queue_dashboard_link';
const COOKIE_TYPE = 'queue_dashboard_session';

/** Who a dashboard token was issued to: the ADMIN and the device session that asked for it. */
export interface QueueDashboardHolder {
  userId: string;
  sessionId: string;
}

export interface IssuedQueueDashboardToken {
  token: string;
  expiresAt: Date;
  /** Lifetime in seconds. */
  expiresIn: number;
}

/**
 * The queue dashboard's two tokens, HS256 JWTs under a key of their own, derived from
 * JWT_ACCESS_SECRET with HKDF-SHA256 (`SealedText.derivedKey`), with their own audience: an
 * access token does not verify here, nor a dashboard token as an access token.
 *
 * - The link token (`typ: queue_dashboard_link`, 5 minutes) rides in the link's query and is
 *   redeemed once: its `jti` is marked used in Redis (SET NX, until the token would expire).
 * - The cookie token (`typ: queue_dashboard_session`, 15 minutes) is what the dashboard reads on
 *   every request, beside the check that the holder's session is still an active ADMIN's.
 *
 * Times come from the injected clock, as for access tokens.
 */
@Injectable()
export class QueueDashboardTokens {
  private readonly jwt: JwtService;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
    @InjectRedis() private readonly redis: Redis,
  ) {
    const key = SealedText.derivedKey(config.JWT_ACCESS_SECRET, 'operations', 'queue-dashboard-tokens/v1');
    this.jwt = new JwtService({ secret: createSecretKey(key) });
  }

  issueLink(holder: QueueDashboardHolder): IssuedQueueDashboardToken {
    return this.sign(
      { typ: LINK_TYPE, sub: holder.userId, sid: holder.sessionId, jti: randomBytes(16).toString('base64url') },
      QUEUE_DASHBOARD_LINK_TTL_SECONDS,
    );
  }

  /**
   * The holder of a valid link token not redeemed before, marking it redeemed; null for a bad,
   * expired or already used one. Redis down: 503, since a link could otherwise be replayed.
   */
  async redeemLink(token: string): Promise<QueueDashboardHolder | null> {
    const payload = this.verified(token, LINK_TYPE);
    if (!payload || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    const holder = holderOf(payload);
    if (!holder) return null;
    const leftMs = Math.max(1, payload.exp * 1000 - this.clock.now().getTime());
    let first: string | null;
    try {
      first = await this.redis.set(`queue-dashboard:link:${payload.jti}`, '1', 'PX', leftMs, 'NX');
    } catch {
      throw dependencyUnavailable('redis', 'the link could not be marked as used');
    }
    return first === 'OK' ? holder : null;
  }

  issueCookie(holder: QueueDashboardHolder): IssuedQueueDashboardToken {
    return this.sign(
      { typ: COOKIE_TYPE, sub: holder.userId, sid: holder.sessionId },
      QUEUE_DASHBOARD_COOKIE_TTL_SECONDS,
    );
  }

  /** The holder of a valid, unexpired cookie token; null for anything else. */
  verifyCookie(token: string): QueueDashboardHolder | null {
    const payload = this.verified(token, COOKIE_TYPE);
    return payload && holderOf(payload);
  }

  private sign(claims: Record<string, string>, expiresIn: number): IssuedQueueDashboardToken {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const token = this.jwt.sign(
      { ...claims, iat: issuedAt, exp: issuedAt + expiresIn },
      { algorithm: ALGORITHM, issuer: ISSUER, audience: AUDIENCE },
    );
    return { token, expiresAt: new Date((issuedAt + expiresIn) * 1000), expiresIn };
  }

  private verified(token: string, type: string): Record<string, unknown> | null {
    try {
      const payload = this.jwt.verify<Record<string, unknown>>(token, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      return payload.typ === type ? payload : null;
    } catch {
      return null;
    }
  }
}

function holderOf(payload: Record<string, unknown>): QueueDashboardHolder | null {
  const { sub, sid } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !isUUID(sub) || !isUUID(sid)) return null;
  return { userId: sub, sessionId: sid };
}
