import { Port } from '../ports/port';
import type { MerchantApiKeyPrincipal, MerchantRole } from './principal';

/** What the merchant guard learns about a live merchant session. */
export interface ActiveMerchantSession {
  userId: string;
  email: string;
  merchantId: string;
  membershipId: string;
  /** The membership's role now (not when the token was issued). */
  role: MerchantRole;
}

/**
 * Port: is this merchant session still active, and with which membership? Implemented by the
 * merchants context (its identity sub-area), which reloads the membership so a role change, a removal or a
 * revoked session applies on the next request. Its module binds it globally, so the merchant
 * guard resolves it wherever a merchant route is declared and the platform imports no context.
 */
@Port({ implementedBy: 'MerchantsModule (merchants)' })
export abstract class MerchantSessionVerifier {
  /** Null when the session does not exist, ended, expired, or its membership is no longer ACTIVE. */
  abstract findActive(sessionId: string): Promise<ActiveMerchantSession | null>;
}

/**
 * Port: the principal of a raw API key (`sk_live_...` / `sk_test_...`), or null when it is
 * unknown, revoked or malformed. Implemented by the merchants context's API keys (hash lookup,
 * constant-time comparison, batched `lastUsedAt`), bound globally by its module: both the
 * merchant guard and the user guard (which tells a live key apart from a bad token) ask it.
 */
@Port({ implementedBy: 'MerchantsModule (merchants)' })
export abstract class MerchantApiKeyVerifier {
  abstract verify(rawKey: string): Promise<MerchantApiKeyPrincipal | null>;
}
