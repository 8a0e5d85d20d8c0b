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
  payerMonths: number;
  payers: number;
}

/** 'AnalyticsApplyFact' query type */
export interface AnalyticsApplyFactQuery {
  params: AnalyticsApplyFactParams;
  result: AnalyticsApplyFactResult;
}

const analyticsApplyFactIR: any = {"usedParamSet":{"eventId":true,"merchantId":true,"occurredAt":true,"kind":true,"sourceId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":361,"b":369}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":372,"b":383},{"a":873,"b":884}]},{"name":"occurredAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":386,"b":397}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":817,"b":822}]},{"name":"sourceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":842,"b":851}]}],"statement":"-- One outbox event counted once: its id is recorded first (a redelivered event finds it and adds nothing), then\n-- the fact its source row stands for (merchant_stats_facts, by kind and id) is added to the hour, the payer's day\n-- and the payer's month.\nWITH fresh AS (\n  INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)\n  VALUES (:eventId!, :merchantId!, :occurredAt!)\n  ON CONFLICT (event_id) DO NOTHING\n  RETURNING event_id\n), fact AS (\n  SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,\n         f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,\n         f.api_sessions_completed, f.customer_key, f.display_masked\n    FROM merchant_stats_facts f\n   WHERE f.kind = :kind! AND f.source_id = :sourceId! AND f.merchant_id = :merchantId!\n     AND EXISTS (SELECT 1 FROM fresh)\n), hourly AS (\n  INSERT INTO merchant_stats_hourly AS h\n         (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,\n          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)\n  SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), currency, rail,\n         payments_succeeded, payments_failed, volume, fees, refunds,\n         link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed\n    FROM fact\n  ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET\n         payments_succeeded = h.payments_succeeded + EXCLUDED.payments_succeeded,\n         payments_failed = h.payments_failed + EXCLUDED.payments_failed,\n         volume = h.volume + EXCLUDED.volume,\n         fees = h.fees + EXCLUDED.fees,\n         refunds = h.refunds + EXCLUDED.refunds,\n         link_views = h.link_views + EXCLUDED.link_views,\n         link_sessions_opened = h.link_sessions_opened + EXCLUDED.link_sessions_opened,\n         link_sessions_completed = h.link_sessions_completed + EXCLUDED.link_sessions_completed,\n         api_sessions_opened = h.api_sessions_opened + EXCLUDED.api_sessions_opened,\n         api_sessions_completed = h.api_sessions_completed + EXCLUDED.api_sessions_completed\n  RETURNING 1\n), payers AS (\n  INSERT INTO merchant_stats_payers_daily AS d\n         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)\n  SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date, customer_key, display_masked, 1, volume, at\n    FROM fact\n   WHERE customer_key IS NOT NULL\n  ON CONFLICT (merchant_id, livemode, currency, day, customer_key) DO UPDATE SET\n         payment_count = d.payment_count + 1,\n         volume = d.volume + EXCLUDED.volume,\n         display_masked = EXCLUDED.display_masked,\n         last_paid_at = greatest(d.last_paid_at, EXCLUDED.last_paid_at)\n  RETURNING 1\n), payer_months AS (\n  INSERT INTO merchant_stats_payers_monthly AS m\n         (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)\n  SELECT merchant_id, livemode, currency, date_trunc('month', at AT TIME ZONE 'UTC')::date, customer_key,\n         display_masked, 1, volume, at\n    FROM fact\n   WHERE customer_key IS NOT NULL\n  ON CONFLICT (merchant_id, livemode, currency, month, customer_key) DO UPDATE SET\n         payment_count = m.payment_count + 1,\n         volume = m.volume + EXCLUDED.volume,\n         display_masked = EXCLUDED.display_masked,\n         last_paid_at = greatest(m.last_paid_at, EXCLUDED.last_paid_at)\n  RETURNING 1\n)\nSELECT (SELECT count(*) FROM fresh)::int AS \"applied!\", (SELECT count(*) FROM hourly)::int AS \"counted!\",\n       (SELECT count(*) FROM payers)::int AS \"payers!\", (SELECT count(*) FROM payer_months)::int AS \"payerMonths!\""};

/**
 * Query generated from SQL:
 * ```
 * -- One outbox event counted once: its id is recorded first (a redelivered event finds it and adds nothing), then
 * -- the fact its source row stands for (merchant_stats_facts, by kind and id) is added to the hour, the payer's day
 * -- and the payer's month.
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
 * ), payers AS (
 *   INSERT INTO merchant_stats_payers_daily AS d
 *          (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)
 *   SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date, customer_key, display_masked, 1, volume, at
 *     FROM fact
 *    WHERE customer_key IS NOT NULL
 *   ON CONFLICT (merchant_id, livemode, currency, day, customer_key) DO UPDATE SET
 *          payment_count = d.payment_count + 1,
 *          volume = d.volume + EXCLUDED.volume,
 *          display_masked = EXCLUDED.display_masked,
 *          last_paid_at = greatest(d.last_paid_at, EXCLUDED.last_paid_at)
 *   RETURNING 1
 * ), payer_months AS (
 *   INSERT INTO merchant_stats_payers_monthly AS m
 *          (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)
 *   SELECT merchant_id, livemode, currency, date_trunc('month', at AT TIME ZONE 'UTC')::date, customer_key,
 *          display_masked, 1, volume, at
 *     FROM fact
 *    WHERE customer_key IS NOT NULL
 *   ON CONFLICT (merchant_id, livemode, currency, month, customer_key) DO UPDATE SET
 *          payment_count = m.payment_count + 1,
 *          volume = m.volume + EXCLUDED.volume,
 *          display_masked = EXCLUDED.display_masked,
 *          last_paid_at = greatest(m.last_paid_at, EXCLUDED.last_paid_at)
 *   RETURNING 1
 * )
 * SELECT (SELECT count(*) FROM fresh)::int AS "applied!", (SELECT count(*) FROM hourly)::int AS "counted!",
 *        (SELECT count(*) FROM payers)::int AS "payers!", (SELECT count(*) FROM payer_months)::int AS "payerMonths!"
 * ```
 */
export const analyticsApplyFact = new PreparedQuery<AnalyticsApplyFactParams,AnalyticsApplyFactResult>(analyticsApplyFactIR);


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
  payerMonths: number;
  staleHours: number;
  stalePayerDays: number;
  stalePayerMonths: number;
}

/** 'AnalyticsRebuildMerchant' query type */
export interface AnalyticsRebuildMerchantQuery {
  params: AnalyticsRebuildMerchantParams;
  result: AnalyticsRebuildMerchantResult;
}

const analyticsRebuildMerchantIR: any = {"usedParamSet":{"merchantId":true,"eventTypes":true,"eventsSince":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":838,"b":849},{"a":3857,"b":3868},{"a":4891,"b":4902},{"a":5978,"b":5989},{"a":6323,"b":6334},{"a":6495,"b":6506}]},{"name":"eventTypes","required":true,"transform":{"type":"scalar"},"locs":[{"a":6403,"b":6414}]},{"name":"eventsSince","required":true,"transform":{"type":"scalar"},"locs":[{"a":6445,"b":6457}]}],"statement":"-- Every rollup of one merchant recomputed from its source rows, in one statement (one snapshot): the hours, the\n-- payers' days and the payers' months that differ overwritten (a row that agrees is left alone), rows left without a source deleted, and the outbox events of those source rows\n-- since :eventsSince marked applied, so an event already in the snapshot that the worker has not consumed yet\n-- does not count twice. Run under AnalyticsLockMerchantExclusive.\nWITH facts AS (\n  SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,\n         f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,\n         f.api_sessions_completed, f.customer_key, f.display_masked\n    FROM merchant_stats_facts f\n   WHERE f.merchant_id = :merchantId!\n), hours AS (\n  SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour, currency, rail,\n         sum(payments_succeeded)::int AS payments_succeeded, sum(payments_failed)::int AS payments_failed,\n         sum(volume)::bigint AS volume, sum(fees)::bigint AS fees, sum(refunds)::bigint AS refunds,\n         sum(link_views)::int AS link_views, sum(link_sessions_opened)::int AS link_sessions_opened,\n         sum(link_sessions_completed)::int AS link_sessions_completed,\n         sum(api_sessions_opened)::int AS api_sessions_opened, sum(api_sessions_completed)::int AS api_sessions_completed\n    FROM facts\n   GROUP BY 1, 2, 3, 4, 5\n), days AS (\n  SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date AS day, customer_key,\n         max(display_masked) AS display_masked, count(*)::int AS payment_count, sum(volume)::bigint AS volume,\n         max(at) AS last_paid_at\n    FROM facts\n   WHERE customer_key IS NOT NULL\n   GROUP BY 1, 2, 3, 4, 5\n), months AS (\n  SELECT merchant_id, livemode, currency, date_trunc('month', day)::date AS month, customer_key,\n         max(display_masked) AS display_masked, sum(payment_count)::int AS payment_count,\n         sum(volume)::bigint AS volume, max(last_paid_at) AS last_paid_at\n    FROM days\n   GROUP BY 1, 2, 3, 4, 5\n), written_hours AS (\n  INSERT INTO merchant_stats_hourly AS h\n         (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,\n          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)\n  SELECT merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,\n         link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed\n    FROM hours\n  ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET\n         payments_succeeded = EXCLUDED.payments_succeeded, payments_failed = EXCLUDED.payments_failed,\n         volume = EXCLUDED.volume, fees = EXCLUDED.fees, refunds = EXCLUDED.refunds,\n         link_views = EXCLUDED.link_views, link_sessions_opened = EXCLUDED.link_sessions_opened,\n         link_sessions_completed = EXCLUDED.link_sessions_completed,\n         api_sessions_opened = EXCLUDED.api_sessions_opened, api_sessions_completed = EXCLUDED.api_sessions_completed\n   WHERE (h.payments_succeeded, h.payments_failed, h.volume, h.fees, h.refunds, h.link_views, h.link_sessions_opened,\n          h.link_sessions_completed, h.api_sessions_opened, h.api_sessions_completed)\n         IS DISTINCT FROM\n         (EXCLUDED.payments_succeeded, EXCLUDED.payments_failed, EXCLUDED.volume, EXCLUDED.fees, EXCLUDED.refunds,\n          EXCLUDED.link_views, EXCLUDED.link_sessions_opened, EXCLUDED.link_sessions_completed,\n          EXCLUDED.api_sessions_opened, EXCLUDED.api_sessions_completed)\n  RETURNING 1\n), stale_hours AS (\n  DELETE FROM merchant_stats_hourly h\n   WHERE h.merchant_id = :merchantId!\n     AND NOT EXISTS (SELECT 1 FROM hours n\n                      WHERE n.livemode = h.livemode AND n.hour = h.hour AND n.currency = h.currency AND n.rail = h.rail)\n  RETURNING 1\n), written_days AS (\n  INSERT INTO merchant_stats_payers_daily AS d\n         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)\n  SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at\n    FROM days\n  ON CONFLICT (merchant_id, livemode, currency, day, customer_key) DO UPDATE SET\n         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,\n         volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at\n   WHERE (d.display_masked, d.payment_count, d.volume, d.last_paid_at)\n         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at)\n  RETURNING 1\n), stale_days AS (\n  DELETE FROM merchant_stats_payers_daily d\n   WHERE d.merchant_id = :merchantId!\n     AND NOT EXISTS (SELECT 1 FROM days n\n                      WHERE n.livemode = d.livemode AND n.currency = d.currency AND n.day = d.day\n                        AND n.customer_key = d.customer_key)\n  RETURNING 1\n), written_months AS (\n  INSERT INTO merchant_stats_payers_monthly AS m\n         (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)\n  SELECT merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at\n    FROM months\n  ON CONFLICT (merchant_id, livemode, currency, month, customer_key) DO UPDATE SET\n         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,\n         volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at\n   WHERE (m.display_masked, m.payment_count, m.volume, m.last_paid_at)\n         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at)\n  RETURNING 1\n), stale_months AS (\n  DELETE FROM merchant_stats_payers_monthly m\n   WHERE m.merchant_id = :merchantId!\n     AND NOT EXISTS (SELECT 1 FROM months n\n                      WHERE n.livemode = m.livemode AND n.currency = m.currency AND n.month = m.month\n                        AND n.customer_key = m.customer_key)\n  RETURNING 1\n), marked AS (\n  INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)\n  SELECT o.id, :merchantId!, o.created_at\n    FROM outbox_events o\n   WHERE o.event_type = ANY(:eventTypes!::text[]) AND o.created_at >= :eventsSince!\n     AND o.payload->>'merchantId' = :merchantId!::text\n  ON CONFLICT (event_id) DO NOTHING\n  RETURNING 1\n)\nSELECT (SELECT count(*) FROM written_hours)::int AS \"hours!\", (SELECT count(*) FROM stale_hours)::int AS \"staleHours!\",\n       (SELECT count(*) FROM written_days)::int AS \"payerDays!\", (SELECT count(*) FROM stale_days)::int AS \"stalePayerDays!\",\n       (SELECT count(*) FROM written_months)::int AS \"payerMonths!\",\n       (SELECT count(*) FROM stale_months)::int AS \"stalePayerMonths!\",\n       (SELECT count(*) FROM marked)::int AS \"eventsMarked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Every rollup of one merchant recomputed from its source rows, in one statement (one snapshot): the hours, the
 * -- payers' days and the payers' months that differ overwritten (a row that agrees is left alone), rows left without a source deleted, and the outbox events of those source rows
 * -- since :eventsSince marked applied, so an event already in the snapshot that the worker has not consumed yet
 * -- does not count twice. Run under AnalyticsLockMerchantExclusive.
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
 * ), days AS (
 *   SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date AS day, customer_key,
 *          max(display_masked) AS display_masked, count(*)::int AS payment_count, sum(volume)::bigint AS volume,
 *          max(at) AS last_paid_at
 *     FROM facts
 *    WHERE customer_key IS NOT NULL
 *    GROUP BY 1, 2, 3, 4, 5
 * ), months AS (
 *   SELECT merchant_id, livemode, currency, date_trunc('month', day)::date AS month, customer_key,
 *          max(display_masked) AS display_masked, sum(payment_count)::int AS payment_count,
 *          sum(volume)::bigint AS volume, max(last_paid_at) AS last_paid_at
 *     FROM days
 *    GROUP BY 1, 2, 3, 4, 5
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
 *          (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)
 *   SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at
 *     FROM days
 *   ON CONFLICT (merchant_id, livemode, currency, day, customer_key) DO UPDATE SET
 *          display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
 *          volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at
 *    WHERE (d.display_masked, d.payment_count, d.volume, d.last_paid_at)
 *          IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at)
 *   RETURNING 1
 * ), stale_days AS (
 *   DELETE FROM merchant_stats_payers_daily d
 *    WHERE d.merchant_id = :merchantId!
 *      AND NOT EXISTS (SELECT 1 FROM days n
 *                       WHERE n.livemode = d.livemode AND n.currency = d.currency AND n.day = d.day
 *                         AND n.customer_key = d.customer_key)
 *   RETURNING 1
 * ), written_months AS (
 *   INSERT INTO merchant_stats_payers_monthly AS m
 *          (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)
 *   SELECT merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at
 *     FROM months
 *   ON CONFLICT (merchant_id, livemode, currency, month, customer_key) DO UPDATE SET
 *          display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
 *          volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at
 *    WHERE (m.display_masked, m.payment_count, m.volume, m.last_paid_at)
 *          IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at)
 *   RETURNING 1
 * ), stale_months AS (
 *   DELETE FROM merchant_stats_payers_monthly m
 *    WHERE m.merchant_id = :merchantId!
 *      AND NOT EXISTS (SELECT 1 FROM months n
 *                       WHERE n.livemode = m.livemode AND n.currency = m.currency AND n.month = m.month
 *                         AND n.customer_key = m.customer_key)
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
 *        (SELECT count(*) FROM written_months)::int AS "payerMonths!",
 *        (SELECT count(*) FROM stale_months)::int AS "stalePayerMonths!",
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
  firstEdgeFrom: DateOrString;
  firstEdgeSign: number;
  firstEdgeTo: DateOrString;
  limit: NumberOrString;
  livemode: boolean;
  merchantId: string;
  monthFrom: DateOrString;
  monthTo: DateOrString;
  secondEdgeFrom: DateOrString;
  secondEdgeSign: number;
  secondEdgeTo: DateOrString;
  toEnd: DateOrString;
}

/** 'AnalyticsTopCustomers' return type */
export interface AnalyticsTopCustomersResult {
  customerKey: string;
  displayMasked: string;
  lastPaidAt: Date | null;
  lastPaidLater: boolean;
  paymentCount: string;
  volume: string;
}

/** 'AnalyticsTopCustomers' query type */
export interface AnalyticsTopCustomersQuery {
  params: AnalyticsTopCustomersParams;
  result: AnalyticsTopCustomersResult;
}

const analyticsTopCustomersIR: any = {"usedParamSet":{"toEnd":true,"merchantId":true,"livemode":true,"currency":true,"monthFrom":true,"monthTo":true,"firstEdgeSign":true,"firstEdgeFrom":true,"firstEdgeTo":true,"secondEdgeSign":true,"secondEdgeFrom":true,"secondEdgeTo":true,"limit":true},"params":[{"name":"toEnd","required":true,"transform":{"type":"scalar"},"locs":[{"a":1203,"b":1209},{"a":1279,"b":1285}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1372,"b":1383},{"a":1777,"b":1788},{"a":2189,"b":2200}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":1402,"b":1411},{"a":1807,"b":1816},{"a":2219,"b":2228}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":1430,"b":1439},{"a":1835,"b":1844},{"a":2247,"b":2256}]},{"name":"monthFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":1461,"b":1471}]},{"name":"monthTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":1494,"b":1502}]},{"name":"firstEdgeSign","required":true,"transform":{"type":"scalar"},"locs":[{"a":1565,"b":1579},{"a":1605,"b":1619},{"a":1657,"b":1671}]},{"name":"firstEdgeFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":1864,"b":1878}]},{"name":"firstEdgeTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":1899,"b":1911}]},{"name":"secondEdgeSign","required":true,"transform":{"type":"scalar"},"locs":[{"a":1974,"b":1989},{"a":2015,"b":2030},{"a":2068,"b":2083}]},{"name":"secondEdgeFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":2276,"b":2291}]},{"name":"secondEdgeTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":2312,"b":2325}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":2725,"b":2731}]}],"statement":"-- The payers of the most volume over the UTC days of the window, ties by count then key, from the payers' months\n-- [:monthFrom, :monthTo] (the window's whole months, and a partial edge month when its days outside the window are\n-- fewer than those inside) and the payers' days of two edge ranges (first day, last day, sign; an unused one empty):\n-- +1 for the days inside the window of an edge month not taken whole, -1 for the days outside it of an edge month\n-- taken whole. Each range is a primary-key range scan of its own (with a join to a list of ranges the planner\n-- scanned every daily row). Exact: what a month row counts outside the window is taken off again, and a payer whose\n-- count comes to 0 is left out. A month row whose last payment is after the window (only the last day's month can\n-- have one: a payment dated after today) gives no last payment and sets \"lastPaidLater\":\n-- AnalyticsTopCustomersLastPaid then reads it from the payer's days (a lookup per row here was estimated dear\n-- enough to set PostgreSQL's JIT compiling, most of the request's time).\nWITH parts AS (\n  SELECT m.customer_key, m.display_masked, m.payment_count, m.volume,\n         CASE WHEN m.last_paid_at < :toEnd! THEN m.last_paid_at END AS last_paid_at,\n         m.last_paid_at >= :toEnd! AS last_paid_later\n    FROM merchant_stats_payers_monthly m\n   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode! AND m.currency = :currency!\n     AND m.month >= :monthFrom!::date AND m.month <= :monthTo!::date\n  UNION ALL\n  SELECT d.customer_key, d.display_masked, :firstEdgeSign!::int * d.payment_count, :firstEdgeSign!::int * d.volume,\n         CASE WHEN :firstEdgeSign!::int > 0 THEN d.last_paid_at END, false\n    FROM merchant_stats_payers_daily d\n   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!\n     AND d.day >= :firstEdgeFrom!::date AND d.day <= :firstEdgeTo!::date\n  UNION ALL\n  SELECT d.customer_key, d.display_masked, :secondEdgeSign!::int * d.payment_count, :secondEdgeSign!::int * d.volume,\n         CASE WHEN :secondEdgeSign!::int > 0 THEN d.last_paid_at END, false\n    FROM merchant_stats_payers_daily d\n   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!\n     AND d.day >= :secondEdgeFrom!::date AND d.day <= :secondEdgeTo!::date\n)\nSELECT customer_key AS \"customerKey!\", max(display_masked) AS \"displayMasked!\",\n       sum(payment_count)::text AS \"paymentCount!\", sum(volume)::text AS \"volume!\", max(last_paid_at) AS \"lastPaidAt\",\n       bool_or(last_paid_later) AS \"lastPaidLater!\"\n  FROM parts\n GROUP BY customer_key\nHAVING sum(payment_count) > 0\n ORDER BY sum(volume) DESC, sum(payment_count) DESC, customer_key\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The payers of the most volume over the UTC days of the window, ties by count then key, from the payers' months
 * -- [:monthFrom, :monthTo] (the window's whole months, and a partial edge month when its days outside the window are
 * -- fewer than those inside) and the payers' days of two edge ranges (first day, last day, sign; an unused one empty):
 * -- +1 for the days inside the window of an edge month not taken whole, -1 for the days outside it of an edge month
 * -- taken whole. Each range is a primary-key range scan of its own (with a join to a list of ranges the planner
 * -- scanned every daily row). Exact: what a month row counts outside the window is taken off again, and a payer whose
 * -- count comes to 0 is left out. A month row whose last payment is after the window (only the last day's month can
 * -- have one: a payment dated after today) gives no last payment and sets "lastPaidLater":
 * -- AnalyticsTopCustomersLastPaid then reads it from the payer's days (a lookup per row here was estimated dear
 * -- enough to set PostgreSQL's JIT compiling, most of the request's time).
 * WITH parts AS (
 *   SELECT m.customer_key, m.display_masked, m.payment_count, m.volume,
 *          CASE WHEN m.last_paid_at < :toEnd! THEN m.last_paid_at END AS last_paid_at,
 *          m.last_paid_at >= :toEnd! AS last_paid_later
 *     FROM merchant_stats_payers_monthly m
 *    WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode! AND m.currency = :currency!
 *      AND m.month >= :monthFrom!::date AND m.month <= :monthTo!::date
 *   UNION ALL
 *   SELECT d.customer_key, d.display_masked, :firstEdgeSign!::int * d.payment_count, :firstEdgeSign!::int * d.volume,
 *          CASE WHEN :firstEdgeSign!::int > 0 THEN d.last_paid_at END, false
 *     FROM merchant_stats_payers_daily d
 *    WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
 *      AND d.day >= :firstEdgeFrom!::date AND d.day <= :firstEdgeTo!::date
 *   UNION ALL
 *   SELECT d.customer_key, d.display_masked, :secondEdgeSign!::int * d.payment_count, :secondEdgeSign!::int * d.volume,
 *          CASE WHEN :secondEdgeSign!::int > 0 THEN d.last_paid_at END, false
 *     FROM merchant_stats_payers_daily d
 *    WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
 *      AND d.day >= :secondEdgeFrom!::date AND d.day <= :secondEdgeTo!::date
 * )
 * SELECT customer_key AS "customerKey!", max(display_masked) AS "displayMasked!",
 *        sum(payment_count)::text AS "paymentCount!", sum(volume)::text AS "volume!", max(last_paid_at) AS "lastPaidAt",
 *        bool_or(last_paid_later) AS "lastPaidLater!"
 *   FROM parts
 *  GROUP BY customer_key
 * HAVING sum(payment_count) > 0
 *  ORDER BY sum(volume) DESC, sum(payment_count) DESC, customer_key
 *  LIMIT :limit!
 * ```
 */
export const analyticsTopCustomers = new PreparedQuery<AnalyticsTopCustomersParams,AnalyticsTopCustomersResult>(analyticsTopCustomersIR);


/** 'AnalyticsTopCustomersLastPaid' parameters type */
export interface AnalyticsTopCustomersLastPaidParams {
  currency: string;
  customerKeys: stringArray;
  fromDay: DateOrString;
  livemode: boolean;
  merchantId: string;
  toDay: DateOrString;
}

/** 'AnalyticsTopCustomersLastPaid' return type */
export interface AnalyticsTopCustomersLastPaidResult {
  customerKey: string;
  lastPaidAt: Date;
}

/** 'AnalyticsTopCustomersLastPaid' query type */
export interface AnalyticsTopCustomersLastPaidQuery {
  params: AnalyticsTopCustomersLastPaidParams;
  result: AnalyticsTopCustomersLastPaidResult;
}

const analyticsTopCustomersLastPaidIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"fromDay":true,"toDay":true,"customerKeys":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":337,"b":348}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":365,"b":374}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":391,"b":400}]},{"name":"fromDay","required":true,"transform":{"type":"scalar"},"locs":[{"a":416,"b":424}]},{"name":"toDay","required":true,"transform":{"type":"scalar"},"locs":[{"a":443,"b":449}]},{"name":"customerKeys","required":true,"transform":{"type":"scalar"},"locs":[{"a":480,"b":493}]}],"statement":"-- The last payment inside the days [:fromDay, :toDay] of the payers given, from their days: for the top customers\n-- whose month row has a payment after the window (AnalyticsTopCustomers' \"lastPaidLater\").\nSELECT customer_key AS \"customerKey!\", max(last_paid_at) AS \"lastPaidAt!\"\n  FROM merchant_stats_payers_daily\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND day >= :fromDay!::date AND day <= :toDay!::date AND customer_key = ANY(:customerKeys!::text[])\n GROUP BY customer_key"};

/**
 * Query generated from SQL:
 * ```
 * -- The last payment inside the days [:fromDay, :toDay] of the payers given, from their days: for the top customers
 * -- whose month row has a payment after the window (AnalyticsTopCustomers' "lastPaidLater").
 * SELECT customer_key AS "customerKey!", max(last_paid_at) AS "lastPaidAt!"
 *   FROM merchant_stats_payers_daily
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND day >= :fromDay!::date AND day <= :toDay!::date AND customer_key = ANY(:customerKeys!::text[])
 *  GROUP BY customer_key
 * ```
 */
export const analyticsTopCustomersLastPaid = new PreparedQuery<AnalyticsTopCustomersLastPaidParams,AnalyticsTopCustomersLastPaidResult>(analyticsTopCustomersLastPaidIR);


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


