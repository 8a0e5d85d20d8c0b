import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { Page, toPage } from '../../platform/http/pagination';
import { RailConnector } from '../payments';
import type { ReconciliationBreak, ReconciliationBreakType, ReconciliationWindow } from './reconciliation-break';
import {
  ALL_BREAKS_SQL,
  BREAK_COUNT_SQL,
  BREAK_PAGE_SQL,
  type BreakRow,
  TOTALS_SQL,
  type TotalsRow,
  WINDOW_PAYMENT_IDS_SQL,
} from './reconciliation-queries';
import { reconciliationWindow } from './reconciliation-window';
import { ReconciliationConfig } from './reconciliation.config';

export interface ReconciliationTotal {
  status: string;
  currency: string;
  count: number;
  amount: number;
  fee: number;
}

export interface ReconciliationReport {
  window: ReconciliationWindow;
  asOf: Date;
  totals: ReconciliationTotal[];
  breaks: Page<ReconciliationBreak>;
}

/** Rows fetched from the export's cursor at a time: memory holds one batch, whatever the window. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Reconciliation runs: for the payments created in a window, compares the payments with their
 * posting attempts, ledger entries, rail captures and (through the biller-side check's
 * records) the billers' own records, and reports what disagrees. Runs are computed on
 * request, read-only, in one REPEATABLE READ snapshot, and not stored.
 */
@Injectable()
export class ReconciliationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly settings: ReconciliationConfig,
    private readonly rails: RailConnector,
  ) {}

  /** The window asked for, or the current business day; 400 for a bad one. */
  window(query: { from?: string; to?: string }): ReconciliationWindow {
    return reconciliationWindow(query, this.clock.now(), this.config.SCHEDULE_TIME_ZONE);
  }

  async report(
    window: ReconciliationWindow,
    type: ReconciliationBreakType | null,
    page: { page: number; size: number },
  ): Promise<ReconciliationReport> {
    const asOf = this.clock.now();
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query('SET TRANSACTION READ ONLY');
      const params = [...this.parameters(window, type, asOf), await this.railOperations(manager, window)];
      const totals: TotalsRow[] = await manager.query(TOTALS_SQL, [window.from, window.to]);
      const rows: (BreakRow & { total_items: string })[] = await manager.query(BREAK_PAGE_SQL, [
        ...params,
        page.size,
        page.page * page.size,
      ]);
      let totalItems = rows.length > 0 ? Number(rows[0].total_items) : 0;
      if (rows.length === 0 && page.page > 0) {
        const [count] = (await manager.query(BREAK_COUNT_SQL, params)) as { total_items: number }[];
        totalItems = count.total_items;
      }
      return {
        window,
        asOf,
        totals: totals.map((row) => ({
          status: row.status,
          currency: row.currency,
          count: row.count,
          amount: Number(row.amount),
          fee: Number(row.fee),
        })),
        breaks: toPage(rows.map(toBreak), totalItems, page),
      };
    });
  }

  /**
   * Every break of the window, in the order of the JSON pages, one batch at a time from a
   * server-side cursor (`DECLARE ... CURSOR` in a read-only REPEATABLE READ transaction, `FETCH`
   * of EXPORT_BATCH_SIZE rows): the process holds one batch, however many breaks there are. The
   * next batch is fetched only when the consumer asks for it (back-pressure), and returning
   * early (the client went away) closes the cursor and frees the connection.
   */
  async *breakBatches(
    window: ReconciliationWindow,
    type: ReconciliationBreakType | null,
  ): AsyncGenerator<ReconciliationBreak[], void, undefined> {
    const now = this.clock.now();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const parameters = [...this.parameters(window, type, now), await this.railOperations(runner.manager, window)];
        await runner.query(`DECLARE reconciliation_export NO SCROLL CURSOR FOR ${ALL_BREAKS_SQL}`, parameters);
        for (;;) {
          const rows: BreakRow[] = await runner.query(`FETCH ${EXPORT_BATCH_SIZE} FROM reconciliation_export`);
          if (rows.length > 0) yield rows.map(toBreak);
          if (rows.length < EXPORT_BATCH_SIZE) break;
        }
      } finally {
        await runner.query('ROLLBACK');
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * What the rail did with the window's payments (their captures, refunds and cancels, whenever
   * made) and every capture it made in the window, asked through the rail's connector, as the
   * JSON array the statement reads (`$7`). The payments are read in the run's snapshot.
   */
  private async railOperations(manager: EntityManager, window: ReconciliationWindow): Promise<string> {
    const payments: { id: string }[] = await manager.query(WINDOW_PAYMENT_IDS_SQL, [window.from, window.to]);
    const ids = payments.map((payment) => payment.id);
    const operations = await this.rails.operations({
      references: [...ids, ...ids.map((id) => `refund:${id}`)],
      capturedFrom: window.from,
      capturedTo: window.to,
    });
    return JSON.stringify(
      operations.map((operation) => ({
        kind: operation.kind,
        reference: operation.reference,
        rail: operation.rail,
        outcome: operation.outcome,
        rail_reference: operation.railReference,
        amount: operation.amount === null ? null : operation.amount.toString(),
        currency: operation.currency,
        created_at: operation.createdAt.toISOString(),
      })),
    );
  }

  private parameters(window: ReconciliationWindow, type: ReconciliationBreakType | null, now: Date): unknown[] {
    return [
      window.from,
      window.to,
      now,
      this.settings.RECONCILIATION_STUCK_AFTER_MS,
      this.settings.RECONCILIATION_UNCONFIRMED_AFTER_MS,
      type,
    ];
  }
}

function toBreak(row: BreakRow): ReconciliationBreak {
  return {
    type: row.type as ReconciliationBreak['type'],
    source: row.source as ReconciliationBreak['source'],
    paymentId: row.payment_id,
    paymentStatus: row.payment_status,
    postingAttemptId: row.posting_attempt_id,
    journalEntryIds: row.journal_entry_ids ?? [],
    railReference: row.rail_reference,
    billerReference: row.biller_reference,
    accountReference: row.account_reference,
    expectedAmount: row.expected_amount === null ? null : Number(row.expected_amount),
    actualAmount: row.actual_amount === null ? null : Number(row.actual_amount),
    currency: row.currency,
    occurredAt: row.occurred_at,
    detail: row.detail,
  };
}
