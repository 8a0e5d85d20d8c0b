import { SetMetadata } from '@nestjs/common';
import type { UserRole } from './principal';

export const ACCESS_POLICY = 'access-policy';

/**
 * Who may call a route. Every handler declares one through its auth decorator; the global
 * AccessPolicyGuard refuses any route without one, and the app refuses to boot with one.
 */
export type AccessPolicy = { kind: 'public' } | { kind: 'internal' } | { kind: 'user'; roles?: readonly UserRole[] };

export const SetAccessPolicy = (policy: AccessPolicy) => SetMetadata(ACCESS_POLICY, policy);

/** Names of the security schemes in the OpenAPI document. */
export const SECURITY_SCHEMES = {
  bearer: 'bearerAuth',
  merchantApiKey: 'merchantApiKey',
  internalKey: 'internalApiKey',
  developerKey: 'developerKey',
} as const;

export const INTERNAL_KEY_HEADER = 'x-internal-api-key';

/** OpenAPI extension that marks an operation anyone may call. */
export const PUBLIC_EXTENSION = 'x-public';

/** OpenAPI extension listing the roles an operation admits (absent: any signed-in user). */
export const REQUIRED_ROLES_EXTENSION = 'x-required-roles';
