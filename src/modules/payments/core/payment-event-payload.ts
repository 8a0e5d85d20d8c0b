import type { OutboxMessage, OutboxMessageOf } from '../../../platform/outbox/outbox-events';
import { PAYMENT_EVENTS, type PaymentEventPayload, type PaymentEventType } from '../payments.events';
import { billPaymentOf, type Payment, type PaymentStatus } from './payment.entity';
import type { RailReversalAction } from '../rails/rail-reversal.entity';

/**
 * The payload every payment event carries (`PaymentEventPayload`). Only a bill payment raises
 * `payment.*` events, whose consumers (notifications, bills, schedules) are the customer's: a
 * checkout payment raises the merchant's events instead, through its channel hook.
 */
export function paymentEventPayload(bill: Payment, status: PaymentStatus = bill.status): PaymentEventPayload {
  const payment = billPaymentOf(bill);
  return {
    paymentId: payment.id,
    customerId: payment.customerId,
    billerId: payment.biller.id,
    billerName: payment.biller.name,
    accountReference: payment.accountReference,
    amount: payment.amount,
    fee: payment.fee,
    currency: payment.currency,
    status,
    rail: payment.rail,
    fundsCaptured: payment.journalEntryId !== null,
    failureCode: payment.failureCode,
    billerReference: payment.billerReference,
  };
}

/** A payment event for the outbox, its payload the payment (as `status` when given). */
export function paymentEvent(eventType: PaymentEventType, payment: Payment, status?: PaymentStatus): OutboxMessage {
  return {
    eventType,
    aggregateType: 'payment',
    aggregateId: payment.id,
    payload: paymentEventPayload(payment, status),
  };
}

/** `payment.rail_reversal_requested`: the payment's rail is asked to `action` it. */
export function railReversalRequested(
  payment: Payment,
  action: RailReversalAction,
): OutboxMessageOf<typeof PAYMENT_EVENTS.railReversalRequested> {
  return {
    eventType: PAYMENT_EVENTS.railReversalRequested,
    aggregateType: 'payment',
    aggregateId: payment.id,
    payload: { ...paymentEventPayload(payment), action },
  };
}
