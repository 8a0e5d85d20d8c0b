import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiException } from '../http/api-error';
import { ACCESS_POLICY, AccessPolicy, isMerchantApiKey, MerchantAccessPolicy } from './access-policy';
import { AccessTokenService } from './access-token.service';
import { BEARER_CHALLENGE, bearerToken, INVALID_TOKEN_CHALLENGE } from './bearer-token';
import { MerchantApiKeyVerifier, MerchantSessionVerifier } from './merchant-credentials';
import { AuthenticatedRequest, MerchantPrincipal } from './principal';

/**
 * Authenticates the merchant side. The bearer value is either an API key (`sk_live_` /
 * `sk_test_`, checked by the API keys context) or a merchant access token whose session and
 * membership the merchant-identity context re-reads on every request, so a revoked session, a
 * removed member or a changed role counts at once. Then the route's policy: a key on a
 * human-only route is 403 HUMAN_CONTEXT_REQUIRED, a person on a key-only route 403
 * MERCHANT_API_KEY_REQUIRED, a customer or staff token anywhere here 403
 * MERCHANT_CONTEXT_REQUIRED, a role outside the route's roles 403 FORBIDDEN. A credential that
 * does not verify is 401 before any of those.
 */
@Injectable()
export class MerchantAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
    private readonly apiKeys: MerchantApiKeyVerifier,
    private readonly sessions: MerchantSessionVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const policy = this.policyOf(context);
    const token = bearerToken(request.headers.authorization);
    if (!token)
      throw new ApiException('UNAUTHENTICATED', 'A bearer credential is required', undefined, BEARER_CHALLENGE);
    const principal = isMerchantApiKey(token) ? await this.apiKey(token, policy) : await this.person(token, policy);
    request.principal = principal;
    return true;
  }

  private async apiKey(token: string, policy: MerchantAccessPolicy): Promise<MerchantPrincipal> {
    const principal = await this.apiKeys.verify(token);
    if (!principal) {
      throw new ApiException(
        'UNAUTHENTICATED',
        'The API key is invalid or revoked',
        undefined,
        INVALID_TOKEN_CHALLENGE,
      );
    }
    if (policy.apiKey === 'never') {
      throw new ApiException('HUMAN_CONTEXT_REQUIRED', 'This operation needs a signed-in person, not an API key');
    }
    return principal;
  }

  private async person(token: string, policy: MerchantAccessPolicy): Promise<MerchantPrincipal> {
    const claims = this.tokens.verifyMerchant(token);
    if (!claims) {
      if (this.tokens.verify(token)) {
        throw new ApiException('MERCHANT_CONTEXT_REQUIRED', 'This operation needs merchant credentials');
      }
      throw new ApiException(
        'UNAUTHENTICATED',
        'The access token is invalid or expired',
        undefined,
        INVALID_TOKEN_CHALLENGE,
      );
    }
    const session = await this.sessions.findActive(claims.sessionId);
    if (
      !session ||
      session.userId !== claims.userId ||
      session.merchantId !== claims.merchantId ||
      session.membershipId !== claims.membershipId
    ) {
      throw new ApiException(
        'UNAUTHENTICATED',
        'The session of this access token has ended',
        undefined,
        INVALID_TOKEN_CHALLENGE,
      );
    }
    if (policy.apiKey === 'only') {
      throw new ApiException('MERCHANT_API_KEY_REQUIRED', 'This operation of the merchant API takes an API key');
    }
    if (policy.roles && !policy.roles.includes(session.role)) {
      throw new ApiException('FORBIDDEN', `Your role (${session.role}) may not use this operation`);
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

  private policyOf(context: ExecutionContext): MerchantAccessPolicy {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy?.kind !== 'merchant') throw new Error('MerchantAuthGuard on a route without a merchant access policy');
    return policy;
  }
}
