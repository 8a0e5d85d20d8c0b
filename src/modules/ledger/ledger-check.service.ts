import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
      const [counts] = await manager.query(
        `SELECT (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM journal_lines)::int AS lines`,
      );
      const unbalanced: { entry_id: string; sum: string; lines: number }[] = await manager.query(`
        SELECT e.id AS entry_id, coalesce(sum(l.amount), 0)::text AS sum, count(l.id)::int AS lines
          FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
         GROUP BY e.id
        HAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.id) < 2
         LIMIT 1000`);
      const mismatches: { line_id: string; entry_id: string }[] = await manager.query(`
        SELECT l.id::text AS line_id, l.entry_id
          FROM journal_lines l
          JOIN ledger_accounts a ON a.id = l.account_id
          JOIN journal_entries e ON e.id = l.entry_id
         WHERE l.currency <> a.currency OR l.currency <> e.currency
         LIMIT 1000`);
      const trial: { currency: string; sum: string }[] = await manager.query(
        `SELECT currency, sum(amount)::text AS sum FROM journal_lines GROUP BY currency ORDER BY currency`,
      );
      const accounts: { code: string; type: string; currency: string; balance: string }[] = await manager.query(`
        SELECT a.code, a.type, a.currency, coalesce(sum(l.amount), 0)::text AS balance
          FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
         GROUP BY a.id ORDER BY a.code`);
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
