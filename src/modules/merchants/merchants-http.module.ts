import { Module } from '@nestjs/common';
import { AdminMerchantsController } from './admin-merchants.controller';
import { MerchantAuditLogController } from './merchant-audit-log.controller';
import { MerchantOnboardingController } from './merchant-onboarding.controller';
import { MerchantsModule } from './merchants.module';
import { ConfigModule } from '../../platform/config/config.module';
import { MerchantsConfig } from './merchants.config';

/** The merchants routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(MerchantsConfig), MerchantsModule],
  controllers: [MerchantOnboardingController, AdminMerchantsController, MerchantAuditLogController],
})
export class MerchantsHttpModule {}
