import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { PAYMENT_QUEUES } from '../payments.events';
import { PostingService } from './posting.service';

/**
 * Starts posting each captured payment (`payment.captured`, job id = outbox event id). Thin and
 * idempotent: a redelivered event finds the payment past PENDING and does nothing.
 */
@Processor(PAYMENT_QUEUES.posting)
export class PaymentPostingProcessor {
  constructor(private readonly posting: PostingService) {}

  @Process({ name: '*', concurrency: 8 })
  async handle(job: Job<OutboxEventJob>): Promise<void> {
    await this.posting.start(job.data.aggregateId);
  }
}
