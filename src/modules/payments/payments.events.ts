/**
 * The payments context's outbox events, the payload every consumer may rely on, and the queues
 * its own worker consumes them on. Other contexts listen to these through the payments index
 * (`@ListensTo(theirQueue, [PAYMENT_EVENTS.succeeded, ...])` on their module).
 *
 * `payment.refunded`: a failed payment's funds went back on the rail, or a dispute refunded it.
 */
export const PAYMENT_EVENTS = {
  captured: 'payment.captured',
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  refunded: 'payment.refunded',
  railReversalRequested: 'payment.rail_reversal_requested',
} as const;

export interface PaymentEventPayload {
  paymentId: string;
  customerId: string;
  billerId: string;
  billerName: string;
  accountReference: string;
  /** Minor units, as integers. */
  amount: number;
  fee: number;
  currency: string;
  status: 'AUTHORIZING' | 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  /** The rail the customer paid by (`CARD`, `BANK_TRANSFER`, ...): where a refund goes back to. */
  rail: string;
  /**
   * Whether the rail took the customer's funds (the payment has a capture journal entry): a
   * declined or unconfirmed capture fails with nothing taken, a biller's refusal after the
   * capture owes a refund. Events written before this field existed lack it; consumers infer
   * it from `failureCode`.
   */
  fundsCaptured: boolean;
  /** Why the payment failed (failed events), e.g. `RAIL_DECLINED`, `BILLER_REJECTED`. */
  failureCode?: string | null;
  billerReference?: string | null;
}

/** The queues the payments worker consumes its own events on. */
export const PAYMENT_QUEUES = {
  /** Posts a captured payment to its biller. */
  posting: 'payment-posting',
  /** Returns a failed payment's funds on its rail: refund a capture, cancel an unknown one. */
  railReversals: 'payment-rail-reversals',
} as const;
