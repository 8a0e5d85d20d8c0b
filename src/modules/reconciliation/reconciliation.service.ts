import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { ReplicaReads } from '../../platform/database/replica-reads';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, rowStream, run } from '../../platform/database/statement-executor';
import { Page, toPage } from '../../platform/http/pagination';
import { RailConnector } from '../payments';
import {
  RECONCILIATION_BREAK_TYPES,
  RECONCILIATION_SOURCES,
  type ReconciliationBreak,
  type ReconciliationBreakType,
  type ReconciliationWindow,
} from './reconciliation-break';
import { reconciliationWindow } from './reconciliation-window';
import { ReconciliationConfig } from './reconciliation.config';
import * as runs from './sql/runs.queries';

const SQL = sqlStatements('reconciliation', runs);

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
    private readonly replica: ReplicaReads,
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
      const executor = executorOn(manager);
      await run(executor, SQL.readOnly, undefined);
      const params = await this.parameters(manager, window, type, asOf);
      const totals = await run(executor, SQL.windowTotals, { from: window.from, to: window.to });
      const rows = await run(executor, SQL.breaks, { ...params, limit: page.size, offset: page.page * page.size });
      let totalItems = rows.length > 0 ? Number(rows[0].total_items) : 0;
      if (rows.length === 0 && page.page > 0) {
        // Past the end: the first row of the whole list carries the count (0 when there is none).
        const first = await one(executor, SQL.breaks, { ...params, limit: 1, offset: 0 });
        totalItems = first === null ? 0 : Number(first.total_items);
      }
      return {
        window,
        asOf,
        totals: totals.map(
          (row) =>
            ({
              status: row.status,
              currency: row.currency,
              count: row.count,
              amount: Number(row.amount),
              fee: Number(row.fee),
            }) satisfies ReconciliationTotal,
        ),
        breaks: toPage(rows.map(toBreak), totalItems, page),
      };
    });
  }

  /**
   * Every break of the window, in the order of the JSON pages, one at a time from a cursor over
   * the pages' statement without a limit (`rowStream`, pg-query-stream, in a read-only
   * REPEATABLE READ transaction on a connection of its own, EXPORT_BATCH_SIZE rows a fetch): the
   * process holds a batch or so, however many breaks there are. The next batch is fetched only
   * when the consumer reads on (back-pressure), and returning early (the client went away) closes
   * the cursor, ends the transaction and frees the connection. The transaction is the read
   * replica's when there is one (`ReplicaReads`): a payment that moved in the last seconds shows
   * as the replica has replayed it, as if the export had been asked for a few seconds earlier.
   */
  async *breakRows(
    window: ReconciliationWindow,
    type: ReconciliationBreakType | null,
  ): AsyncGenerator<ReconciliationBreak, void, undefined> {
    const now = this.clock.now();
    const runner = await this.replica.begin('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      try {
        const params = await this.parameters(runner.manager, window, type, now);
        const rows = rowStream(
          executorOn(runner.manager),
          SQL.breaks,
          { ...params, limit: null, offset: 0 },
          { batchSize: EXPORT_BATCH_SIZE },
        );
        for await (const row of rows) yield toBreak(row);
      } finally {
        await runner.query('ROLLBACK');
      }
    } finally {
      await runner.release();
    }
  }

  /** The run's parameters of `SQL.breaks` but the page, the rail's operations read in the run's snapshot. */
  private async parameters(
    manager: EntityManager,
    window: ReconciliationWindow,
    type: ReconciliationBreakType | null,
    now: Date,
  ): Promise<Omit<runs.BreaksParams, 'limit' | 'offset'>> {
    return {
      from: window.from,
      to: window.to,
      now,
      stuckAfterMs: this.settings.RECONCILIATION_STUCK_AFTER_MS,
      unconfirmedAfterMs: this.settings.RECONCILIATION_UNCONFIRMED_AFTER_MS,
      type,
      railOperations: await this.railOperations(manager, window),
    };
  }

  /**
   * What the rail did with the window's payments (their captures, refunds and cancels, whenever
   * made) and every capture it made in the window, asked through the rail's connector, as the
   * JSON text the statement reads (`railOperations`; an array as such would go to PostgreSQL
   * as an array literal, not JSON). The payments are read in the run's snapshot.
   */
  private async railOperations(manager: EntityManager, window: ReconciliationWindow): Promise<string> {
    const payments = await run(executorOn(manager), SQL.windowPaymentIds, { from: window.from, to: window.to });
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
}

function toBreak(row: runs.BreaksResult): ReconciliationBreak {
  return {
    type: oneOf(RECONCILIATION_BREAK_TYPES, row.type, 'breaks.type'),
    source: oneOf(RECONCILIATION_SOURCES, row.source, 'breaks.source'),
    paymentId: row.payment_id,
    paymentStatus: row.payment_status,
    postingAttemptId: row.posting_attempt_id,
    journalEntryIds: row.journal_entry_ids,
    railReference: row.rail_reference,
    billerReference: row.biller_reference,
    accountReference: row.account_reference,
    expectedAmount: row.expected_amount === null ? null : Number(row.expected_amount),
    actualAmount: row.actual_amount === null ? null : Number(row.actual_amount),
    currency: row.currency,
    occurredAt: row.occurred_at,
    detail: row.detail,
  } satisfies ReconciliationBreak;
}
