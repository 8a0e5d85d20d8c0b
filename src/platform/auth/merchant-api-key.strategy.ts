import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { isMerchantApiKey } from './access-policy';
import { bearerToken } from './bearer-token';
import { CredentialStrategy, STRATEGY } from './bearer-strategies';
import { MerchantApiKeyVerifier } from './merchant-credentials';
import { recordStrategy, releaseStrategy } from './passport-registration';
import { MerchantApiKeyPrincipal } from './principal';

/** A bearer value with an API key's prefix; anything else is left to the guard's other strategy. */
function apiKeyOf(request: Request): string | null {
  const token = bearerToken(request.headers.authorization);
  return token !== null && isMerchantApiKey(token) ? token : null;
}

/**
 * `merchant-api-key`: a merchant API key (`sk_live_` / `sk_test_`) the API keys context knows
 * and has not revoked (hash lookup, constant-time comparison, batched `lastUsedAt`). Only a
 * bearer value with a key's prefix is looked up, so a JWT costs no lookup here.
 */
@Injectable()
export class MerchantApiKeyStrategy
  extends PassportStrategy(CredentialStrategy, STRATEGY.merchantApiKey)
  implements OnModuleDestroy
{
  constructor(private readonly apiKeys: MerchantApiKeyVerifier) {
    super(apiKeyOf);
    recordStrategy(STRATEGY.merchantApiKey, this);
  }

  validate(rawKey: string): Promise<MerchantApiKeyPrincipal | null> {
    return this.apiKeys.verify(rawKey);
  }

  onModuleDestroy(): void {
    releaseStrategy(STRATEGY.merchantApiKey, this);
  }
}
