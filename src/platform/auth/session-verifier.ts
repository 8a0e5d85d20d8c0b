import { Port } from '../ports/port';
import type { UserRole } from './principal';

/** What the bearer guard learns about a live device session. */
export interface ActiveSession {
  userId: string;
  /** The user's role now (not when the token was issued), so a role change takes effect. */
  role: UserRole;
}

/**
 * The narrow port through which the platform's bearer guard asks whether a device session is
 * still active. The identity context implements it (with a short Redis cache); the platform
 * never sees identity's tables. IdentityModule binds it globally.
 */
@Port({ implementedBy: 'IdentityModule (identity)' })
export abstract class SessionVerifier {
  /** The session's user and role, or null when it does not exist, was revoked or expired, or its user is deactivated. */
  abstract findActive(sessionId: string): Promise<ActiveSession | null>;
}
