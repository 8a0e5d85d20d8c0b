import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { ConfigModule } from '../../../platform/config/config.module';
import { MerchantsConfig } from '../merchants.config';
import { MerchantWebhooksModule } from '../webhooks/merchant-webhooks.module';
import { WEBHOOK_BACKOFF, WEBHOOK_QUEUES, webhookBackoff } from '../webhooks/webhook-queues';
import { MerchantWebhookDeliveriesProcessor } from './merchant-webhook-deliveries.processor';
import { MerchantWebhookEventsProcessor } from './merchant-webhook-events.processor';

/**
 * The merchants context's processors: webhook fan-out from the outbox and the deliveries, whose
 * queue carries the custom backoff of the retry schedule and the job lock of MERCHANT_WEBHOOK_JOB_LOCK_MS. Only WorkerModule imports it.
 */
@Module({
  imports: [
    MerchantWebhooksModule,
    BullModule.registerQueue({ name: WEBHOOK_QUEUES.events }),
    BullModule.registerQueueAsync({
      name: WEBHOOK_QUEUES.deliveries,
      imports: [ConfigModule.forFeature(MerchantsConfig)],
      inject: [MerchantsConfig],
      useFactory: (settings: MerchantsConfig) => ({
        settings: {
          backoffStrategies: { [WEBHOOK_BACKOFF]: webhookBackoff },
          lockDuration: settings.MERCHANT_WEBHOOK_JOB_LOCK_MS,
          stalledInterval: settings.MERCHANT_WEBHOOK_JOB_LOCK_MS,
        },
      }),
    }),
  ],
  providers: [MerchantWebhookEventsProcessor, MerchantWebhookDeliveriesProcessor],
})
export class MerchantsJobsModule {}
