import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { PAYMENT_EVENTS, PAYMENT_QUEUES } from '../payments.events';
import { RailReversalService } from './rail-reversal.service';

/**
 * Returns a payment's funds on its rail at once: its own reversal
 * (`payment.rail_reversal_requested`, by payment id) or one refund's
 * (`payment.part_refund_requested`, by the reversal's id, the event's aggregate). The
 * reversal is a database row; a try that fails is rescheduled there and retried by the sweeper,
 * so the job itself never needs Bull's retries.
 */
@Processor(PAYMENT_QUEUES.railReversals)
export class RailReversalProcessor {
  constructor(private readonly reversals: RailReversalService) {}

  @Process({ name: '*', concurrency: 4 })
  async handle(job: Job<OutboxEventJob>): Promise<void> {
    if (job.data.eventType === PAYMENT_EVENTS.partRefundRequested) {
      await this.reversals.reverseById(job.data.aggregateId);
      return;
    }
    await this.reversals.reverse(job.data.aggregateId);
  }
}
