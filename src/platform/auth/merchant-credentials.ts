import { Injectable } from '@nestjs/common';
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
 * merchant-identity context, which reloads the membership so a role change, a removal or a
 * revoked session applies on the next request.
 */
export abstract class MerchantSessionVerifier {
  /** Null when the session does not exist, ended, expired, or its membership is no longer ACTIVE. */
  abstract findActive(sessionId: string): Promise<ActiveMerchantSession | null>;
}

/**
 * Port: the principal of a raw API key (`sk_live_...` / `sk_test_...`), or null when it is
 * unknown, revoked or malformed. Implemented by the merchant API keys context (hash lookup,
 * constant-time comparison, batched `lastUsedAt`).
 */
export abstract class MerchantApiKeyVerifier {
  abstract verify(rawKey: string): Promise<MerchantApiKeyPrincipal | null>;
}

/**
 * Where the merchant contexts register their verifiers when their modules start, so the
 * platform's merchant guard depends on no context (the same shape as the payments context's
 * screening registry). A route reached before registration refuses the credential.
 */
@Injectable()
export class MerchantCredentials {
  private sessions: MerchantSessionVerifier | null = null;
  private apiKeys: MerchantApiKeyVerifier | null = null;

  useSessionVerifier(verifier: MerchantSessionVerifier): void {
    this.sessions = verifier;
  }

  useApiKeyVerifier(verifier: MerchantApiKeyVerifier): void {
    this.apiKeys = verifier;
  }

  async findActiveSession(sessionId: string): Promise<ActiveMerchantSession | null> {
    return this.sessions ? this.sessions.findActive(sessionId) : null;
  }

  async verifyApiKey(rawKey: string): Promise<MerchantApiKeyPrincipal | null> {
    return this.apiKeys ? this.apiKeys.verify(rawKey) : null;
  }
}
