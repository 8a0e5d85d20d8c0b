import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import * as metrics from './sql/payment-metrics.queries';

const SQL = sqlStatements('payments', metrics);

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
 * The narrow, read-only port through which operations reads payment figures, so the SQL on
 * `payments` and `posting_attempts` stays in the context that owns them. The SQL is
 * `sql/payment-metrics.sql`: every statement starts from a range on an indexed time column
 * (`payments_created_at_idx`, `posting_attempts_completed_idx`, migration 1795840000000), so its
 * cost follows the window, not the table.
 */
@Injectable()
export class PaymentMetrics {
  constructor(private readonly dataSource: DataSource) {}

  async currencyActivity(from: Date, to: Date): Promise<CurrencyActivity[]> {
    const rows = await run(executorOn(this.dataSource.manager), SQL.currencyActivity, { from, to });
    return rows.map(
      (row) =>
        ({
          currency: row.currency,
          count: row.count,
          volume: BigInt(row.volume),
          succeeded: row.succeeded,
          failed: row.failed,
        }) satisfies CurrencyActivity,
    );
  }

  /** Distinct customers of record with a payment created in the window. */
  async activeCustomers(from: Date, to: Date): Promise<number> {
    const row = await one(executorOn(this.dataSource.manager), SQL.activeCustomers, { from, to });
    return row?.customers ?? 0;
  }

  async postingActivity(from: Date, to: Date): Promise<PostingActivity> {
    const row = await one(executorOn(this.dataSource.manager), SQL.postingActivity, { from, to });
    return {
      confirmed: row?.confirmed ?? 0,
      failed: row?.failed ?? 0,
      confirmationSecondsP50: row?.p50 ?? null,
      confirmationSecondsP95: row?.p95 ?? null,
    } satisfies PostingActivity;
  }

  /** Of these customers, how many have one successful payment or more, and two or more. */
  async payingCustomers(customerIds: readonly string[]): Promise<{ first: number; second: number }> {
    if (customerIds.length === 0) return { first: 0, second: 0 };
    const row = await one(executorOn(this.dataSource.manager), SQL.payingCustomers, {
      customerIds: [...customerIds],
    });
    return { first: row?.first ?? 0, second: row?.second ?? 0 };
  }
}
