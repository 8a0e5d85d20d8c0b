import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { ConfigModule } from '../../../platform/config/config.module';
import { OutboxModule } from '../../../platform/outbox/outbox.module';
import { RepeatableTicksModule } from '../../../platform/queue/repeatable-ticks.module';
import { MERCHANT_ANALYTICS_QUEUES } from '../analytics/merchant-analytics-queues';
import { MerchantAnalyticsModule } from '../analytics/merchant-analytics.module';
import { CheckoutCompletionModule } from '../checkout/checkout-completion.module';
import { CheckoutExpiryProcessor, CheckoutExpirySweepRegistration } from '../checkout/checkout-expiry.processor';
import { CheckoutExpiryScheduler } from '../checkout/checkout-expiry.scheduler';
import { CheckoutSessionExpiry } from '../checkout/checkout-session-expiry';
import { CheckoutSessionsRepository } from '../checkout/checkout-sessions.repository';
import { MERCHANT_EVENT_QUEUES } from '../events/merchant-event-queues';
import { MerchantEventsModule } from '../events/merchant-events.module';
import { MerchantLedgerModule } from '../ledger/merchant-ledger.module';
import { MerchantsConfig } from '../merchants.config';
import { MERCHANT_QUEUES } from '../merchants.events';
import { MerchantOriginRecheckModule } from '../origins/merchant-origin-recheck.module';
import { MerchantVelocityModule } from '../risk/merchant-velocity.module';
import { MerchantWebhooksModule } from '../webhooks/merchant-webhooks.module';
import { WEBHOOK_BACKOFF, WEBHOOK_QUEUES, webhookBackoff } from '../webhooks/webhook-queues';
import {
  MerchantBalanceReleasesProcessor,
  MerchantBalanceReleasesRegistration,
} from './merchant-balance-releases.processor';
import {
  MerchantEventPurgeProcessor,
  MerchantEventPurgeRegistration,
  MerchantEventStreamProcessor,
} from './merchant-event-stream.processor';
import {
  MerchantAnalyticsPruneProcessor,
  MerchantAnalyticsPruneRegistration,
  MerchantAnalyticsRollupProcessor,
} from './merchant-analytics.processor';
import { MerchantWebhookDeliveriesProcessor } from './merchant-webhook-deliveries.processor';
import { MerchantWebhookEventsProcessor } from './merchant-webhook-events.processor';
import { OriginRecheckProcessor, OriginRecheckRegistration } from './origin-recheck.processor';
import { MerchantStatementsModule } from '../statements/merchant-statements.module';
import { MerchantStatementsProcessor, MerchantStatementsRegistration } from './merchant-statements.processor';
import { VelocityRetentionProcessor, VelocityRetentionRegistration } from './velocity-retention.processor';
import {
  MerchantWebhookMaintenanceProcessor,
  MerchantWebhookMaintenanceRegistration,
} from './merchant-webhook-maintenance.processor';

/**
 * The merchants context's processors: webhook fan-out from the outbox and the deliveries, whose
 * queue carries the custom backoff of the retry schedule and the job lock of MERCHANT_WEBHOOK_JOB_LOCK_MS;
 * and the checkout sessions' delayed expiry, with the few providers it needs rather than
 * MerchantsModule, whose sign-in services need the HTTP platform the worker does not have; and the
 * hourly purge of velocity buckets past their 90 days (a repeatable tick); and the
 * merchant ledger's release tick (a Bull repeatable job every MERCHANT_BALANCE_RELEASE_INTERVAL_MS, once per
 * cluster, kept by RepeatableTicks).
 * Also the webhooks' repeatable sweep (deliveries whose job was lost) and 30-day purge, and the event
 * stream's recording of merchant events (then published to the API processes) and their purge; and
 * the weekly re-check of verified origins (an hourly repeatable tick doing what is due); and the monthly
 * statements (a cron tick on the 1st at 02:00 UTC fanning out one job per merchant, mode and month); and
 * analytics' rollups from the outbox, with the prune of the counted events' ids (a repeatable tick).
 * Only WorkerModule imports it.
 */
@Module({
  imports: [
    MerchantWebhooksModule,
    MerchantEventsModule,
    MerchantAnalyticsModule,
    MerchantLedgerModule,
    OutboxModule,
    MerchantVelocityModule,
    ConfigModule.forFeature(MerchantsConfig),
    MerchantOriginRecheckModule,
    MerchantStatementsModule,
    RepeatableTicksModule,
    BullModule.registerQueue(
      { name: WEBHOOK_QUEUES.events },
      { name: WEBHOOK_QUEUES.maintenance },
      { name: MERCHANT_QUEUES.checkoutExpiry },
      { name: MERCHANT_QUEUES.velocityRetention },
      { name: MERCHANT_QUEUES.balanceReleases },
      { name: MERCHANT_EVENT_QUEUES.stream },
      { name: MERCHANT_EVENT_QUEUES.purge },
      { name: MERCHANT_QUEUES.originRecheck },
      { name: MERCHANT_ANALYTICS_QUEUES.rollup },
      { name: MERCHANT_ANALYTICS_QUEUES.prune },
    ),
    // The checkout channel's hook: a checkout capture the payments worker's recovery job records completes its session.
    CheckoutCompletionModule,
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
  providers: [
    MerchantWebhookEventsProcessor,
    MerchantWebhookDeliveriesProcessor,
    MerchantWebhookMaintenanceProcessor,
    MerchantWebhookMaintenanceRegistration,
    CheckoutSessionsRepository,
    CheckoutSessionExpiry,
    CheckoutExpiryScheduler,
    CheckoutExpiryProcessor,
    CheckoutExpirySweepRegistration,
    VelocityRetentionProcessor,
    VelocityRetentionRegistration,
    MerchantBalanceReleasesProcessor,
    MerchantBalanceReleasesRegistration,
    MerchantEventStreamProcessor,
    MerchantEventPurgeProcessor,
    MerchantEventPurgeRegistration,
    OriginRecheckProcessor,
    OriginRecheckRegistration,
    MerchantStatementsProcessor,
    MerchantStatementsRegistration,
    MerchantAnalyticsRollupProcessor,
    MerchantAnalyticsPruneProcessor,
    MerchantAnalyticsPruneRegistration,
  ],
})
export class MerchantsJobsModule {}
