import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../platform/database/minor-units.transformer';

export const SCHEDULE_RUN_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'SKIPPED'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

/**
 * One period of a schedule: made once per (schedule, period) by the runner, then paid.
 * `PENDING` until its payment succeeds (`SUCCEEDED`), every attempt the period allows failed
 * (`FAILED`), or there was nothing to pay (`SKIPPED`: already paid another way, no bill due, or
 * a bill above the maximum).
 */
@Entity({ name: 'schedule_runs' })
export class ScheduleRun {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'schedule_id', type: 'uuid' })
  scheduleId: string;

  @Column({ name: 'period_key', type: 'varchar', length: 16 })
  periodKey: string;

  @Column({ name: 'due_on', type: 'date' })
  dueOn: string;

  @Column({ name: 'period_starts_at', type: 'timestamptz' })
  periodStartsAt: Date;

  @Column({ name: 'period_ends_at', type: 'timestamptz' })
  periodEndsAt: Date;

  @Column({ type: 'varchar', length: 16 })
  status: ScheduleRunStatus;

  @Column({ type: 'bigint', nullable: true, transformer: minorUnits })
  amount: number | null;

  @Column({ name: 'bill_id', type: 'uuid', nullable: true })
  billId: string | null;

  @Column({ type: 'integer' })
  attempt: number;

  @Column({ type: 'integer' })
  claims: number;

  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'outcome_code', type: 'varchar', length: 40, nullable: true })
  outcomeCode: string | null;

  @Column({ name: 'outcome_message', type: 'varchar', length: 300, nullable: true })
  outcomeMessage: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
