import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { ApiException } from '../http/api-error';
import { HandlerMetadata } from '../http/handler-metadata';
import { ACCESS_POLICY, AccessPolicy } from './access-policy';
import { BEARER_CHALLENGE, bearerToken, invalidAccessToken } from './bearer-token';
import { STRATEGY } from './bearer-strategies';
import { Principal, UserPrincipal } from './principal';

/**
 * Authenticates a user by the access token in `Authorization: Bearer` (the `customer-jwt`
 * strategy: valid JWT of the user kind, device session still active), then checks the route's
 * roles against the role the session lookup returned. A live merchant API key (the
 * `merchant-api-key` strategy, tried only when the token is no user token and only for a value
 * with a key's prefix) is 403 USER_CONTEXT_REQUIRED, as a merchant access token is; a dead one is
 * 401 like any bad token. The principal is left on `request.principal`.
 */
@Injectable()
export class UserAuthGuard extends AuthGuard([STRATEGY.customerJwt, STRATEGY.merchantApiKey]) {
  private readonly policies: HandlerMetadata<AccessPolicy>;

  constructor(reflector: Reflector) {
    super();
    this.policies = new HandlerMetadata(reflector, ACCESS_POLICY);
  }

  getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { session: false, property: 'principal' };
  }

  /** Strategy errors are already ApiErrors; a failure of every strategy becomes one here. */
  handleRequest<TUser = UserPrincipal>(
    error: unknown,
    principal: Principal | false | null,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error) throw error;
    if (!principal) {
      const request = context.switchToHttp().getRequest<Request>();
      if (bearerToken(request.headers.authorization) === null) {
        throw new ApiException('UNAUTHENTICATED', 'A bearer access token is required', undefined, BEARER_CHALLENGE);
      }
      throw invalidAccessToken();
    }
    if (principal.kind !== 'user') {
      throw new ApiException('USER_CONTEXT_REQUIRED', 'Merchant credentials cannot call this operation');
    }
    const policy = this.policies.of(context);
    if (policy?.kind === 'user' && policy.roles && !policy.roles.includes(principal.role)) {
      throw new ApiException('FORBIDDEN', 'Your role may not use this operation');
    }
    return principal as TUser;
  }
}
