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

export interface BillEventPayload {
  billId: string;
  customerId: string;
  billerId: string;
  billerName: string;
  billReference: string;
  accountReference: string;
  amountDue: number;
  currency: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
}

export interface BillPaidPayload extends BillEventPayload {
  paymentId: string;
  /** What the payment paid, minor units. */
  amountPaid: number;
  viaBillPay: boolean;
}

/** The queue on which the bills context receives payment events (to mark matching bills paid). */
export const BILLS_QUEUE = 'bills';
