import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BillerSnapshot } from '../../billers';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

export const PAYMENT_STATUSES = ['AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where a payment came from: every channel that moves money pays through the payment core. */
export const PAYMENT_CHANNELS = ['APP', 'BILL', 'SCHEDULE', 'AGENT', 'CHECKOUT', 'SANDBOX'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Who paid: the customer themselves, or an agent taking cash, or a checkout payer. */
export const PAYER_TYPES = ['CUSTOMER', 'AGENT', 'CHECKOUT_PAYER'] as const;
export type PayerType = (typeof PAYER_TYPES)[number];

/** What a checkout payment pays: columns of `payments` set only for channel CHECKOUT. */
export class CheckoutPaymentTerms {
  @Column({ name: 'merchant_id', type: 'uuid', nullable: true })
  merchantId: string;

  @Column({ type: 'boolean', nullable: true })
  livemode: boolean;

  /** The session paid; also the payment's payer id (`payer_id`), which scopes its Idempotency-Key. */
  @Column({ name: 'checkout_session_id', type: 'uuid', nullable: true })
  sessionId: string;

  /** Minor units of the payment's currency, at most its amount. */
  @Column({ name: 'merchant_fee', type: 'bigint', nullable: true, transformer: minorUnits })
  merchantFee: number;

  @Column({ name: 'merchant_pricing_version_id', type: 'uuid', nullable: true })
  merchantPricingVersionId: string | null;
}

/**
 * A payment: a bill payment, or (channel CHECKOUT) a payment of a merchant's checkout session. `AUTHORIZING`: accepted, the rail not yet answered; `PENDING`: funds captured
 * on the rail; `PROCESSING`: being posted to the biller; then `SUCCEEDED`, or `FAILED` (with a
 * reversing journal entry when funds had been captured); `REFUNDED` after a dispute resolved
 * for the customer. The moves between them are `payment-state-machine.ts`'s.
 */
@Entity({ name: 'payments' })
export class Payment {
  @PrimaryColumn('uuid')
  id: string;

  /** The customer whose history shows it; null for a checkout payment, whose payer is not our customer. */
  @Column({ name: 'customer_id', type: 'uuid', nullable: true })
  customerId: string | null;

  @Column({ type: 'varchar', length: 16 })
  channel: PaymentChannel;

  @Column({ name: 'payer_type', type: 'varchar', length: 16 })
  payerType: PayerType;

  @Column({ name: 'payer_id', type: 'uuid' })
  payerId: string;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey: string;

  /** SHA-256 of the canonical request body, to tell a replay from a reused key. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash: string;

  /**
   * The biller as it was when paid (columns biller_id, biller_name, biller_slug), so history reads
   * the same after a rename. Null for a checkout payment (it pays a merchant, `checkout`).
   */
  @Column(() => BillerSnapshot, { prefix: false })
  biller: BillerSnapshot | null;

  /** The biller's account paid; null for a checkout payment. */
  @Column({ name: 'account_reference', type: 'varchar', length: 64, nullable: true })
  accountReference: string | null;

  @Column({ name: 'saved_account_id', type: 'uuid', nullable: true })
  savedAccountId: string | null;

  @Column({ type: 'bigint', transformer: minorUnits })
  amount: number;

  @Column({ type: 'bigint', transformer: minorUnits })
  fee: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 32 })
  rail: string;

  @Column({ name: 'funding_account_masked', type: 'varchar', length: 40 })
  fundingAccountMasked: string;

  @Column({ name: 'rail_reference', type: 'varchar', length: 80, nullable: true })
  railReference: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: PaymentStatus;

  @Column({ name: 'failure_code', type: 'varchar', length: 40, nullable: true })
  failureCode: string | null;

  @Column({ name: 'failure_message', type: 'varchar', length: 200, nullable: true })
  failureMessage: string | null;

  @Column({ name: 'biller_reference', type: 'varchar', length: 80, nullable: true })
  billerReference: string | null;

  @Column({ name: 'journal_entry_id', type: 'uuid', nullable: true })
  journalEntryId: string | null;

  @Column({ name: 'reversal_entry_id', type: 'uuid', nullable: true })
  reversalEntryId: string | null;

  @Column({ name: 'rail_reversal_reference', type: 'varchar', length: 80, nullable: true })
  railReversalReference: string | null;

  /**
   * Minor units returned to the payer so far, at most `amount`: a merchant's refunds of a checkout
   * payment add to it; a bill payment refunded for a dispute counts in full.
   */
  @Column({ name: 'refunded_amount', type: 'bigint', transformer: minorUnits })
  refundedAmount: number;

  /**
   * Held for a compliance review (an AML rule of HIGH severity fired when it was accepted):
   * captured but not posted until a reviewer clears it. It stays PENDING meanwhile.
   */
  @Column({ name: 'held_for_review', type: 'boolean', default: false })
  heldForReview: boolean;

  /**
   * A checkout payment (channel CHECKOUT): the merchant, mode and session it pays, and the
   * merchant's fee as priced when it was accepted (deducted from what the merchant is credited,
   * never charged to the payer). Null for every other channel.
   */
  @Column(() => CheckoutPaymentTerms, { prefix: false })
  checkout: CheckoutPaymentTerms | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}

/**
 * A payment of a channel that pays a biller for a customer (every channel but CHECKOUT): its
 * customer, biller snapshot and account reference are set (the table's channel check holds it).
 * Posting, receipts, disputes and the customer's reads deal only in these.
 */
export type BillPayment = Payment & { customerId: string; biller: BillerSnapshot; accountReference: string };

export function isBillPayment(payment: Payment): payment is BillPayment {
  return payment.customerId !== null && payment.biller !== null && payment.accountReference !== null;
}

/** The payment as a bill payment; throws for a checkout payment, which no bill-payment path may take. */
export function billPaymentOf<T extends Payment>(payment: T): T & BillPayment {
  if (!isBillPayment(payment)) {
    throw new Error(`payment ${payment.id} (${payment.channel}) has no customer or biller: not a bill payment`);
  }
  return payment;
}
