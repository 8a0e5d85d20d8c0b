import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { MerchantWebhooksModule } from '../webhooks/merchant-webhooks.module';
import { WEBHOOK_BACKOFF, WEBHOOK_QUEUES, webhookBackoff } from '../webhooks/webhook-queues';
import { MerchantWebhookDeliveriesProcessor } from './merchant-webhook-deliveries.processor';
import { MerchantWebhookEventsProcessor } from './merchant-webhook-events.processor';

/**
 * The merchants context's processors: webhook fan-out from the outbox and the deliveries, whose
 * queue carries the custom backoff of the retry schedule. Only WorkerModule imports it.
 */
@Module({
  imports: [
    MerchantWebhooksModule,
    BullModule.registerQueue(
      { name: WEBHOOK_QUEUES.events },
      { name: WEBHOOK_QUEUES.deliveries, settings: { backoffStrategies: { [WEBHOOK_BACKOFF]: webhookBackoff } } },
    ),
  ],
  providers: [MerchantWebhookEventsProcessor, MerchantWebhookDeliveriesProcessor],
})
export class MerchantsJobsModule {}
