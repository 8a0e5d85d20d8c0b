import type { PaymentStatus } from './payment.entity';

/**
 * Every move a payment may make, in one place: `PaymentRepository.transition` is the only
 * statement that changes a payment's status (test/architecture/table-ownership.spec.ts reads
 * every statement to hold it so), and it refuses any move not listed here, so a
 * rule added here holds on every path (customer payments, posting, recovery, disputes).
 *
 *   AUTHORIZING -> PENDING (captured) | FAILED (declined, or the rail never captured it)
 *   PENDING     -> PROCESSING (posting to the biller)
 *   PROCESSING  -> SUCCEEDED | FAILED (the biller refused it; the funds go back)
 *   SUCCEEDED   -> REFUNDED (a dispute resolved for the customer)
 *   FAILED      -> REFUNDED (a dispute on a failed payment whose funds were kept)
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  AUTHORIZING: ['PENDING', 'FAILED'],
  PENDING: ['PROCESSING'],
  PROCESSING: ['SUCCEEDED', 'FAILED'],
  SUCCEEDED: ['REFUNDED'],
  FAILED: ['REFUNDED'],
  REFUNDED: [],
};

export class IllegalPaymentTransitionError extends Error {
  constructor(from: PaymentStatus | readonly PaymentStatus[], to: PaymentStatus) {
    super(`a payment cannot move from ${Array.isArray(from) ? from.join(' or ') : String(from)} to ${to}`);
    this.name = 'IllegalPaymentTransitionError';
  }
}

/** The statuses a payment may move to `to` from. */
export function sourcesOf(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter((from) => PAYMENT_TRANSITIONS[from].includes(to));
}

/** Throws unless every status in `from` may move to `to`. */
export function assertTransition(from: PaymentStatus | readonly PaymentStatus[], to: PaymentStatus): void {
  const sources: readonly PaymentStatus[] = Array.isArray(from) ? from : [from as PaymentStatus];
  if (sources.length === 0 || sources.some((source) => !PAYMENT_TRANSITIONS[source].includes(to))) {
    throw new IllegalPaymentTransitionError(from, to);
  }
}

/** Whether a payment in `status` is settled for good (nothing more happens to it but a dispute). */
export function isFinal(status: PaymentStatus): boolean {
  return status === 'SUCCEEDED' || status === 'FAILED' || status === 'REFUNDED';
}
