/** Types generated for queries found in "src/modules/merchants/analytics/sql/merchant-analytics.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'AnalyticsLockMerchantShared' parameters type */
export interface AnalyticsLockMerchantSharedParams {
  merchantId: string;
}

/** 'AnalyticsLockMerchantShared' return type */
export interface AnalyticsLockMerchantSharedResult {
  locked: string | null;
}

/** 'AnalyticsLockMerchantShared' query type */
export interface AnalyticsLockMerchantSharedQuery {
  params: AnalyticsLockMerchantSharedParams;
  result: AnalyticsLockMerchantSharedResult;
}

const analyticsLockMerchantSharedIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":198}]}],"statement":"-- A consumer's hold on the merchant's rollups for its transaction: many at once, none while a rebuild runs.\nSELECT pg_advisory_xact_lock_shared(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS \"locked\""};

/**
 * Query generated from SQL:
 * ```
 * -- A consumer's hold on the merchant's rollups for its transaction: many at once, none while a rebuild runs.
 * SELECT pg_advisory_xact_lock_shared(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS "locked"
 * ```
 */
export const analyticsLockMerchantShared = new PreparedQuery<AnalyticsLockMerchantSharedParams,AnalyticsLockMerchantSharedResult>(analyticsLockMerchantSharedIR);


/** 'AnalyticsLockMerchantExclusive' parameters type */
export interface AnalyticsLockMerchantExclusiveParams {
  merchantId: string;
}

/** 'AnalyticsLockMerchantExclusive' return type */
export interface AnalyticsLockMerchantExclusiveResult {
  locked: string | null;
}

/** 'AnalyticsLockMerchantExclusive' query type */
export interface AnalyticsLockMerchantExclusiveQuery {
  params: AnalyticsLockMerchantExclusiveParams;
  result: AnalyticsLockMerchantExclusiveResult;
}

const analyticsLockMerchantExclusiveIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":201}]}],"statement":"-- A rebuild's hold on the merchant's rollups: it waits for the consumers under way to commit, and holds off new ones.\nSELECT pg_advisory_xact_lock(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS \"locked\""};

/**
 * Query generated from SQL:
 * ```
 * -- A rebuild's hold on the merchant's rollups: it waits for the consumers under way to commit, and holds off new ones.
 * SELECT pg_advisory_xact_lock(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS "locked"
 * ```
 */
export const analyticsLockMerchantExclusive = new PreparedQuery<AnalyticsLockMerchantExclusiveParams,AnalyticsLockMerchantExclusiveResult>(analyticsLockMerchantExclusiveIR);


/** 'AnalyticsApplyFact' parameters type */
export interface AnalyticsApplyFactParams {
  eventId: string;
  kind: string;
  merchantId: string;
  occurredAt: DateOrString;
  sourceId: string;
}

/** 'AnalyticsApplyFact' return type */
export interface AnalyticsApplyFactResult {
  applied: number;
  counted: number;
  currency: string | null;
  customerKey: string | null;
  displayMasked: string | null;
  livemode: boolean | null;
  paidAt: Date | null;
  payerDay: string | null;
  payers: number;
  volume: string | null;
}

/** 'AnalyticsApplyFact' query type */
export interface AnalyticsApplyFactQuery {
  params: AnalyticsApplyFactParams;
  result: AnalyticsApplyFactResult;
}

const analyticsApplyFactIR: any = {"usedParamSet":{"eventId":true,"merchantId":true,"occurredAt":true,"kind":true,"sourceId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":735,"b":743}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":746,"b":757},{"a":1247,"b":1258}]},{"name":"occurredAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":760,"b":771}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":1191,"b":1196}]},{"name":"sourceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1216,"b":1225}]}],"statement":"-- One outbox event counted once: its id is recorded first (a redelivered event finds it and adds nothing), then\n-- the fact its source row stands for (merchant_stats_facts, by kind and id) is added to the hour and to the payer's\n-- lifetime row (merchant_stats_payers). The upsert holds the payer's row lock until the transaction commits, so the\n-- payer's facts are applied one at a time from here on: the payer's day (AnalyticsPayerAddDay, run next with the\n-- values returned here when \"payerDay\" is not null) then reads, in a statement of its own with a fresh snapshot,\n-- every day row an earlier fact of the payer wrote.\nWITH fresh AS (\n  INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)\n  VALUES (:eventId!, :merchantId!, :occurredAt!)\n  ON CONFLICT (event_id) DO NOTHING\n  RETURNING event_id\n), fact AS (\n  SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,\n         f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,\n         f.api_sessions_completed, f.customer_key, f.display_masked\n    FROM merchant_stats_facts f\n   WHERE f.kind = :kind! AND f.source_id = :sourceId! AND f.merchant_id = :merchantId!\n     AND EXISTS (SELECT 1 FROM fresh)\n), hourly AS (\n  INSERT INTO merchant_stats_hourly AS h\n         (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,\n          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)\n  SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), currency, rail,\n         payments_succeeded, payments_failed, volume, fees, refunds,\n         link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed\n    FROM fact\n  ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET\n         payments_succeeded = h.payments_succeeded + EXCLUDED.payments_succeeded,\n         payments_failed = h.payments_failed + EXCLUDED.payments_failed,\n         volume = h.volume + EXCLUDED.volume,\n         fees = h.fees + EXCLUDED.fees,\n         refunds = h.refunds + EXCLUDED.refunds,\n         link_views = h.link_views + EXCLUDED.link_views,\n         link_sessions_opened = h.link_sessions_opened + EXCLUDED.link_sessions_opened,\n         link_sessions_completed = h.link_sessions_completed + EXCLUDED.link_sessions_completed,\n         api_sessions_opened = h.api_sessions_opened + EXCLUDED.api_sessions_opened,\n         api_sessions_completed = h.api_sessions_completed + EXCLUDED.api_sessions_completed\n  RETURNING 1\n), payer AS (\n  INSERT INTO merchant_stats_payers AS p\n         (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,\n          last_paid_at)\n  SELECT merchant_id, livemode, currency, customer_key, display_masked, 1, volume, (at AT TIME ZONE 'UTC')::date,\n         (at AT TIME ZONE 'UTC')::date, at\n    FROM fact\n   WHERE customer_key IS NOT NULL\n  ON CONFLICT (merchant_id, livemode, currency, customer_key) DO UPDATE SET\n         payment_count = p.payment_count + 1,\n         volume = p.volume + EXCLUDED.volume,\n         display_masked = EXCLUDED.display_masked,\n         first_day = least(p.first_day, EXCLUDED.first_day),\n         last_day = greatest(p.last_day, EXCLUDED.last_day),\n         last_paid_at = greatest(p.last_paid_at, EXCLUDED.last_paid_at)\n  RETURNING 1\n)\nSELECT (SELECT count(*) FROM fresh)::int AS \"applied!\", (SELECT count(*) FROM hourly)::int AS \"counted!\",\n       (SELECT count(*) FROM payer)::int AS \"payers!\",\n       f.livemode AS \"livemode\", f.currency AS \"currency\", (f.at AT TIME ZONE 'UTC')::date::text AS \"payerDay\",\n       f.customer_key AS \"customerKey\", f.display_masked AS \"displayMasked\", f.volume::text AS \"volume\",\n       f.at AS \"paidAt\"\n  FROM (SELECT 1) one\n  LEFT JOIN fact f ON f.customer_key IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- One outbox event counted once: its id is recorded first (a redelivered event finds it and adds nothing), then
 * -- the fact its source row stands for (merchant_stats_facts, by kind and id) is added to the hour and to the payer's
 * -- lifetime row (merchant_stats_payers). The upsert holds the payer's row lock until the transaction commits, so the
 * -- payer's facts are applied one at a time from here on: the payer's day (AnalyticsPayerAddDay, run next with the
 * -- values returned here when "payerDay" is not null) then reads, in a statement of its own with a fresh snapshot,
 * -- every day row an earlier fact of the payer wrote.
 * WITH fresh AS (
 *   INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)
 *   VALUES (:eventId!, :merchantId!, :occurredAt!)
 *   ON CONFLICT (event_id) DO NOTHING
 *   RETURNING event_id
 * ), fact AS (
 *   SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,
 *          f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,
 *          f.api_sessions_completed, f.customer_key, f.display_masked
 *     FROM merchant_stats_facts f
 *    WHERE f.kind = :kind! AND f.source_id = :sourceId! AND f.merchant_id = :merchantId!
 *      AND EXISTS (SELECT 1 FROM fresh)
 * ), hourly AS (
 *   INSERT INTO merchant_stats_hourly AS h
 *          (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,
 *           link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)
 *   SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), currency, rail,
 *          payments_succeeded, payments_failed, volume, fees, refunds,
 *          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed
 *     FROM fact
 *   ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET
 *          payments_succeeded = h.payments_succeeded + EXCLUDED.payments_succeeded,
 *          payments_failed = h.payments_failed + EXCLUDED.payments_failed,
 *          volume = h.volume + EXCLUDED.volume,
 *          fees = h.fees + EXCLUDED.fees,
 *          refunds = h.refunds + EXCLUDED.refunds,
 *          link_views = h.link_views + EXCLUDED.link_views,
 *          link_sessions_opened = h.link_sessions_opened + EXCLUDED.link_sessions_opened,
 *          link_sessions_completed = h.link_sessions_completed + EXCLUDED.link_sessions_completed,
 *          api_sessions_opened = h.api_sessions_opened + EXCLUDED.api_sessions_opened,
 *          api_sessions_completed = h.api_sessions_completed + EXCLUDED.api_sessions_completed
 *   RETURNING 1
 * ), payer AS (
 *   INSERT INTO merchant_stats_payers AS p
 *          (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
 *           last_paid_at)
 *   SELECT merchant_id, livemode, currency, customer_key, display_masked, 1, volume, (at AT TIME ZONE 'UTC')::date,
 *          (at AT TIME ZONE 'UTC')::date, at
 *     FROM fact
 *    WHERE customer_key IS NOT NULL
 *   ON CONFLICT (merchant_id, livemode, currency, customer_key) DO UPDATE SET
 *          payment_count = p.payment_count + 1,
 *          volume = p.volume + EXCLUDED.volume,
 *          display_masked = EXCLUDED.display_masked,
 *          first_day = least(p.first_day, EXCLUDED.first_day),
 *          last_day = greatest(p.last_day, EXCLUDED.last_day),
 *          last_paid_at = greatest(p.last_paid_at, EXCLUDED.last_paid_at)
 *   RETURNING 1
 * )
 * SELECT (SELECT count(*) FROM fresh)::int AS "applied!", (SELECT count(*) FROM hourly)::int AS "counted!",
 *        (SELECT count(*) FROM payer)::int AS "payers!",
 *        f.livemode AS "livemode", f.currency AS "currency", (f.at AT TIME ZONE 'UTC')::date::text AS "payerDay",
 *        f.customer_key AS "customerKey", f.display_masked AS "displayMasked", f.volume::text AS "volume",
 *        f.at AS "paidAt"
 *   FROM (SELECT 1) one
 *   LEFT JOIN fact f ON f.customer_key IS NOT NULL
 * ```
 */
export const analyticsApplyFact = new PreparedQuery<AnalyticsApplyFactParams,AnalyticsApplyFactResult>(analyticsApplyFactIR);


/** 'AnalyticsPayerAddDay' parameters type */
export interface AnalyticsPayerAddDayParams {
  currency: string;
  customerKey: string;
  day: DateOrString;
  displayMasked: string;
  livemode: boolean;
  merchantId: string;
  paidAt: DateOrString;
  volume: NumberOrString;
}

/** 'AnalyticsPayerAddDay' return type */
export interface AnalyticsPayerAddDayResult {
  days: number;
  laterDays: number;
}

/** 'AnalyticsPayerAddDay' query type */
export interface AnalyticsPayerAddDayQuery {
  params: AnalyticsPayerAddDayParams;
  result: AnalyticsPayerAddDayResult;
}

const analyticsPayerAddDayIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"customerKey":true,"day":true,"volume":true,"displayMasked":true,"paidAt":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":514,"b":525},{"a":842,"b":853},{"a":1210,"b":1221}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":544,"b":553},{"a":872,"b":881},{"a":1224,"b":1233}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":572,"b":581},{"a":900,"b":909},{"a":1236,"b":1245}]},{"name":"customerKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":609,"b":621},{"a":937,"b":949},{"a":1261,"b":1273}]},{"name":"day","required":true,"transform":{"type":"scalar"},"locs":[{"a":635,"b":639},{"a":963,"b":967},{"a":1248,"b":1252}]},{"name":"volume","required":true,"transform":{"type":"scalar"},"locs":[{"a":800,"b":807},{"a":1296,"b":1303},{"a":1451,"b":1458}]},{"name":"displayMasked","required":true,"transform":{"type":"scalar"},"locs":[{"a":1276,"b":1290}]},{"name":"paidAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":1323,"b":1330}]}],"statement":"-- A payer's fact (AnalyticsApplyFact's, whose transaction holds the payer's lifetime row) added to its day: the day\n-- row's count and volume, and the cumulative totals through the day (cum_count, cum_volume) of that row (the payer's\n-- last row before the day plus this day's) and of every later row of the payer (a fact dated before the payer's last\n-- day: a late one; normally there is none).\nWITH before AS (\n  SELECT d.cum_count, d.cum_volume\n    FROM merchant_stats_payers_daily d\n   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!\n     AND d.customer_key = :customerKey! AND d.day < :day!::date\n   ORDER BY d.day DESC\n   LIMIT 1\n), later AS (\n  UPDATE merchant_stats_payers_daily d\n     SET cum_count = d.cum_count + 1, cum_volume = d.cum_volume + :volume!::bigint\n   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!\n     AND d.customer_key = :customerKey! AND d.day > :day!::date\n  RETURNING 1\n), this_day AS (\n  INSERT INTO merchant_stats_payers_daily AS d\n         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,\n          cum_count, cum_volume)\n  SELECT :merchantId!, :livemode!, :currency!, :day!::date, :customerKey!, :displayMasked!, 1, :volume!::bigint,\n         :paidAt!::timestamptz, coalesce((SELECT cum_count FROM before), 0) + 1,\n         coalesce((SELECT cum_volume FROM before), 0) + :volume!::bigint\n  ON CONFLICT (merchant_id, livemode, currency, customer_key, day) DO UPDATE SET\n         payment_count = d.payment_count + 1,\n         volume = d.volume + EXCLUDED.volume,\n         display_masked = EXCLUDED.display_masked,\n         last_paid_at = greatest(d.last_paid_at, EXCLUDED.last_paid_at),\n         cum_count = d.cum_count + 1,\n         cum_volume = d.cum_volume + EXCLUDED.volume\n  RETURNING 1\n)\nSELECT (SELECT count(*) FROM this_day)::int AS \"days!\", (SELECT count(*) FROM later)::int AS \"laterDays!\""};

/**
 * Query generated from SQL:
 * ```
 * -- A payer's fact (AnalyticsApplyFact's, whose transaction holds the payer's lifetime row) added to its day: the day
 * -- row's count and volume, and the cumulative totals through the day (cum_count, cum_volume) of that row (the payer's
 * -- last row before the day plus this day's) and of every later row of the payer (a fact dated before the payer's last
 * -- day: a late one; normally there is none).
 * WITH before AS (
 *   SELECT d.cum_count, d.cum_volume
 *     FROM merchant_stats_payers_daily d
 *    WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
 *      AND d.customer_key = :customerKey! AND d.day < :day!::date
 *    ORDER BY d.day DESC
 *    LIMIT 1
 * ), later AS (
 *   UPDATE merchant_stats_payers_daily d
 *      SET cum_count = d.cum_count + 1, cum_volume = d.cum_volume + :volume!::bigint
 *    WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
 *      AND d.customer_key = :customerKey! AND d.day > :day!::date
 *   RETURNING 1
 * ), this_day AS (
 *   INSERT INTO merchant_stats_payers_daily AS d
 *          (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
 *           cum_count, cum_volume)
 *   SELECT :merchantId!, :livemode!, :currency!, :day!::date, :customerKey!, :displayMasked!, 1, :volume!::bigint,
 *          :paidAt!::timestamptz, coalesce((SELECT cum_count FROM before), 0) + 1,
 *          coalesce((SELECT cum_volume FROM before), 0) + :volume!::bigint
 *   ON CONFLICT (merchant_id, livemode, currency, customer_key, day) DO UPDATE SET
 *          payment_count = d.payment_count + 1,
 *          volume = d.volume + EXCLUDED.volume,
 *          display_masked = EXCLUDED.display_masked,
 *          last_paid_at = greatest(d.last_paid_at, EXCLUDED.last_paid_at),
 *          cum_count = d.cum_count + 1,
 *          cum_volume = d.cum_volume + EXCLUDED.volume
 *   RETURNING 1
 * )
 * SELECT (SELECT count(*) FROM this_day)::int AS "days!", (SELECT count(*) FROM later)::int AS "laterDays!"
 * ```
 */
export const analyticsPayerAddDay = new PreparedQuery<AnalyticsPayerAddDayParams,AnalyticsPayerAddDayResult>(analyticsPayerAddDayIR);


/** 'AnalyticsRebuildMerchant' parameters type */
export interface AnalyticsRebuildMerchantParams {
  eventsSince: DateOrString;
  eventTypes: stringArray;
  merchantId: string;
}

/** 'AnalyticsRebuildMerchant' return type */
export interface AnalyticsRebuildMerchantResult {
  eventsMarked: number;
  hours: number;
  payerDays: number;
  payers: number;
  staleHours: number;
  stalePayerDays: number;
  stalePayers: number;
}

/** 'AnalyticsRebuildMerchant' query type */
export interface AnalyticsRebuildMerchantQuery {
  params: AnalyticsRebuildMerchantParams;
  result: AnalyticsRebuildMerchantResult;
}

const analyticsRebuildMerchantIR: any = {"usedParamSet":{"merchantId":true,"eventTypes":true,"eventsSince":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":913,"b":924},{"a":4285,"b":4296},{"a":5554,"b":5565},{"a":6827,"b":6838},{"a":7126,"b":7137},{"a":7298,"b":7309}]},{"name":"eventTypes","required":true,"transform":{"type":"scalar"},"locs":[{"a":7206,"b":7217}]},{"name":"eventsSince","required":true,"transform":{"type":"scalar"},"locs":[{"a":7248,"b":7260}]}],"statement":"-- Every rollup of one merchant recomputed from its source rows, in one statement (one snapshot): the hours, the\n-- payers' days (their cumulative totals by a window sum over each payer's days) and the payers' lifetime rows that\n-- differ overwritten (a row that agrees is left alone), rows left without a source deleted, and the outbox events of\n-- those source rows since :eventsSince marked applied, so an event already in the snapshot that the worker has not\n-- consumed yet does not count twice. Run under AnalyticsLockMerchantExclusive.\nWITH facts AS (\n  SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,\n         f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,\n         f.api_sessions_completed, f.customer_key, f.display_masked\n    FROM merchant_stats_facts f\n   WHERE f.merchant_id = :merchantId!\n), hours AS (\n  SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour, currency, rail,\n         sum(payments_succeeded)::int AS payments_succeeded, sum(payments_failed)::int AS payments_failed,\n         sum(volume)::bigint AS volume, sum(fees)::bigint AS fees, sum(refunds)::bigint AS refunds,\n         sum(link_views)::int AS link_views, sum(link_sessions_opened)::int AS link_sessions_opened,\n         sum(link_sessions_completed)::int AS link_sessions_completed,\n         sum(api_sessions_opened)::int AS api_sessions_opened, sum(api_sessions_completed)::int AS api_sessions_completed\n    FROM facts\n   GROUP BY 1, 2, 3, 4, 5\n), day_sums AS (\n  SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date AS day, customer_key,\n         max(display_masked) AS display_masked, count(*)::int AS payment_count, sum(volume)::bigint AS volume,\n         max(at) AS last_paid_at\n    FROM facts\n   WHERE customer_key IS NOT NULL\n   GROUP BY 1, 2, 3, 4, 5\n), days AS (\n  SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,\n         (sum(payment_count) OVER payer)::int AS cum_count, (sum(volume) OVER payer)::bigint AS cum_volume\n    FROM day_sums\n  WINDOW payer AS (PARTITION BY merchant_id, livemode, currency, customer_key ORDER BY day)\n), payers AS (\n  SELECT merchant_id, livemode, currency, customer_key, max(display_masked) AS display_masked,\n         sum(payment_count)::int AS payment_count, sum(volume)::bigint AS volume, min(day) AS first_day,\n         max(day) AS last_day, max(last_paid_at) AS last_paid_at\n    FROM day_sums\n   GROUP BY 1, 2, 3, 4\n), written_hours AS (\n  INSERT INTO merchant_stats_hourly AS h\n         (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,\n          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)\n  SELECT merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,\n         link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed\n    FROM hours\n  ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET\n         payments_succeeded = EXCLUDED.payments_succeeded, payments_failed = EXCLUDED.payments_failed,\n         volume = EXCLUDED.volume, fees = EXCLUDED.fees, refunds = EXCLUDED.refunds,\n         link_views = EXCLUDED.link_views, link_sessions_opened = EXCLUDED.link_sessions_opened,\n         link_sessions_completed = EXCLUDED.link_sessions_completed,\n         api_sessions_opened = EXCLUDED.api_sessions_opened, api_sessions_completed = EXCLUDED.api_sessions_completed\n   WHERE (h.payments_succeeded, h.payments_failed, h.volume, h.fees, h.refunds, h.link_views, h.link_sessions_opened,\n          h.link_sessions_completed, h.api_sessions_opened, h.api_sessions_completed)\n         IS DISTINCT FROM\n         (EXCLUDED.payments_succeeded, EXCLUDED.payments_failed, EXCLUDED.volume, EXCLUDED.fees, EXCLUDED.refunds,\n          EXCLUDED.link_views, EXCLUDED.link_sessions_opened, EXCLUDED.link_sessions_completed,\n          EXCLUDED.api_sessions_opened, EXCLUDED.api_sessions_completed)\n  RETURNING 1\n), stale_hours AS (\n  DELETE FROM merchant_stats_hourly h\n   WHERE h.merchant_id = :merchantId!\n     AND NOT EXISTS (SELECT 1 FROM hours n\n                      WHERE n.livemode = h.livemode AND n.hour = h.hour AND n.currency = h.currency AND n.rail = h.rail)\n  RETURNING 1\n), written_days AS (\n  INSERT INTO merchant_stats_payers_daily AS d\n         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,\n          cum_count, cum_volume)\n  SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,\n         cum_count, cum_volume\n    FROM days\n  ON CONFLICT (merchant_id, livemode, currency, customer_key, day) DO UPDATE SET\n         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,\n         volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at,\n         cum_count = EXCLUDED.cum_count, cum_volume = EXCLUDED.cum_volume\n   WHERE (d.display_masked, d.payment_count, d.volume, d.last_paid_at, d.cum_count, d.cum_volume)\n         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at,\n                           EXCLUDED.cum_count, EXCLUDED.cum_volume)\n  RETURNING 1\n), stale_days AS (\n  DELETE FROM merchant_stats_payers_daily d\n   WHERE d.merchant_id = :merchantId!\n     AND NOT EXISTS (SELECT 1 FROM days n\n                      WHERE n.livemode = d.livemode AND n.currency = d.currency AND n.day = d.day\n                        AND n.customer_key = d.customer_key)\n  RETURNING 1\n), written_payers AS (\n  INSERT INTO merchant_stats_payers AS p\n         (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,\n          last_paid_at)\n  SELECT merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,\n         last_paid_at\n    FROM payers\n  ON CONFLICT (merchant_id, livemode, currency, customer_key) DO UPDATE SET\n         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,\n         volume = EXCLUDED.volume, first_day = EXCLUDED.first_day, last_day = EXCLUDED.last_day,\n         last_paid_at = EXCLUDED.last_paid_at\n   WHERE (p.display_masked, p.payment_count, p.volume, p.first_day, p.last_day, p.last_paid_at)\n         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.first_day,\n                           EXCLUDED.last_day, EXCLUDED.last_paid_at)\n  RETURNING 1\n), stale_payers AS (\n  DELETE FROM merchant_stats_payers p\n   WHERE p.merchant_id = :merchantId!\n     AND NOT EXISTS (SELECT 1 FROM payers n\n                      WHERE n.livemode = p.livemode AND n.currency = p.currency AND n.customer_key = p.customer_key)\n  RETURNING 1\n), marked AS (\n  INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)\n  SELECT o.id, :merchantId!, o.created_at\n    FROM outbox_events o\n   WHERE o.event_type = ANY(:eventTypes!::text[]) AND o.created_at >= :eventsSince!\n     AND o.payload->>'merchantId' = :merchantId!::text\n  ON CONFLICT (event_id) DO NOTHING\n  RETURNING 1\n)\nSELECT (SELECT count(*) FROM written_hours)::int AS \"hours!\", (SELECT count(*) FROM stale_hours)::int AS \"staleHours!\",\n       (SELECT count(*) FROM written_days)::int AS \"payerDays!\", (SELECT count(*) FROM stale_days)::int AS \"stalePayerDays!\",\n       (SELECT count(*) FROM written_payers)::int AS \"payers!\",\n       (SELECT count(*) FROM stale_payers)::int AS \"stalePayers!\",\n       (SELECT count(*) FROM marked)::int AS \"eventsMarked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Every rollup of one merchant recomputed from its source rows, in one statement (one snapshot): the hours, the
 * -- payers' days (their cumulative totals by a window sum over each payer's days) and the payers' lifetime rows that
 * -- differ overwritten (a row that agrees is left alone), rows left without a source deleted, and the outbox events of
 * -- those source rows since :eventsSince marked applied, so an event already in the snapshot that the worker has not
 * -- consumed yet does not count twice. Run under AnalyticsLockMerchantExclusive.
 * WITH facts AS (
 *   SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,
 *          f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,
 *          f.api_sessions_completed, f.customer_key, f.display_masked
 *     FROM merchant_stats_facts f
 *    WHERE f.merchant_id = :merchantId!
 * ), hours AS (
 *   SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour, currency, rail,
 *          sum(payments_succeeded)::int AS payments_succeeded, sum(payments_failed)::int AS payments_failed,
 *          sum(volume)::bigint AS volume, sum(fees)::bigint AS fees, sum(refunds)::bigint AS refunds,
 *          sum(link_views)::int AS link_views, sum(link_sessions_opened)::int AS link_sessions_opened,
 *          sum(link_sessions_completed)::int AS link_sessions_completed,
 *          sum(api_sessions_opened)::int AS api_sessions_opened, sum(api_sessions_completed)::int AS api_sessions_completed
 *     FROM facts
 *    GROUP BY 1, 2, 3, 4, 5
 * ), day_sums AS (
 *   SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date AS day, customer_key,
 *          max(display_masked) AS display_masked, count(*)::int AS payment_count, sum(volume)::bigint AS volume,
 *          max(at) AS last_paid_at
 *     FROM facts
 *    WHERE customer_key IS NOT NULL
 *    GROUP BY 1, 2, 3, 4, 5
 * ), days AS (
 *   SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
 *          (sum(payment_count) OVER payer)::int AS cum_count, (sum(volume) OVER payer)::bigint AS cum_volume
 *     FROM day_sums
 *   WINDOW payer AS (PARTITION BY merchant_id, livemode, currency, customer_key ORDER BY day)
 * ), payers AS (
 *   SELECT merchant_id, livemode, currency, customer_key, max(display_masked) AS display_masked,
 *          sum(payment_count)::int AS payment_count, sum(volume)::bigint AS volume, min(day) AS first_day,
 *          max(day) AS last_day, max(last_paid_at) AS last_paid_at
 *     FROM day_sums
 *    GROUP BY 1, 2, 3, 4
 * ), written_hours AS (
 *   INSERT INTO merchant_stats_hourly AS h
 *          (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,
 *           link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)
 *   SELECT merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,
 *          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed
 *     FROM hours
 *   ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET
 *          payments_succeeded = EXCLUDED.payments_succeeded, payments_failed = EXCLUDED.payments_failed,
 *          volume = EXCLUDED.volume, fees = EXCLUDED.fees, refunds = EXCLUDED.refunds,
 *          link_views = EXCLUDED.link_views, link_sessions_opened = EXCLUDED.link_sessions_opened,
 *          link_sessions_completed = EXCLUDED.link_sessions_completed,
 *          api_sessions_opened = EXCLUDED.api_sessions_opened, api_sessions_completed = EXCLUDED.api_sessions_completed
 *    WHERE (h.payments_succeeded, h.payments_failed, h.volume, h.fees, h.refunds, h.link_views, h.link_sessions_opened,
 *           h.link_sessions_completed, h.api_sessions_opened, h.api_sessions_completed)
 *          IS DISTINCT FROM
 *          (EXCLUDED.payments_succeeded, EXCLUDED.payments_failed, EXCLUDED.volume, EXCLUDED.fees, EXCLUDED.refunds,
 *           EXCLUDED.link_views, EXCLUDED.link_sessions_opened, EXCLUDED.link_sessions_completed,
 *           EXCLUDED.api_sessions_opened, EXCLUDED.api_sessions_completed)
 *   RETURNING 1
 * ), stale_hours AS (
 *   DELETE FROM merchant_stats_hourly h
 *    WHERE h.merchant_id = :merchantId!
 *      AND NOT EXISTS (SELECT 1 FROM hours n
 *                       WHERE n.livemode = h.livemode AND n.hour = h.hour AND n.currency = h.currency AND n.rail = h.rail)
 *   RETURNING 1
 * ), written_days AS (
 *   INSERT INTO merchant_stats_payers_daily AS d
 *          (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
 *           cum_count, cum_volume)
 *   SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
 *          cum_count, cum_volume
 *     FROM days
 *   ON CONFLICT (merchant_id, livemode, currency, customer_key, day) DO UPDATE SET
 *          display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
 *          volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at,
 *          cum_count = EXCLUDED.cum_count, cum_volume = EXCLUDED.cum_volume
 *    WHERE (d.display_masked, d.payment_count, d.volume, d.last_paid_at, d.cum_count, d.cum_volume)
 *          IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at,
 *                            EXCLUDED.cum_count, EXCLUDED.cum_volume)
 *   RETURNING 1
 * ), stale_days AS (
 *   DELETE FROM merchant_stats_payers_daily d
 *    WHERE d.merchant_id = :merchantId!
 *      AND NOT EXISTS (SELECT 1 FROM days n
 *                       WHERE n.livemode = d.livemode AND n.currency = d.currency AND n.day = d.day
 *                         AND n.customer_key = d.customer_key)
 *   RETURNING 1
 * ), written_payers AS (
 *   INSERT INTO merchant_stats_payers AS p
 *          (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
 *           last_paid_at)
 *   SELECT merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
 *          last_paid_at
 *     FROM payers
 *   ON CONFLICT (merchant_id, livemode, currency, customer_key) DO UPDATE SET
 *          display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
 *          volume = EXCLUDED.volume, first_day = EXCLUDED.first_day, last_day = EXCLUDED.last_day,
 *          last_paid_at = EXCLUDED.last_paid_at
 *    WHERE (p.display_masked, p.payment_count, p.volume, p.first_day, p.last_day, p.last_paid_at)
 *          IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.first_day,
 *                            EXCLUDED.last_day, EXCLUDED.last_paid_at)
 *   RETURNING 1
 * ), stale_payers AS (
 *   DELETE FROM merchant_stats_payers p
 *    WHERE p.merchant_id = :merchantId!
 *      AND NOT EXISTS (SELECT 1 FROM payers n
 *                       WHERE n.livemode = p.livemode AND n.currency = p.currency AND n.customer_key = p.customer_key)
 *   RETURNING 1
 * ), marked AS (
 *   INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)
 *   SELECT o.id, :merchantId!, o.created_at
 *     FROM outbox_events o
 *    WHERE o.event_type = ANY(:eventTypes!::text[]) AND o.created_at >= :eventsSince!
 *      AND o.payload->>'merchantId' = :merchantId!::text
 *   ON CONFLICT (event_id) DO NOTHING
 *   RETURNING 1
 * )
 * SELECT (SELECT count(*) FROM written_hours)::int AS "hours!", (SELECT count(*) FROM stale_hours)::int AS "staleHours!",
 *        (SELECT count(*) FROM written_days)::int AS "payerDays!", (SELECT count(*) FROM stale_days)::int AS "stalePayerDays!",
 *        (SELECT count(*) FROM written_payers)::int AS "payers!",
 *        (SELECT count(*) FROM stale_payers)::int AS "stalePayers!",
 *        (SELECT count(*) FROM marked)::int AS "eventsMarked!"
 * ```
 */
export const analyticsRebuildMerchant = new PreparedQuery<AnalyticsRebuildMerchantParams,AnalyticsRebuildMerchantResult>(analyticsRebuildMerchantIR);


/** 'AnalyticsMerchantIds' parameters type */
export type AnalyticsMerchantIdsParams = void;

/** 'AnalyticsMerchantIds' return type */
export interface AnalyticsMerchantIdsResult {
  id: string;
}

/** 'AnalyticsMerchantIds' query type */
export interface AnalyticsMerchantIdsQuery {
  params: AnalyticsMerchantIdsParams;
  result: AnalyticsMerchantIdsResult;
}

const analyticsMerchantIdsIR: any = {"usedParamSet":{},"params":[],"statement":"-- Every merchant, for a rebuild of all.\nSELECT id FROM merchants ORDER BY id"};

/**
 * Query generated from SQL:
 * ```
 * -- Every merchant, for a rebuild of all.
 * SELECT id FROM merchants ORDER BY id
 * ```
 */
export const analyticsMerchantIds = new PreparedQuery<AnalyticsMerchantIdsParams,AnalyticsMerchantIdsResult>(analyticsMerchantIdsIR);


/** 'AnalyticsPruneAppliedEvents' parameters type */
export interface AnalyticsPruneAppliedEventsParams {
  before: DateOrString;
  limit: NumberOrString;
}

/** 'AnalyticsPruneAppliedEvents' return type */
export interface AnalyticsPruneAppliedEventsResult {
  pruned: number;
}

/** 'AnalyticsPruneAppliedEvents' query type */
export interface AnalyticsPruneAppliedEventsQuery {
  params: AnalyticsPruneAppliedEventsParams;
  result: AnalyticsPruneAppliedEventsResult;
}

const analyticsPruneAppliedEventsIR: any = {"usedParamSet":{"before":true,"limit":true},"params":[{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":224,"b":231}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":245}]}],"statement":"-- Applied event ids past the retention: no redelivery comes that late.\nWITH gone AS (\n  DELETE FROM merchant_stats_applied_events\n   WHERE event_id IN (SELECT event_id FROM merchant_stats_applied_events WHERE occurred_at < :before! LIMIT :limit!)\n  RETURNING 1\n)\nSELECT count(*)::int AS \"pruned!\" FROM gone"};

/**
 * Query generated from SQL:
 * ```
 * -- Applied event ids past the retention: no redelivery comes that late.
 * WITH gone AS (
 *   DELETE FROM merchant_stats_applied_events
 *    WHERE event_id IN (SELECT event_id FROM merchant_stats_applied_events WHERE occurred_at < :before! LIMIT :limit!)
 *   RETURNING 1
 * )
 * SELECT count(*)::int AS "pruned!" FROM gone
 * ```
 */
export const analyticsPruneAppliedEvents = new PreparedQuery<AnalyticsPruneAppliedEventsParams,AnalyticsPruneAppliedEventsResult>(analyticsPruneAppliedEventsIR);


/** 'AnalyticsTotals' parameters type */
export interface AnalyticsTotalsParams {
  currency: string;
  from: DateOrString;
  livemode: boolean;
  merchantId: string;
  previousFrom: DateOrString;
  to: DateOrString;
}

/** 'AnalyticsTotals' return type */
export interface AnalyticsTotalsResult {
  count: string;
  failed: string;
  fees: string;
  gross: string;
  previousCount: string;
  previousFailed: string;
  previousFees: string;
  previousGross: string;
  previousRefunds: string;
  refunds: string;
}

/** 'AnalyticsTotals' query type */
export interface AnalyticsTotalsQuery {
  params: AnalyticsTotalsParams;
  result: AnalyticsTotalsResult;
}

const analyticsTotalsIR: any = {"usedParamSet":{"from":true,"merchantId":true,"livemode":true,"currency":true,"previousFrom":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":184,"b":189},{"a":274,"b":279},{"a":356,"b":361},{"a":435,"b":440},{"a":516,"b":521},{"a":610,"b":615},{"a":707,"b":712},{"a":796,"b":801},{"a":882,"b":887},{"a":970,"b":975}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1060,"b":1071}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":1088,"b":1097}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":1114,"b":1123}]},{"name":"previousFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":1140,"b":1153}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":1166,"b":1169}]}],"statement":"-- The totals of one merchant, mode and currency over [:from, :to) and over the period before it, [:previousFrom, :from).\nSELECT coalesce(sum(payments_succeeded) FILTER (WHERE hour >= :from!), 0)::text AS \"count!\",\n       coalesce(sum(payments_failed) FILTER (WHERE hour >= :from!), 0)::text AS \"failed!\",\n       coalesce(sum(volume) FILTER (WHERE hour >= :from!), 0)::text AS \"gross!\",\n       coalesce(sum(fees) FILTER (WHERE hour >= :from!), 0)::text AS \"fees!\",\n       coalesce(sum(refunds) FILTER (WHERE hour >= :from!), 0)::text AS \"refunds!\",\n       coalesce(sum(payments_succeeded) FILTER (WHERE hour < :from!), 0)::text AS \"previousCount!\",\n       coalesce(sum(payments_failed) FILTER (WHERE hour < :from!), 0)::text AS \"previousFailed!\",\n       coalesce(sum(volume) FILTER (WHERE hour < :from!), 0)::text AS \"previousGross!\",\n       coalesce(sum(fees) FILTER (WHERE hour < :from!), 0)::text AS \"previousFees!\",\n       coalesce(sum(refunds) FILTER (WHERE hour < :from!), 0)::text AS \"previousRefunds!\"\n  FROM merchant_stats_hourly\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND hour >= :previousFrom! AND hour < :to!"};

/**
 * Query generated from SQL:
 * ```
 * -- The totals of one merchant, mode and currency over [:from, :to) and over the period before it, [:previousFrom, :from).
 * SELECT coalesce(sum(payments_succeeded) FILTER (WHERE hour >= :from!), 0)::text AS "count!",
 *        coalesce(sum(payments_failed) FILTER (WHERE hour >= :from!), 0)::text AS "failed!",
 *        coalesce(sum(volume) FILTER (WHERE hour >= :from!), 0)::text AS "gross!",
 *        coalesce(sum(fees) FILTER (WHERE hour >= :from!), 0)::text AS "fees!",
 *        coalesce(sum(refunds) FILTER (WHERE hour >= :from!), 0)::text AS "refunds!",
 *        coalesce(sum(payments_succeeded) FILTER (WHERE hour < :from!), 0)::text AS "previousCount!",
 *        coalesce(sum(payments_failed) FILTER (WHERE hour < :from!), 0)::text AS "previousFailed!",
 *        coalesce(sum(volume) FILTER (WHERE hour < :from!), 0)::text AS "previousGross!",
 *        coalesce(sum(fees) FILTER (WHERE hour < :from!), 0)::text AS "previousFees!",
 *        coalesce(sum(refunds) FILTER (WHERE hour < :from!), 0)::text AS "previousRefunds!"
 *   FROM merchant_stats_hourly
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND hour >= :previousFrom! AND hour < :to!
 * ```
 */
export const analyticsTotals = new PreparedQuery<AnalyticsTotalsParams,AnalyticsTotalsResult>(analyticsTotalsIR);


/** 'AnalyticsSeries' parameters type */
export interface AnalyticsSeriesParams {
  currency: string;
  from: DateOrString;
  livemode: boolean;
  merchantId: string;
  step: DateOrString;
  to: DateOrString;
}

/** 'AnalyticsSeries' return type */
export interface AnalyticsSeriesResult {
  count: string;
  fees: string;
  refunds: string;
  t: Date;
  volume: string;
}

/** 'AnalyticsSeries' query type */
export interface AnalyticsSeriesQuery {
  params: AnalyticsSeriesParams;
  result: AnalyticsSeriesResult;
}

const analyticsSeriesIR: any = {"usedParamSet":{"step":true,"merchantId":true,"livemode":true,"currency":true,"from":true,"to":true},"params":[{"name":"step","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":153},{"a":841,"b":846},{"a":890,"b":895}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":379,"b":390}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":407,"b":416}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":433,"b":442}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":461,"b":466},{"a":762,"b":767}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":479,"b":482},{"a":802,"b":805}]}],"statement":"-- One row per bucket of :step from :from to :to (zero-filled: generate_series over UTC wall time), with the sums.\nWITH sums AS (\n  SELECT date_bin(:step!::interval, hour, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS t,\n         sum(payments_succeeded) AS count, sum(volume) AS volume, sum(fees) AS fees, sum(refunds) AS refunds\n    FROM merchant_stats_hourly\n   WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n     AND hour >= :from! AND hour < :to!\n   GROUP BY 1\n)\nSELECT b.t AS \"t!\", coalesce(s.count, 0)::text AS \"count!\", coalesce(s.volume, 0)::text AS \"volume!\",\n       coalesce(s.fees, 0)::text AS \"fees!\", coalesce(s.refunds, 0)::text AS \"refunds!\"\n  FROM (SELECT w AT TIME ZONE 'UTC' AS t\n          FROM generate_series(:from!::timestamptz AT TIME ZONE 'UTC', :to!::timestamptz AT TIME ZONE 'UTC' - :step!::interval,\n                               :step!::interval) AS w) b\n  LEFT JOIN sums s ON s.t = b.t\n ORDER BY b.t"};

/**
 * Query generated from SQL:
 * ```
 * -- One row per bucket of :step from :from to :to (zero-filled: generate_series over UTC wall time), with the sums.
 * WITH sums AS (
 *   SELECT date_bin(:step!::interval, hour, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS t,
 *          sum(payments_succeeded) AS count, sum(volume) AS volume, sum(fees) AS fees, sum(refunds) AS refunds
 *     FROM merchant_stats_hourly
 *    WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *      AND hour >= :from! AND hour < :to!
 *    GROUP BY 1
 * )
 * SELECT b.t AS "t!", coalesce(s.count, 0)::text AS "count!", coalesce(s.volume, 0)::text AS "volume!",
 *        coalesce(s.fees, 0)::text AS "fees!", coalesce(s.refunds, 0)::text AS "refunds!"
 *   FROM (SELECT w AT TIME ZONE 'UTC' AS t
 *           FROM generate_series(:from!::timestamptz AT TIME ZONE 'UTC', :to!::timestamptz AT TIME ZONE 'UTC' - :step!::interval,
 *                                :step!::interval) AS w) b
 *   LEFT JOIN sums s ON s.t = b.t
 *  ORDER BY b.t
 * ```
 */
export const analyticsSeries = new PreparedQuery<AnalyticsSeriesParams,AnalyticsSeriesResult>(analyticsSeriesIR);


/** 'AnalyticsRails' parameters type */
export interface AnalyticsRailsParams {
  currency: string;
  from: DateOrString;
  livemode: boolean;
  merchantId: string;
  to: DateOrString;
}

/** 'AnalyticsRails' return type */
export interface AnalyticsRailsResult {
  count: string;
  rail: string;
  volume: string;
}

/** 'AnalyticsRails' query type */
export interface AnalyticsRailsQuery {
  params: AnalyticsRailsParams;
  result: AnalyticsRailsResult;
}

const analyticsRailsIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"from":true,"to":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":224}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":241,"b":250}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":276}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":298}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":311,"b":314}]}],"statement":"-- Succeeded payments per rail over [:from, :to), the largest volume first.\nSELECT rail, sum(payments_succeeded)::text AS \"count!\", sum(volume)::text AS \"volume!\"\n  FROM merchant_stats_hourly\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND hour >= :from! AND hour < :to! AND rail <> ''\n GROUP BY rail\nHAVING sum(payments_succeeded) > 0\n ORDER BY sum(volume) DESC, rail"};

/**
 * Query generated from SQL:
 * ```
 * -- Succeeded payments per rail over [:from, :to), the largest volume first.
 * SELECT rail, sum(payments_succeeded)::text AS "count!", sum(volume)::text AS "volume!"
 *   FROM merchant_stats_hourly
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND hour >= :from! AND hour < :to! AND rail <> ''
 *  GROUP BY rail
 * HAVING sum(payments_succeeded) > 0
 *  ORDER BY sum(volume) DESC, rail
 * ```
 */
export const analyticsRails = new PreparedQuery<AnalyticsRailsParams,AnalyticsRailsResult>(analyticsRailsIR);


/** 'AnalyticsFunnel' parameters type */
export interface AnalyticsFunnelParams {
  from: DateOrString;
  livemode: boolean;
  merchantId: string;
  to: DateOrString;
}

/** 'AnalyticsFunnel' return type */
export interface AnalyticsFunnelResult {
  apiCompleted: string;
  apiOpened: string;
  linkCompleted: string;
  linkOpened: string;
  linkViews: string;
}

/** 'AnalyticsFunnel' query type */
export interface AnalyticsFunnelQuery {
  params: AnalyticsFunnelParams;
  result: AnalyticsFunnelResult;
}

const analyticsFunnelIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"from":true,"to":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":486,"b":497}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":514,"b":523}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":540,"b":545}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":558,"b":561}]}],"statement":"-- Link views, sessions opened and completed by source over [:from, :to), every currency.\nSELECT coalesce(sum(link_views), 0)::text AS \"linkViews!\",\n       coalesce(sum(link_sessions_opened), 0)::text AS \"linkOpened!\",\n       coalesce(sum(link_sessions_completed), 0)::text AS \"linkCompleted!\",\n       coalesce(sum(api_sessions_opened), 0)::text AS \"apiOpened!\",\n       coalesce(sum(api_sessions_completed), 0)::text AS \"apiCompleted!\"\n  FROM merchant_stats_hourly\n WHERE merchant_id = :merchantId! AND livemode = :livemode!\n   AND hour >= :from! AND hour < :to!"};

/**
 * Query generated from SQL:
 * ```
 * -- Link views, sessions opened and completed by source over [:from, :to), every currency.
 * SELECT coalesce(sum(link_views), 0)::text AS "linkViews!",
 *        coalesce(sum(link_sessions_opened), 0)::text AS "linkOpened!",
 *        coalesce(sum(link_sessions_completed), 0)::text AS "linkCompleted!",
 *        coalesce(sum(api_sessions_opened), 0)::text AS "apiOpened!",
 *        coalesce(sum(api_sessions_completed), 0)::text AS "apiCompleted!"
 *   FROM merchant_stats_hourly
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode!
 *    AND hour >= :from! AND hour < :to!
 * ```
 */
export const analyticsFunnel = new PreparedQuery<AnalyticsFunnelParams,AnalyticsFunnelResult>(analyticsFunnelIR);


/** 'AnalyticsTopCustomers' parameters type */
export interface AnalyticsTopCustomersParams {
  currency: string;
  fromDay: DateOrString;
  limit: NumberOrString;
  livemode: boolean;
  merchantId: string;
  toDay: DateOrString;
}

/** 'AnalyticsTopCustomers' return type */
export interface AnalyticsTopCustomersResult {
  customerKey: string;
  displayMasked: string;
  lastPaidAt: Date;
  paymentCount: string;
  volume: string;
}

/** 'AnalyticsTopCustomers' query type */
export interface AnalyticsTopCustomersQuery {
  params: AnalyticsTopCustomersParams;
  result: AnalyticsTopCustomersResult;
}

const analyticsTopCustomersIR: any = {"usedParamSet":{"toDay":true,"fromDay":true,"merchantId":true,"livemode":true,"currency":true,"limit":true},"params":[{"name":"toDay","required":true,"transform":{"type":"scalar"},"locs":[{"a":1331,"b":1337},{"a":1500,"b":1506},{"a":1679,"b":1685}]},{"name":"fromDay","required":true,"transform":{"type":"scalar"},"locs":[{"a":1706,"b":1714},{"a":1924,"b":1932},{"a":2102,"b":2110},{"a":2298,"b":2306}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":2208,"b":2219}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":2238,"b":2247}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":2266,"b":2275}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":2488,"b":2494}]}],"statement":"-- The payers of the most volume over the UTC days [:fromDay, :toDay] (the window ends today), ties by count then key:\n-- a payer's total over the window is its total through :toDay less its total before :fromDay. The payers are those\n-- whose last day is on or after :fromDay (merchant_stats_payers_last_day_idx); through :toDay is the lifetime row when\n-- its last day is not after :toDay, else (a payment dated after today) the payer's last day row on or before :toDay\n-- and on or after :fromDay (none: nothing in the window, the payer is left out), whose last payment is the payer's\n-- last inside the window; before :fromDay is 0 when the payer's first day is not before it, else the payer's last\n-- day row before :fromDay, one index-only probe of the daily primary key (its INCLUDE columns). So the work is one\n-- row and at most one probe per payer active in the window, not payer-days or payments.\nSELECT p.customer_key AS \"customerKey!\", p.display_masked AS \"displayMasked!\",\n       (t.cum_count - coalesce(b.cum_count, 0))::text AS \"paymentCount!\",\n       (t.cum_volume - coalesce(b.cum_volume, 0))::text AS \"volume!\", t.last_paid_at AS \"lastPaidAt!\"\n  FROM merchant_stats_payers p\n CROSS JOIN LATERAL (\n         SELECT p.payment_count AS cum_count, p.volume AS cum_volume, p.last_paid_at\n          WHERE p.last_day <= :toDay!::date\n         UNION ALL\n         (SELECT d.cum_count, d.cum_volume, d.last_paid_at\n            FROM merchant_stats_payers_daily d\n           WHERE p.last_day > :toDay!::date\n             AND d.merchant_id = p.merchant_id AND d.livemode = p.livemode AND d.currency = p.currency\n             AND d.customer_key = p.customer_key AND d.day <= :toDay!::date AND d.day >= :fromDay!::date\n           ORDER BY d.day DESC\n           LIMIT 1)\n       ) t\n  LEFT JOIN LATERAL (\n         SELECT d.cum_count, d.cum_volume\n           FROM merchant_stats_payers_daily d\n          WHERE p.first_day < :fromDay!::date\n            AND d.merchant_id = p.merchant_id AND d.livemode = p.livemode AND d.currency = p.currency\n            AND d.customer_key = p.customer_key AND d.day < :fromDay!::date\n          ORDER BY d.day DESC\n          LIMIT 1\n       ) b ON true\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode! AND p.currency = :currency!\n   AND p.last_day >= :fromDay!::date\n   AND t.cum_count - coalesce(b.cum_count, 0) > 0\n ORDER BY t.cum_volume - coalesce(b.cum_volume, 0) DESC, t.cum_count - coalesce(b.cum_count, 0) DESC, p.customer_key\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The payers of the most volume over the UTC days [:fromDay, :toDay] (the window ends today), ties by count then key:
 * -- a payer's total over the window is its total through :toDay less its total before :fromDay. The payers are those
 * -- whose last day is on or after :fromDay (merchant_stats_payers_last_day_idx); through :toDay is the lifetime row when
 * -- its last day is not after :toDay, else (a payment dated after today) the payer's last day row on or before :toDay
 * -- and on or after :fromDay (none: nothing in the window, the payer is left out), whose last payment is the payer's
 * -- last inside the window; before :fromDay is 0 when the payer's first day is not before it, else the payer's last
 * -- day row before :fromDay, one index-only probe of the daily primary key (its INCLUDE columns). So the work is one
 * -- row and at most one probe per payer active in the window, not payer-days or payments.
 * SELECT p.customer_key AS "customerKey!", p.display_masked AS "displayMasked!",
 *        (t.cum_count - coalesce(b.cum_count, 0))::text AS "paymentCount!",
 *        (t.cum_volume - coalesce(b.cum_volume, 0))::text AS "volume!", t.last_paid_at AS "lastPaidAt!"
 *   FROM merchant_stats_payers p
 *  CROSS JOIN LATERAL (
 *          SELECT p.payment_count AS cum_count, p.volume AS cum_volume, p.last_paid_at
 *           WHERE p.last_day <= :toDay!::date
 *          UNION ALL
 *          (SELECT d.cum_count, d.cum_volume, d.last_paid_at
 *             FROM merchant_stats_payers_daily d
 *            WHERE p.last_day > :toDay!::date
 *              AND d.merchant_id = p.merchant_id AND d.livemode = p.livemode AND d.currency = p.currency
 *              AND d.customer_key = p.customer_key AND d.day <= :toDay!::date AND d.day >= :fromDay!::date
 *            ORDER BY d.day DESC
 *            LIMIT 1)
 *        ) t
 *   LEFT JOIN LATERAL (
 *          SELECT d.cum_count, d.cum_volume
 *            FROM merchant_stats_payers_daily d
 *           WHERE p.first_day < :fromDay!::date
 *             AND d.merchant_id = p.merchant_id AND d.livemode = p.livemode AND d.currency = p.currency
 *             AND d.customer_key = p.customer_key AND d.day < :fromDay!::date
 *           ORDER BY d.day DESC
 *           LIMIT 1
 *        ) b ON true
 *  WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode! AND p.currency = :currency!
 *    AND p.last_day >= :fromDay!::date
 *    AND t.cum_count - coalesce(b.cum_count, 0) > 0
 *  ORDER BY t.cum_volume - coalesce(b.cum_volume, 0) DESC, t.cum_count - coalesce(b.cum_count, 0) DESC, p.customer_key
 *  LIMIT :limit!
 * ```
 */
export const analyticsTopCustomers = new PreparedQuery<AnalyticsTopCustomersParams,AnalyticsTopCustomersResult>(analyticsTopCustomersIR);


/** 'AnalyticsSettlementAccount' parameters type */
export interface AnalyticsSettlementAccountParams {
  merchantId: string;
}

/** 'AnalyticsSettlementAccount' return type */
export interface AnalyticsSettlementAccountResult {
  account_number_last4: string;
  bank_code: string;
  currency: string;
  status: string;
}

/** 'AnalyticsSettlementAccount' query type */
export interface AnalyticsSettlementAccountQuery {
  params: AnalyticsSettlementAccountParams;
  result: AnalyticsSettlementAccountResult;
}

const analyticsSettlementAccountIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":180}]}],"statement":"-- The merchant's settlement account in force, masked.\nSELECT bank_code, account_number_last4, status, currency\n  FROM merchant_settlement_accounts\n WHERE merchant_id = :merchantId! AND replaced_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's settlement account in force, masked.
 * SELECT bank_code, account_number_last4, status, currency
 *   FROM merchant_settlement_accounts
 *  WHERE merchant_id = :merchantId! AND replaced_at IS NULL
 * ```
 */
export const analyticsSettlementAccount = new PreparedQuery<AnalyticsSettlementAccountParams,AnalyticsSettlementAccountResult>(analyticsSettlementAccountIR);


