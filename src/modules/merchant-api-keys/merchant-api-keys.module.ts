import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MerchantApiKeyVerifier } from '../../platform/auth/merchant-credentials';
import { MerchantLiveKeyRevocation, MerchantsModule } from '../merchants';
import { MERCHANT_API_KEY_ENTITIES } from './merchant-api-key.entity';
import { MerchantApiKeyUsage } from './merchant-api-key-usage';
import { MerchantApiKeysRepository } from './merchant-api-keys.repository';
import { MerchantApiKeysService } from './merchant-api-keys.service';
import './merchant-api-keys.errors';

/**
 * Merchant API keys. It binds the platform's MerchantApiKeyVerifier (the merchant and user
 * guards) and the merchants context's MerchantLiveKeyRevocation port (KYB REJECTED).
 *
 * Global so those bindings reach their consumers, which cannot import this module: the
 * platform's guards import no context, and MerchantsModule is imported by this one. An
 * application with authenticated routes or MerchantsModule and without this module does not
 * boot.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(MERCHANT_API_KEY_ENTITIES), MerchantsModule],
  providers: [
    MerchantApiKeysRepository,
    MerchantApiKeysService,
    MerchantApiKeyUsage,
    { provide: MerchantApiKeyVerifier, useExisting: MerchantApiKeysService },
    { provide: MerchantLiveKeyRevocation, useExisting: MerchantApiKeysService },
  ],
  exports: [MerchantApiKeysService, MerchantApiKeyUsage, MerchantApiKeyVerifier, MerchantLiveKeyRevocation],
})
export class MerchantApiKeysModule {}
