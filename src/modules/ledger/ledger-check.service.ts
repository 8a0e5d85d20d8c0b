import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import * as ledgerCheck from './sql/ledger-check.queries';

const SQL = sqlStatements('ledger', ledgerCheck);

export interface LedgerCheckReport {
  balanced: boolean;
  entriesChecked: number;
  linesChecked: number;
  /** Entries whose lines do not sum to zero, or that have fewer than two lines. */
  unbalancedEntries: { entryId: string; sum: string; lines: number }[];
  /** Lines whose currency differs from their account's or entry's. */
  currencyMismatches: { lineId: string; entryId: string }[];
  /** Sum of all lines per currency: zero in a sound ledger. */
  trialBalance: { currency: string; sum: string }[];
  /** Every account's balance, recomputed from its lines. */
  accounts: { code: string; type: string; currency: string; balance: string }[];
}

/** Recomputes the ledger from its lines and reports anything that does not add up. */
@Injectable()
export class LedgerCheckService {
  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<LedgerCheckReport> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const executor = executorOn(manager);
      const [counts] = await run(executor, SQL.ledgerCounts, undefined);
      const unbalanced = await run(executor, SQL.unbalancedEntries, undefined);
      const mismatches = await run(executor, SQL.currencyMismatches, undefined);
      const trial = await run(executor, SQL.trialBalance, undefined);
      const accounts = await run(executor, SQL.accountBalances, undefined);
      const report: LedgerCheckReport = {
        balanced: false,
        entriesChecked: counts.entries,
        linesChecked: counts.lines,
        unbalancedEntries: unbalanced.map((row) => ({ entryId: row.entry_id, sum: row.sum, lines: row.lines })),
        currencyMismatches: mismatches.map((row) => ({ lineId: row.line_id, entryId: row.entry_id })),
        trialBalance: trial,
        accounts,
      };
      report.balanced =
        report.unbalancedEntries.length === 0 &&
        report.currencyMismatches.length === 0 &&
        trial.every((row) => row.sum === '0');
      return report;
    });
  }
}
