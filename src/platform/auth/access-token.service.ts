import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isUUID } from 'class-validator';
import { createSecretKey } from 'node:crypto';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';

/**
 * The `typ` claim of a user access token. Other token kinds (merchant access tokens, anything
 * a future context signs with the same key) carry another value and are refused by the user guard.
 */
export const USER_ACCESS_TOKEN_TYPE = 'user_access';
const ISSUER = 'payment-service';
const AUDIENCE = 'payment-service:api';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
  /** Lifetime in seconds. */
  expiresIn: number;
}

/**
 * Signs and checks user access tokens: HS256 JWTs of `{ typ, sub, sid, iat, exp, iss, aud }`.
 * The role is deliberately absent: the guard reads it from the session, so a role change or a
 * revocation counts at once. Times come from the injected clock.
 */
@Injectable()
export class AccessTokenService {
  private readonly jwt: JwtService;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    // A KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
    // public key on every verify, which costs an exception per request.
    this.jwt = new JwtService({ secret: createSecretKey(Buffer.from(config.JWT_ACCESS_SECRET, 'utf8')) });
  }

  issue(claims: AccessTokenClaims): IssuedAccessToken {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresIn = this.config.JWT_ACCESS_TTL_SECONDS;
    const token = this.jwt.sign(
      {
        typ: USER_ACCESS_TOKEN_TYPE,
        sub: claims.userId,
        sid: claims.sessionId,
        iat: issuedAt,
        exp: issuedAt + expiresIn,
      },
      { algorithm: ALGORITHM, issuer: ISSUER, audience: AUDIENCE },
    );
    return { token, expiresAt: new Date((issuedAt + expiresIn) * 1000), expiresIn };
  }

  /**
   * The claims of a valid user access token, or null for anything else: another algorithm
   * (including `none`), a bad signature, an expired token, another issuer, audience or kind.
   */
  verify(token: string): AccessTokenClaims | null {
    let payload: Record<string, unknown>;
    try {
      payload = this.jwt.verify<Record<string, unknown>>(token, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
    } catch {
      return null;
    }
    const { typ, sub, sid } = payload;
    if (typ !== USER_ACCESS_TOKEN_TYPE || typeof sub !== 'string' || typeof sid !== 'string') return null;
    if (!isUUID(sub) || !isUUID(sid)) return null;
    return { userId: sub, sessionId: sid };
  }
}
