import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { AdminMerchantTermsService } from './admin-merchant-terms.service';
import { AdminMerchantsService } from './admin-merchants.service';
import { MerchantAuditLogService } from './merchant-audit-log.service';
import { MerchantAuditWriter } from './merchant-audit.writer';
import { MerchantDirectory } from './merchant-directory.service';
import { MerchantKybDocumentsService } from './merchant-kyb-documents.service';
import { MerchantOnboardingService } from './merchant-onboarding.service';
import { MerchantRepository } from './merchant.repository';
import { MerchantViews } from './merchant-views.service';
import { MERCHANT_ENTITIES } from './merchants.entities';
import './merchants.errors';
import { ConfigModule } from '../../platform/config/config.module';
import { MerchantsConfig } from './merchants.config';

/**
 * Merchants: applications, KYB and the merchant audit log. Services only; the routes are in
 * MerchantsHttpModule. The merchant-side contexts (identity, API keys) build on its directory
 * and audit writer, and implement its ports (merchant-ports.ts), which their modules bind
 * globally: an application with this module and without theirs does not boot.
 */
@Module({
  imports: [
    ConfigModule.forFeature(MerchantsConfig),
    TypeOrmModule.forFeature(MERCHANT_ENTITIES),
    OutboxModule,
    MessagingModule,
    AdminAuditModule,
  ],
  providers: [
    MerchantRepository,
    MerchantViews,
    MerchantAuditWriter,
    MerchantDirectory,
    MerchantOnboardingService,
    MerchantKybDocumentsService,
    AdminMerchantsService,
    AdminMerchantTermsService,
    MerchantAuditLogService,
  ],
  exports: [
    MerchantDirectory,
    MerchantAuditWriter,
    MerchantOnboardingService,
    MerchantKybDocumentsService,
    AdminMerchantsService,
    AdminMerchantTermsService,
    MerchantAuditLogService,
  ],
})
export class MerchantsModule {}
