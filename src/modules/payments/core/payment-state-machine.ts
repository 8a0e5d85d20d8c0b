import type { PaymentChannel, PaymentStatus } from './payment.entity';

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

/**
 * Moves one channel makes besides the common ones: a checkout payment has no biller to post to,
 * so its capture's transaction takes it `PENDING -> SUCCEEDED` at once (never through
 * PROCESSING). The transition statement refuses that move to a payment of any other channel too.
 */
export const CHANNEL_TRANSITIONS: Readonly<
  Partial<Record<PaymentChannel, Partial<Record<PaymentStatus, readonly PaymentStatus[]>>>>
> = {
  CHECKOUT: { PENDING: ['SUCCEEDED'] },
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

/** Throws unless every status in `from` may move to `to` (with `channel`'s own moves when it is given). */
export function assertTransition(
  from: PaymentStatus | readonly PaymentStatus[],
  to: PaymentStatus,
  channel?: PaymentChannel,
): void {
  const sources: readonly PaymentStatus[] = Array.isArray(from) ? from : [from as PaymentStatus];
  const own = channel === undefined ? undefined : CHANNEL_TRANSITIONS[channel];
  const allowed = (source: PaymentStatus) =>
    PAYMENT_TRANSITIONS[source].includes(to) || (own?.[source]?.includes(to) ?? false);
  if (sources.length === 0 || sources.some((source) => !allowed(source))) {
    throw new IllegalPaymentTransitionError(from, to);
  }
}

/** Whether a payment in `status` is settled for good (nothing more happens to it but a dispute). */
export function isFinal(status: PaymentStatus): boolean {
  return status === 'SUCCEEDED' || status === 'FAILED' || status === 'REFUNDED';
}
