import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { OutboxEventJob, QUEUES } from '../../../platform/queue/queues';
import { RailReversalAction, RailReversalService } from '../rail-reversal.service';

/** Returns failed payments' funds on their rails (`payment.rail_reversal_requested`); retried by Bull on failure. */
@Processor(QUEUES.paymentRailReversals)
export class RailReversalProcessor {
  constructor(private readonly reversals: RailReversalService) {}

  @Process({ name: '*', concurrency: 4 })
  async handle(job: Job<OutboxEventJob>): Promise<void> {
    const action: RailReversalAction = job.data.payload.action === 'CANCEL' ? 'CANCEL' : 'REFUND';
    await this.reversals.reverse(job.data.aggregateId, action);
  }
}
