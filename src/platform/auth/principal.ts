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

export type Principal = UserPrincipal | InternalPrincipal;

/** Where the authenticating guard leaves the principal for the handler. */
export interface AuthenticatedRequest {
  principal?: Principal;
}
