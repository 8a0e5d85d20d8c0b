import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { LedgerService } from '../../ledger';
import { billPaymentOf, type Payment, type PaymentStatus } from './payment.entity';
import { railReversalRequested } from './payment-event-payload';
import { PaymentRepository } from './payment.repository';
import { PaymentError } from '../payments.errors';
import { RailReversalService } from '../rails/rail-reversal.service';

/** A payment as a dispute sees it: whose it is, what it was, and whether it can be disputed. */
export interface DisputablePayment {
  id: string;
  customerId: string;
  status: PaymentStatus;
  billerName: string;
  accountReference: string;
  /** Minor units. */
  amount: number;
  fee: number;
  currency: string;
  /** SUCCEEDED, or FAILED with the customer's funds taken and not yet back. */
  refundable: boolean;
}

/** Whether a refund can still return the payment's money. */
function isRefundable(payment: Payment): boolean {
  if (payment.status === 'SUCCEEDED') return true;
  if (payment.status !== 'FAILED' || payment.journalEntryId === null) return false;
  // An agent's failed payment went back to the float with its reversal; a customer's waits for the rail.
  return payment.payerType === 'AGENT' ? payment.reversalEntryId === null : payment.railReversalReference === null;
}

/**
 * Refunds a payment, for a dispute resolved in the customer's favour, inside the caller's
 * transaction: the capture's journal entry is reversed (once: a failed payment's biller refusal
 * already reversed it), the funds are sent back on the rail through the rail reversal
 * obligation (one per payment: a failed payment's pending refund is the same one), and the
 * payment becomes REFUNDED. `payment.refunded` follows when the rail confirms. An agent's cash
 * payment has no rail: the reversal credits the agent's float, and the agent hands back the cash.
 */
@Injectable()
export class PaymentRefunds {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly ledger: LedgerService,
    private readonly reversals: RailReversalService,
    private readonly outbox: OutboxWriter,
  ) {}

  /** The customer's payment, or null when it is not theirs (or does not exist). */
  async disputable(
    customerId: string,
    paymentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DisputablePayment | null> {
    const found = await this.payments.findById(manager, paymentId);
    if (!found || found.customerId !== customerId) return null;
    const payment = billPaymentOf(found);
    return {
      id: payment.id,
      customerId: payment.customerId,
      status: payment.status,
      billerName: payment.biller.name,
      accountReference: payment.accountReference,
      amount: payment.amount,
      fee: payment.fee,
      currency: payment.currency,
      refundable: isRefundable(payment),
    };
  }

  /** Refunds the payment in `manager`'s transaction; 409 PAYMENT_NOT_REFUNDABLE when it cannot be. */
  async refund(manager: EntityManager, paymentId: string, note: string): Promise<Payment> {
    const payment = await this.payments.lockById(manager, paymentId);
    if (!payment) throw PaymentError.notFound();
    if (!isRefundable(payment)) throw PaymentError.notRefundable(payment.status);
    const reversalEntryId =
      payment.reversalEntryId ??
      (await this.ledger.reverse(manager, payment.journalEntryId as string, 'BILL_PAYMENT_REFUND', note));
    const refunded = (await this.payments.transition(
      manager,
      payment.id,
      'REFUNDED',
      note,
      { reversalEntryId, completed: true },
      payment.status,
    )) as Payment;
    if (payment.payerType !== 'AGENT') {
      await this.reversals.request(manager, refunded, 'REFUND');
      await this.outbox.write(manager, railReversalRequested(refunded, 'REFUND'));
    }
    return refunded;
  }
}
