/** Types generated for queries found in "src/modules/payments/history/sql/payment-metrics.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'CurrencyActivity' parameters type */
export interface CurrencyActivityParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'CurrencyActivity' return type */
export interface CurrencyActivityResult {
  count: number;
  currency: string;
  failed: number;
  succeeded: number;
  volume: string;
}

/** 'CurrencyActivity' query type */
export interface CurrencyActivityQuery {
  params: CurrencyActivityParams;
  result: CurrencyActivityResult;
}

const currencyActivityIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":640,"b":645}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":666,"b":669}]}],"statement":"-- Payments created in [from, to) per currency (PaymentMetrics.currencyActivity). Every statement\n-- of this file starts from a range on an indexed time column (payments_created_at_idx,\n-- posting_attempts_completed_idx, migration 1795840000000), so its cost follows the window.\nSELECT p.currency,\n       count(*)::int AS \"count!\",\n       coalesce(sum(p.amount) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED')), 0)::text AS \"volume!\",\n       count(*) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED'))::int AS \"succeeded!\",\n       count(*) FILTER (WHERE p.status = 'FAILED')::int AS \"failed!\"\n  FROM payments p\n WHERE p.created_at >= :from! AND p.created_at < :to!\n GROUP BY p.currency\n ORDER BY p.currency"};

/**
 * Query generated from SQL:
 * ```
 * -- Payments created in [from, to) per currency (PaymentMetrics.currencyActivity). Every statement
 * -- of this file starts from a range on an indexed time column (payments_created_at_idx,
 * -- posting_attempts_completed_idx, migration 1795840000000), so its cost follows the window.
 * SELECT p.currency,
 *        count(*)::int AS "count!",
 *        coalesce(sum(p.amount) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED')), 0)::text AS "volume!",
 *        count(*) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED'))::int AS "succeeded!",
 *        count(*) FILTER (WHERE p.status = 'FAILED')::int AS "failed!"
 *   FROM payments p
 *  WHERE p.created_at >= :from! AND p.created_at < :to!
 *  GROUP BY p.currency
 *  ORDER BY p.currency
 * ```
 */
export const currencyActivity = new PreparedQuery<CurrencyActivityParams,CurrencyActivityResult>(currencyActivityIR);


/** 'ActiveCustomers' parameters type */
export interface ActiveCustomersParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'ActiveCustomers' return type */
export interface ActiveCustomersResult {
  customers: number;
}

/** 'ActiveCustomers' query type */
export interface ActiveCustomersQuery {
  params: ActiveCustomersParams;
  result: ActiveCustomersResult;
}

const activeCustomersIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":202,"b":207}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":228,"b":231}]}],"statement":"-- Distinct customers of record with a payment created in [from, to) (PaymentMetrics.activeCustomers).\nSELECT count(DISTINCT p.customer_id)::int AS \"customers!\"\n  FROM payments p\n WHERE p.created_at >= :from! AND p.created_at < :to!"};

/**
 * Query generated from SQL:
 * ```
 * -- Distinct customers of record with a payment created in [from, to) (PaymentMetrics.activeCustomers).
 * SELECT count(DISTINCT p.customer_id)::int AS "customers!"
 *   FROM payments p
 *  WHERE p.created_at >= :from! AND p.created_at < :to!
 * ```
 */
export const activeCustomers = new PreparedQuery<ActiveCustomersParams,ActiveCustomersResult>(activeCustomersIR);


/** 'PostingActivity' parameters type */
export interface PostingActivityParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'PostingActivity' return type */
export interface PostingActivityResult {
  confirmed: number;
  failed: number;
  p50: number | null;
  p95: number | null;
}

/** 'PostingActivity' query type */
export interface PostingActivityQuery {
  params: PostingActivityParams;
  result: PostingActivityResult;
}

const postingActivityIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":684,"b":689}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":712,"b":715}]}],"statement":"-- Posting cycles closed in [from, to) (PaymentMetrics.postingActivity). Each cycle's payment is\n-- a scalar subquery on the payments primary key, which PostgreSQL never turns into a join, so\n-- the cost is one index probe per cycle of the window whatever the planner thinks of the table\n-- sizes (as a join, it hashed the whole payments table at 100,000 rows). MATERIALIZED, so the\n-- two percentiles share one probe per cycle instead of repeating it.\nWITH w AS MATERIALIZED (\n  SELECT a.status,\n         a.completed_at - (SELECT p.created_at FROM payments p WHERE p.id = a.payment_id) AS latency\n    FROM posting_attempts a\n   WHERE a.completed_at IS NOT NULL AND a.completed_at >= :from! AND a.completed_at < :to!\n)\nSELECT count(*) FILTER (WHERE w.status = 'CONFIRMED')::int AS \"confirmed!\",\n       count(*) FILTER (WHERE w.status = 'FAILED')::int AS \"failed!\",\n       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))\n         FILTER (WHERE w.status = 'CONFIRMED') AS \"p50?\",\n       percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))\n         FILTER (WHERE w.status = 'CONFIRMED') AS \"p95?\"\n  FROM w"};

/**
 * Query generated from SQL:
 * ```
 * -- Posting cycles closed in [from, to) (PaymentMetrics.postingActivity). Each cycle's payment is
 * -- a scalar subquery on the payments primary key, which PostgreSQL never turns into a join, so
 * -- the cost is one index probe per cycle of the window whatever the planner thinks of the table
 * -- sizes (as a join, it hashed the whole payments table at 100,000 rows). MATERIALIZED, so the
 * -- two percentiles share one probe per cycle instead of repeating it.
 * WITH w AS MATERIALIZED (
 *   SELECT a.status,
 *          a.completed_at - (SELECT p.created_at FROM payments p WHERE p.id = a.payment_id) AS latency
 *     FROM posting_attempts a
 *    WHERE a.completed_at IS NOT NULL AND a.completed_at >= :from! AND a.completed_at < :to!
 * )
 * SELECT count(*) FILTER (WHERE w.status = 'CONFIRMED')::int AS "confirmed!",
 *        count(*) FILTER (WHERE w.status = 'FAILED')::int AS "failed!",
 *        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))
 *          FILTER (WHERE w.status = 'CONFIRMED') AS "p50?",
 *        percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))
 *          FILTER (WHERE w.status = 'CONFIRMED') AS "p95?"
 *   FROM w
 * ```
 */
export const postingActivity = new PreparedQuery<PostingActivityParams,PostingActivityResult>(postingActivityIR);


/** 'PayingCustomers' parameters type */
export interface PayingCustomersParams {
  customerIds: stringArray;
}

/** 'PayingCustomers' return type */
export interface PayingCustomersResult {
  first: number;
  second: number;
}

/** 'PayingCustomers' query type */
export interface PayingCustomersQuery {
  params: PayingCustomersParams;
  result: PayingCustomersResult;
}

const payingCustomersIR: any = {"usedParamSet":{"customerIds":true},"params":[{"name":"customerIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":337,"b":349}]}],"statement":"-- Of these customers, how many have at least one and at least two successful payments\n-- (PaymentMetrics.payingCustomers). Each customer's probe stops at two rows of\n-- payments_customer_created_idx.\nSELECT count(*) FILTER (WHERE paid.n >= 1)::int AS \"first!\",\n       count(*) FILTER (WHERE paid.n >= 2)::int AS \"second!\"\n  FROM unnest(:customerIds!::uuid[]) AS c(id)\n  CROSS JOIN LATERAL (\n    SELECT count(*)::int AS n\n      FROM (SELECT 1 FROM payments p\n             WHERE p.customer_id = c.id AND p.status IN ('SUCCEEDED', 'REFUNDED')\n             LIMIT 2) two\n  ) paid"};

/**
 * Query generated from SQL:
 * ```
 * -- Of these customers, how many have at least one and at least two successful payments
 * -- (PaymentMetrics.payingCustomers). Each customer's probe stops at two rows of
 * -- payments_customer_created_idx.
 * SELECT count(*) FILTER (WHERE paid.n >= 1)::int AS "first!",
 *        count(*) FILTER (WHERE paid.n >= 2)::int AS "second!"
 *   FROM unnest(:customerIds!::uuid[]) AS c(id)
 *   CROSS JOIN LATERAL (
 *     SELECT count(*)::int AS n
 *       FROM (SELECT 1 FROM payments p
 *              WHERE p.customer_id = c.id AND p.status IN ('SUCCEEDED', 'REFUNDED')
 *              LIMIT 2) two
 *   ) paid
 * ```
 */
export const payingCustomers = new PreparedQuery<PayingCustomersParams,PayingCustomersResult>(payingCustomersIR);


