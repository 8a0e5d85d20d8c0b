import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import type { ScheduleFrequency } from './schedule-calendar';
import { SCHEDULE_FREQUENCIES, SCHEDULE_MODES, ScheduleMode } from './schedule.entity';
import * as scheduleRuns from './sql/schedule-runs.queries';

const SQL = sqlStatements('schedules', scheduleRuns);

/** A due schedule as the runner claims it. */
export type DueScheduleRow = Omit<scheduleRuns.ClaimDueSchedulesResult, 'frequency' | 'mode'> & {
  frequency: ScheduleFrequency;
  mode: ScheduleMode;
};

/** A run claimed to pay, with what its schedule says about paying it. */
export type ClaimedRunRow = Omit<scheduleRuns.ClaimRunsToPayResult, 'mode'> & { mode: ScheduleMode };

function dueScheduleOf(row: scheduleRuns.ClaimDueSchedulesResult): DueScheduleRow {
  return {
    ...row,
    frequency: oneOf(SCHEDULE_FREQUENCIES, row.frequency, 'schedules.frequency'),
    mode: oneOf(SCHEDULE_MODES, row.mode, 'schedules.mode'),
  };
}

function claimedRunOf(row: scheduleRuns.ClaimRunsToPayResult): ClaimedRunRow {
  return { ...row, mode: oneOf(SCHEDULE_MODES, row.mode, 'schedules.mode') };
}

/** The runner's statements over schedules and their runs (prepared: they run per schedule and period). */
@Injectable()
export class ScheduleRunRepository {
  async claimDueSchedules(manager: EntityManager, today: string, limit: number): Promise<DueScheduleRow[]> {
    return (await run(executorOn(manager), SQL.claimDueSchedules, { today, limit })).map(dueScheduleOf);
  }

  async insertRuns(
    manager: EntityManager,
    runs: {
      id: string;
      scheduleId: string;
      periodKey: string;
      dueOn: string;
      startsAt: Date;
      endsAt: Date;
      amount: string | null;
    }[],
    now: Date,
  ): Promise<void> {
    if (runs.length === 0) return;
    await run(executorOn(manager), SQL.insertRuns, {
      ids: runs.map((entry) => entry.id),
      scheduleIds: runs.map((entry) => entry.scheduleId),
      periodKeys: runs.map((entry) => entry.periodKey),
      dueOns: runs.map((entry) => entry.dueOn),
      startsAt: runs.map((entry) => entry.startsAt),
      endsAt: runs.map((entry) => entry.endsAt),
      amounts: runs.map((entry) => entry.amount ?? ''),
      now,
    });
  }

  async advanceSchedules(
    manager: EntityManager,
    advances: { id: string; nextRunOn: string | null; status: string }[],
    now: Date,
  ): Promise<void> {
    if (advances.length === 0) return;
    await run(executorOn(manager), SQL.advanceSchedules, {
      ids: advances.map((entry) => entry.id),
      nextRunOns: advances.map((entry) => entry.nextRunOn ?? ''),
      statuses: advances.map((entry) => entry.status),
      now,
    });
  }

  async claimRunsToPay(manager: EntityManager, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedRunRow[]> {
    return (await run(executorOn(manager), SQL.claimRunsToPay, { now, leaseUntil, limit })).map(claimedRunOf);
  }

  async runsInFlight(manager: EntityManager, afterId: string, limit: number): Promise<ClaimedRunRow[]> {
    return (await run(executorOn(manager), SQL.runsInFlight, { afterId, limit })).map(claimedRunOf);
  }

  async setPayment(
    manager: EntityManager,
    id: string,
    attempt: number,
    paymentId: string,
    now: Date,
  ): Promise<boolean> {
    return (await run(executorOn(manager), SQL.runSetPayment, { id, attempt, paymentId, now })).length > 0;
  }

  async setBill(
    manager: EntityManager,
    id: string,
    attempt: number,
    billId: string,
    amount: number,
    now: Date,
  ): Promise<boolean> {
    return (
      (await run(executorOn(manager), SQL.runSetBill, { id, attempt, billId, amount: String(amount), now })).length > 0
    );
  }

  async finish(
    manager: EntityManager,
    id: string,
    attempt: number,
    outcome: {
      status: 'SUCCEEDED' | 'FAILED' | 'SKIPPED';
      paymentId?: string | null;
      code?: string | null;
      message?: string | null;
      billId?: string | null;
      amount?: number | null;
    },
    now: Date,
  ): Promise<boolean> {
    const rows = await run(executorOn(manager), SQL.runFinish, {
      id,
      attempt,
      status: outcome.status,
      paymentId: outcome.paymentId ?? null,
      code: outcome.code ?? null,
      message: outcome.message ?? null,
      now,
      billId: outcome.billId ?? null,
      amount: outcome.amount === undefined || outcome.amount === null ? null : String(outcome.amount),
    });
    return rows.length > 0;
  }

  async retry(
    manager: EntityManager,
    id: string,
    attempt: number,
    nextAttemptAt: Date,
    code: string,
    message: string,
    now: Date,
  ): Promise<boolean> {
    return (
      (await run(executorOn(manager), SQL.runRetry, { id, attempt, nextAttemptAt, code, message, now })).length > 0
    );
  }

  async release(manager: EntityManager, id: string, attempt: number, now: Date): Promise<void> {
    await run(executorOn(manager), SQL.runRelease, { id, attempt, now });
  }
}
