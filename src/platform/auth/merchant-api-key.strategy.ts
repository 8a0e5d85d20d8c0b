import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { CredentialStrategy, STRATEGY } from './bearer-strategies';
import { apiKeyCandidate } from './developer-key';
import { MerchantApiKeyVerifier } from './merchant-credentials';
import { recordStrategy, releaseStrategy } from './passport-registration';
import { MerchantApiKeyPrincipal } from './principal';

/**
 * `X-Service-Developer-Key`, or a bearer value with an API key's prefix; anything else is left to
 * the guard's other strategy. On routes that take keys the guard has already refused two
 * different credentials and a live key in the developer header (`presentedApiKey`).
 */
function apiKeyOf(request: Request): string | null {
  return apiKeyCandidate(request);
}

/**
 * `merchant-api-key`: a merchant API key (`sk_live_` / `sk_test_`), as `Authorization: Bearer` or
 * (sandbox keys) `X-Service-Developer-Key`, that the API keys context knows
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
