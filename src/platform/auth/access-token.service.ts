import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isUUID } from 'class-validator';
import { createSecretKey, KeyObject } from 'node:crypto';
import type { Algorithm } from 'jsonwebtoken';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';

/**
 * The `typ` claim of a user access token. Other token kinds (merchant access tokens, anything
 * a future context signs with the same key) carry another value and are refused by the user guard.
 */
export const USER_ACCESS_TOKEN_TYPE = 'user_access';
/** The `typ` claim of a merchant access token (design/merchants.md section 3). */
export const MERCHANT_ACCESS_TOKEN_TYPE = 'merchant';
const ISSUER = 'payment-service';
const AUDIENCE = 'payment-service:api';
const ALGORITHM: Algorithm = 'HS256';

/**
 * What a bearer-token strategy verifies a token against: the key, algorithm, issuer and audience
 * `sign` uses. Expiry is not among them: the verifying library reads the system clock, so the
 * claims readers (`userClaims`, `merchantClaims`) check `exp` against the injected clock instead.
 */
export interface AccessTokenVerification {
  key: KeyObject;
  algorithms: Algorithm[];
  issuer: string;
  audience: string;
}

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

/** A merchant access token names one merchant and one membership of its user. */
export interface MerchantAccessTokenClaims {
  userId: string;
  merchantId: string;
  membershipId: string;
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
  private readonly key: KeyObject;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    // A KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
    // public key on every verify, which costs an exception per request.
    this.key = createSecretKey(Buffer.from(config.JWT_ACCESS_SECRET, 'utf8'));
    this.jwt = new JwtService({ secret: this.key });
  }

  /** The verification the auth strategies hand to passport-jwt (expiry excepted, see the type). */
  get verification(): AccessTokenVerification {
    return { key: this.key, algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE };
  }

  issue(claims: AccessTokenClaims): IssuedAccessToken {
    return this.sign({ typ: USER_ACCESS_TOKEN_TYPE, sub: claims.userId, sid: claims.sessionId });
  }

  /**
   * The claims of a valid user access token, or null for anything else: another algorithm
   * (including `none`), a bad signature, an expired token, another issuer, audience or kind.
   */
  verify(token: string): AccessTokenClaims | null {
    const payload = this.verifiedPayload(token);
    return payload && this.userClaims(payload);
  }

  /**
   * The claims of the payload of a token whose signature, algorithm, issuer and audience were
   * verified, when it is an unexpired user access token (on the injected clock); else null.
   */
  userClaims(payload: Record<string, unknown>): AccessTokenClaims | null {
    if (!this.unexpired(payload)) return null;
    const { typ, sub, sid } = payload;
    if (typ !== USER_ACCESS_TOKEN_TYPE || typeof sub !== 'string' || typeof sid !== 'string') return null;
    if (!isUUID(sub) || !isUUID(sid)) return null;
    return { userId: sub, sessionId: sid };
  }

  /** A merchant access token: `{ typ: "merchant", sub, mid, mbr, sid }`, same key and lifetime. */
  issueMerchant(claims: MerchantAccessTokenClaims): IssuedAccessToken {
    return this.sign({
      typ: MERCHANT_ACCESS_TOKEN_TYPE,
      sub: claims.userId,
      mid: claims.merchantId,
      mbr: claims.membershipId,
      sid: claims.sessionId,
    });
  }

  /** The claims of a valid merchant access token, or null (as `verify`, for the merchant kind). */
  verifyMerchant(token: string): MerchantAccessTokenClaims | null {
    const payload = this.verifiedPayload(token);
    return payload && this.merchantClaims(payload);
  }

  /** As `userClaims`, for an unexpired merchant access token. */
  merchantClaims(payload: Record<string, unknown>): MerchantAccessTokenClaims | null {
    if (!this.unexpired(payload) || payload.typ !== MERCHANT_ACCESS_TOKEN_TYPE) return null;
    const { sub, mid, mbr, sid } = payload;
    const ids = [sub, mid, mbr, sid];
    if (!ids.every((id): id is string => typeof id === 'string' && isUUID(id))) return null;
    return { userId: ids[0], merchantId: ids[1], membershipId: ids[2], sessionId: ids[3] };
  }

  private sign(claims: Record<string, string>): IssuedAccessToken {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresIn = this.config.JWT_ACCESS_TTL_SECONDS;
    const token = this.jwt.sign(
      { ...claims, iat: issuedAt, exp: issuedAt + expiresIn },
      { algorithm: ALGORITHM, issuer: ISSUER, audience: AUDIENCE },
    );
    return { token, expiresAt: new Date((issuedAt + expiresIn) * 1000), expiresIn };
  }

  /** As jsonwebtoken judges `exp` (expired from that second on), but on the injected clock. */
  private unexpired(payload: Record<string, unknown>): boolean {
    return typeof payload.exp === 'number' && Math.floor(this.clock.now().getTime() / 1000) < payload.exp;
  }

  private verifiedPayload(token: string): Record<string, unknown> | null {
    try {
      return this.jwt.verify<Record<string, unknown>>(token, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
    } catch {
      return null;
    }
  }
}
