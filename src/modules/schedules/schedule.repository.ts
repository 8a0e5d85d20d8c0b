import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { toMinorUnits } from '../../platform/database/minor-units.transformer';
import type { ScheduleRun } from './schedule-run.entity';
import type { Schedule, ScheduleStatus } from './schedule.entity';

const SCHEDULE_COLUMNS = `s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS start_date,
  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at`;

const RUN_COLUMNS = `r.id, r.schedule_id, r.period_key, r.due_on::text AS due_on, r.period_starts_at, r.period_ends_at,
  r.status, r.amount, r.bill_id, r.attempt, r.claims, r.payment_id, r.next_attempt_at, r.locked_until,
  r.outcome_code, r.outcome_message, r.created_at, r.updated_at, r.completed_at`;

type Row = Record<string, unknown>;

const money = (value: unknown) => (value === null || value === undefined ? null : toMinorUnits(value as string));

export function scheduleFromRow(row: Row): Schedule {
  return {
    id: row.id as string,
    customerId: row.customer_id as string,
    billerId: row.biller_id as string,
    billerName: row.biller_name as string,
    billerSlug: row.biller_slug as string,
    accountReference: row.account_reference as string,
    savedAccountId: (row.saved_account_id as string | null) ?? null,
    mode: row.mode as Schedule['mode'],
    amount: money(row.amount),
    maximumAmount: money(row.maximum_amount),
    currency: row.currency as string,
    rail: row.rail as string,
    fundingAccountEncrypted: row.funding_account_encrypted as string,
    fundingAccountMasked: row.funding_account_masked as string,
    frequency: row.frequency as Schedule['frequency'],
    dayOfWeek: (row.day_of_week as number | null) ?? null,
    dayOfMonth: (row.day_of_month as number | null) ?? null,
    startDate: row.start_date as string,
    endDate: (row.end_date as string | null) ?? null,
    consentVersion: row.consent_version as string,
    consentAcceptedAt: row.consent_accepted_at as Date,
    status: row.status as ScheduleStatus,
    nextRunOn: (row.next_run_on as string | null) ?? null,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    cancelledAt: (row.cancelled_at as Date | null) ?? null,
    completedAt: (row.completed_at as Date | null) ?? null,
  };
}

export function runFromRow(row: Row): ScheduleRun {
  return {
    id: row.id as string,
    scheduleId: row.schedule_id as string,
    periodKey: row.period_key as string,
    dueOn: row.due_on as string,
    periodStartsAt: row.period_starts_at as Date,
    periodEndsAt: row.period_ends_at as Date,
    status: row.status as ScheduleRun['status'],
    amount: money(row.amount),
    billId: (row.bill_id as string | null) ?? null,
    attempt: row.attempt as number,
    claims: row.claims as number,
    paymentId: (row.payment_id as string | null) ?? null,
    nextAttemptAt: row.next_attempt_at as Date,
    lockedUntil: (row.locked_until as Date | null) ?? null,
    outcomeCode: (row.outcome_code as string | null) ?? null,
    outcomeMessage: (row.outcome_message as string | null) ?? null,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    completedAt: (row.completed_at as Date | null) ?? null,
  };
}

export type NewSchedule = Omit<Schedule, 'createdAt' | 'updatedAt' | 'cancelledAt' | 'completedAt'>;

/** What PATCH and DELETE may change on a schedule. */
export interface ScheduleChanges {
  amount?: number;
  maximumAmount?: number;
  frequency?: Schedule['frequency'];
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  endDate?: string | null;
  status?: ScheduleStatus;
  nextRunOn?: string | null;
  consentVersion?: string;
  consentAcceptedAt?: Date;
  cancelledAt?: Date;
  completedAt?: Date;
}

const CHANGE_COLUMNS: Record<keyof ScheduleChanges, string> = {
  amount: 'amount',
  maximumAmount: 'maximum_amount',
  frequency: 'frequency',
  dayOfWeek: 'day_of_week',
  dayOfMonth: 'day_of_month',
  endDate: 'end_date',
  status: 'status',
  nextRunOn: 'next_run_on',
  consentVersion: 'consent_version',
  consentAcceptedAt: 'consent_accepted_at',
  cancelledAt: 'cancelled_at',
  completedAt: 'completed_at',
};

/** The schedules table and the read side of its runs, for the API's service. */
@Injectable()
export class ScheduleRepository {
  async insert(manager: EntityManager, schedule: NewSchedule, now: Date): Promise<Schedule> {
    const [row] = (await manager.query(
      `INSERT INTO schedules AS s (id, customer_id, biller_id, biller_name, biller_slug, account_reference,
         saved_account_id, mode, amount, maximum_amount, currency, rail, funding_account_encrypted,
         funding_account_masked, frequency, day_of_week, day_of_month, start_date, end_date, consent_version,
         consent_accepted_at, status, next_run_on, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
               $22, $23, $24, $24)
       RETURNING ${SCHEDULE_COLUMNS}`,
      [
        schedule.id,
        schedule.customerId,
        schedule.billerId,
        schedule.billerName,
        schedule.billerSlug,
        schedule.accountReference,
        schedule.savedAccountId,
        schedule.mode,
        schedule.amount === null ? null : String(schedule.amount),
        schedule.maximumAmount === null ? null : String(schedule.maximumAmount),
        schedule.currency,
        schedule.rail,
        schedule.fundingAccountEncrypted,
        schedule.fundingAccountMasked,
        schedule.frequency,
        schedule.dayOfWeek,
        schedule.dayOfMonth,
        schedule.startDate,
        schedule.endDate,
        schedule.consentVersion,
        schedule.consentAcceptedAt,
        schedule.status,
        schedule.nextRunOn,
        now,
      ],
    )) as Row[];
    return scheduleFromRow(row);
  }

  async findOwned(manager: EntityManager, id: string, customerId: string, lock = false): Promise<Schedule | null> {
    const [row] = (await manager.query(
      `SELECT ${SCHEDULE_COLUMNS} FROM schedules s WHERE s.id = $1 AND s.customer_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, customerId],
    )) as Row[];
    return row ? scheduleFromRow(row) : null;
  }

  async listOwned(manager: EntityManager, customerId: string): Promise<Schedule[]> {
    const rows = (await manager.query(
      `SELECT ${SCHEDULE_COLUMNS} FROM schedules s WHERE s.customer_id = $1 ORDER BY s.created_at DESC, s.id DESC`,
      [customerId],
    )) as Row[];
    return rows.map(scheduleFromRow);
  }

  async update(manager: EntityManager, id: string, changes: ScheduleChanges, now: Date): Promise<Schedule> {
    const sets: string[] = [];
    const values: unknown[] = [id, now];
    for (const [field, value] of Object.entries(changes) as [keyof ScheduleChanges, unknown][]) {
      if (value === undefined) continue;
      values.push(
        typeof value === 'number' && (field === 'amount' || field === 'maximumAmount') ? String(value) : value,
      );
      sets.push(`${CHANGE_COLUMNS[field]} = $${values.length}`);
    }
    const [rows] = (await manager.query(
      `UPDATE schedules s SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE s.id = $1 RETURNING ${SCHEDULE_COLUMNS}`,
      values,
    )) as [Row[], number];
    return scheduleFromRow(rows[0]);
  }

  /** The schedule's runs, newest period first. */
  async runsOf(manager: EntityManager, scheduleId: string): Promise<ScheduleRun[]> {
    const rows = (await manager.query(
      `SELECT ${RUN_COLUMNS} FROM schedule_runs r WHERE r.schedule_id = $1 ORDER BY r.due_on DESC, r.id DESC`,
      [scheduleId],
    )) as Row[];
    return rows.map(runFromRow);
  }

  async hasRunFor(manager: EntityManager, scheduleId: string, periodKey: string): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 AS found FROM schedule_runs WHERE schedule_id = $1 AND period_key = $2`,
      [scheduleId, periodKey],
    )) as Row[];
    return rows.length > 0;
  }
}
