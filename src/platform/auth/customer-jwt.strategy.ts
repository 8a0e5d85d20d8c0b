import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { ApiException } from '../http/api-error';
import { AccessTokenService } from './access-token.service';
import { endedSession, invalidAccessToken } from './bearer-token';
import { STRATEGY } from './bearer-strategies';
import { accessTokenStrategyOptions } from './jwt-strategy-options';
import { recordStrategy, releaseStrategy } from './passport-registration';
import { UserPrincipal } from './principal';
import { SessionVerifier } from './session-verifier';

/**
 * `customer-jwt`: a user access token (customers, agents and staff alike) whose device session
 * is still active. passport-jwt checks the signature, algorithm, issuer and audience; `validate`
 * the expiry, the kind and the session, one lookup per request, and takes the role from the
 * session so a role change or a revocation counts at once. A merchant access token that
 * verifies is 403 USER_CONTEXT_REQUIRED: the caller is known, on the wrong side of the service.
 */
@Injectable()
export class CustomerJwtStrategy extends PassportStrategy(Strategy, STRATEGY.customerJwt) implements OnModuleDestroy {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly sessions: SessionVerifier,
  ) {
    super(accessTokenStrategyOptions(tokens));
    recordStrategy(STRATEGY.customerJwt, this);
  }

  async validate(payload: Record<string, unknown>): Promise<UserPrincipal> {
    const claims = this.tokens.userClaims(payload);
    if (!claims) {
      if (this.tokens.merchantClaims(payload)) {
        throw new ApiException('USER_CONTEXT_REQUIRED', 'Merchant credentials cannot call this operation');
      }
      throw invalidAccessToken();
    }
    const session = await this.sessions.findActive(claims.sessionId);
    if (!session || session.userId !== claims.userId) throw endedSession();
    return { kind: 'user', userId: session.userId, sessionId: claims.sessionId, role: session.role };
  }

  onModuleDestroy(): void {
    releaseStrategy(STRATEGY.customerJwt, this);
  }
}
