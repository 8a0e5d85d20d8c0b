import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { PAYMENT_QUEUES } from '../payments.events';
import { PostingService } from './posting.service';

/**
 * Starts posting each captured payment (`payment.captured`, job id = outbox event id). Thin and
 * idempotent: a redelivered event finds the payment past PENDING and does nothing. The payload's
 * `billerName` (the payment's own, as captured) names the biller in the timeline step, which
 * spares reading the payment first; a job without one (or not text) reads it, as the sweeper does.
 */
@Processor(PAYMENT_QUEUES.posting)
export class PaymentPostingProcessor {
  constructor(private readonly posting: PostingService) {}

  @Process({ name: '*', concurrency: 8 })
  async handle(job: Job<OutboxEventJob>): Promise<void> {
    await this.posting.start(job.data.aggregateId, billerNameOf(job.data.payload));
  }
}

function billerNameOf(payload: OutboxEventJob['payload'] | undefined): string | undefined {
  const name = payload?.billerName;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}
