import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { consumeOutboxJob } from '../../../platform/outbox/outbox-event-reader';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { BillSettlementService, SettlementOutcome } from '../bill-settlement.service';
import { BILLS_QUEUE, BILLS_QUEUE_EVENTS } from '../bills.events';

/**
 * Consumes the bills queue: one job per payment event routed here (job name = event type, job
 * id = event id). Thin: the settlement service is idempotent, so retries and redeliveries are
 * safe. The payload is checked against `PaymentEventPayload` first; one that breaks it fails the
 * job at once, and an event type the queue does not read settles nothing.
 */
@Processor(BILLS_QUEUE)
export class BillsProcessor {
  private readonly logger = new Logger(BillsProcessor.name);

  constructor(private readonly settlement: BillSettlementService) {}

  @Process({ name: '*', concurrency: 2 })
  handle(job: Job<OutboxEventJob>): Promise<SettlementOutcome> {
    return consumeOutboxJob(job, this.logger, async (data) => {
      const event = BILLS_QUEUE_EVENTS.read(data);
      return event ? this.settlement.onPaymentEvent(event.eventType, event.payload) : 'NOTHING_TO_DO';
    });
  }
}
