import { Module } from '@nestjs/common';
import { ConfigModule } from '../../../platform/config/config.module';
import { MessagingModule } from '../../../platform/messaging/messaging.module';
import { OutboundModule } from '../../../platform/outbound/outbound.module';
import { ListensTo } from '../../../platform/outbox/outbox-subscriptions';
import { MerchantsConfig } from '../merchants.config';
import { MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantRepository } from '../onboarding/merchant.repository';
import { MerchantWebhooksRepository } from './merchant-webhooks.repository';
import { WebhookDeliverer } from './webhook-deliverer.service';
import { WEBHOOK_OUTBOX_EVENTS, WebhookFanOut } from './webhook-fan-out.service';
import { WebhookMaintenance } from './webhook-maintenance.service';
import { WEBHOOK_QUEUES, WebhookDeliveryQueue } from './webhook-queues';

/**
 * The webhooks' delivery side: fan-out of outbox events into deliveries, the delivery attempts,
 * and the queue they go through. Imported by MerchantsModule (the API queues test events and
 * retries) and by the worker's MerchantsJobsModule, without the rest of the context (sessions,
 * whose guards the worker has no use for). It declares the outbox events the webhooks listen to,
 * so both applications know the queue.
 */
@ListensTo(WEBHOOK_QUEUES.events, WEBHOOK_OUTBOX_EVENTS.events)
@Module({
  imports: [ConfigModule.forFeature(MerchantsConfig), OutboundModule, MessagingModule],
  providers: [
    MerchantRepository,
    MerchantDirectory,
    MerchantAuditWriter,
    MerchantWebhooksRepository,
    WebhookDeliveryQueue,
    WebhookFanOut,
    WebhookDeliverer,
    WebhookMaintenance,
  ],
  exports: [MerchantWebhooksRepository, WebhookDeliveryQueue, WebhookFanOut, WebhookDeliverer, WebhookMaintenance],
})
export class MerchantWebhooksModule {}
