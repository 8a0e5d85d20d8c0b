import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';

/** A due schedule as the runner claims it. */
export interface DueScheduleRow {
  id: string;
  frequency: 'ONCE' | 'WEEKLY' | 'MONTHLY';
  day_of_week: number | null;
  day_of_month: number | null;
  end_date: string | null;
  next_run_on: string;
  mode: 'FIXED' | 'BILLS';
  amount: string | null;
}

/** A run claimed to pay, with what its schedule says about paying it. */
export interface ClaimedRunRow {
  id: string;
  schedule_id: string;
  period_key: string;
  period_starts_at: Date;
  period_ends_at: Date;
  amount: string | null;
  bill_id: string | null;
  attempt: number;
  claims: number;
  payment_id: string | null;
  customer_id: string;
  biller_id: string;
  biller_name: string;
  account_reference: string;
  saved_account_id: string | null;
  mode: 'FIXED' | 'BILLS';
  maximum_amount: string | null;
  currency: string;
  rail: string;
  funding_account_encrypted: string;
  schedule_status: string;
}

const CLAIM_DUE_SCHEDULES = defineStatement<DueScheduleRow, [today: string, limit: number]>(
  'schedules.claim-due',
  `SELECT s.id, s.frequency, s.day_of_week, s.day_of_month, s.end_date::text AS end_date,
          s.next_run_on::text AS next_run_on, s.mode, s.amount
     FROM schedules s
    WHERE s.status = 'ACTIVE' AND s.next_run_on <= $1::date
    ORDER BY s.next_run_on
    LIMIT $2
      FOR UPDATE SKIP LOCKED`,
);

const INSERT_RUNS = defineStatement<
  object,
  [
    ids: string[],
    scheduleIds: string[],
    periodKeys: string[],
    dueOns: string[],
    startsAt: Date[],
    endsAt: Date[],
    amounts: (string | null)[],
    now: Date,
  ]
>(
  'schedules.insert-runs',
  `INSERT INTO schedule_runs (id, schedule_id, period_key, due_on, period_starts_at, period_ends_at, status, amount,
                              next_attempt_at, created_at, updated_at)
   SELECT t.id, t.schedule_id, t.period_key, t.due_on, t.starts_at, t.ends_at, 'PENDING', t.amount, $8, $8, $8
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::date[], $5::timestamptz[], $6::timestamptz[], $7::bigint[])
          AS t(id, schedule_id, period_key, due_on, starts_at, ends_at, amount)
   ON CONFLICT (schedule_id, period_key) DO NOTHING`,
);

const ADVANCE_SCHEDULES = defineStatement<
  object,
  [ids: string[], next: (string | null)[], statuses: string[], now: Date]
>(
  'schedules.advance',
  `UPDATE schedules s
      SET next_run_on = t.next_run_on, status = t.status, updated_at = $4,
          completed_at = CASE WHEN t.status = 'COMPLETED' THEN $4 ELSE s.completed_at END
     FROM unnest($1::uuid[], $2::date[], $3::text[]) AS t(id, next_run_on, status)
    WHERE s.id = t.id`,
);

const CLAIM_RUNS_TO_PAY = defineStatement<ClaimedRunRow, [now: Date, leaseUntil: Date, limit: number]>(
  'schedules.claim-runs-to-pay',
  `UPDATE schedule_runs r
      SET locked_until = $2, claims = r.claims + 1, updated_at = $1
     FROM schedules s
    WHERE r.id IN (SELECT q.id FROM schedule_runs q
                    WHERE q.status = 'PENDING' AND q.payment_id IS NULL AND q.next_attempt_at <= $1
                      AND (q.locked_until IS NULL OR q.locked_until <= $1)
                    ORDER BY q.next_attempt_at
                    LIMIT $3
                      FOR UPDATE SKIP LOCKED)
      AND s.id = r.schedule_id
   RETURNING r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,
             r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,
             s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status`,
);

const RUNS_IN_FLIGHT = defineStatement<ClaimedRunRow, [afterId: string, limit: number]>(
  'schedules.runs-in-flight',
  `SELECT r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,
          r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,
          s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status
     FROM schedule_runs r JOIN schedules s ON s.id = r.schedule_id
    WHERE r.status = 'PENDING' AND r.payment_id IS NOT NULL AND r.id > $1::uuid
    ORDER BY r.id
    LIMIT $2`,
);

const SET_PAYMENT = defineStatement<{ id: string }, [id: string, attempt: number, paymentId: string, now: Date]>(
  'schedules.run-set-payment',
  `UPDATE schedule_runs SET payment_id = $3, locked_until = NULL, updated_at = $4
    WHERE id = $1 AND status = 'PENDING' AND attempt = $2 AND payment_id IS NULL
   RETURNING id`,
);

const SET_BILL = defineStatement<
  { id: string },
  [id: string, attempt: number, billId: string, amount: string, now: Date]
>(
  'schedules.run-set-bill',
  `UPDATE schedule_runs SET bill_id = $3, amount = $4, updated_at = $5
    WHERE id = $1 AND status = 'PENDING' AND attempt = $2
   RETURNING id`,
);

const FINISH = defineStatement<
  { id: string },
  [
    id: string,
    attempt: number,
    status: string,
    paymentId: string | null,
    code: string | null,
    message: string | null,
    now: Date,
    billId: string | null,
    amount: string | null,
  ]
>(
  'schedules.run-finish',
  `UPDATE schedule_runs
      SET status = $3, payment_id = COALESCE($4::uuid, payment_id), outcome_code = $5, outcome_message = $6,
          locked_until = NULL, updated_at = $7, completed_at = $7, bill_id = COALESCE($8::uuid, bill_id),
          amount = COALESCE($9::bigint, amount)
    WHERE id = $1 AND status = 'PENDING' AND attempt = $2
      -- A run that recorded its own payment is never skipped: it ends with that payment's outcome.
      AND ($3 <> 'SKIPPED' OR payment_id IS NULL)
   RETURNING id`,
);

const RETRY = defineStatement<
  { id: string },
  [id: string, attempt: number, nextAttemptAt: Date, code: string, message: string, now: Date]
>(
  'schedules.run-retry',
  `UPDATE schedule_runs
      SET attempt = attempt + 1, payment_id = NULL, next_attempt_at = $3, outcome_code = $4, outcome_message = $5,
          locked_until = NULL, updated_at = $6
    WHERE id = $1 AND status = 'PENDING' AND attempt = $2
   RETURNING id`,
);

const RELEASE = defineStatement<{ id: string }, [id: string, attempt: number, now: Date]>(
  'schedules.run-release',
  `UPDATE schedule_runs SET locked_until = NULL, updated_at = $3
    WHERE id = $1 AND status = 'PENDING' AND attempt = $2
   RETURNING id`,
);

/** The runner's statements over schedules and their runs (prepared: they run per schedule and period). */
@Injectable()
export class ScheduleRunRepository {
  claimDueSchedules(manager: EntityManager, today: string, limit: number): Promise<DueScheduleRow[]> {
    return run(executorOn(manager), CLAIM_DUE_SCHEDULES, [today, limit]);
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
    await run(executorOn(manager), INSERT_RUNS, [
      runs.map((entry) => entry.id),
      runs.map((entry) => entry.scheduleId),
      runs.map((entry) => entry.periodKey),
      runs.map((entry) => entry.dueOn),
      runs.map((entry) => entry.startsAt),
      runs.map((entry) => entry.endsAt),
      runs.map((entry) => entry.amount),
      now,
    ]);
  }

  async advanceSchedules(
    manager: EntityManager,
    advances: { id: string; nextRunOn: string | null; status: string }[],
    now: Date,
  ): Promise<void> {
    if (advances.length === 0) return;
    await run(executorOn(manager), ADVANCE_SCHEDULES, [
      advances.map((entry) => entry.id),
      advances.map((entry) => entry.nextRunOn),
      advances.map((entry) => entry.status),
      now,
    ]);
  }

  claimRunsToPay(manager: EntityManager, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedRunRow[]> {
    return run(executorOn(manager), CLAIM_RUNS_TO_PAY, [now, leaseUntil, limit]);
  }

  runsInFlight(manager: EntityManager, afterId: string, limit: number): Promise<ClaimedRunRow[]> {
    return run(executorOn(manager), RUNS_IN_FLIGHT, [afterId, limit]);
  }

  async setPayment(
    manager: EntityManager,
    id: string,
    attempt: number,
    paymentId: string,
    now: Date,
  ): Promise<boolean> {
    return (await run(executorOn(manager), SET_PAYMENT, [id, attempt, paymentId, now])).length > 0;
  }

  async setBill(
    manager: EntityManager,
    id: string,
    attempt: number,
    billId: string,
    amount: number,
    now: Date,
  ): Promise<boolean> {
    return (await run(executorOn(manager), SET_BILL, [id, attempt, billId, String(amount), now])).length > 0;
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
    const rows = await run(executorOn(manager), FINISH, [
      id,
      attempt,
      outcome.status,
      outcome.paymentId ?? null,
      outcome.code ?? null,
      outcome.message ?? null,
      now,
      outcome.billId ?? null,
      outcome.amount === undefined || outcome.amount === null ? null : String(outcome.amount),
    ]);
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
    return (await run(executorOn(manager), RETRY, [id, attempt, nextAttemptAt, code, message, now])).length > 0;
  }

  async release(manager: EntityManager, id: string, attempt: number, now: Date): Promise<void> {
    await run(executorOn(manager), RELEASE, [id, attempt, now]);
  }
}
