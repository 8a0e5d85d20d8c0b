import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiSecurity } from '@nestjs/swagger';
import { ApiErrors } from '../http/api-errors.decorator';
import {
  MERCHANT_ROLES_EXTENSION,
  PUBLIC_EXTENSION,
  REQUIRED_ROLES_EXTENSION,
  SECURITY_SCHEMES,
  SetAccessPolicy,
} from './access-policy';
import { InternalKeyGuard } from './internal-key.guard';
import { MerchantAuthGuard } from './merchant-auth.guard';
import { AuthenticatedRequest, MerchantRole, Principal, UserRole } from './principal';
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
    ApiErrors('UNAUTHENTICATED', 'USER_CONTEXT_REQUIRED'),
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
    ApiErrors('UNAUTHENTICATED', 'USER_CONTEXT_REQUIRED', 'FORBIDDEN'),
  );
}

export interface MerchantAuthOptions {
  /** Membership roles admitted (absent: every role); another role gets 403 `FORBIDDEN`. */
  roles?: [MerchantRole, ...MerchantRole[]];
  /** True when a merchant API key may call the route too (risk routes); false: people only. */
  apiKey?: boolean;
}

/**
 * The merchant dashboard: a person of the merchant's team with a merchant access token (from
 * /merchant/auth/login, refresh, invitation acceptance or membership switch), and with
 * `apiKey: true` a merchant API key as well. The document lists both schemes as alternatives
 * and the admitted roles in `x-merchant-roles`.
 */
export function MerchantAuth(options: MerchantAuthOptions = {}) {
  const decorators = [
    SetAccessPolicy({ kind: 'merchant', roles: options.roles, apiKey: options.apiKey ? 'allowed' : 'never' }),
    UseGuards(MerchantAuthGuard),
    ApiBearerAuth(SECURITY_SCHEMES.merchantBearer),
    ApiErrors(
      'UNAUTHENTICATED',
      'MERCHANT_CONTEXT_REQUIRED',
      ...(options.apiKey
        ? (['AMBIGUOUS_CREDENTIALS', 'SANDBOX_KEY_REQUIRED'] as const)
        : (['HUMAN_CONTEXT_REQUIRED'] as const)),
      ...(options.roles ? (['FORBIDDEN'] as const) : []),
    ),
  ];
  if (options.apiKey) {
    decorators.push(ApiSecurity(SECURITY_SCHEMES.merchantApiKey), ApiSecurity(SECURITY_SCHEMES.developerKey));
  }
  if (options.roles) decorators.push(ApiExtension(MERCHANT_ROLES_EXTENSION, options.roles));
  return applyDecorators(...decorators);
}

/**
 * The merchant API (4.10): a merchant's server with an API key, `sk_live_` or `sk_test_`; the
 * principal's `livemode` says which. The key comes as `Authorization: Bearer`, or (a sandbox key)
 * as `X-Service-Developer-Key` (the spec's sandbox header; both different: 400
 * AMBIGUOUS_CREDENTIALS; a live key in it: 403 SANDBOX_KEY_REQUIRED). The document lists both
 * schemes as alternatives. A person's merchant token gets 403 `MERCHANT_API_KEY_REQUIRED`.
 */
export function MerchantApiKey() {
  return applyDecorators(
    SetAccessPolicy({ kind: 'merchant', apiKey: 'only' }),
    UseGuards(MerchantAuthGuard),
    ApiSecurity(SECURITY_SCHEMES.merchantApiKey),
    ApiSecurity(SECURITY_SCHEMES.developerKey),
    ApiErrors(
      'UNAUTHENTICATED',
      'AMBIGUOUS_CREDENTIALS',
      'SANDBOX_KEY_REQUIRED',
      'MERCHANT_CONTEXT_REQUIRED',
      'MERCHANT_API_KEY_REQUIRED',
    ),
  );
}

/**
 * The developer sandbox (4.11): a sandbox key (`sk_test_...`) only, as `Authorization: Bearer` or
 * `X-Service-Developer-Key`; a live key gets 403 SANDBOX_KEY_REQUIRED, a person's token 403
 * MERCHANT_API_KEY_REQUIRED. Test keys work before the merchant's KYB is approved.
 */
export function SandboxKey() {
  return applyDecorators(
    SetAccessPolicy({ kind: 'merchant', apiKey: 'only', sandboxOnly: true }),
    UseGuards(MerchantAuthGuard),
    ApiSecurity(SECURITY_SCHEMES.merchantApiKey),
    ApiSecurity(SECURITY_SCHEMES.developerKey),
    ApiErrors(
      'UNAUTHENTICATED',
      'AMBIGUOUS_CREDENTIALS',
      'SANDBOX_KEY_REQUIRED',
      'MERCHANT_CONTEXT_REQUIRED',
      'MERCHANT_API_KEY_REQUIRED',
    ),
  );
}

/** The principal the route's auth decorator authenticated. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.principal) throw new Error('CurrentPrincipal used on a route without an authenticating decorator');
  return request.principal;
});
