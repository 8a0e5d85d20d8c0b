import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiSecurity } from '@nestjs/swagger';
import { ApiErrors } from '../http/api-errors.decorator';
import { PUBLIC_EXTENSION, REQUIRED_ROLES_EXTENSION, SECURITY_SCHEMES, SetAccessPolicy } from './access-policy';
import { InternalKeyGuard } from './internal-key.guard';
import { AuthenticatedRequest, Principal, UserRole } from './principal';
import { UserAuthGuard } from './user-auth.guard';

/** Anyone may call the route; the document marks it `x-public` with an empty security list. */
export function Public() {
  return applyDecorators(SetAccessPolicy({ kind: 'public' }), ApiExtension(PUBLIC_EXTENSION, true));
}

/** Trusted internal systems only, with the shared key in `X-Internal-Api-Key`. */
export function InternalKey() {
  return applyDecorators(
    SetAccessPolicy({ kind: 'internal' }),
    UseGuards(InternalKeyGuard),
    ApiSecurity(SECURITY_SCHEMES.internalKey),
    ApiErrors('UNAUTHENTICATED'),
  );
}

/**
 * Any signed-in user (customers, agents and staff alike) with a user access token from
 * /auth/verify, /auth/login or /auth/refresh whose device session is still active.
 */
export function CustomerAuth() {
  return applyDecorators(
    SetAccessPolicy({ kind: 'user' }),
    UseGuards(UserAuthGuard),
    ApiBearerAuth(SECURITY_SCHEMES.bearer),
    ApiErrors('UNAUTHENTICATED'),
  );
}

/**
 * A signed-in user whose current role is one of `roles`; any other role gets 403 `FORBIDDEN`.
 * The document lists the roles in the operation's `x-required-roles`.
 */
export function StaffAuth(...roles: [UserRole, ...UserRole[]]) {
  return applyDecorators(
    SetAccessPolicy({ kind: 'user', roles }),
    UseGuards(UserAuthGuard),
    ApiBearerAuth(SECURITY_SCHEMES.bearer),
    ApiExtension(REQUIRED_ROLES_EXTENSION, roles),
    ApiErrors('UNAUTHENTICATED', 'FORBIDDEN'),
  );
}

/** The principal the route's auth decorator authenticated. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.principal) throw new Error('CurrentPrincipal used on a route without an authenticating decorator');
  return request.principal;
});
