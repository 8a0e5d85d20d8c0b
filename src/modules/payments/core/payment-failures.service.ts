import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { LedgerService } from '../../ledger';
import { PaymentChannelHooks } from './payment-channel-hooks';
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
 *
 * A checkout payment (a held one rejected by compliance) raises no `payment.*` event, whose
 * consumers are the customer's: the checkout hook's `failed` frees its session and writes the
 * merchant's event, and its REFUND obligation is taken by the reversal sweeper after the pickup
 * grace (as the cancel of an abandoned checkout capture is).
 */
@Injectable()
export class PaymentFailures {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly ledger: LedgerService,
    private readonly reversals: RailReversalService,
    private readonly outbox: OutboxWriter,
    private readonly hooks: PaymentChannelHooks,
  ) {}

  async failCaptured(manager: EntityManager, payment: Payment, failure: CapturedFailure): Promise<Payment> {
    const checkout = payment.channel === 'CHECKOUT';
    const reversalKind = checkout ? 'MERCHANT_PAYMENT_HOLD_REVERSAL' : 'BILL_PAYMENT_REVERSAL';
    const reversalEntryId = payment.journalEntryId
      ? await this.ledger.reverse(manager, payment.journalEntryId, reversalKind, failure.memo)
      : null;
    const failed = (await this.payments.transition(
      manager,
      payment.id,
      'FAILED',
      failure.note,
      { failureCode: failure.code, failureMessage: failure.message, reversalEntryId, completed: true },
      'PROCESSING',
    )) as Payment;
    if (checkout) {
      await this.hooks.checkout().failed(manager, failed);
      await this.reversals.request(manager, failed, 'REFUND');
      return failed;
    }
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
