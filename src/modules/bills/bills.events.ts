import {
  EventCalendarDate,
  EventCurrency,
  EventFlag,
  EventId,
  EventMinorUnits,
  EventText,
} from '../../platform/outbox/event-payload-fields';
import { OutboxEventReader } from '../../platform/outbox/outbox-event-reader';
import { PAYMENT_EVENTS, PaymentEventPayload } from '../payments';

/**
 * The bills context's outbox events and the payloads every consumer may rely on. Money in minor
 * units as integers; dates as `YYYY-MM-DD`.
 *
 * - `bill.received`: a bill reached a customer's inbox (ingested resolved to them, or a new amount
 *   for a bill already theirs). Not sent for unmatched bills or for a claim the customer made.
 * - `bill.paid`: a bill was settled. `viaBillPay` is true when the customer paid it from the
 *   inbox (they already hear about that payment), false when a payment of the same biller,
 *   account and amount made another way (the app, a schedule, an agent) settled it.
 */
export const BILL_EVENTS = {
  received: 'bill.received',
  paid: 'bill.paid',
} as const;

/** What every bill event carries; lengths bounded as the bills table bounds them. */
export class BillEventPayload {
  @EventId()
  billId: string;

  @EventId()
  customerId: string;

  @EventId()
  billerId: string;

  @EventText({ max: 120 })
  billerName: string;

  @EventText({ max: 120 })
  billReference: string;

  @EventText({ max: 64 })
  accountReference: string;

  @EventMinorUnits()
  amountDue: number;

  @EventCurrency()
  currency: string;

  /** `YYYY-MM-DD`. */
  @EventCalendarDate()
  dueDate: string;
}

export class BillPaidPayload extends BillEventPayload {
  @EventId()
  paymentId: string;

  /** What the payment paid, minor units. */
  @EventMinorUnits()
  amountPaid: number;

  @EventFlag()
  viaBillPay: boolean;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [BILL_EVENTS.received]: BillEventPayload;
    [BILL_EVENTS.paid]: BillPaidPayload;
  }
}

/** The queue on which the bills context receives payment events (to mark matching bills paid). */
export const BILLS_QUEUE = 'bills';

/** The payment events the bills context reads from its queue, and their payloads. */
export const BILLS_QUEUE_EVENTS = new OutboxEventReader({
  [PAYMENT_EVENTS.succeeded]: PaymentEventPayload,
  [PAYMENT_EVENTS.failed]: PaymentEventPayload,
  [PAYMENT_EVENTS.refunded]: PaymentEventPayload,
});
