import { Module } from '@nestjs/common';
import { AdminMerchantApiKeysController } from './admin-merchant-api-keys.controller';
import { MerchantApiKeysController } from './merchant-api-keys.controller';
import { MerchantApiKeysModule } from './merchant-api-keys.module';

/** The API key routes; only ApiModule imports it. */
@Module({
  imports: [MerchantApiKeysModule],
  controllers: [MerchantApiKeysController, AdminMerchantApiKeysController],
})
export class MerchantApiKeysHttpModule {}
