export const USER_ROLES = ['CUSTOMER', 'AGENT', 'SUPPORT', 'COMPLIANCE', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A person signed in with a customer access token (customers, agents and staff alike). */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  sessionId: string;
  role: UserRole;
}

/** A trusted internal system calling `/internal/*` with the shared internal key. */
export interface InternalPrincipal {
  kind: 'internal';
}

/** Roles of a merchant membership (design/merchants.md section 3). */
export const MERCHANT_ROLES = ['OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

/**
 * A person of a merchant's team signed in with a merchant access token: one merchant, one
 * membership. The role is the membership's role now, re-read on every request.
 */
export interface MerchantUserPrincipal {
  kind: 'merchant-user';
  userId: string;
  email: string;
  merchantId: string;
  membershipId: string;
  sessionId: string;
  role: MerchantRole;
}

/** A merchant's server calling with an API key (`sk_live_...` or `sk_test_...`). */
export interface MerchantApiKeyPrincipal {
  kind: 'merchant-api-key';
  apiKeyId: string;
  merchantId: string;
  /** True for `sk_live_` keys; test keys never reach live money or live objects. */
  livemode: boolean;
}

export type MerchantPrincipal = MerchantUserPrincipal | MerchantApiKeyPrincipal;

export type Principal = UserPrincipal | InternalPrincipal | MerchantUserPrincipal | MerchantApiKeyPrincipal;

/** Where the authenticating guard leaves the principal for the handler. */
export interface AuthenticatedRequest {
  principal?: Principal;
}
