/* @name AnalyticsLockMerchantShared */
-- A consumer's hold on the merchant's rollups for its transaction: many at once, none while a rebuild runs.
SELECT pg_advisory_xact_lock_shared(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS "locked";

/* @name AnalyticsLockMerchantExclusive */
-- A rebuild's hold on the merchant's rollups: it waits for the consumers under way to commit, and holds off new ones.
SELECT pg_advisory_xact_lock(hashtextextended('merchant-analytics:' || :merchantId!::text, 0))::text AS "locked";

/* @name AnalyticsApplyFact */
-- One outbox event counted once: its id is recorded first (a redelivered event finds it and adds nothing), then
-- the fact its source row stands for (merchant_stats_facts, by kind and id) is added to the hour and to the payer's
-- lifetime row (merchant_stats_payers). The upsert holds the payer's row lock until the transaction commits, so the
-- payer's facts are applied one at a time from here on: the payer's day (AnalyticsPayerAddDay, run next with the
-- values returned here when "payerDay" is not null) then reads, in a statement of its own with a fresh snapshot,
-- every day row an earlier fact of the payer wrote.
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
), payer AS (
  INSERT INTO merchant_stats_payers AS p
         (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
          last_paid_at)
  SELECT merchant_id, livemode, currency, customer_key, display_masked, 1, volume, (at AT TIME ZONE 'UTC')::date,
         (at AT TIME ZONE 'UTC')::date, at
    FROM fact
   WHERE customer_key IS NOT NULL
  ON CONFLICT (merchant_id, livemode, currency, customer_key) DO UPDATE SET
         payment_count = p.payment_count + 1,
         volume = p.volume + EXCLUDED.volume,
         display_masked = EXCLUDED.display_masked,
         first_day = least(p.first_day, EXCLUDED.first_day),
         last_day = greatest(p.last_day, EXCLUDED.last_day),
         last_paid_at = greatest(p.last_paid_at, EXCLUDED.last_paid_at)
  RETURNING 1
)
SELECT (SELECT count(*) FROM fresh)::int AS "applied!", (SELECT count(*) FROM hourly)::int AS "counted!",
       (SELECT count(*) FROM payer)::int AS "payers!",
       f.livemode AS "livemode", f.currency AS "currency", (f.at AT TIME ZONE 'UTC')::date::text AS "payerDay",
       f.customer_key AS "customerKey", f.display_masked AS "displayMasked", f.volume::text AS "volume",
       f.at AS "paidAt"
  FROM (SELECT 1) one
  LEFT JOIN fact f ON f.customer_key IS NOT NULL;

/* @name AnalyticsPayerAddDay */
-- A payer's fact (AnalyticsApplyFact's, whose transaction holds the payer's lifetime row) added to its day: the day
-- row's count and volume, and the cumulative totals through the day (cum_count, cum_volume) of that row (the payer's
-- last row before the day plus this day's) and of every later row of the payer (a fact dated before the payer's last
-- day: a late one; normally there is none).
WITH before AS (
  SELECT d.cum_count, d.cum_volume
    FROM merchant_stats_payers_daily d
   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
     AND d.customer_key = :customerKey! AND d.day < :day!::date
   ORDER BY d.day DESC
   LIMIT 1
), later AS (
  UPDATE merchant_stats_payers_daily d
     SET cum_count = d.cum_count + 1, cum_volume = d.cum_volume + :volume!::bigint
   WHERE d.merchant_id = :merchantId! AND d.livemode = :livemode! AND d.currency = :currency!
     AND d.customer_key = :customerKey! AND d.day > :day!::date
  RETURNING 1
), this_day AS (
  INSERT INTO merchant_stats_payers_daily AS d
         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
          cum_count, cum_volume)
  SELECT :merchantId!, :livemode!, :currency!, :day!::date, :customerKey!, :displayMasked!, 1, :volume!::bigint,
         :paidAt!::timestamptz, coalesce((SELECT cum_count FROM before), 0) + 1,
         coalesce((SELECT cum_volume FROM before), 0) + :volume!::bigint
  ON CONFLICT (merchant_id, livemode, currency, customer_key, day) DO UPDATE SET
         payment_count = d.payment_count + 1,
         volume = d.volume + EXCLUDED.volume,
         display_masked = EXCLUDED.display_masked,
         last_paid_at = greatest(d.last_paid_at, EXCLUDED.last_paid_at),
         cum_count = d.cum_count + 1,
         cum_volume = d.cum_volume + EXCLUDED.volume
  RETURNING 1
)
SELECT (SELECT count(*) FROM this_day)::int AS "days!", (SELECT count(*) FROM later)::int AS "laterDays!";

/* @name AnalyticsRebuildMerchant */
-- Every rollup of one merchant recomputed from its source rows, in one statement (one snapshot): the hours, the
-- payers' days (their cumulative totals by a window sum over each payer's days) and the payers' lifetime rows that
-- differ overwritten (a row that agrees is left alone), rows left without a source deleted, and the outbox events of
-- those source rows since :eventsSince marked applied, so an event already in the snapshot that the worker has not
-- consumed yet does not count twice. Run under AnalyticsLockMerchantExclusive.
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
), day_sums AS (
  SELECT merchant_id, livemode, currency, (at AT TIME ZONE 'UTC')::date AS day, customer_key,
         max(display_masked) AS display_masked, count(*)::int AS payment_count, sum(volume)::bigint AS volume,
         max(at) AS last_paid_at
    FROM facts
   WHERE customer_key IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
), days AS (
  SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
         (sum(payment_count) OVER payer)::int AS cum_count, (sum(volume) OVER payer)::bigint AS cum_volume
    FROM day_sums
  WINDOW payer AS (PARTITION BY merchant_id, livemode, currency, customer_key ORDER BY day)
), payers AS (
  SELECT merchant_id, livemode, currency, customer_key, max(display_masked) AS display_masked,
         sum(payment_count)::int AS payment_count, sum(volume)::bigint AS volume, min(day) AS first_day,
         max(day) AS last_day, max(last_paid_at) AS last_paid_at
    FROM day_sums
   GROUP BY 1, 2, 3, 4
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
         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
          cum_count, cum_volume)
  SELECT merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at,
         cum_count, cum_volume
    FROM days
  ON CONFLICT (merchant_id, livemode, currency, customer_key, day) DO UPDATE SET
         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
         volume = EXCLUDED.volume, last_paid_at = EXCLUDED.last_paid_at,
         cum_count = EXCLUDED.cum_count, cum_volume = EXCLUDED.cum_volume
   WHERE (d.display_masked, d.payment_count, d.volume, d.last_paid_at, d.cum_count, d.cum_volume)
         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.last_paid_at,
                           EXCLUDED.cum_count, EXCLUDED.cum_volume)
  RETURNING 1
), stale_days AS (
  DELETE FROM merchant_stats_payers_daily d
   WHERE d.merchant_id = :merchantId!
     AND NOT EXISTS (SELECT 1 FROM days n
                      WHERE n.livemode = d.livemode AND n.currency = d.currency AND n.day = d.day
                        AND n.customer_key = d.customer_key)
  RETURNING 1
), written_payers AS (
  INSERT INTO merchant_stats_payers AS p
         (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
          last_paid_at)
  SELECT merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
         last_paid_at
    FROM payers
  ON CONFLICT (merchant_id, livemode, currency, customer_key) DO UPDATE SET
         display_masked = EXCLUDED.display_masked, payment_count = EXCLUDED.payment_count,
         volume = EXCLUDED.volume, first_day = EXCLUDED.first_day, last_day = EXCLUDED.last_day,
         last_paid_at = EXCLUDED.last_paid_at
   WHERE (p.display_masked, p.payment_count, p.volume, p.first_day, p.last_day, p.last_paid_at)
         IS DISTINCT FROM (EXCLUDED.display_masked, EXCLUDED.payment_count, EXCLUDED.volume, EXCLUDED.first_day,
                           EXCLUDED.last_day, EXCLUDED.last_paid_at)
  RETURNING 1
), stale_payers AS (
  DELETE FROM merchant_stats_payers p
   WHERE p.merchant_id = :merchantId!
     AND NOT EXISTS (SELECT 1 FROM payers n
                      WHERE n.livemode = p.livemode AND n.currency = p.currency AND n.customer_key = p.customer_key)
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
       (SELECT count(*) FROM written_payers)::int AS "payers!",
       (SELECT count(*) FROM stale_payers)::int AS "stalePayers!",
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
-- The payers of the most volume over the UTC days [:fromDay, :toDay] (the window ends today), ties by count then key:
-- a payer's total over the window is its total through :toDay less its total before :fromDay. The payers are those
-- whose last day is on or after :fromDay (merchant_stats_payers_last_day_idx); through :toDay is the lifetime row when
-- its last day is not after :toDay, else (a payment dated after today) the payer's last day row on or before :toDay
-- and on or after :fromDay (none: nothing in the window, the payer is left out), whose last payment is the payer's
-- last inside the window; before :fromDay is 0 when the payer's first day is not before it, else the payer's last
-- day row before :fromDay, one index-only probe of the daily primary key (its INCLUDE columns). So the work is one
-- row and at most one probe per payer active in the window, not payer-days or payments.
SELECT p.customer_key AS "customerKey!", p.display_masked AS "displayMasked!",
       (t.cum_count - coalesce(b.cum_count, 0))::text AS "paymentCount!",
       (t.cum_volume - coalesce(b.cum_volume, 0))::text AS "volume!", t.last_paid_at AS "lastPaidAt!"
  FROM merchant_stats_payers p
 CROSS JOIN LATERAL (
         SELECT p.payment_count AS cum_count, p.volume AS cum_volume, p.last_paid_at
          WHERE p.last_day <= :toDay!::date
         UNION ALL
         (SELECT d.cum_count, d.cum_volume, d.last_paid_at
            FROM merchant_stats_payers_daily d
           WHERE p.last_day > :toDay!::date
             AND d.merchant_id = p.merchant_id AND d.livemode = p.livemode AND d.currency = p.currency
             AND d.customer_key = p.customer_key AND d.day <= :toDay!::date AND d.day >= :fromDay!::date
           ORDER BY d.day DESC
           LIMIT 1)
       ) t
  LEFT JOIN LATERAL (
         SELECT d.cum_count, d.cum_volume
           FROM merchant_stats_payers_daily d
          WHERE p.first_day < :fromDay!::date
            AND d.merchant_id = p.merchant_id AND d.livemode = p.livemode AND d.currency = p.currency
            AND d.customer_key = p.customer_key AND d.day < :fromDay!::date
          ORDER BY d.day DESC
          LIMIT 1
       ) b ON true
 WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode! AND p.currency = :currency!
   AND p.last_day >= :fromDay!::date
   AND t.cum_count - coalesce(b.cum_count, 0) > 0
 ORDER BY t.cum_volume - coalesce(b.cum_volume, 0) DESC, t.cum_count - coalesce(b.cum_count, 0) DESC, p.customer_key
 LIMIT :limit!;

/* @name AnalyticsSettlementAccount */
-- The merchant's settlement account in force, masked.
SELECT bank_code, account_number_last4, status, currency
  FROM merchant_settlement_accounts
 WHERE merchant_id = :merchantId! AND replaced_at IS NULL;
