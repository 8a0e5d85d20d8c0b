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

/** One refund of a checkout payment, as the merchants context asks for it (`PaymentRefunds.refundPart`). */
export interface PartRefundRequest {
  paymentId: string;
  /** The refund's id (the caller's row): the rail reference is `refund:{refundId}`. */
  refundId: string;
  /** Whose payment it must be: another merchant's, or the other mode's, is 404. */
  merchantId: string;
  livemode: boolean;
  /** Minor units; undefined refunds what is left. */
  amount?: number;
}

/** What `refundPart` did: the payment as it now is, the amount refunded and the rail reversal owed. */
export interface PartRefund {
  payment: Payment;
  /** Minor units going back to the payer. */
  amount: bigint;
  reversalId: string;
}

/** A checkout payment as its refunds show it to the merchant: minor units of its currency. */
export interface CheckoutPaymentRefundState {
  id: string;
  amount: number;
  /** Returned or being returned by its refunds (PENDING and SUCCEEDED ones). */
  refundedAmount: number;
  currency: string;
  status: PaymentStatus;
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

  /**
   * Refunds part or all of a merchant's checkout payment in `manager`'s transaction: locks the
   * payment (concurrent refunds of it queue here); 404 NOT_FOUND unless it is a CHECKOUT payment of
   * this merchant and mode; 409 PAYMENT_NOT_REFUNDABLE unless it SUCCEEDED; 422
   * REFUND_EXCEEDS_REMAINING (`details` `remaining`) when `amount` (default: what is left) is more
   * than `amount - refundedAmount` or nothing is left. Adds the amount to `refundedAmount`, records
   * the rail reversal owed for this refund (reference `refund:{refundId}`) and sends its job through
   * the outbox. The merchant's ledger and refund row are the caller's, in the same transaction; the
   * rail's answer comes back through the checkout hook's `refundSettled`.
   */
  async refundPart(manager: EntityManager, request: PartRefundRequest): Promise<PartRefund> {
    const payment = await this.payments.lockById(manager, request.paymentId);
    const checkout = payment?.checkout ?? null;
    if (
      !payment ||
      payment.channel !== 'CHECKOUT' ||
      checkout === null ||
      checkout.merchantId !== request.merchantId ||
      checkout.livemode !== request.livemode
    ) {
      throw PaymentError.notFound();
    }
    if (payment.status !== 'SUCCEEDED') throw PaymentError.notRefundable(payment.status);
    const remaining = BigInt(payment.amount) - BigInt(payment.refundedAmount);
    const amount = request.amount === undefined ? remaining : BigInt(request.amount);
    if (amount <= 0n || amount > remaining) {
      throw PaymentError.refundExceedsRemaining(amount, remaining, payment.currency);
    }
    const refundedAmount = await this.payments.addRefundedAmount(manager, payment.id, amount);
    const refunded: Payment = { ...payment, refundedAmount: Number(refundedAmount) };
    await this.payments.noteStep(manager, payment.id, `Refund ${request.refundId} of ${amount} ${payment.currency}`);
    const reversalId = await this.reversals.requestRefund(manager, refunded, { refundId: request.refundId, amount });
    return { payment: refunded, amount, reversalId };
  }

  /** The refund state of these checkout payments, by id; another merchant's or mode's payment is left out. */
  async refundStates(
    merchantId: string,
    livemode: boolean,
    paymentIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, CheckoutPaymentRefundState>> {
    const rows = await this.payments.checkoutRefundStates(manager, merchantId, livemode, [...new Set(paymentIds)]);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          amount: Number(row.amount),
          refundedAmount: Number(row.refundedAmount),
          currency: row.currency,
          status: row.status,
        },
      ]),
    );
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
