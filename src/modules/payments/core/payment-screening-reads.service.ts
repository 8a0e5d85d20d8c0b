import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { oneOf } from '../../../platform/database/column-values';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { PAYMENT_CHANNELS, PAYMENT_STATUSES, type PaymentChannel, type PaymentStatus } from './payment.entity';
import * as screening from './sql/screening.queries';

const SQL = sqlStatements('payments', screening);

/** What the screener asks about a candidate's neighbours; the thresholds are its own. */
export interface ScreeningActivityQuery {
  /** Null for a payer who is not our customer (a checkout payment): the payer's own payments count. */
  customerId: string | null;
  payerId: string;
  /** The window, back from the transaction's start (`now()`). */
  windowMinutes: number;
  /** The currency the sums and the band are in. */
  currency: string;
  /** A band of amounts (minor units of `currency`, both ends included) to count payments in. */
  band: { from: bigint; to: bigint };
  /** The biller account paid; null for a checkout payment (no distinct payers then). */
  billerId: string | null;
  accountReference: string | null;
  /** Where the count of distinct payers stops. */
  payersCap: number;
}

/** The candidate's neighbours in the window, the candidate included. */
export interface ScreeningActivity {
  /** The customer's payments that did not fail. */
  count: number;
  /** Their sum in the query's currency, minor units. */
  sum: bigint;
  /** Those in the query's currency whose amount is in the band. */
  inBand: number;
  /**
   * Distinct customers paying the biller account (payments that did not fail), counted up to
   * the cap and no further: the cost of the count stays the cap's, however busy the account.
   */
  distinctPayers: number;
}

/** A payment as a reviewer sees it beside its screening flags: as it is now. */
export interface PaymentUnderReview {
  id: string;
  /** Minor units of `currency`, as text (bigint). */
  amount: string;
  fee: string;
  currency: string;
  /** Null for a checkout payment (it pays a merchant). */
  billerId: string | null;
  billerName: string | null;
  status: PaymentStatus;
  heldForReview: boolean;
  channel: PaymentChannel;
  /** Null for a checkout payment (its payer is not our customer). */
  customerId: string | null;
}

/**
 * The reads the screening context makes of payments (sql/screening.sql), so it never reads
 * the `payments` table: the activity around a candidate, in the admission transaction that
 * screens it (PaymentScreening), and the payments under review, by id in one statement.
 */
@Injectable()
export class PaymentScreeningReads {
  constructor(private readonly dataSource: DataSource) {}

  /** The candidate's neighbours, read through `manager` (the admission transaction). */
  async activity(manager: EntityManager, query: ScreeningActivityQuery): Promise<ScreeningActivity> {
    if (query.customerId === null || query.billerId === null || query.accountReference === null) {
      const row = await one(executorOn(manager), SQL.screeningActivityOfPayer, {
        payerId: query.payerId,
        windowMinutes: query.windowMinutes,
        currency: query.currency,
        bandFrom: query.band.from.toString(),
        bandTo: query.band.to.toString(),
      });
      return { count: row?.count ?? 0, sum: BigInt(row?.sum ?? '0'), inBand: row?.band ?? 0, distinctPayers: 0 };
    }
    const row = await one(executorOn(manager), SQL.screeningActivity, {
      customerId: query.customerId,
      windowMinutes: query.windowMinutes,
      currency: query.currency,
      bandFrom: query.band.from.toString(),
      bandTo: query.band.to.toString(),
      billerId: query.billerId,
      accountReference: query.accountReference,
      payersCap: query.payersCap,
    });
    return {
      count: row?.count ?? 0,
      sum: BigInt(row?.sum ?? '0'),
      inBand: row?.band ?? 0,
      distinctPayers: row?.payers ?? 0,
    };
  }

  /** Id -> payment, for the ids that are payments. */
  async underReview(ids: readonly string[]): Promise<Map<string, PaymentUnderReview>> {
    if (ids.length === 0) return new Map();
    const rows = await run(executorOn(this.dataSource.manager), SQL.paymentsUnderReview, { ids: [...new Set(ids)] });
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          amount: row.amount,
          fee: row.fee,
          currency: row.currency,
          billerId: row.biller_id,
          billerName: row.biller_name,
          status: oneOf(PAYMENT_STATUSES, row.status, 'payments.status'),
          heldForReview: row.held_for_review,
          channel: oneOf(PAYMENT_CHANNELS, row.channel, 'payments.channel'),
          customerId: row.customer_id,
        } satisfies PaymentUnderReview,
      ]),
    );
  }
}
