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

/**
 * A bill payment. `AUTHORIZING`: accepted, the rail not yet answered; `PENDING`: funds captured
 * on the rail; `PROCESSING`: being posted to the biller; then `SUCCEEDED`, or `FAILED` (with a
 * reversing journal entry when funds had been captured); `REFUNDED` after a dispute resolved
 * for the customer. The moves between them are `payment-state-machine.ts`'s.
 */
@Entity({ name: 'payments' })
export class Payment {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

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

  /** The biller as it was when paid (columns biller_id, biller_name, biller_slug), so history reads the same after a rename. */
  @Column(() => BillerSnapshot, { prefix: false })
  biller: BillerSnapshot;

  @Column({ name: 'account_reference', type: 'varchar', length: 64 })
  accountReference: string;

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
   * Held for a compliance review (an AML rule of HIGH severity fired when it was accepted):
   * captured but not posted until a reviewer clears it. It stays PENDING meanwhile.
   */
  @Column({ name: 'held_for_review', type: 'boolean', default: false })
  heldForReview: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
