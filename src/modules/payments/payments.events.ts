import {
  EventCurrency,
  EventId,
  EventMinorUnits,
  EventOneOf,
  EventText,
  OptionalEventFlag,
  OptionalEventText,
} from '../../platform/outbox/event-payload-fields';
import { PAYMENT_STATUSES, type PaymentStatus } from './core/payment.entity';
import type { RailReversalAction } from './rails/rail-reversal.entity';

/**
 * The payments context's outbox events, the payload every consumer may rely on, and the queues
 * its own worker consumes them on. Other contexts listen to these through the payments index
 * (`@ListensTo(theirQueue, [PAYMENT_EVENTS.succeeded, ...])` on their module).
 *
 * `payment.refunded`: a failed payment's funds went back on the rail, or a dispute refunded it.
 * `payment.part_refund_requested`: part or all of a checkout payment is owed back to its payer for
 * one merchant refund (its own rail reversal); the payments worker returns it on the rail. The
 * merchant hears of the outcome through the checkout channel's hook, not through this event.
 */
export const PAYMENT_EVENTS = {
  captured: 'payment.captured',
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  refunded: 'payment.refunded',
  railReversalRequested: 'payment.rail_reversal_requested',
  partRefundRequested: 'payment.part_refund_requested',
} as const;

/** The payload every payment event carries, as `paymentEventPayload` writes it. */
export class PaymentEventPayload {
  @EventId()
  paymentId: string;

  @EventId()
  customerId: string;

  @EventId()
  billerId: string;

  @EventText()
  billerName: string;

  @EventText()
  accountReference: string;

  @EventCurrency()
  currency: string;

  @EventOneOf(PAYMENT_STATUSES)
  status: PaymentStatus;

  /** Minor units, as integers. */
  @EventMinorUnits()
  amount: number;

  @EventMinorUnits()
  fee: number;

  /**
   * The rail the customer paid by (`CARD`, `BANK_TRANSFER`, ...): where a refund goes back to.
   * Always written; events written before this field existed lack it.
   */
  @OptionalEventText()
  rail?: string;

  /**
   * Whether the rail took the customer's funds (the payment has a capture journal entry): a
   * declined or unconfirmed capture fails with nothing taken, a biller's refusal after the
   * capture owes a refund. Always written; events written before this field existed lack it,
   * and consumers infer it from `failureCode`.
   */
  @OptionalEventFlag()
  fundsCaptured?: boolean;

  /** Why the payment failed (failed events), e.g. `RAIL_DECLINED`, `BILLER_REJECTED`. */
  @OptionalEventText()
  failureCode?: string | null;

  @OptionalEventText()
  billerReference?: string | null;
}

/** `payment.rail_reversal_requested`: the payment, and what its rail is asked to do. */
export class PaymentRailReversalPayload extends PaymentEventPayload {
  /** `REFUND` a capture, or `CANCEL` one whose outcome is unknown. */
  @EventOneOf(['REFUND', 'CANCEL'])
  action: RailReversalAction;
}

/** `payment.part_refund_requested`: the rail reversal owed for one refund of a payment. */
export class PaymentPartRefundPayload {
  @EventId()
  paymentId: string;

  /** The refund (the caller's id, a merchant refund's). */
  @EventId()
  refundId: string;

  /** The rail reversal that pays it: what the job tries. */
  @EventId()
  reversalId: string;

  /** Minor units going back. */
  @EventMinorUnits()
  amount: number;

  @EventCurrency()
  currency: string;
}

/** The payment events whose payload is the payment alone. */
export type PaymentEventType = Exclude<
  (typeof PAYMENT_EVENTS)[keyof typeof PAYMENT_EVENTS],
  'payment.rail_reversal_requested' | 'payment.part_refund_requested'
>;

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [PAYMENT_EVENTS.captured]: PaymentEventPayload;
    [PAYMENT_EVENTS.succeeded]: PaymentEventPayload;
    [PAYMENT_EVENTS.failed]: PaymentEventPayload;
    [PAYMENT_EVENTS.refunded]: PaymentEventPayload;
    [PAYMENT_EVENTS.railReversalRequested]: PaymentRailReversalPayload;
    [PAYMENT_EVENTS.partRefundRequested]: PaymentPartRefundPayload;
  }
}

/** The queues the payments worker consumes its own events on. */
export const PAYMENT_QUEUES = {
  /** Posts a captured payment to its biller. */
  posting: 'payment-posting',
  /** Returns a payment's funds on its rail: refund a capture, cancel an unknown one, refund part of one. */
  railReversals: 'payment-rail-reversals',
  /** The sandbox rail's notifications (disputes) falling due: one repeatable tick per cluster. */
  sandboxRailNotices: 'sandbox-rail-notices',
} as const;

/** The repeatable job of `sandbox-rail-notices`: delivers every due sandbox dispute. */
export const SANDBOX_RAIL_NOTICE_JOB = 'deliver-due';
