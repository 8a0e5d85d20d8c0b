import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { OutboxEventJob } from '../../../platform/queue/queues';
import type { PaymentEventPayload } from '../../payments';
import { BillSettlementService, SettlementOutcome } from '../bill-settlement.service';
import { BILLS_QUEUE } from '../bills.events';

/**
 * Consumes the bills queue: one job per payment event routed here (job name = event type, job
 * id = event id). Thin: the settlement service is idempotent, so retries and redeliveries are safe.
 */
@Processor(BILLS_QUEUE)
export class BillsProcessor {
  constructor(private readonly settlement: BillSettlementService) {}

  @Process({ name: '*', concurrency: 2 })
  handle(job: Job<OutboxEventJob>): Promise<SettlementOutcome> {
    return this.settlement.onPaymentEvent(job.data.eventType, job.data.payload as unknown as PaymentEventPayload);
  }
}
