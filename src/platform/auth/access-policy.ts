import { SetMetadata } from '@nestjs/common';
import type { MerchantRole, UserRole } from './principal';

export const ACCESS_POLICY = 'access-policy';

/**
 * Who may call a route. Every handler declares one through its auth decorator; the global
 * AccessPolicyGuard refuses any route without one, and the app refuses to boot with one.
 */
export type AccessPolicy =
  | { kind: 'public' }
  | { kind: 'internal' }
  | { kind: 'user'; roles?: readonly UserRole[] }
  | MerchantAccessPolicy;

/**
 * A merchant route. `apiKey`: `never` for human-only routes (a key gets 403
 * HUMAN_CONTEXT_REQUIRED), `allowed` for routes a person or a key may call, `only` for the
 * merchant API (a person gets 403 MERCHANT_API_KEY_REQUIRED). `roles` limits a person's
 * membership role; keys are not limited by it. `sandboxOnly`: a live key gets 403
 * SANDBOX_KEY_REQUIRED (the developer sandbox routes).
 */
export interface MerchantAccessPolicy {
  kind: 'merchant';
  roles?: readonly MerchantRole[];
  apiKey: 'never' | 'allowed' | 'only';
  sandboxOnly?: boolean;
}

export const SetAccessPolicy = (policy: AccessPolicy) => SetMetadata(ACCESS_POLICY, policy);

/** Names of the security schemes in the OpenAPI document. */
export const SECURITY_SCHEMES = {
  bearer: 'bearerAuth',
  merchantBearer: 'merchantBearer',
  merchantApiKey: 'merchantApiKey',
  internalKey: 'internalApiKey',
  developerKey: 'developerKey',
} as const;

export const INTERNAL_KEY_HEADER = 'x-internal-api-key';

/** OpenAPI extension that marks an operation anyone may call. */
export const PUBLIC_EXTENSION = 'x-public';

/** OpenAPI extension listing the roles an operation admits (absent: any signed-in user). */
export const REQUIRED_ROLES_EXTENSION = 'x-required-roles';

/** OpenAPI extension listing the merchant membership roles an operation admits. */
export const MERCHANT_ROLES_EXTENSION = 'x-merchant-roles';

/** The prefixes of merchant API keys: a bearer value starting so is a key, never a JWT. */
export const MERCHANT_API_KEY_PREFIXES = ['sk_live_', 'sk_test_'] as const;

export function isMerchantApiKey(token: string): boolean {
  return MERCHANT_API_KEY_PREFIXES.some((prefix) => token.startsWith(prefix));
}
