import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { LedgerService } from '../../ledger';
import { paymentEvent, railReversalRequested } from './payment-event-payload';
import type { Payment } from './payment.entity';
import { PaymentRepository } from './payment.repository';
import { PAYMENT_EVENTS } from '../payments.events';
import { RailReversalService } from '../rails/rail-reversal.service';

/** Why a captured payment failed: the code and message the customer reads, the timeline note, the reversal's memo. */
export interface CapturedFailure {
  code: string;
  message: string;
  note: string;
  memo: string;
}

/**
 * Fails a captured payment that is PROCESSING, in the caller's transaction, whoever refused it
 * (the biller when posting, compliance after a review): the capture entry is reversed, the
 * payment moves to FAILED, `payment.failed` is written, and the funds are owed back on the rail
 * (a REFUND obligation with its `payment.rail_reversal_requested` job), unless an agent's float
 * paid it: the reversal has already put the float and the commission back.
 */
@Injectable()
export class PaymentFailures {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly ledger: LedgerService,
    private readonly reversals: RailReversalService,
    private readonly outbox: OutboxWriter,
  ) {}

  async failCaptured(manager: EntityManager, payment: Payment, failure: CapturedFailure): Promise<Payment> {
    const reversalEntryId = payment.journalEntryId
      ? await this.ledger.reverse(manager, payment.journalEntryId, 'BILL_PAYMENT_REVERSAL', failure.memo)
      : null;
    const failed = (await this.payments.transition(
      manager,
      payment.id,
      'FAILED',
      failure.note,
      { failureCode: failure.code, failureMessage: failure.message, reversalEntryId, completed: true },
      'PROCESSING',
    )) as Payment;
    const failedEvent = paymentEvent(PAYMENT_EVENTS.failed, failed);
    if (failed.payerType === 'AGENT') {
      await this.outbox.write(manager, failedEvent);
      return failed;
    }
    await this.reversals.request(manager, failed, 'REFUND');
    await this.outbox.write(manager, failedEvent, railReversalRequested(failed, 'REFUND'));
    return failed;
  }
}
