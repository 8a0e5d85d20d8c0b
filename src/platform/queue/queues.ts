import type { JobOptions } from 'bull';

/**
 * Every Bull queue, its job payloads and its retry policy, in one place. A context that
 * consumes outbox events lists the event types its queue receives in `OUTBOX_EVENT_QUEUES`.
 */
export const QUEUES = {
  /** Posts a captured payment to its biller (payments context). */
  paymentPosting: 'payment-posting',
  /** Returns a failed payment's funds on its rail: refund a capture, cancel an unknown one. */
  paymentRailReversals: 'payment-rail-reversals',
  /** Turns payment events into in-app notifications (notifications context). */
  notifications: 'notifications',
} as const;

export const QUEUE_NAMES = Object.values(QUEUES);
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The payment events, with the payload every consumer may rely on (PaymentEventPayload).
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

/** Outbox event type -> the queues that receive a job per event (job id = outbox event id). */
export const OUTBOX_EVENT_QUEUES: Readonly<Record<string, readonly QueueName[]>> = {
  [PAYMENT_EVENTS.captured]: [QUEUES.paymentPosting],
  [PAYMENT_EVENTS.succeeded]: [QUEUES.notifications],
  [PAYMENT_EVENTS.failed]: [QUEUES.notifications],
  [PAYMENT_EVENTS.refunded]: [QUEUES.notifications],
  [PAYMENT_EVENTS.railReversalRequested]: [QUEUES.paymentRailReversals],
};

/** Job payload of a queue fed by the outbox relay. */
export interface OutboxEventJob {
  eventId: string;
  eventType: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
  occurredAt: string;
}

export const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

/** Redis pub/sub channel on which every published outbox event is broadcast. */
export const EVENTS_CHANNEL = 'events';
