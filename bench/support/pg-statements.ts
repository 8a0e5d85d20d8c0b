import { Client } from 'pg';
import { log } from './bench-kit';

/**
 * `pg_stat_statements` for one bench database, when the server loads it
 * (`shared_preload_libraries`): reset at a round's start, then its statements by total
 * execution time, per payment. A server without it (the shared development server) answers
 * `available: false` and the bench says so; point BENCH_DATABASE_URL at a cluster started with
 * `-c shared_preload_libraries=pg_stat_statements` to see them.
 */
export interface StatementStats {
  available: boolean;
  /** Forgets the database's statements so far. */
  reset(): Promise<void>;
  /** The `limit` statements of the database with the most execution time since the reset. */
  top(limit: number): Promise<StatementFigures[]>;
  /**
   * Since the reset: statements the clients sent (transaction control and statements run by
   * triggers left out) and transactions committed by an explicit COMMIT; null without the extension.
   */
  totals(): Promise<{ statements: number; commits: number } | null>;
}

export interface StatementFigures {
  calls: number;
  totalMs: number;
  rows: number;
  query: string;
}

export async function statementStats(db: Client, database: string): Promise<StatementStats> {
  const { rows } = await db.query<{ preload: string }>(`SELECT current_setting('shared_preload_libraries') AS preload`);
  const available = rows[0].preload.split(',').some((name) => name.trim() === 'pg_stat_statements');
  if (available) await db.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  return {
    available,
    async reset() {
      if (!available) return;
      await db.query(`SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = $1), 0)`, [
        database,
      ]);
    },
    async top(limit) {
      if (!available) return [];
      const result = await db.query<{ calls: string; total_ms: number; rows: string; query: string }>(
        `SELECT s.calls, s.total_exec_time AS total_ms, s.rows, s.query
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = $1 AND s.toplevel
          ORDER BY s.total_exec_time DESC
          LIMIT $2`,
        [database, limit],
      );
      return result.rows.map((row) => ({
        calls: Number(row.calls),
        totalMs: row.total_ms,
        rows: Number(row.rows),
        query: row.query,
      }));
    },
    async totals() {
      if (!available) return null;
      const result = await db.query<{ statements: string; commits: string }>(
        // A deferred constraint trigger's statements (the ledger's balance checks: their text
        // names NEW) run at COMMIT and count as top-level: they are not the client's.
        `SELECT coalesce(sum(s.calls) FILTER (WHERE s.query !~* '^\\s*(begin|start transaction|commit|rollback)'
                                              AND s.query !~ '\\mNEW\\.'), 0) AS statements,
                coalesce(sum(s.calls) FILTER (WHERE s.query ~* '^\\s*commit'), 0) AS commits
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = $1 AND s.toplevel`,
        [database],
      );
      return { statements: Number(result.rows[0].statements), commits: Number(result.rows[0].commits) };
    },
  };
}

/** Logs statements as a Markdown table: calls and execution time per payment, and the query's first line. */
export function logStatements(title: string, statements: StatementFigures[], payments: number): void {
  if (statements.length === 0) return;
  const per = Math.max(payments, 1);
  log('');
  log(`${title}: pg_stat_statements by total execution time (${payments} payments)`);
  log('| calls/payment | exec ms/payment | mean ms | statement |');
  log('|---|---|---|---|');
  for (const statement of statements) {
    const text = statement.query.replace(/\s+/g, ' ').trim().slice(0, 110);
    log(
      `| ${(statement.calls / per).toFixed(2)} | ${(statement.totalMs / per).toFixed(3)} | ${(statement.totalMs / Math.max(statement.calls, 1)).toFixed(3)} | \`${text.replace(/\|/g, '\\|')}\` |`,
    );
  }
}
