import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { PAYMENT_QUEUES } from '../payments.events';
import { RailReversalService } from './rail-reversal.service';

/**
 * Returns a failed payment's funds on its rail (`payment.rail_reversal_requested`) at once. The
 * reversal is a database row; a try that fails is rescheduled there and retried by the sweeper,
 * so the job itself never needs Bull's retries.
 */
@Processor(PAYMENT_QUEUES.railReversals)
export class RailReversalProcessor {
  constructor(private readonly reversals: RailReversalService) {}

  @Process({ name: '*', concurrency: 4 })
  async handle(job: Job<OutboxEventJob>): Promise<void> {
    await this.reversals.reverse(job.data.aggregateId);
  }
}
