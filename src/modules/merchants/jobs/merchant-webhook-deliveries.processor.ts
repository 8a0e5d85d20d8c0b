import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { AttemptOutcome, WebhookDeliverer } from '../webhooks/webhook-deliverer.service';
import { WEBHOOK_QUEUES, WebhookDeliveryJob } from '../webhooks/webhook-queues';

/**
 * One job per (event, endpoint) delivery (job id = delivery id), or per retry asked for. A
 * failed scheduled attempt throws with its delay and Bull's custom backoff (`webhook-schedule`)
 * waits it out; a worker that dies mid-request leaves the job stalled, and Bull hands it to
 * another worker, which sends the same event id again (at least once).
 */
@Processor(WEBHOOK_QUEUES.deliveries)
export class MerchantWebhookDeliveriesProcessor {
  constructor(private readonly deliverer: WebhookDeliverer) {}

  @Process({ name: '*', concurrency: 8 })
  handle(job: Job<WebhookDeliveryJob>): Promise<AttemptOutcome> {
    return this.deliverer.attempt(job.data, job.attemptsMade);
  }
}
