/* @name CountSuccessfulPayment */
-- Adds successful payments to one shard of the biller's bucket for the (UTC) day of the given
-- time, by default the transaction's now() (BillerPopularityService.countSuccessfulPayment).
INSERT INTO biller_popularity (biller_id, day, shard, successful_payments)
VALUES (:billerId!, (coalesce(:at::timestamptz, now()) AT TIME ZONE 'UTC')::date, :shard!, :count!)
    ON CONFLICT (biller_id, day, shard)
    DO UPDATE SET successful_payments = biller_popularity.successful_payments + EXCLUDED.successful_payments;

/* @name TryRefreshLock */
-- Whether this transaction holds the refresh's advisory lock (no other worker refreshing).
SELECT pg_try_advisory_xact_lock(:key!::bigint) AS "locked!";

/* @name RefreshPopularity */
-- Rewrites every biller's popularity as its successful payments over the window's days up to
-- the (UTC) day of the given time, by default the transaction's now(), and answers how many billers changed.
WITH changed AS (
  UPDATE billers b SET popularity = fresh.total
    FROM (SELECT b2.id, COALESCE(SUM(p.successful_payments), 0)::integer AS total
            FROM billers b2
            LEFT JOIN biller_popularity p
              ON p.biller_id = b2.id
             AND p.day >= (coalesce(:now::timestamptz, now()) AT TIME ZONE 'UTC')::date - (:windowDays!::integer - 1)
           GROUP BY b2.id) fresh
   WHERE fresh.id = b.id AND b.popularity <> fresh.total
  RETURNING b.id
)
SELECT count(*)::int AS "changed!" FROM changed;

/* @name DropExpiredPopularity */
-- Drops the buckets older than the window RefreshPopularity counts.
DELETE FROM biller_popularity
 WHERE day < (coalesce(:now::timestamptz, now()) AT TIME ZONE 'UTC')::date - (:windowDays!::integer - 1);
