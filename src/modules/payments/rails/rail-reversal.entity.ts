import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

export const RAIL_REVERSAL_ACTIONS = ['REFUND', 'CANCEL'] as const;
export type RailReversalAction = (typeof RAIL_REVERSAL_ACTIONS)[number];
export const RAIL_REVERSAL_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type RailReversalStatus = (typeof RAIL_REVERSAL_STATUSES)[number];

/**
 * A payment's funds going back on its rail: `REFUND` of a capture the biller refused (or a
 * dispute refunded), `CANCEL` of a capture whose outcome was unknown, or `REFUND` of part or all
 * of a checkout payment for one merchant refund (`refundId`). Written in the transaction that
 * makes it owed, so the obligation survives any loss of jobs; tried by the job the outbox sends
 * and, once due, by the worker's sweeper, until the rail confirms (`COMPLETED`) or, for a refund
 * of a merchant's, refuses it for good (`FAILED`). At most one per payment without `refundId`;
 * one per refund with it.
 */
@Entity({ name: 'rail_reversals' })
export class RailReversal {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'varchar', length: 8 })
  action: RailReversalAction;

  /**
   * The refund this reversal pays (a merchant refund's id, named by the caller; no foreign key:
   * the payments context knows no refund table), or null for the payment's own reversal.
   */
  @Column({ name: 'refund_id', type: 'uuid', nullable: true })
  refundId: string | null;

  /** What goes back, in minor units: the payment's amount plus its fee, or the refund's amount. */
  @Column({ type: 'bigint', transformer: minorUnits })
  amount: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  status: RailReversalStatus;

  @Column({ type: 'integer' })
  tries: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @Column({ name: 'rail_reference', type: 'varchar', length: 80, nullable: true })
  railReference: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
