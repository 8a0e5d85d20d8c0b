import { Injectable } from '@nestjs/common';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import { ApiException } from '../http/api-error';
import { STRATEGY } from './bearer-strategies';
import { InternalPrincipal } from './principal';

/** Authenticates `/internal/*` callers by the shared key in `X-Internal-Api-Key` (the `internal-key` strategy). */
@Injectable()
export class InternalKeyGuard extends AuthGuard(STRATEGY.internalKey) {
  getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { session: false, property: 'principal' };
  }

  handleRequest<TUser = InternalPrincipal>(error: unknown, principal: InternalPrincipal | false | null): TUser {
    if (error) throw error;
    if (!principal) throw new ApiException('UNAUTHENTICATED', 'A valid internal API key is required');
    return principal as TUser;
  }
}
