import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Payments created in a window, per currency (operations' dashboard). */
export interface CurrencyActivity {
  currency: string;
  /** Payments created in the window, whatever their status. */
  count: number;
  /** Sum of the amounts of those that SUCCEEDED (or were REFUNDED after succeeding), minor units. */
  volume: bigint;
  /** Those that reached SUCCEEDED (REFUNDED ones included: they succeeded first). */
  succeeded: number;
  /** Those that ended FAILED. */
  failed: number;
}

/** Posting cycles closed in a window and how long confirmed payments took. */
export interface PostingActivity {
  confirmed: number;
  failed: number;
  /** Seconds from payment creation to biller confirmation, over the confirmed cycles; null when none. */
  confirmationSecondsP50: number | null;
  confirmationSecondsP95: number | null;
}

/**
 * The SQL of the port, exported so an e2e test can `EXPLAIN` exactly what runs. Every statement
 * starts from a range on an indexed time column (`payments_created_at_idx`,
 * `posting_attempts_completed_idx`, migration 1795840000000), so its cost follows the window,
 * not the table.
 */
export const PAYMENT_METRICS_SQL = {
  /** $1 from, $2 to (half-open). */
  currencyActivity: `
    SELECT p.currency,
           count(*)::int AS count,
           coalesce(sum(p.amount) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED')), 0)::text AS volume,
           count(*) FILTER (WHERE p.status IN ('SUCCEEDED', 'REFUNDED'))::int AS succeeded,
           count(*) FILTER (WHERE p.status = 'FAILED')::int AS failed
      FROM payments p
     WHERE p.created_at >= $1 AND p.created_at < $2
     GROUP BY p.currency
     ORDER BY p.currency`,
  /** $1 from, $2 to. */
  activeCustomers: `
    SELECT count(DISTINCT p.customer_id)::int AS customers
      FROM payments p
     WHERE p.created_at >= $1 AND p.created_at < $2`,
  /**
   * $1 from, $2 to: cycles closed in the window. Each cycle's payment is a scalar subquery on
   * the payments primary key, which PostgreSQL never turns into a join: the cost is one index
   * probe per cycle of the window whatever the planner thinks of the table sizes (as a join,
   * it hashed the whole payments table at 100,000 rows). MATERIALIZED, so the two percentiles
   * share one probe per cycle instead of repeating it.
   */
  postingActivity: `
    WITH w AS MATERIALIZED (
      SELECT a.status,
             a.completed_at - (SELECT p.created_at FROM payments p WHERE p.id = a.payment_id) AS latency
        FROM posting_attempts a
       WHERE a.completed_at IS NOT NULL AND a.completed_at >= $1 AND a.completed_at < $2
    )
    SELECT count(*) FILTER (WHERE w.status = 'CONFIRMED')::int AS confirmed,
           count(*) FILTER (WHERE w.status = 'FAILED')::int AS failed,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))
             FILTER (WHERE w.status = 'CONFIRMED') AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM w.latency))
             FILTER (WHERE w.status = 'CONFIRMED') AS p95
      FROM w`,
  /**
   * $1 customer ids: how many have at least one and at least two successful payments. Each
   * customer's probe stops at two rows of `payments_customer_created_idx`.
   */
  payingCustomers: `
    SELECT count(*) FILTER (WHERE paid.n >= 1)::int AS first,
           count(*) FILTER (WHERE paid.n >= 2)::int AS second
      FROM unnest($1::uuid[]) AS c(id)
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n
          FROM (SELECT 1 FROM payments p
                 WHERE p.customer_id = c.id AND p.status IN ('SUCCEEDED', 'REFUNDED')
                 LIMIT 2) two
      ) paid`,
} as const;

/**
 * The narrow, read-only port through which operations reads payment figures, so the SQL on
 * `payments` and `posting_attempts` stays in the context that owns them.
 */
@Injectable()
export class PaymentMetrics {
  constructor(private readonly dataSource: DataSource) {}

  async currencyActivity(from: Date, to: Date): Promise<CurrencyActivity[]> {
    const rows = await this.dataSource.query<
      { currency: string; count: number; volume: string; succeeded: number; failed: number }[]
    >(PAYMENT_METRICS_SQL.currencyActivity, [from, to]);
    return rows.map((row) => ({
      currency: row.currency,
      count: row.count,
      volume: BigInt(row.volume),
      succeeded: row.succeeded,
      failed: row.failed,
    }));
  }

  /** Distinct customers of record with a payment created in the window. */
  async activeCustomers(from: Date, to: Date): Promise<number> {
    const [row] = await this.dataSource.query<{ customers: number }[]>(PAYMENT_METRICS_SQL.activeCustomers, [from, to]);
    return row?.customers ?? 0;
  }

  async postingActivity(from: Date, to: Date): Promise<PostingActivity> {
    const [row] = await this.dataSource.query<
      { confirmed: number; failed: number; p50: number | string | null; p95: number | string | null }[]
    >(PAYMENT_METRICS_SQL.postingActivity, [from, to]);
    const seconds = (value: number | string | null | undefined) => (value == null ? null : Number(value));
    return {
      confirmed: row?.confirmed ?? 0,
      failed: row?.failed ?? 0,
      confirmationSecondsP50: seconds(row?.p50),
      confirmationSecondsP95: seconds(row?.p95),
    };
  }

  /** Of these customers, how many have one successful payment or more, and two or more. */
  async payingCustomers(customerIds: readonly string[]): Promise<{ first: number; second: number }> {
    if (customerIds.length === 0) return { first: 0, second: 0 };
    const [row] = await this.dataSource.query<{ first: number; second: number }[]>(
      PAYMENT_METRICS_SQL.payingCustomers,
      [[...customerIds]],
    );
    return { first: row?.first ?? 0, second: row?.second ?? 0 };
  }
}
