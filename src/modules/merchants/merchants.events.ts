import { IsInt } from 'class-validator';
import {
  EventCurrency,
  EventFlag,
  EventId,
  EventMinorUnits,
  EventOneOf,
  EventText,
  OptionalEventId,
  OptionalEventOneOf,
  OptionalEventText,
} from '../../platform/outbox/event-payload-fields';
import { MERCHANT_REFUND_REASONS, type MerchantRefundReason } from './checkout/merchant-refund';
import { KYB_STATUSES, type KybStatus } from './onboarding/merchant.entity';

/**
 * The merchants context's outbox events.
 *
 * - `merchant.registered`: a business applied; KYB is PENDING.
 * - `merchant.kyb_status_changed`: a reviewer (or the last upload due) moved the KYB state; the
 *   merchant-side contexts react (live keys, payouts, the dashboard's live events), and the
 *   merchant's webhook endpoints hear of it as `kyb.status_changed`.
 * - `merchant.checkout_session.created` / `.expired`: a checkout session opened, or passed its
 *   expiry unpaid (raised once, by the expiry job or the first read after `expiresAt`).
 * - `merchant.checkout_session.completed`: a payment paid the session (raised once, in the
 *   payment core's capture transaction, with `merchant.payment.succeeded`). Webhook endpoints hear
 *   of it and of `.expired` as `checkout_session.completed|expired`.
 * - `merchant.payment.succeeded` / `.failed`: a checkout payment captured (the merchant is
 *   credited `net` = `amount` - `fee`) or declined / never captured (the session stays OPEN).
 * - `merchant.payment.refunded`: the rail returned one refund of a checkout payment to its payer
 *   (the refund SUCCEEDED; written in the transaction that settles its rail reversal). Webhook
 *   endpoints and the event stream hear of it as `payment.refunded`.
 * - `merchant.refund.failed`: the rail refused one refund for good; the refund is FAILED, the
 *   merchant's balance given back (with its `merchant.balance_updated`) and the payment's
 *   `refundedAmount` lowered, in one transaction.
 * - `merchant.payment.disputed`: the payer's bank disputed a captured checkout payment (a chargeback the
 *   rail notified); the disputed amount moved to the dispute hold in the same transaction.
 * - `merchant.payment_link.created`: a payment link was made.
 * - `merchant.payment_link.viewed`: a visitor's view of a link's hosted page was logged (at most one
 *   per visitor and link every 30 minutes); analytics counts it in the funnel.
 * - `merchant.balance_updated`: money of a merchant's balance (merchant, mode, currency) moved: the release
 *   job made pending or reserve available, a refund spent available and pending, or a dispute held them. Carries the three
 *   balances as that transaction left them. A capture raises none (the payment's own event tells it, and
 *   the hot path does not sum the balance accounts).
 */
export const MERCHANT_EVENTS = {
  registered: 'merchant.registered',
  kybStatusChanged: 'merchant.kyb_status_changed',
  checkoutSessionCreated: 'merchant.checkout_session.created',
  checkoutSessionExpired: 'merchant.checkout_session.expired',
  checkoutSessionCompleted: 'merchant.checkout_session.completed',
  paymentSucceeded: 'merchant.payment.succeeded',
  paymentFailed: 'merchant.payment.failed',
  paymentRefunded: 'merchant.payment.refunded',
  refundFailed: 'merchant.refund.failed',
  paymentDisputed: 'merchant.payment.disputed',
  paymentLinkCreated: 'merchant.payment_link.created',
  paymentLinkViewed: 'merchant.payment_link.viewed',
  balanceUpdated: 'merchant.balance_updated',
} as const;

/** A merchant's KYB state after a change (read by the webhooks, which send it as `kyb.status_changed`). */
export class MerchantKybEventPayload {
  @EventId()
  merchantId: string;

  @EventOneOf(KYB_STATUSES)
  status: KybStatus;

  @OptionalEventOneOf(KYB_STATUSES)
  previousStatus: KybStatus | null;

  @OptionalEventText()
  reasonCode: string | null;
}

/**
 * A checkout session after a change (created, expired, completed), in the session's mode. Read
 * by the webhooks, which send `.expired` and `.completed` to endpoints of that mode.
 */
export class MerchantCheckoutSessionEventPayload {
  @EventId()
  merchantId: string;

  @EventId()
  checkoutSessionId: string;

  @EventFlag()
  livemode: boolean;

  @EventOneOf(['OPEN', 'COMPLETE', 'EXPIRED'])
  status: 'OPEN' | 'COMPLETE' | 'EXPIRED';

  @EventMinorUnits()
  amount: number;

  @EventCurrency()
  currency: string;

  @EventText({ max: 100 })
  merchantReference: string;

  /** ISO 8601. */
  @EventText()
  expiresAt: string;

  /** The payment that completed the session (`.completed` only). */
  @OptionalEventId()
  paymentId?: string | null;

  /** ISO 8601 (`.completed` only). */
  @OptionalEventText()
  completedAt?: string | null;
}

/**
 * A checkout payment, as the merchant hears of it (`merchant.payment.succeeded` / `.failed`),
 * validated like the session's, ready for the webhooks' `payment.succeeded|failed`.
 */
export class MerchantPaymentEventPayload {
  @EventId()
  merchantId: string;

  @EventFlag()
  livemode: boolean;

  @EventId()
  paymentId: string;

  @EventId()
  checkoutSessionId: string;

  @OptionalEventId()
  paymentLinkId: string | null;

  @EventOneOf(['SUCCEEDED', 'FAILED'])
  status: 'SUCCEEDED' | 'FAILED';

  /** Minor units: what the payer paid. */
  @EventMinorUnits()
  amount: number;

  /** The merchant's fee, kept from `amount`. */
  @EventMinorUnits()
  fee: number;

  /** `amount` - `fee`: what the merchant is credited. */
  @EventMinorUnits()
  net: number;

  @EventCurrency()
  currency: string;

  @EventText()
  rail: string;

  @EventText({ max: 100 })
  merchantReference: string;

  /** Why it failed (`failed` only), e.g. `RAIL_DECLINED`. */
  @OptionalEventText()
  failureCode: string | null;
}

/**
 * A checkout payment with one of its refunds settled (`merchant.payment.refunded`, `merchant.refund.failed`):
 * the payment as `MerchantPaymentEventPayload` has it (its status stays SUCCEEDED), what has been returned of
 * it so far, and the refund. Read by the webhooks, which send `.refunded` as `payment.refunded`.
 */
export class MerchantPaymentRefundEventPayload extends MerchantPaymentEventPayload {
  /** Minor units of the payment returned so far (refunds pending or succeeded), after this one settled. */
  @EventMinorUnits()
  refundedAmount: number;

  @EventId()
  refundId: string;

  /** Minor units this refund returns. */
  @EventMinorUnits()
  refundAmount: number;

  @EventOneOf(['SUCCEEDED', 'FAILED'])
  refundStatus: 'SUCCEEDED' | 'FAILED';

  @EventOneOf(MERCHANT_REFUND_REASONS)
  refundReason: MerchantRefundReason;

  /** The rail's refusal (`.failed` only). */
  @OptionalEventText()
  refundFailureReason: string | null;
}

/**
 * A dispute of a checkout payment (`merchant.payment.disputed`), validated like the others: read by the
 * webhooks, which send it as `payment.disputed`.
 */
export class MerchantPaymentDisputeEventPayload {
  @EventId()
  merchantId: string;

  @EventFlag()
  livemode: boolean;

  @EventId()
  disputeId: string;

  @EventId()
  paymentId: string;

  @EventId()
  checkoutSessionId: string;

  /** Minor units disputed (held from the merchant's balances). */
  @EventMinorUnits()
  amount: number;

  @EventCurrency()
  currency: string;

  /** The bank's reason, e.g. `FRAUDULENT`. */
  @EventText({ max: 40 })
  reason: string;

  @EventOneOf(['NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST'])
  status: 'NEEDS_RESPONSE' | 'UNDER_REVIEW' | 'WON' | 'LOST';

  /** ISO 8601: when the dispute was recorded. */
  @EventText()
  createdAt: string;
}

export interface MerchantPaymentLinkEventPayload {
  merchantId: string;
  paymentLinkId: string;
  livemode: boolean;
  /** Null when the customer chooses the amount. */
  amount: number | null;
  currency: string;
  slug: string | null;
}

/** A logged view of a payment link's hosted page (`merchant.payment_link.viewed`), in the link's mode. */
export class MerchantPaymentLinkViewEventPayload {
  @EventId()
  merchantId: string;

  @EventFlag()
  livemode: boolean;

  @EventId()
  paymentLinkId: string;

  /** The `merchant_payment_link_views` row. */
  @EventId()
  viewId: string;

  /** ISO 8601. */
  @EventText()
  viewedAt: string;
}

/**
 * A merchant's balance in one mode and currency after money of it moved (`merchant.balance_updated`),
 * validated like the others: read by the webhooks, which send it as `balance.updated`. No balance goes
 * below zero through a refund (the ledger refuses one it does not cover); a dispute is never refused, so
 * available may (`DISPUTE`: the merchant owes what its balances did not cover).
 */
export class MerchantBalanceEventPayload {
  @EventId()
  merchantId: string;

  @EventFlag()
  livemode: boolean;

  @EventCurrency()
  currency: string;

  /** What moved it. */
  @EventOneOf(['RELEASE', 'REFUND', 'DISPUTE'])
  reason: 'RELEASE' | 'REFUND' | 'DISPUTE';

  /** Minor units, as GET /merchant/ledger shows them. */
  @EventMinorUnits()
  pending: number;

  /** Below zero only after a dispute its balances did not cover. */
  @IsInt()
  available: number;

  @EventMinorUnits()
  reserve: number;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [MERCHANT_EVENTS.registered]: MerchantKybEventPayload;
    [MERCHANT_EVENTS.kybStatusChanged]: MerchantKybEventPayload;
    [MERCHANT_EVENTS.checkoutSessionCreated]: MerchantCheckoutSessionEventPayload;
    [MERCHANT_EVENTS.checkoutSessionExpired]: MerchantCheckoutSessionEventPayload;
    [MERCHANT_EVENTS.checkoutSessionCompleted]: MerchantCheckoutSessionEventPayload;
    [MERCHANT_EVENTS.paymentSucceeded]: MerchantPaymentEventPayload;
    [MERCHANT_EVENTS.paymentFailed]: MerchantPaymentEventPayload;
    [MERCHANT_EVENTS.paymentRefunded]: MerchantPaymentRefundEventPayload;
    [MERCHANT_EVENTS.refundFailed]: MerchantPaymentRefundEventPayload;
    [MERCHANT_EVENTS.paymentDisputed]: MerchantPaymentDisputeEventPayload;
    [MERCHANT_EVENTS.paymentLinkCreated]: MerchantPaymentLinkEventPayload;
    [MERCHANT_EVENTS.paymentLinkViewed]: MerchantPaymentLinkViewEventPayload;
    [MERCHANT_EVENTS.balanceUpdated]: MerchantBalanceEventPayload;
  }
}

/** The merchants context's Bull queues: each checkout session's delayed expiry; the velocity purge and the balance release ticks. */
export const MERCHANT_QUEUES = {
  checkoutExpiry: 'merchant-checkout-expiry',
  /** The hourly purge of velocity buckets past their 90 days (one repeatable tick per cluster). */
  velocityRetention: 'merchant-velocity-retention',
  balanceReleases: 'merchant-balance-releases',
  /** The weekly re-check of verified origins, run hourly over those due (one repeatable tick per cluster). */
  originRecheck: 'merchant-origin-recheck',
} as const;

export const VELOCITY_RETENTION_JOB = 'purge';

/** The repeatable job of `merchant-balance-releases`: posts every release due. */
export const BALANCE_RELEASE_JOB = 'release-due';
export const ORIGIN_RECHECK_JOB = 'recheck';

export const CHECKOUT_EXPIRY_JOB = 'expire';

/** The repeatable sweep of `merchant-checkout-expiry`: expires OPEN sessions overdue whose job was lost. */
export const CHECKOUT_EXPIRY_SWEEP_JOB = 'sweep';

export interface CheckoutExpiryJob {
  checkoutSessionId: string;
}
