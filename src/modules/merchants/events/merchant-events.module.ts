import { Module } from '@nestjs/common';
import { ConfigModule } from '../../../platform/config/config.module';
import { ListensTo } from '../../../platform/outbox/outbox-subscriptions';
import { MerchantsConfig } from '../merchants.config';
import { MERCHANT_EVENT_QUEUES } from './merchant-event-queues';
import { MerchantEventRecorder } from './merchant-event-recorder.service';
import { MerchantEventsRepository } from './merchant-events.repository';
import { MERCHANT_STREAM_OUTBOX_EVENTS } from './merchant-stream-events';

/**
 * The event stream's recording side: the table and the recorder the worker feeds from the
 * outbox. Imported by MerchantsModule (the API's streams read the table) and by the worker's
 * MerchantsJobsModule; it declares the outbox events the stream listens to (the webhooks' own),
 * so both applications know the queue.
 */
@ListensTo(MERCHANT_EVENT_QUEUES.stream, MERCHANT_STREAM_OUTBOX_EVENTS.events)
@Module({
  imports: [ConfigModule.forFeature(MerchantsConfig)],
  providers: [MerchantEventsRepository, MerchantEventRecorder],
  exports: [MerchantEventsRepository, MerchantEventRecorder],
})
export class MerchantEventsModule {}
