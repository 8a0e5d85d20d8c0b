import type { TestingModuleBuilder } from '@nestjs/testing';
import {
  ActiveMerchantSession,
  MerchantApiKeyVerifier,
  MerchantSessionVerifier,
} from '../../src/platform/auth/merchant-credentials';
import type { MerchantApiKeyPrincipal } from '../../src/platform/auth/principal';

/** The merchant sessions the guard finds active: those a spec puts in `active`, by session id. */
export class StubMerchantSessions extends MerchantSessionVerifier {
  readonly active = new Map<string, ActiveMerchantSession>();
  findActive(sessionId: string): Promise<ActiveMerchantSession | null> {
    return Promise.resolve(this.active.get(sessionId) ?? null);
  }
}

/** The merchant API keys the guard accepts: those a spec puts in `keys`, by the raw key. */
export class StubMerchantApiKeys extends MerchantApiKeyVerifier {
  readonly keys = new Map<string, MerchantApiKeyPrincipal>();
  verify(rawKey: string): Promise<MerchantApiKeyPrincipal | null> {
    return Promise.resolve(this.keys.get(rawKey) ?? null);
  }
}

/**
 * A harness `override` that feeds the merchant guard from the stubs, in place of the merchant
 * contexts' session and API key lookups.
 */
export function stubMerchantCredentials(sessions: StubMerchantSessions, keys: StubMerchantApiKeys) {
  return (builder: TestingModuleBuilder): TestingModuleBuilder =>
    builder
      .overrideProvider(MerchantSessionVerifier)
      .useValue(sessions)
      .overrideProvider(MerchantApiKeyVerifier)
      .useValue(keys);
}
