import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { transactionRetryingConflicts } from '../../platform/database/conflict-retry';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import type { EventsReadBy } from '../../platform/outbox/outbox-event-reader';
import { PAYMENT_EVENTS, PaymentEventPayload, PaymentHistory } from '../payments';
import { BILLS_QUEUE_EVENTS } from './bills.events';
import { billPaid } from './bill-events';
import { BillRepository } from './bill.repository';

export type SettlementOutcome = 'SETTLED' | 'REOPENED' | 'NOTHING_TO_DO';

/**
 * Keeps bills in step with payments made any way (the app, a schedule, an agent), from the
 * payment events the outbox routes to the bills queue:
 *
 * - `payment.succeeded` of a payment that settles no bill yet: the oldest open bill of that
 *   biller, account, currency and exact amount (the payer's own first, else an unmatched one,
 *   which then joins the payer's inbox) becomes PAID by it, with `bill.paid` (`viaBillPay`
 *   false). A bill paid from the inbox already names its payment, so nothing happens for it.
 * - `payment.failed` / `payment.refunded` of a bill's payment: the bill reopens (VIEWED, no
 *   payment) and its next in-app attempt gets a fresh default key.
 *
 * Idempotent: a second delivery finds the bill already settled by the payment, or already open;
 * a `payment.succeeded` delivered after the payment was refunded settles nothing.
 */
@Injectable()
export class BillSettlementService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bills: BillRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly history: PaymentHistory,
  ) {}

  /** A payment event of the bills queue, its payload checked (`BILLS_QUEUE_EVENTS`). */
  async onPaymentEvent(
    eventType: EventsReadBy<typeof BILLS_QUEUE_EVENTS>,
    payment: PaymentEventPayload,
  ): Promise<SettlementOutcome> {
    switch (eventType) {
      case PAYMENT_EVENTS.succeeded:
        return this.settle(payment);
      case PAYMENT_EVENTS.failed:
      case PAYMENT_EVENTS.refunded:
        return this.reopen(payment);
    }
  }

  private async settle(payment: PaymentEventPayload): Promise<SettlementOutcome> {
    // Most payments settle no bill: one read tells, before the payment's status, the account's
    // lock and a transaction. Reading it unlocked is as if the event came at that moment: a bill
    // that arrives after it stays open, as one arriving after the settlement would.
    if (!(await this.bills.hasSettlementCandidate(this.dataSource.manager, payment))) return 'NOTHING_TO_DO';
    // The event may arrive after the payment moved on (a late redelivery after a refund): only a
    // payment that is still SUCCEEDED settles a bill.
    const current = (await this.history.statusesOf([payment.paymentId])).get(payment.paymentId);
    if (current?.status !== 'SUCCEEDED') return 'NOTHING_TO_DO';
    // Rows and an outbox message only: a deadlock or serialization failure runs it again.
    return transactionRetryingConflicts(this.dataSource, async (manager) => {
      // The same lock as claims: a claim and a settlement of one account never interleave.
      await this.bills.lock(manager, `bills-account:${payment.billerId}:${payment.accountReference}`);
      if (await this.bills.findByPayment(manager, payment.paymentId)) return 'NOTHING_TO_DO';
      const bill = await this.bills.lockedSettleable(manager, payment);
      if (!bill) return 'NOTHING_TO_DO';
      const paid = await this.bills.markPaid(manager, bill.id, payment.paymentId, payment.customerId, this.clock.now());
      if (!paid) return 'NOTHING_TO_DO';
      await this.outbox.write(manager, billPaid(paid, { amountPaid: payment.amount, viaBillPay: false }));
      return 'SETTLED';
    });
  }

  private async reopen(payment: PaymentEventPayload): Promise<SettlementOutcome> {
    const reopened = await this.bills.reopenPaidBy(this.dataSource.manager, payment.paymentId, this.clock.now());
    return reopened ? 'REOPENED' : 'NOTHING_TO_DO';
  }
}
