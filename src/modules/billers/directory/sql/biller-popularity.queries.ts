/** Types generated for queries found in "src/modules/billers/directory/sql/biller-popularity.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'CountSuccessfulPayment' parameters type */
export interface CountSuccessfulPaymentParams {
  at?: DateOrString | null | void;
  billerId: string;
  count: number;
  shard: number;
}

/** 'CountSuccessfulPayment' return type */
export type CountSuccessfulPaymentResult = void;

/** 'CountSuccessfulPayment' query type */
export interface CountSuccessfulPaymentQuery {
  params: CountSuccessfulPaymentParams;
  result: CountSuccessfulPaymentResult;
}

const countSuccessfulPaymentIR: any = {"usedParamSet":{"billerId":true,"at":true,"shard":true,"count":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":281}]},{"name":"at","required":false,"transform":{"type":"scalar"},"locs":[{"a":294,"b":296}]},{"name":"shard","required":true,"transform":{"type":"scalar"},"locs":[{"a":346,"b":352}]},{"name":"count","required":true,"transform":{"type":"scalar"},"locs":[{"a":355,"b":361}]}],"statement":"-- Adds successful payments to one shard of the biller's bucket for the (UTC) day of the given\n-- time, by default the transaction's now() (BillerPopularityService.countSuccessfulPayment).\nINSERT INTO biller_popularity (biller_id, day, shard, successful_payments)\nVALUES (:billerId!, (coalesce(:at::timestamptz, now()) AT TIME ZONE 'UTC')::date, :shard!, :count!)\n    ON CONFLICT (biller_id, day, shard)\n    DO UPDATE SET successful_payments = biller_popularity.successful_payments + EXCLUDED.successful_payments"};

/**
 * Query generated from SQL:
 * ```
 * -- Adds successful payments to one shard of the biller's bucket for the (UTC) day of the given
 * -- time, by default the transaction's now() (BillerPopularityService.countSuccessfulPayment).
 * INSERT INTO biller_popularity (biller_id, day, shard, successful_payments)
 * VALUES (:billerId!, (coalesce(:at::timestamptz, now()) AT TIME ZONE 'UTC')::date, :shard!, :count!)
 *     ON CONFLICT (biller_id, day, shard)
 *     DO UPDATE SET successful_payments = biller_popularity.successful_payments + EXCLUDED.successful_payments
 * ```
 */
export const countSuccessfulPayment = new PreparedQuery<CountSuccessfulPaymentParams,CountSuccessfulPaymentResult>(countSuccessfulPaymentIR);


/** 'TryRefreshLock' parameters type */
export interface TryRefreshLockParams {
  key: NumberOrString;
}

/** 'TryRefreshLock' return type */
export interface TryRefreshLockResult {
  locked: boolean;
}

/** 'TryRefreshLock' query type */
export interface TryRefreshLockQuery {
  params: TryRefreshLockParams;
  result: TryRefreshLockResult;
}

const tryRefreshLockIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":129}]}],"statement":"-- Whether this transaction holds the refresh's advisory lock (no other worker refreshing).\nSELECT pg_try_advisory_xact_lock(:key!::bigint) AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Whether this transaction holds the refresh's advisory lock (no other worker refreshing).
 * SELECT pg_try_advisory_xact_lock(:key!::bigint) AS "locked!"
 * ```
 */
export const tryRefreshLock = new PreparedQuery<TryRefreshLockParams,TryRefreshLockResult>(tryRefreshLockIR);


/** 'RefreshPopularity' parameters type */
export interface RefreshPopularityParams {
  now?: DateOrString | null | void;
  windowDays: number;
}

/** 'RefreshPopularity' return type */
export interface RefreshPopularityResult {
  changed: number;
}

/** 'RefreshPopularity' query type */
export interface RefreshPopularityQuery {
  params: RefreshPopularityParams;
  result: RefreshPopularityResult;
}

const refreshPopularityIR: any = {"usedParamSet":{"now":true,"windowDays":true},"params":[{"name":"now","required":false,"transform":{"type":"scalar"},"locs":[{"a":495,"b":498}]},{"name":"windowDays","required":true,"transform":{"type":"scalar"},"locs":[{"a":550,"b":561}]}],"statement":"-- Rewrites every biller's popularity as its successful payments over the window's days up to\n-- the (UTC) day of the given time, by default the transaction's now(), and answers how many billers changed.\nWITH changed AS (\n  UPDATE billers b SET popularity = fresh.total\n    FROM (SELECT b2.id, COALESCE(SUM(p.successful_payments), 0)::integer AS total\n            FROM billers b2\n            LEFT JOIN biller_popularity p\n              ON p.biller_id = b2.id\n             AND p.day >= (coalesce(:now::timestamptz, now()) AT TIME ZONE 'UTC')::date - (:windowDays!::integer - 1)\n           GROUP BY b2.id) fresh\n   WHERE fresh.id = b.id AND b.popularity <> fresh.total\n  RETURNING b.id\n)\nSELECT count(*)::int AS \"changed!\" FROM changed"};

/**
 * Query generated from SQL:
 * ```
 * -- Rewrites every biller's popularity as its successful payments over the window's days up to
 * -- the (UTC) day of the given time, by default the transaction's now(), and answers how many billers changed.
 * WITH changed AS (
 *   UPDATE billers b SET popularity = fresh.total
 *     FROM (SELECT b2.id, COALESCE(SUM(p.successful_payments), 0)::integer AS total
 *             FROM billers b2
 *             LEFT JOIN biller_popularity p
 *               ON p.biller_id = b2.id
 *              AND p.day >= (coalesce(:now::timestamptz, now()) AT TIME ZONE 'UTC')::date - (:windowDays!::integer - 1)
 *            GROUP BY b2.id) fresh
 *    WHERE fresh.id = b.id AND b.popularity <> fresh.total
 *   RETURNING b.id
 * )
 * SELECT count(*)::int AS "changed!" FROM changed
 * ```
 */
export const refreshPopularity = new PreparedQuery<RefreshPopularityParams,RefreshPopularityResult>(refreshPopularityIR);


/** 'DropExpiredPopularity' parameters type */
export interface DropExpiredPopularityParams {
  now?: DateOrString | null | void;
  windowDays: number;
}

/** 'DropExpiredPopularity' return type */
export type DropExpiredPopularityResult = void;

/** 'DropExpiredPopularity' query type */
export interface DropExpiredPopularityQuery {
  params: DropExpiredPopularityParams;
  result: DropExpiredPopularityResult;
}

const dropExpiredPopularityIR: any = {"usedParamSet":{"now":true,"windowDays":true},"params":[{"name":"now","required":false,"transform":{"type":"scalar"},"locs":[{"a":122,"b":125}]},{"name":"windowDays","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":188}]}],"statement":"-- Drops the buckets older than the window RefreshPopularity counts.\nDELETE FROM biller_popularity\n WHERE day < (coalesce(:now::timestamptz, now()) AT TIME ZONE 'UTC')::date - (:windowDays!::integer - 1)"};

/**
 * Query generated from SQL:
 * ```
 * -- Drops the buckets older than the window RefreshPopularity counts.
 * DELETE FROM biller_popularity
 *  WHERE day < (coalesce(:now::timestamptz, now()) AT TIME ZONE 'UTC')::date - (:windowDays!::integer - 1)
 * ```
 */
export const dropExpiredPopularity = new PreparedQuery<DropExpiredPopularityParams,DropExpiredPopularityResult>(dropExpiredPopularityIR);


