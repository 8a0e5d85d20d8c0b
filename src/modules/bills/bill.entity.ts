import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BillerSnapshot } from '../billers';
import { minorUnits } from '../../platform/database/minor-units.transformer';

/** The states a bill is stored in. `OVERDUE` is derived from the due date (`bill-status.ts`). */
export const STORED_BILL_STATUSES = ['UNVIEWED', 'VIEWED', 'PAID', 'WITHDRAWN'] as const;
export type StoredBillStatus = (typeof STORED_BILL_STATUSES)[number];

/** One line of a bill, as the biller itemised it. Money in minor units. */
export interface BillLineItem {
  description: string;
  amount: number;
}

/**
 * A bill a biller pushed: unique per biller and bill reference. `customerId` is the verified
 * customer it resolved to or who claimed it; null while it waits to be claimed. The migration
 * (1795760000000-create-bills.ts) describes the columns; the context reads and writes them with
 * the named statements of `bill.repository.ts`.
 */
@Entity({ name: 'bills' })
export class Bill {
  @PrimaryColumn('uuid')
  id: string;

  /** The biller as it was at ingestion (columns biller_id, biller_name, biller_slug). */
  @Column(() => BillerSnapshot, { prefix: false })
  biller: BillerSnapshot;

  @Column({ name: 'bill_reference', type: 'varchar', length: 64 })
  billReference: string;

  @Column({ name: 'account_reference', type: 'varchar', length: 64 })
  accountReference: string;

  @Column({ name: 'customer_id', type: 'uuid', nullable: true })
  customerId: string | null;

  @Column({ name: 'amount_due', type: 'bigint', transformer: minorUnits })
  amountDue: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  /** `YYYY-MM-DD`. */
  @Column({ name: 'bill_date', type: 'date' })
  billDate: string;

  /** `YYYY-MM-DD`. */
  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ name: 'line_items', type: 'jsonb' })
  lineItems: BillLineItem[];

  @Column({ type: 'varchar', length: 16 })
  status: StoredBillStatus;

  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  @Column({ name: 'payment_attempt', type: 'integer' })
  paymentAttempt: number;

  @Column({ name: 'viewed_at', type: 'timestamptz', nullable: true })
  viewedAt: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
