/** Types generated for queries found in "src/modules/schedules/sql/schedule-runs.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ClaimDueSchedules' parameters type */
export interface ClaimDueSchedulesParams {
  limit: NumberOrString;
  today: DateOrString;
}

/** 'ClaimDueSchedules' return type */
export interface ClaimDueSchedulesResult {
  amount: string | null;
  day_of_month: number | null;
  day_of_week: number | null;
  end_date: string | null;
  frequency: string;
  id: string;
  mode: string;
  next_run_on: string;
}

/** 'ClaimDueSchedules' query type */
export interface ClaimDueSchedulesQuery {
  params: ClaimDueSchedulesParams;
  result: ClaimDueSchedulesResult;
}

const claimDueSchedulesIR: any = {"usedParamSet":{"today":true,"limit":true},"params":[{"name":"today","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":223}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":262,"b":268}]}],"statement":"SELECT s.id, s.frequency, s.day_of_week, s.day_of_month, s.end_date::text AS end_date,\n       s.next_run_on::text AS \"next_run_on!\", s.mode, s.amount\n  FROM schedules s\n WHERE s.status = 'ACTIVE' AND s.next_run_on <= :today!::date\n ORDER BY s.next_run_on\n LIMIT :limit!\n   FOR UPDATE SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.frequency, s.day_of_week, s.day_of_month, s.end_date::text AS end_date,
 *        s.next_run_on::text AS "next_run_on!", s.mode, s.amount
 *   FROM schedules s
 *  WHERE s.status = 'ACTIVE' AND s.next_run_on <= :today!::date
 *  ORDER BY s.next_run_on
 *  LIMIT :limit!
 *    FOR UPDATE SKIP LOCKED
 * ```
 */
export const claimDueSchedules = new PreparedQuery<ClaimDueSchedulesParams,ClaimDueSchedulesResult>(claimDueSchedulesIR);


/** 'InsertRuns' parameters type */
export interface InsertRunsParams {
  amounts: stringArray;
  dueOns: DateOrStringArray;
  endsAt: DateOrStringArray;
  ids: stringArray;
  now: DateOrString;
  periodKeys: stringArray;
  scheduleIds: stringArray;
  startsAt: DateOrStringArray;
}

/** 'InsertRuns' return type */
export type InsertRunsResult = void;

/** 'InsertRuns' query type */
export interface InsertRunsQuery {
  params: InsertRunsParams;
  result: InsertRunsResult;
}

const insertRunsIR: any = {"usedParamSet":{"now":true,"ids":true,"scheduleIds":true,"periodKeys":true,"dueOns":true,"startsAt":true,"endsAt":true,"amounts":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":425,"b":429},{"a":432,"b":436},{"a":439,"b":443}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":459,"b":463}]},{"name":"scheduleIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":474,"b":486}]},{"name":"periodKeys","required":true,"transform":{"type":"scalar"},"locs":[{"a":497,"b":508}]},{"name":"dueOns","required":true,"transform":{"type":"scalar"},"locs":[{"a":519,"b":526}]},{"name":"startsAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":551,"b":560}]},{"name":"endsAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":578,"b":585}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":603,"b":611}]}],"statement":"-- amounts are text, '' for a run without a fixed amount (a BILLS run), since pgtyped types a\n-- list's elements as not null.\nINSERT INTO schedule_runs (id, schedule_id, period_key, due_on, period_starts_at, period_ends_at, status, amount,\n                           next_attempt_at, created_at, updated_at)\nSELECT t.id, t.schedule_id, t.period_key, t.due_on, t.starts_at, t.ends_at, 'PENDING', NULLIF(t.amount, '')::bigint, :now!, :now!, :now!\n  FROM unnest(:ids!::uuid[], :scheduleIds!::uuid[], :periodKeys!::text[], :dueOns!::date[],\n              :startsAt!::timestamptz[], :endsAt!::timestamptz[], :amounts!::text[])\n       AS t(id, schedule_id, period_key, due_on, starts_at, ends_at, amount)\nON CONFLICT (schedule_id, period_key) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- amounts are text, '' for a run without a fixed amount (a BILLS run), since pgtyped types a
 * -- list's elements as not null.
 * INSERT INTO schedule_runs (id, schedule_id, period_key, due_on, period_starts_at, period_ends_at, status, amount,
 *                            next_attempt_at, created_at, updated_at)
 * SELECT t.id, t.schedule_id, t.period_key, t.due_on, t.starts_at, t.ends_at, 'PENDING', NULLIF(t.amount, '')::bigint, :now!, :now!, :now!
 *   FROM unnest(:ids!::uuid[], :scheduleIds!::uuid[], :periodKeys!::text[], :dueOns!::date[],
 *               :startsAt!::timestamptz[], :endsAt!::timestamptz[], :amounts!::text[])
 *        AS t(id, schedule_id, period_key, due_on, starts_at, ends_at, amount)
 * ON CONFLICT (schedule_id, period_key) DO NOTHING
 * ```
 */
export const insertRuns = new PreparedQuery<InsertRunsParams,InsertRunsResult>(insertRunsIR);


/** 'AdvanceSchedules' parameters type */
export interface AdvanceSchedulesParams {
  ids: stringArray;
  nextRunOns: stringArray;
  now: DateOrString;
  statuses: stringArray;
}

/** 'AdvanceSchedules' return type */
export type AdvanceSchedulesResult = void;

/** 'AdvanceSchedules' query type */
export interface AdvanceSchedulesQuery {
  params: AdvanceSchedulesParams;
  result: AdvanceSchedulesResult;
}

const advanceSchedulesIR: any = {"usedParamSet":{"now":true,"ids":true,"nextRunOns":true,"statuses":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":171},{"a":234,"b":238}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":278,"b":282}]},{"name":"nextRunOns","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":304}]},{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":324}]}],"statement":"-- nextRunOns are text, '' for a schedule without a next run.\nUPDATE schedules s\n   SET next_run_on = NULLIF(t.next_run_on, '')::date, status = t.status, updated_at = :now!,\n       completed_at = CASE WHEN t.status = 'COMPLETED' THEN :now! ELSE s.completed_at END\n  FROM unnest(:ids!::uuid[], :nextRunOns!::text[], :statuses!::text[]) AS t(id, next_run_on, status)\n WHERE s.id = t.id"};

/**
 * Query generated from SQL:
 * ```
 * -- nextRunOns are text, '' for a schedule without a next run.
 * UPDATE schedules s
 *    SET next_run_on = NULLIF(t.next_run_on, '')::date, status = t.status, updated_at = :now!,
 *        completed_at = CASE WHEN t.status = 'COMPLETED' THEN :now! ELSE s.completed_at END
 *   FROM unnest(:ids!::uuid[], :nextRunOns!::text[], :statuses!::text[]) AS t(id, next_run_on, status)
 *  WHERE s.id = t.id
 * ```
 */
export const advanceSchedules = new PreparedQuery<AdvanceSchedulesParams,AdvanceSchedulesResult>(advanceSchedulesIR);


/** 'ClaimRunsToPay' parameters type */
export interface ClaimRunsToPayParams {
  leaseUntil: DateOrString;
  limit: NumberOrString;
  now: DateOrString;
}

/** 'ClaimRunsToPay' return type */
export interface ClaimRunsToPayResult {
  account_reference: string;
  amount: string | null;
  attempt: number;
  bill_id: string | null;
  biller_id: string;
  biller_name: string;
  claims: number;
  currency: string;
  customer_id: string;
  funding_account_encrypted: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  payment_id: string | null;
  period_ends_at: Date;
  period_key: string;
  period_starts_at: Date;
  rail: string;
  saved_account_id: string | null;
  schedule_id: string;
  schedule_status: string;
}

/** 'ClaimRunsToPay' query type */
export interface ClaimRunsToPayQuery {
  params: ClaimRunsToPayParams;
  result: ClaimRunsToPayResult;
}

const claimRunsToPayIR: any = {"usedParamSet":{"leaseUntil":true,"now":true,"limit":true},"params":[{"name":"leaseUntil","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":56}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":99},{"a":263,"b":267},{"a":337,"b":341}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":411,"b":417}]}],"statement":"UPDATE schedule_runs r\n   SET locked_until = :leaseUntil!, claims = r.claims + 1, updated_at = :now!\n  FROM schedules s\n WHERE r.id IN (SELECT q.id FROM schedule_runs q\n                 WHERE q.status = 'PENDING' AND q.payment_id IS NULL AND q.next_attempt_at <= :now!\n                   AND (q.locked_until IS NULL OR q.locked_until <= :now!)\n                 ORDER BY q.next_attempt_at\n                 LIMIT :limit!\n                   FOR UPDATE SKIP LOCKED)\n   AND s.id = r.schedule_id\nRETURNING r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,\n          r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,\n          s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule_runs r
 *    SET locked_until = :leaseUntil!, claims = r.claims + 1, updated_at = :now!
 *   FROM schedules s
 *  WHERE r.id IN (SELECT q.id FROM schedule_runs q
 *                  WHERE q.status = 'PENDING' AND q.payment_id IS NULL AND q.next_attempt_at <= :now!
 *                    AND (q.locked_until IS NULL OR q.locked_until <= :now!)
 *                  ORDER BY q.next_attempt_at
 *                  LIMIT :limit!
 *                    FOR UPDATE SKIP LOCKED)
 *    AND s.id = r.schedule_id
 * RETURNING r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,
 *           r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,
 *           s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status
 * ```
 */
export const claimRunsToPay = new PreparedQuery<ClaimRunsToPayParams,ClaimRunsToPayResult>(claimRunsToPayIR);


/** 'RunsInFlight' parameters type */
export interface RunsInFlightParams {
  afterId: string;
  limit: NumberOrString;
}

/** 'RunsInFlight' return type */
export interface RunsInFlightResult {
  account_reference: string;
  amount: string | null;
  attempt: number;
  bill_id: string | null;
  biller_id: string;
  biller_name: string;
  claims: number;
  currency: string;
  customer_id: string;
  funding_account_encrypted: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  payment_id: string | null;
  period_ends_at: Date;
  period_key: string;
  period_starts_at: Date;
  rail: string;
  saved_account_id: string | null;
  schedule_id: string;
  schedule_status: string;
}

/** 'RunsInFlight' query type */
export interface RunsInFlightQuery {
  params: RunsInFlightParams;
  result: RunsInFlightResult;
}

const runsInFlightIR: any = {"usedParamSet":{"afterId":true,"limit":true},"params":[{"name":"afterId","required":true,"transform":{"type":"scalar"},"locs":[{"a":469,"b":477}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":507,"b":513}]}],"statement":"SELECT r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,\n       r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,\n       s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status\n  FROM schedule_runs r JOIN schedules s ON s.id = r.schedule_id\n WHERE r.status = 'PENDING' AND r.payment_id IS NOT NULL AND r.id > :afterId!::uuid\n ORDER BY r.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,
 *        r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,
 *        s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status
 *   FROM schedule_runs r JOIN schedules s ON s.id = r.schedule_id
 *  WHERE r.status = 'PENDING' AND r.payment_id IS NOT NULL AND r.id > :afterId!::uuid
 *  ORDER BY r.id
 *  LIMIT :limit!
 * ```
 */
export const runsInFlight = new PreparedQuery<RunsInFlightParams,RunsInFlightResult>(runsInFlightIR);


/** 'RunSetPayment' parameters type */
export interface RunSetPaymentParams {
  attempt: number;
  id: string;
  now: DateOrString;
  paymentId: string;
}

/** 'RunSetPayment' return type */
export interface RunSetPaymentResult {
  id: string;
}

/** 'RunSetPayment' query type */
export interface RunSetPaymentQuery {
  params: RunSetPaymentParams;
  result: RunSetPaymentResult;
}

const runSetPaymentIR: any = {"usedParamSet":{"paymentId":true,"now":true,"id":true,"attempt":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":38,"b":48}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":89}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":106}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":153}]}],"statement":"UPDATE schedule_runs SET payment_id = :paymentId!, locked_until = NULL, updated_at = :now!\n WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt! AND payment_id IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule_runs SET payment_id = :paymentId!, locked_until = NULL, updated_at = :now!
 *  WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt! AND payment_id IS NULL
 * RETURNING id
 * ```
 */
export const runSetPayment = new PreparedQuery<RunSetPaymentParams,RunSetPaymentResult>(runSetPaymentIR);


/** 'RunSetBill' parameters type */
export interface RunSetBillParams {
  amount: NumberOrString;
  attempt: number;
  billId: string;
  id: string;
  now: DateOrString;
}

/** 'RunSetBill' return type */
export interface RunSetBillResult {
  id: string;
}

/** 'RunSetBill' query type */
export interface RunSetBillQuery {
  params: RunSetBillParams;
  result: RunSetBillResult;
}

const runSetBillIR: any = {"usedParamSet":{"billId":true,"amount":true,"now":true,"id":true,"attempt":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":42}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":61}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":81}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":98}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":145}]}],"statement":"UPDATE schedule_runs SET bill_id = :billId!, amount = :amount!, updated_at = :now!\n WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule_runs SET bill_id = :billId!, amount = :amount!, updated_at = :now!
 *  WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
 * RETURNING id
 * ```
 */
export const runSetBill = new PreparedQuery<RunSetBillParams,RunSetBillResult>(runSetBillIR);


/** 'RunFinish' parameters type */
export interface RunFinishParams {
  amount?: NumberOrString | null | void;
  attempt: number;
  billId?: string | null | void;
  code?: string | null | void;
  id: string;
  message?: string | null | void;
  now: DateOrString;
  paymentId?: string | null | void;
  status: string;
}

/** 'RunFinish' return type */
export interface RunFinishResult {
  id: string;
}

/** 'RunFinish' query type */
export interface RunFinishQuery {
  params: RunFinishParams;
  result: RunFinishResult;
}

const runFinishIR: any = {"usedParamSet":{"status":true,"paymentId":true,"code":true,"message":true,"now":true,"billId":true,"amount":true,"id":true,"attempt":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":44},{"a":483,"b":490}]},{"name":"paymentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":69,"b":78}]},{"name":"code","required":false,"transform":{"type":"scalar"},"locs":[{"a":115,"b":119}]},{"name":"message","required":false,"transform":{"type":"scalar"},"locs":[{"a":147,"b":154}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":195},{"a":213,"b":217}]},{"name":"billId","required":false,"transform":{"type":"scalar"},"locs":[{"a":246,"b":252}]},{"name":"amount","required":false,"transform":{"type":"scalar"},"locs":[{"a":289,"b":295}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":329}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":368,"b":376}]}],"statement":"UPDATE schedule_runs\n   SET status = :status!, payment_id = COALESCE(:paymentId::uuid, payment_id), outcome_code = :code,\n       outcome_message = :message, locked_until = NULL, updated_at = :now!, completed_at = :now!,\n       bill_id = COALESCE(:billId::uuid, bill_id), amount = COALESCE(:amount::bigint, amount)\n WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!\n   -- A run that recorded its own payment is never skipped, it ends with that payment's outcome.\n   AND (:status! <> 'SKIPPED' OR payment_id IS NULL)\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule_runs
 *    SET status = :status!, payment_id = COALESCE(:paymentId::uuid, payment_id), outcome_code = :code,
 *        outcome_message = :message, locked_until = NULL, updated_at = :now!, completed_at = :now!,
 *        bill_id = COALESCE(:billId::uuid, bill_id), amount = COALESCE(:amount::bigint, amount)
 *  WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
 *    -- A run that recorded its own payment is never skipped, it ends with that payment's outcome.
 *    AND (:status! <> 'SKIPPED' OR payment_id IS NULL)
 * RETURNING id
 * ```
 */
export const runFinish = new PreparedQuery<RunFinishParams,RunFinishResult>(runFinishIR);


/** 'RunRetry' parameters type */
export interface RunRetryParams {
  attempt: number;
  code: string;
  id: string;
  message: string;
  nextAttemptAt: DateOrString;
  now: DateOrString;
}

/** 'RunRetry' return type */
export interface RunRetryResult {
  id: string;
}

/** 'RunRetry' query type */
export interface RunRetryQuery {
  params: RunRetryParams;
  result: RunRetryResult;
}

const runRetryIR: any = {"usedParamSet":{"nextAttemptAt":true,"code":true,"message":true,"now":true,"id":true,"attempt":true},"params":[{"name":"nextAttemptAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":102}]},{"name":"code","required":true,"transform":{"type":"scalar"},"locs":[{"a":120,"b":125}]},{"name":"message","required":true,"transform":{"type":"scalar"},"locs":[{"a":153,"b":161}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":198,"b":202}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":219}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":258,"b":266}]}],"statement":"UPDATE schedule_runs\n   SET attempt = attempt + 1, payment_id = NULL, next_attempt_at = :nextAttemptAt!, outcome_code = :code!,\n       outcome_message = :message!, locked_until = NULL, updated_at = :now!\n WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule_runs
 *    SET attempt = attempt + 1, payment_id = NULL, next_attempt_at = :nextAttemptAt!, outcome_code = :code!,
 *        outcome_message = :message!, locked_until = NULL, updated_at = :now!
 *  WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
 * RETURNING id
 * ```
 */
export const runRetry = new PreparedQuery<RunRetryParams,RunRetryResult>(runRetryIR);


/** 'RunRelease' parameters type */
export interface RunReleaseParams {
  attempt: number;
  id: string;
  now: DateOrString;
}

/** 'RunRelease' return type */
export interface RunReleaseResult {
  id: string;
}

/** 'RunRelease' query type */
export interface RunReleaseQuery {
  params: RunReleaseParams;
  result: RunReleaseResult;
}

const runReleaseIR: any = {"usedParamSet":{"now":true,"id":true,"attempt":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":63}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":80}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":127}]}],"statement":"UPDATE schedule_runs SET locked_until = NULL, updated_at = :now!\n WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule_runs SET locked_until = NULL, updated_at = :now!
 *  WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
 * RETURNING id
 * ```
 */
export const runRelease = new PreparedQuery<RunReleaseParams,RunReleaseResult>(runReleaseIR);


