import { Column, Entity, PrimaryColumn } from 'typeorm';

export const OUTBOX_STATUSES = ['PENDING', 'PUBLISHED', 'FAILED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * A side effect waiting to leave the database: written in the same transaction as the state
 * change it announces, then published by the relay. `PENDING` rows are due at
 * `nextAttemptAt`; a relay holds a row while `claimExpiresAt` is in the future.
 */
@Entity({ name: 'outbox_events' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'event_type', type: 'varchar', length: 100 })
  eventType: string;

  @Column({ name: 'aggregate_type', type: 'varchar', length: 60 })
  aggregateType: string;

  @Column({ name: 'aggregate_id', type: 'varchar', length: 100 })
  aggregateId: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16 })
  status: OutboxStatus;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'claimed_by', type: 'varchar', length: 120, nullable: true })
  claimedBy: string | null;

  @Column({ name: 'claim_expires_at', type: 'timestamptz', nullable: true })
  claimExpiresAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Times an operator requeued the row after it was published; each redelivery gets a job id of its own. */
  @Column({ type: 'integer', default: 0 })
  redeliveries: number;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
