/* @name CurrencyActivity */
-- Payments created in [from, to) per currency (PaymentMetrics.currencyActivity). Every statement
-- of this file starts from a range on an indexed time column (payments_created_at_idx,
-- posting_attempts_completed_idx, migration 1795840000000), so its cost follows the window.
SELECT p.currency,
       count(*)::int AS "count!",
       coalesce(sum(p.amount) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED')), 0)::text AS "volume!",
       count(*) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED'))::int AS "succeeded!",
       count(*) FILTER (WHERE p.status = 'FAILED')::int AS "failed!"
  FROM payments p
 WHERE p.created_at >= :from! AND p.created_at < :to!
 GROUP BY p.currency
 ORDER BY p.currency;

/* @name ActiveCustomers */
-- Distinct customers of record with a payment created in [from, to) (PaymentMetrics.activeCustomers).
SELECT count(DISTINCT p.customer_id)::int AS "customers!"
  FROM payments p
 WHERE p.created_at >= :from! AND p.created_at < :to!;

/* @name PostingActivity */
-- Posting cycles closed in [from, to) (PaymentMetrics.postingActivity). Each cycle's payment is
-- a scalar subquery on the payments primary key, which PostgreSQL never turns into a join, so
-- the cost is one index probe per cycle of the window whatever the planner thinks of the table
-- sizes (as a join, it hashed the whole payments table at 100,000 rows). MATERIALIZED, so the
-- two percentiles share one probe per cycle instead of repeating it.
WITH w AS MATERIALIZED (
  SELECT a.status,
         a.completed_at - (SELECT p.created_at FROM payments p WHERE p.id = a.payment_id) AS latency
    FROM posting_attempts a
   WHERE a.completed_at IS NOT NULL AND a.completed_at >= :from! AND a.completed_at < :to!
)
SELECT count(*) FILTER (WHERE w.status = 'CONFIRMED')::int AS "confirmed!",
       count(*) FILTER (WHERE w.status = 'FAILED')::int AS "failed!",
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))
         FILTER (WHERE w.status = 'CONFIRMED') AS "p50?",
       percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))
         FILTER (WHERE w.status = 'CONFIRMED') AS "p95?"
  FROM w;

/* @name PayingCustomers */
-- Of these customers, how many have at least one and at least two successful payments
-- (PaymentMetrics.payingCustomers). Each customer's probe stops at two rows of
-- payments_customer_created_idx.
SELECT count(*) FILTER (WHERE paid.n >= 1)::int AS "first!",
       count(*) FILTER (WHERE paid.n >= 2)::int AS "second!"
  FROM unnest(:customerIds!::uuid[]) AS c(id)
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n
      FROM (SELECT 1 FROM payments p
             WHERE p.customer_id = c.id AND p.status IN ('SUCCEEDED', 'REFUNDED')
             LIMIT 2) two
  ) paid;
