import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BillerSnapshot } from '../billers';
import { minorUnits } from '../../platform/database/minor-units.transformer';
import type { ScheduleFrequency } from './schedule-calendar';

export const SCHEDULE_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELLED', 'COMPLETED'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_FREQUENCIES = ['ONCE', 'WEEKLY', 'MONTHLY'] as const;
export const SCHEDULE_MODES = ['FIXED', 'BILLS'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/**
 * A customer's scheduled payment: `FIXED` pays `amount` every period, `BILLS` pays the open
 * pushed bill of the account up to `maximumAmount`. `ACTIVE` schedules run on `nextRunOn`;
 * `PAUSED` ones wait; `CANCELLED` and `COMPLETED` are final (history kept).
 */
@Entity({ name: 'schedules' })
export class Schedule {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

  /** The biller as it was when the schedule was made (columns biller_id, biller_name, biller_slug). */
  @Column(() => BillerSnapshot, { prefix: false })
  biller: BillerSnapshot;

  @Column({ name: 'account_reference', type: 'varchar', length: 64 })
  accountReference: string;

  @Column({ name: 'saved_account_id', type: 'uuid', nullable: true })
  savedAccountId: string | null;

  @Column({ type: 'varchar', length: 8 })
  mode: ScheduleMode;

  @Column({ type: 'bigint', nullable: true, transformer: minorUnits })
  amount: number | null;

  @Column({ name: 'maximum_amount', type: 'bigint', nullable: true, transformer: minorUnits })
  maximumAmount: number | null;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 32 })
  rail: string;

  /** AES-256-GCM ciphertext (`FundingAccountCipher`); never leaves the service. */
  @Column({ name: 'funding_account_encrypted', type: 'text' })
  fundingAccountEncrypted: string;

  @Column({ name: 'funding_account_masked', type: 'varchar', length: 40 })
  fundingAccountMasked: string;

  @Column({ type: 'varchar', length: 8 })
  frequency: ScheduleFrequency;

  @Column({ name: 'day_of_week', type: 'smallint', nullable: true })
  dayOfWeek: number | null;

  @Column({ name: 'day_of_month', type: 'smallint', nullable: true })
  dayOfMonth: number | null;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Column({ name: 'consent_version', type: 'varchar', length: 32 })
  consentVersion: string;

  @Column({ name: 'consent_accepted_at', type: 'timestamptz' })
  consentAcceptedAt: Date;

  @Column({ type: 'varchar', length: 16 })
  status: ScheduleStatus;

  @Column({ name: 'next_run_on', type: 'date', nullable: true })
  nextRunOn: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
