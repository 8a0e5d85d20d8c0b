/**
 * Why a merchant refunds a payment (as Stripe's refund reasons): the customer asked, the payment
 * was a duplicate, or it was fraudulent. A free-text `note` may say more.
 */
export const MERCHANT_REFUND_REASONS = ['REQUESTED_BY_CUSTOMER', 'DUPLICATE', 'FRAUDULENT'] as const;
export type MerchantRefundReason = (typeof MERCHANT_REFUND_REASONS)[number];

/** PENDING until the rail answers; then SUCCEEDED (returned to the payer) or FAILED (refused for good). */
export const MERCHANT_REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type MerchantRefundStatus = (typeof MERCHANT_REFUND_STATUSES)[number];

/**
 * One refund of a checkout payment (`merchant_refunds`), full or partial: several may return parts
 * of one payment, never more than its amount together (the payment core's rule, on the payment's
 * `refunded_amount`). Amounts are minor units of the payment's currency.
 */
export interface MerchantPaymentRefund {
  id: string;
  merchantId: string;
  livemode: boolean;
  paymentId: string;
  amount: number;
  currency: string;
  reason: MerchantRefundReason;
  note: string | null;
  status: MerchantRefundStatus;
  /** The rail's refusal (FAILED only). */
  failureReason: string | null;
  idempotencyKey: string;
  requestFingerprint: string;
  createdByApiKeyId: string | null;
  /** The merchant ledger's refund entry, and how it spent the balance (available first, then pending). */
  ledgerEntryId: string;
  fromAvailable: number;
  fromPending: number;
  /** The entry that gave the balance back (FAILED only). */
  reversalEntryId: string | null;
  /** The rail's reference for the refund (SUCCEEDED only). */
  railReference: string | null;
  createdAt: Date;
  updatedAt: Date;
  refundedAt: Date | null;
  failedAt: Date | null;
}
