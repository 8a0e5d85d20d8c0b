import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MerchantCredentials } from '../../platform/auth/merchant-credentials';
import { MerchantPortRegistry, MerchantsModule } from '../merchants';
import { MERCHANT_API_KEY_ENTITIES } from './merchant-api-key.entity';
import { MerchantApiKeyUsage } from './merchant-api-key-usage';
import { MerchantApiKeysRepository } from './merchant-api-keys.repository';
import { MerchantApiKeysService } from './merchant-api-keys.service';
import './merchant-api-keys.errors';

/**
 * Merchant API keys. On start it registers its verifier with the platform's merchant guard and
 * its live-key revocation with the merchants context (KYB REJECTED).
 */
@Module({
  imports: [TypeOrmModule.forFeature(MERCHANT_API_KEY_ENTITIES), MerchantsModule],
  providers: [MerchantApiKeysRepository, MerchantApiKeysService, MerchantApiKeyUsage],
  exports: [MerchantApiKeysService, MerchantApiKeyUsage],
})
export class MerchantApiKeysModule implements OnModuleInit {
  constructor(
    private readonly credentials: MerchantCredentials,
    private readonly ports: MerchantPortRegistry,
    private readonly keys: MerchantApiKeysService,
  ) {}

  onModuleInit(): void {
    this.credentials.useApiKeyVerifier(this.keys);
    this.ports.useLiveKeyRevocation(this.keys);
  }
}
