import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

export const RAIL_REVERSAL_ACTIONS = ['REFUND', 'CANCEL'] as const;
export type RailReversalAction = (typeof RAIL_REVERSAL_ACTIONS)[number];
export const RAIL_REVERSAL_STATUSES = ['PENDING', 'COMPLETED'] as const;
export type RailReversalStatus = (typeof RAIL_REVERSAL_STATUSES)[number];

/**
 * A failed payment's funds going back on its rail: `REFUND` of a capture the biller refused, or
 * `CANCEL` of a capture whose outcome was unknown. Written in the transaction that fails the
 * payment, so the obligation survives any loss of jobs; tried by the job the outbox sends and,
 * once due, by the worker's sweeper, until the rail confirms. At most one per payment.
 */
@Entity({ name: 'rail_reversals' })
export class RailReversal {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'varchar', length: 8 })
  action: RailReversalAction;

  /** What goes back: the payment's amount plus its fee, in minor units. */
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
