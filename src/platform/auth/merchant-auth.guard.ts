import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { ApiException } from '../http/api-error';
import { ACCESS_POLICY, AccessPolicy, isMerchantApiKey, MerchantAccessPolicy } from './access-policy';
import { BEARER_CHALLENGE, bearerToken, INVALID_TOKEN_CHALLENGE, invalidAccessToken } from './bearer-token';
import { STRATEGY } from './bearer-strategies';
import { developerKeyOf, presentedApiKey } from './developer-key';
import { MerchantPrincipal, Principal } from './principal';

/**
 * Authenticates the merchant side. The bearer value is either an API key (`sk_live_` /
 * `sk_test_`, the `merchant-api-key` strategy) or a merchant access token whose session and
 * membership are re-read on every request (the `merchant-jwt` strategy), so a revoked session,
 * a removed member or a changed role counts at once. Then the route's policy: a key on a
 * human-only route is 403 HUMAN_CONTEXT_REQUIRED, a person on a key-only route 403
 * MERCHANT_API_KEY_REQUIRED, a customer or staff token anywhere here 403
 * MERCHANT_CONTEXT_REQUIRED, a role outside the route's roles 403 FORBIDDEN. A credential that
 * does not verify is 401 before any of those. The key strategy goes first: it declines a JWT by
 * its prefix without a lookup, where the JWT strategy would first try to parse a key.
 */
@Injectable()
export class MerchantAuthGuard extends AuthGuard([STRATEGY.merchantApiKey, STRATEGY.merchantJwt]) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  /**
   * Before either strategy, on routes that take an API key: two different credentials
   * (`Authorization` and `X-Service-Developer-Key`) are 400 AMBIGUOUS_CREDENTIALS, a live key in
   * the developer header 403 SANDBOX_KEY_REQUIRED. On routes for people only, a key in either
   * header is a key, and 403 HUMAN_CONTEXT_REQUIRED as ever.
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.policyOf(context).apiKey !== 'never') presentedApiKey(context.switchToHttp().getRequest<Request>());
    return (await super.canActivate(context)) as boolean;
  }

  getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { session: false, property: 'principal' };
  }

  /** Strategy errors are already ApiErrors; a failure of both strategies becomes one here. */
  handleRequest<TUser = MerchantPrincipal>(
    error: unknown,
    principal: Principal | false | null,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    const policy = this.policyOf(context);
    if (error) throw error;
    if (!principal) {
      const request = context.switchToHttp().getRequest<Request>();
      const token = developerKeyOf(request) ?? bearerToken(request.headers.authorization);
      if (token === null) {
        throw new ApiException('UNAUTHENTICATED', 'A bearer credential is required', undefined, BEARER_CHALLENGE);
      }
      if (isMerchantApiKey(token)) {
        throw new ApiException(
          'UNAUTHENTICATED',
          'The API key is invalid or revoked',
          undefined,
          INVALID_TOKEN_CHALLENGE,
        );
      }
      throw invalidAccessToken();
    }
    if (principal.kind === 'merchant-api-key') {
      if (policy.apiKey === 'never') {
        throw new ApiException('HUMAN_CONTEXT_REQUIRED', 'This operation needs a signed-in person, not an API key');
      }
      if (policy.sandboxOnly && principal.livemode) {
        throw new ApiException(
          'SANDBOX_KEY_REQUIRED',
          'The developer sandbox takes a sandbox key (sk_test_...), not a live one',
        );
      }
      return principal as TUser;
    }
    if (principal.kind !== 'merchant-user') throw new Error(`MerchantAuthGuard authenticated a ${principal.kind}`);
    if (policy.apiKey === 'only') {
      throw new ApiException('MERCHANT_API_KEY_REQUIRED', 'This operation of the merchant API takes an API key');
    }
    if (policy.roles && !policy.roles.includes(principal.role)) {
      throw new ApiException('FORBIDDEN', `Your role (${principal.role}) may not use this operation`);
    }
    return principal as TUser;
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
