import { Module } from '@nestjs/common';
import { ConfigModule } from '../../../platform/config/config.module';
import { ListensTo } from '../../../platform/outbox/outbox-subscriptions';
import { MerchantsConfig } from '../merchants.config';
import { MERCHANT_ANALYTICS_QUEUES } from './merchant-analytics-queues';
import { MERCHANT_ANALYTICS_OUTBOX_EVENTS, MerchantAnalyticsRollups } from './merchant-analytics-rollups';

/**
 * Analytics' rollups on their own: the worker's consumer and the admin CLI's rebuild use them without the
 * rest of the context. Imported by MerchantsModule (so both applications know the rollup queue), by the
 * worker's MerchantsJobsModule and by the admin CLI.
 */
@ListensTo(MERCHANT_ANALYTICS_QUEUES.rollup, MERCHANT_ANALYTICS_OUTBOX_EVENTS.events)
@Module({
  imports: [ConfigModule.forFeature(MerchantsConfig)],
  providers: [MerchantAnalyticsRollups],
  exports: [MerchantAnalyticsRollups],
})
export class MerchantAnalyticsModule {}
