import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillerSnapshot } from '../billers';
import { oneOf } from '../../platform/database/column-values';
import { toMinorUnits } from '../../platform/database/minor-units.transformer';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { SCHEDULE_RUN_STATUSES, ScheduleRun } from './schedule-run.entity';
import { Schedule, SCHEDULE_FREQUENCIES, SCHEDULE_MODES, SCHEDULE_STATUSES, ScheduleStatus } from './schedule.entity';
import * as schedules from './sql/schedules.queries';

const SQL = sqlStatements('schedules', schedules);

/** The schedule columns every statement of `sql/schedules.sql` that answers a schedule returns. */
type ScheduleRow = schedules.FindOwnedScheduleResult;

const money = (value: string | null) => (value === null ? null : toMinorUnits(value));

function scheduleFromRow(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    customerId: row.customer_id,
    biller: BillerSnapshot.of({ id: row.biller_id, name: row.biller_name, slug: row.biller_slug }),
    accountReference: row.account_reference,
    savedAccountId: row.saved_account_id,
    mode: oneOf(SCHEDULE_MODES, row.mode, 'schedules.mode'),
    amount: money(row.amount),
    maximumAmount: money(row.maximum_amount),
    currency: row.currency,
    rail: row.rail,
    fundingAccountEncrypted: row.funding_account_encrypted,
    fundingAccountMasked: row.funding_account_masked,
    frequency: oneOf(SCHEDULE_FREQUENCIES, row.frequency, 'schedules.frequency'),
    dayOfWeek: row.day_of_week,
    dayOfMonth: row.day_of_month,
    startDate: row.start_date,
    endDate: row.end_date,
    consentVersion: row.consent_version,
    consentAcceptedAt: row.consent_accepted_at,
    status: oneOf(SCHEDULE_STATUSES, row.status, 'schedules.status'),
    nextRunOn: row.next_run_on,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    cancelledAt: row.cancelled_at,
    completedAt: row.completed_at,
  } satisfies Schedule;
}

function runFromRow(row: schedules.RunsOfScheduleResult): ScheduleRun {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    periodKey: row.period_key,
    dueOn: row.due_on,
    periodStartsAt: row.period_starts_at,
    periodEndsAt: row.period_ends_at,
    status: oneOf(SCHEDULE_RUN_STATUSES, row.status, 'schedule_runs.status'),
    amount: money(row.amount),
    billId: row.bill_id,
    attempt: row.attempt,
    claims: row.claims,
    paymentId: row.payment_id,
    nextAttemptAt: row.next_attempt_at,
    lockedUntil: row.locked_until,
    outcomeCode: row.outcome_code,
    outcomeMessage: row.outcome_message,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  } satisfies ScheduleRun;
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

/** The schedules table and the read side of its runs, for the API's service. */
@Injectable()
export class ScheduleRepository {
  async insert(manager: EntityManager, schedule: NewSchedule, now: Date): Promise<Schedule> {
    const { biller, ...columns } = schedule;
    const [row] = await run(executorOn(manager), SQL.insertSchedule, {
      ...columns,
      billerId: biller.id,
      billerName: biller.name,
      billerSlug: biller.slug,
      amount: schedule.amount === null ? null : String(schedule.amount),
      maximumAmount: schedule.maximumAmount === null ? null : String(schedule.maximumAmount),
      now,
    });
    return scheduleFromRow(row);
  }

  async findOwned(manager: EntityManager, id: string, customerId: string, lock = false): Promise<Schedule | null> {
    const row = await one(executorOn(manager), lock ? SQL.lockOwnedSchedule : SQL.findOwnedSchedule, {
      id,
      customerId,
    });
    return row ? scheduleFromRow(row) : null;
  }

  async listOwned(manager: EntityManager, customerId: string): Promise<Schedule[]> {
    return (await run(executorOn(manager), SQL.listOwnedSchedules, { customerId })).map(scheduleFromRow);
  }

  /** Writes the changes given (a field left undefined keeps its value). */
  async update(manager: EntityManager, id: string, changes: ScheduleChanges, now: Date): Promise<Schedule> {
    const [row] = await run(executorOn(manager), SQL.updateSchedule, {
      id,
      now,
      setAmount: changes.amount !== undefined,
      amount: changes.amount === undefined ? null : String(changes.amount),
      setMaximumAmount: changes.maximumAmount !== undefined,
      maximumAmount: changes.maximumAmount === undefined ? null : String(changes.maximumAmount),
      setFrequency: changes.frequency !== undefined,
      frequency: changes.frequency,
      setDayOfWeek: changes.dayOfWeek !== undefined,
      dayOfWeek: changes.dayOfWeek,
      setDayOfMonth: changes.dayOfMonth !== undefined,
      dayOfMonth: changes.dayOfMonth,
      setEndDate: changes.endDate !== undefined,
      endDate: changes.endDate,
      setStatus: changes.status !== undefined,
      status: changes.status,
      setNextRunOn: changes.nextRunOn !== undefined,
      nextRunOn: changes.nextRunOn,
      setConsentVersion: changes.consentVersion !== undefined,
      consentVersion: changes.consentVersion,
      setConsentAcceptedAt: changes.consentAcceptedAt !== undefined,
      consentAcceptedAt: changes.consentAcceptedAt,
      setCancelledAt: changes.cancelledAt !== undefined,
      cancelledAt: changes.cancelledAt,
      setCompletedAt: changes.completedAt !== undefined,
      completedAt: changes.completedAt,
    });
    return scheduleFromRow(row);
  }

  /** Pauses every ACTIVE schedule of a customer; answers how many. */
  async pauseAllOf(manager: EntityManager, customerId: string, now: Date): Promise<number> {
    return (await run(executorOn(manager), SQL.pauseAllOf, { customerId, now })).length;
  }

  /** The schedule's runs, newest period first. */
  async runsOf(manager: EntityManager, scheduleId: string): Promise<ScheduleRun[]> {
    return (await run(executorOn(manager), SQL.runsOfSchedule, { scheduleId })).map(runFromRow);
  }

  async hasRunFor(manager: EntityManager, scheduleId: string, periodKey: string): Promise<boolean> {
    return (await run(executorOn(manager), SQL.hasRunFor, { scheduleId, periodKey })).length > 0;
  }
}
