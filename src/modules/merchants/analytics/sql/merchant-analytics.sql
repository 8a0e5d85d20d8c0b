/* @name AnalyticsLockMerchantShared */
-- A consumer's hold on the merchant's rollups for its transaction: many at once, none while a rebuild runs.
SELECT pg_advisory_xact_lock_shared(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS "locked";

/* @name AnalyticsLockMerchantExclusive */
-- A rebuild's hold on the merchant's rollups: it waits for the consumers under way to commit, and holds off new ones.
SELECT pg_advisory_xact_lock(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS "locked";

/* @name AnalyticsApplyFact */
-- One outbox event counted once: its id is recorded first (a redelivered event finds it and adds nothing), then
-- the fact its source row stands for (merchant_stats_facts, by kind and id) is added to the hour, the payer's day
-- and the payer's month.
WITH fresh AS (
  INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)
  VALUES (:eventId!, :merchantId!, :occurredAt!)
  ON CONFLICT (event_id) DO NOTHING
  RETURNING event_id
), fact AS (
  SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,
         f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,
         f.api_sessions_completed, f.customer_key, f.display_masked
    FROM merchant_stats_facts f
   WHERE f.kind = :kind! AND f.source_id = :sourceId! AND f.merchant_id = :merchantId!
     AND EXISTS (SELECT 1 FROM fresh)
), hourly AS (
  INSERT INTO merchant_stats_hourly AS h
         (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,
          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)
  SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), currency, rail,
         payments_succeeded, payments_failed, volume, fees, refunds,
         link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed
    FROM fact
  ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET
         payments_succeeded = h.payments_succeeded + EXCLUDED.payments_succeeded,
         payments_failed = h.payments_failed + EXCLUDED.payments_failed,
         volume = h.volume + EXCLUDED.volume,
         fees = h.fees + EXCLUDED.fees,
         refunds = h.refunds + EXCLUDED.refunds,
         link_views = h.link_views + EXCLUDED.link_views,
         link_sessions_opened = h.link_sessions_opened + EXCLUDED.link_sessions_opened,
         link_sessions_completed = h.link_sessions_completed + EXCLUDED.link_sessions_completed,
         api_sessions_opened = h.api_sessions_opened + EXCLUDED.api_sessions_opened,
         api_sessions_completed = h.api_sessions_completed + EXCLUDED.api_sessions_completed
  RETURNING 1
), payers AS (
  INSERT INTO merchant_stats_payers_daily AS d
         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)
  SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date, customer_key, display_masked, 1, volume, at
    FROM fact
   WHERE customer_key IS NOT NULL
  ON CONFLICT (merchant_id, livemode, currency, day, customer_key) DO UPDATE SET
         payment_count = d.payment_count + 1,
         volume = d.volume + EXCLUDED.volume,
         display_masked = EXCLUDED.display_masked,
         last_paid_at = greatest(d.last_paid_at, EXCLUDED.last_paid_at)
  RETURNING 1
), payer_months AS (
  INSERT INTO merchant_stats_payers_monthly AS m
         (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)
  SELECT merchant_id, livemode, currency, date_trunc('month', at AT TIME ZONE 'UTC')::date, customer_key,
         display_masked, 1, volume, at
    FROM fact
   WHERE customer_key IS NOT NULL
  ON CONFLICT (merchant_id, livemode, currency, month, customer_key) DO UPDATE SET
         payment_count = m.payment_count + 1,
         volume = m.volume + EXCLUDED.volume,
         display_masked = EXCLUDED.display_masked,
         last_paid_at = greatest(m.last_paid_at, EXCLUDED.last_paid_at)
  RETURNING 1
)
SELECT (SELECT count(*) FROM fresh)::int AS "applied!", (SELECT count(*) FROM hourly)::int AS "counted!",
       (SELECT count(*) FROM payers)::int AS "payers!", (SELECT count(*) FROM payer_months)::int AS "payerMonths!";

/* @name AnalyticsRebuildMerchant */
-- Every rollup of one merchant recomputed from its source rows, in one statement (one snapshot): the hours, the
-- payers' days and the payers' months that differ overwritten (a row that agrees is left alone), rows left without a source deleted, and the outbox events of those source rows
-- since :eventsSince marked applied, so an event already in the snapshot that the worker has not consumed yet
-- does not count twice. Run under AnalyticsLockMerchantExclusive.
WITH facts AS (
  SELECT f.merchant_id, f.livemode, f.currency, f.at, f.rail, f.payments_succeeded, f.payments_failed, f.volume, f.fees,
         f.refunds, f.link_views, f.link_sessions_opened, f.link_sessions_completed, f.api_sessions_opened,
         f.api_sessions_completed, f.customer_key, f.display_masked
    FROM merchant_stats_facts f
   WHERE f.merchant_id = :merchantId!
), hours AS (
  SELECT merchant_id, livemode, date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour, currency, rail,
         sum(payments_succeeded)::int AS payments_succeeded, sum(payments_failed)::int AS payments_failed,
         sum(volume)::bigint AS volume, sum(fees)::bigint AS fees, sum(refunds)::bigint AS refunds,
         sum(link_views)::int AS link_views, sum(link_sessions_opened)::int AS link_sessions_opened,
         sum(link_sessions_completed)::int AS link_sessions_completed,
         sum(api_sessions_opened)::int AS api_sessions_opened, sum(api_sessions_completed)::int AS api_sessions_completed
    FROM facts
   GROUP BY 1, 2, 3, 4, 5
), days AS (
  SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date AS day, customer_key,
         max(display_masked) AS display_masked, count(*)::int AS payment_count, sum(volume)::bigint AS volume,
         max(at) AS last_paid_at
    FROM facts
   WHERE customer_key IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
), months AS (
  SELECT merchant_id, livemode, currency, date_trunc('month', day)::date AS month, customer_key,
         max(display_masked) AS display_masked, sum(payment_count)::int AS payment_count,
         sum(volume)::bigint AS volume, max(last_paid_at) AS last_paid_at
    FROM days
   GROUP BY 1, 2, 3, 4, 5
), written_hours AS (
  INSERT INTO merchant_stats_hourly AS h
         (merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,
          link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed)
  SELECT merchant_id, livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds,
         link_views, link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed
    FROM hours
  ON CONFLICT (merchant_id, livemode, hour, currency, rail) DO UPDATE SET
         payments_succeeded = EXCLUDED.payments_succeeded, payments_failed = EXCLUDED.payments_failed,
         volume = EXCLUDED.volume, fees = EXCLUDED.fees, refunds = EXCLUDED.refunds,
         link_views = EXCLUDED.link_views, link_sessions_opened = EXCLUDED.link_sessions_opened,
         link_sessions_completed = EXCLUDED.link_sessions_completed,
         api_sessions_opened = EXCLUDED.api_sessions_opened, api_sessions_completed = EXCLUDED.api_sessions_completed
   WHERE (h.payments_succeeded, h.payments_failed, h.volume, h.fees, h.refunds, h.link_views, h.link_sessions_opened,
          h.link_sessions_completed, h.api_sessions_opened, h.api_sessions_completed)
         IS DISTINCT FROM
         (EXCLUDED.payments_succeeded, EXCLUDED.payments_failed, EXCLUDED.volume, EXCLUDED.fees, EXCLUDED.refunds,
          EXCLUDED.link_views, EXCLUDED.link_sessions_opened, EXCLUDED.link_sessions_completed,
          EXCLUDED.api_sessions_opened, EXCLUDED.api_sessions_completed)
  RETURNING 1
), stale_hours AS (
  DELETE FROM merchant_stats_hourly h
   WHERE h.merchant_id = :merchantId!
     AND NOT EXISTS (SELECT 1 FROM hours n
                      WHERE n.livemode = h.livemode AND n.hour = h.hour AND n.currency = h.currency AND n.rail = h.rail)
  RETURNING 1
), written_days AS (
  INSERT INTO merchant_stats_payers_daily AS d
         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)
  SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at
    FROM days
  ON CONFLICT (merchant_id, livemode, currency, day, customer_key) DO UPDATE SET
         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
         volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at
   WHERE (d.display_masked, d.payment_count, d.volume, d.last_paid_at)
         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at)
  RETURNING 1
), stale_days AS (
  DELETE FROM merchant_stats_payers_daily d
   WHERE d.merchant_id = :merchantId!
     AND NOT EXISTS (SELECT 1 FROM days n
                      WHERE n.livemode = d.livemode AND n.currency = d.currency AND n.day = d.day
                        AND n.customer_key = d.customer_key)
  RETURNING 1
), written_months AS (
  INSERT INTO merchant_stats_payers_monthly AS m
         (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)
  SELECT merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at
    FROM months
  ON CONFLICT (merchant_id, livemode, currency, month, customer_key) DO UPDATE SET
         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
         volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at
   WHERE (m.display_masked, m.payment_count, m.volume, m.last_paid_at)
         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at)
  RETURNING 1
), stale_months AS (
  DELETE FROM merchant_stats_payers_monthly m
   WHERE m.merchant_id = :merchantId!
     AND NOT EXISTS (SELECT 1 FROM months n
                      WHERE n.livemode = m.livemode AND n.currency = m.currency AND n.month = m.month
                        AND n.customer_key = m.customer_key)
  RETURNING 1
), marked AS (
  INSERT INTO merchant_stats_applied_events (event_id, merchant_id, occurred_at)
  SELECT o.id, :merchantId!, o.created_at
    FROM outbox_events o
   WHERE o.event_type = ANY(:eventTypes!::text[]) AND o.created_at >= :eventsSince!
     AND o.payload->>'merchantId' = :merchantId!::text
  ON CONFLICT (event_id) DO NOTHING
  RETURNING 1
)
SELECT (SELECT count(*) FROM written_hours)::int AS "hours!", (SELECT count(*) FROM stale_hours)::int AS "staleHours!",
       (SELECT count(*) FROM written_days)::int AS "payerDays!", (SELECT count(*) FROM stale_days)::int AS "stalePayerDays!",
       (SELECT count(*) FROM written_months)::int AS "payerMonths!",
       (SELECT count(*) FROM stale_months)::int AS "stalePayerMonths!",
       (SELECT count(*) FROM marked)::int AS "eventsMarked!";

/* @name AnalyticsMerchantIds */
-- Every merchant, for a rebuild of all.
SELECT id FROM merchants ORDER BY id;

/* @name AnalyticsPruneAppliedEvents */
-- Applied event ids past the retention: no redelivery comes that late.
WITH gone AS (
  DELETE FROM merchant_stats_applied_events
   WHERE event_id IN (SELECT event_id FROM merchant_stats_applied_events WHERE occurred_at < :before! LIMIT :limit!)
  RETURNING 1
)
SELECT count(*)::int AS "pruned!" FROM gone;

/* @name AnalyticsTotals */
-- The totals of one merchant, mode and currency over [:from, :to) and over the period before it, [:previousFrom, :from).
SELECT coalesce(sum(payments_succeeded) FILTER (WHERE hour >= :from!), 0)::text AS "count!",
       coalesce(sum(payments_failed) FILTER (WHERE hour >= :from!), 0)::text AS "failed!",
       coalesce(sum(volume) FILTER (WHERE hour >= :from!), 0)::text AS "gross!",
       coalesce(sum(fees) FILTER (WHERE hour >= :from!), 0)::text AS "fees!",
       coalesce(sum(refunds) FILTER (WHERE hour >= :from!), 0)::text AS "refunds!",
       coalesce(sum(payments_succeeded) FILTER (WHERE hour < :from!), 0)::text AS "previousCount!",
       coalesce(sum(payments_failed) FILTER (WHERE hour < :from!), 0)::text AS "previousFailed!",
       coalesce(sum(volume) FILTER (WHERE hour < :from!), 0)::text AS "previousGross!",
       coalesce(sum(fees) FILTER (WHERE hour < :from!), 0)::text AS "previousFees!",
       coalesce(sum(refunds) FILTER (WHERE hour < :from!), 0)::text AS "previousRefunds!"
  FROM merchant_stats_hourly
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND hour >= :previousFrom! AND hour < :to!;

/* @name AnalyticsSeries */
-- One row per bucket of :step from :from to :to (zero-filled: generate_series over UTC wall time), with the sums.
WITH sums AS (
  SELECT date_bin(:step!::interval, hour, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS t,
         sum(payments_succeeded) AS count, sum(volume) AS volume, sum(fees) AS fees, sum(refunds) AS refunds
    FROM merchant_stats_hourly
   WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
     AND hour >= :from! AND hour < :to!
   GROUP BY 1
)
SELECT b.t AS "t!", coalesce(s.count, 0)::text AS "count!", coalesce(s.volume, 0)::text AS "volume!",
       coalesce(s.fees, 0)::text AS "fees!", coalesce(s.refunds, 0)::text AS "refunds!"
  FROM (SELECT w AT TIME ZONE 'UTC' AS t
          FROM generate_series(:from!::timestamptz AT TIME ZONE 'UTC', :to!::timestamptz AT TIME ZONE 'UTC' - :step!::interval,
                               :step!::interval) AS w) b
  LEFT JOIN sums s ON s.t = b.t
 ORDER BY b.t;

/* @name AnalyticsRails */
-- Succeeded payments per rail over [:from, :to), the largest volume first.
SELECT rail, sum(payments_succeeded)::text AS "count!", sum(volume)::text AS "volume!"
  FROM merchant_stats_hourly
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND hour >= :from! AND hour < :to! AND rail <> ''
 GROUP BY rail
HAVING sum(payments_succeeded) > 0
 ORDER BY sum(volume) DESC, rail;

/* @name AnalyticsFunnel */
-- Link views, sessions opened and completed by source over [:from, :to), every currency.
SELECT coalesce(sum(link_views), 0)::text AS "linkViews!",
       coalesce(sum(link_sessions_opened), 0)::text AS "linkOpened!",
       coalesce(sum(link_sessions_completed), 0)::text AS "linkCompleted!",
       coalesce(sum(api_sessions_opened), 0)::text AS "apiOpened!",
       coalesce(sum(api_sessions_completed), 0)::text AS "apiCompleted!"
  FROM merchant_stats_hourly
 WHERE merchant_id = :merchantId! AND livemode = :livemode!
   AND hour >= :from! AND hour < :to!;

/* @name AnalyticsTopCustomers */
-- The payers of the most volume over the UTC days of the window, ties by count then key, from the payers' months
-- [:monthFrom, :monthTo] (the window's whole months, and a partial edge month when its days outside the window are
-- fewer than those inside) and the payers' days of two edge ranges (first day, last day, sign; an unused one empty):
-- +1 for the days inside the window of an edge month not taken whole, -1 for the days outside it of an edge month
-- taken whole. Each range is a primary-key range scan of its own (with a join to a list of ranges the planner
-- scanned every daily row). Exact: what a month row counts outside the window is taken off again, and a payer whose
-- count comes to 0 is left out. A month row whose last payment is after the window (only the last day's month can
-- have one: a payment dated after today) gives no last payment and sets "lastPaidLater":
-- AnalyticsTopCustomersLastPaid then reads it from the payer's days (a lookup per row here was estimated dear
-- enough to set PostgreSQL's JIT compiling, most of the request's time).
WITH parts AS (
  SELECT m.customer_key, m.display_masked, m.payment_count, m.volume,
         CASE WHEN m.last_paid_at < :toEnd! THEN m.last_paid_at END AS last_paid_at,
         m.last_paid_at >= :toEnd! AS last_paid_later
    FROM merchant_stats_payers_monthly m
   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode! AND m.currency = :currency!
     AND m.month >= :monthFrom!::date AND m.month <= :monthTo!::date
  UNION ALL
  SELECT d.customer_key, d.display_masked, :firstEdgeSign!::int * d.payment_count, :firstEdgeSign!::int * d.volume,
         CASE WHEN :firstEdgeSign!::int > 0 THEN d.last_paid_at END, false
    FROM merchant_stats_payers_daily d
   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
     AND d.day >= :firstEdgeFrom!::date AND d.day <= :firstEdgeTo!::date
  UNION ALL
  SELECT d.customer_key, d.display_masked, :secondEdgeSign!::int * d.payment_count, :secondEdgeSign!::int * d.volume,
         CASE WHEN :secondEdgeSign!::int > 0 THEN d.last_paid_at END, false
    FROM merchant_stats_payers_daily d
   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
     AND d.day >= :secondEdgeFrom!::date AND d.day <= :secondEdgeTo!::date
)
SELECT customer_key AS "customerKey!", max(display_masked) AS "displayMasked!",
       sum(payment_count)::text AS "paymentCount!", sum(volume)::text AS "volume!", max(last_paid_at) AS "lastPaidAt",
       bool_or(last_paid_later) AS "lastPaidLater!"
  FROM parts
 GROUP BY customer_key
HAVING sum(payment_count) > 0
 ORDER BY sum(volume) DESC, sum(payment_count) DESC, customer_key
 LIMIT :limit!;

/* @name AnalyticsTopCustomersLastPaid */
-- The last payment inside the days [:fromDay, :toDay] of the payers given, from their days: for the top customers
-- whose month row has a payment after the window (AnalyticsTopCustomers' "lastPaidLater").
SELECT customer_key AS "customerKey!", max(last_paid_at) AS "lastPaidAt!"
  FROM merchant_stats_payers_daily
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND day >= :fromDay!::date AND day <= :toDay!::date AND customer_key = ANY(:customerKeys!::text[])
 GROUP BY customer_key;

/* @name AnalyticsSettlementAccount */
-- The merchant's settlement account in force, masked.
SELECT bank_code, account_number_last4, status, currency
  FROM merchant_settlement_accounts
 WHERE merchant_id = :merchantId! AND replaced_at IS NULL;
