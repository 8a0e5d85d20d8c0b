import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { ApiException } from '../http/api-error';
import { AccessTokenService } from './access-token.service';
import { endedSession, invalidAccessToken } from './bearer-token';
import { STRATEGY } from './bearer-strategies';
import { accessTokenStrategyOptions } from './jwt-strategy-options';
import { MerchantSessionVerifier } from './merchant-credentials';
import { recordStrategy, releaseStrategy } from './passport-registration';
import { MerchantUserPrincipal } from './principal';

/**
 * `merchant-jwt`: a merchant access token whose session and membership the merchants context
 * re-reads on every request (one lookup), so a revoked session, a removed member or a
 * changed role counts at once. A customer or staff token that verifies is 403
 * MERCHANT_CONTEXT_REQUIRED. The route's policy (roles, API-key-only routes) is the guard's.
 */
@Injectable()
export class MerchantJwtStrategy extends PassportStrategy(Strategy, STRATEGY.merchantJwt) implements OnModuleDestroy {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly sessions: MerchantSessionVerifier,
  ) {
    super(accessTokenStrategyOptions(tokens));
    recordStrategy(STRATEGY.merchantJwt, this);
  }

  async validate(payload: Record<string, unknown>): Promise<MerchantUserPrincipal> {
    const claims = this.tokens.merchantClaims(payload);
    if (!claims) {
      if (this.tokens.userClaims(payload)) {
        throw new ApiException('MERCHANT_CONTEXT_REQUIRED', 'This operation needs merchant credentials');
      }
      throw invalidAccessToken();
    }
    const session = await this.sessions.findActive(claims.sessionId);
    if (
      !session ||
      session.userId !== claims.userId ||
      session.merchantId !== claims.merchantId ||
      session.membershipId !== claims.membershipId
    ) {
      throw endedSession();
    }
    return {
      kind: 'merchant-user',
      userId: session.userId,
      email: session.email,
      merchantId: session.merchantId,
      membershipId: session.membershipId,
      sessionId: claims.sessionId,
      role: session.role,
    };
  }

  onModuleDestroy(): void {
    releaseStrategy(STRATEGY.merchantJwt, this);
  }
}
