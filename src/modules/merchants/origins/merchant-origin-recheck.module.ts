import { Module } from '@nestjs/common';
import { MessagingModule } from '../../../platform/messaging/messaging.module';
import { OutboundModule } from '../../../platform/outbound/outbound.module';
import { MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantRepository } from '../onboarding/merchant.repository';
import { MerchantOriginRecheck } from './merchant-origin-recheck';
import { MerchantOriginsRepository } from './merchant-origins.repository';
import { OriginOwnershipCheck } from './origin-ownership-check';

/**
 * The weekly re-check of verified origins with the few providers it needs, for the worker's
 * MerchantsJobsModule (MerchantsModule's sign-in services need the HTTP platform the worker does
 * not have).
 */
@Module({
  imports: [OutboundModule, MessagingModule],
  providers: [
    MerchantRepository,
    MerchantDirectory,
    MerchantAuditWriter,
    MerchantOriginsRepository,
    OriginOwnershipCheck,
    MerchantOriginRecheck,
  ],
  exports: [MerchantOriginRecheck],
})
export class MerchantOriginRecheckModule {}
