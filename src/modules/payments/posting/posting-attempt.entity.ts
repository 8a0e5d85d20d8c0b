import { Column, Entity, PrimaryColumn } from 'typeorm';

export const POSTING_ATTEMPT_STATUSES = ['PENDING', 'RETRYING', 'CONFIRMED', 'FAILED'] as const;
export type PostingAttemptStatus = (typeof POSTING_ATTEMPT_STATUSES)[number];

/**
 * One cycle of posting a payment to its biller: `PENDING` -> `RETRYING` (transient failures,
 * bounded exponential backoff) -> `CONFIRMED` or `FAILED`. An admin retry of a `FAILED` cycle
 * opens the next one. Every cycle posts under the same biller-side idempotency key (the
 * payment id), so no cycle can make the biller take the payment twice.
 */
@Entity({ name: 'posting_attempts' })
export class PostingAttempt {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'integer' })
  cycle: number;

  @Column({ type: 'varchar', length: 16 })
  status: PostingAttemptStatus;

  @Column({ type: 'integer' })
  tries: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  /** Set before each call to the biller, cleared once its answer is recorded. */
  @Column({ name: 'outcome_unknown', type: 'boolean' })
  outcomeUnknown: boolean;

  @Column({ name: 'last_outcome', type: 'varchar', length: 40, nullable: true })
  lastOutcome: string | null;

  @Column({ name: 'last_error', type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @Column({ name: 'biller_reference', type: 'varchar', length: 80, nullable: true })
  billerReference: string | null;

  /** The admin who opened this cycle; null for the first, automatic one. */
  @Column({ name: 'requested_by', type: 'uuid', nullable: true })
  requestedBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
