/* @name CapsInCurrency */
-- The caps a payment in this currency meets (admit): none is the common case, and costs nothing more.
SELECT scope, window_unit, max_count, max_amount
  FROM merchant_velocity_caps
 WHERE merchant_id = :merchantId! AND currency = :currency!
 ORDER BY scope, window_unit;

/* @name LockMerchantVelocity */
-- Serializes the admissions of one merchant's payments until the transaction ends (transaction-scoped,
-- so it holds under PgBouncer's transaction pooling and is never left behind on a pooled connection).
SELECT pg_advisory_xact_lock(hashtextextended('merchant-velocity:' || :merchantId!, 0)) AS "locked!";

/* @name WindowUsage */
-- What the merchant (and the customer, when named) used in the trailing hour and day: the buckets of
-- minutes at or after each window's start minute.
SELECT scope,
       COALESCE(sum(count) FILTER (WHERE minute >= :hourFrom!), 0)::int AS "hour_count!",
       COALESCE(sum(amount) FILTER (WHERE minute >= :hourFrom!), 0)::text AS "hour_amount!",
       COALESCE(sum(count), 0)::int AS "day_count!",
       COALESCE(sum(amount), 0)::text AS "day_amount!"
  FROM merchant_velocity_buckets
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND minute >= :dayFrom!
   AND ((scope = 'MERCHANT' AND customer_key = '') OR (scope = 'CUSTOMER' AND customer_key = :customerKey))
 GROUP BY scope;

/* @name CountAdmission */
-- One more payment in the minute's buckets: the merchant's, and the customer's when named (in that order,
-- as release takes them, so two transactions never wait on each other's rows crosswise).
INSERT INTO merchant_velocity_buckets AS b (merchant_id, livemode, currency, scope, customer_key, minute, count, amount)
SELECT :merchantId!::uuid, :livemode!::boolean, :currency!::char(3), s.scope, s.customer_key,
       :minute!::timestamptz, 1, :amount!::bigint
  FROM (VALUES ('MERCHANT', ''), ('CUSTOMER', :customerKey::varchar)) AS s (scope, customer_key)
 WHERE s.customer_key IS NOT NULL
 ORDER BY s.scope DESC
    ON CONFLICT ON CONSTRAINT merchant_velocity_buckets_pkey
    DO UPDATE SET count = b.count + 1, amount = b.amount + EXCLUDED.amount;

/* @name UncountAdmission */
-- One payment less in one bucket of the minute it was admitted in (never below zero).
UPDATE merchant_velocity_buckets
   SET count = GREATEST(count - 1, 0), amount = GREATEST(amount - :amount!::bigint, 0)
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND scope = :scope! AND customer_key = :customerKey! AND minute = :minute!;

/* @name MerchantWindowUsage */
-- The merchant's own use (MERCHANT buckets) of the trailing hour and day in each currency, with the oldest
-- minute still counted in each (when its headroom comes back): GET /merchant/risk/limits.
SELECT currency,
       COALESCE(sum(count) FILTER (WHERE minute >= :hourFrom!), 0)::int AS "hour_count!",
       COALESCE(sum(amount) FILTER (WHERE minute >= :hourFrom!), 0)::text AS "hour_amount!",
       min(minute) FILTER (WHERE minute >= :hourFrom! AND count > 0) AS hour_oldest,
       COALESCE(sum(count), 0)::int AS "day_count!",
       COALESCE(sum(amount), 0)::text AS "day_amount!",
       min(minute) FILTER (WHERE count > 0) AS day_oldest
  FROM merchant_velocity_buckets
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = ANY (:currencies!::bpchar[])
   AND scope = 'MERCHANT' AND customer_key = '' AND minute >= :dayFrom!
 GROUP BY currency;

/* @name DailyFigures */
-- The merchant's payments per UTC day in one currency (MERCHANT buckets), days without any left out:
-- GET /merchant/risk/kpis fills them with zeros.
SELECT to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "date!",
       sum(count)::int AS "payment_count!",
       sum(amount)::text AS "volume!"
  FROM merchant_velocity_buckets
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND scope = 'MERCHANT' AND customer_key = '' AND minute >= :from! AND minute < :to!
 GROUP BY 1
 ORDER BY 1;

/* @name PurgeBuckets */
-- Deletes up to :batch buckets older than :before (the 90-day retention), oldest first; answers how many.
WITH gone AS (
  DELETE FROM merchant_velocity_buckets
   WHERE ctid = ANY (ARRAY(
           SELECT ctid FROM merchant_velocity_buckets WHERE minute < :before! ORDER BY minute LIMIT :batch!
         ))
  RETURNING 1
)
SELECT count(*)::int AS "deleted!" FROM gone;
