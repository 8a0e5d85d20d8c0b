import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { consumeOutboxJob } from '../../../platform/outbox/outbox-event-reader';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { WEBHOOK_OUTBOX_EVENTS, WebhookFanOut } from '../webhooks/webhook-fan-out.service';
import { WEBHOOK_QUEUES } from '../webhooks/webhook-queues';

/**
 * Consumes the outbox events merchants' endpoints hear of (job id = event id): records the event
 * and queues one delivery job per subscribed endpoint. Idempotent: a redelivered event queues
 * only deliveries never tried.
 */
@Processor(WEBHOOK_QUEUES.events)
export class MerchantWebhookEventsProcessor {
  private readonly logger = new Logger(MerchantWebhookEventsProcessor.name);

  constructor(private readonly fanOut: WebhookFanOut) {}

  @Process({ name: '*', concurrency: 2 })
  handle(job: Job<OutboxEventJob>): Promise<number> {
    return consumeOutboxJob(job, this.logger, async (data) => {
      const event = WEBHOOK_OUTBOX_EVENTS.read(data);
      return event ? this.fanOut.onOutboxEvent(event) : 0;
    });
  }
}
