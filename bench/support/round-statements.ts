import Redis from 'ioredis';
import { Client } from 'pg';
import { log } from './bench-kit';

/**
 * What a bench phase asked of PostgreSQL and Redis, per request: every statement the bench's
 * database ran (`pg_stat_statements`, when the server preloads it: calls, and execution plus
 * planning time, per statement), the write transactions (transaction ids handed out), and the
 * Redis commands (`INFO commandstats`). The statements are the bench database's alone; the
 * write transactions and the Redis commands are the whole server's, so on a server shared with
 * other work they include its own (give the bench servers of its own, BENCH_DATABASE_URL and
 * BENCH_REDIS_URL, to read them as the API's).
 */
export interface StatementFigures {
  /** Statements per request (BEGIN and COMMIT included), or null without pg_stat_statements. */
  statements: number | null;
  /** Transactions that wrote (each a commit that flushes the WAL), per request. */
  writeTransactions: number;
  /** Redis commands per request. */
  redisCommands: number;
  /** The top statements and commands, as lines of Markdown tables. */
  tables: string[];
}

interface StatementRow {
  query: string;
  calls: number;
  ms: number;
  rows: number;
}

/**
 * Starts counting; `stop(requests)` answers the figures per request since. Statements are
 * read by their delta, so other phases and the bench's own reads before the start are left out.
 */
export async function countStatements(
  db: Client,
  redisUrl: string,
): Promise<{ stop: (requests: number) => Promise<StatementFigures> }> {
  const withStatements = await statementsAvailable(db);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const before = {
    statements: withStatements ? await statementRows(db) : new Map<string, StatementRow>(),
    writeTransactions: await transactionIds(db),
    redis: commandStats(await redis.info('commandstats')),
  };
  return {
    stop: async (requests) => {
      const per = (value: number) => value / Math.max(requests, 1);
      const after = {
        statements: withStatements ? await statementRows(db) : new Map<string, StatementRow>(),
        writeTransactions: await transactionIds(db),
        redis: commandStats(await redis.info('commandstats')),
      };
      await redis.quit();
      const statements = [...after.statements.entries()]
        .map(([key, row]) => {
          const earlier = before.statements.get(key);
          return {
            query: row.query,
            calls: row.calls - (earlier?.calls ?? 0),
            ms: row.ms - (earlier?.ms ?? 0),
            rows: row.rows - (earlier?.rows ?? 0),
          };
        })
        .filter((row) => row.calls > 0)
        .sort((a, b) => b.ms - a.ms);
      const commands = [...after.redis.entries()]
        .map(([command, calls]) => ({ command, calls: calls - (before.redis.get(command) ?? 0) }))
        .filter((row) => row.calls > 0)
        .sort((a, b) => b.calls - a.calls);
      const tables: string[] = [];
      if (withStatements) {
        tables.push('| statement | calls/request | rows/call | ms/request (exec + plan) | mean ms |');
        tables.push('|---|---|---|---|---|');
        for (const row of statements.filter((row) => per(row.calls) >= 0.05).slice(0, 30)) {
          tables.push(
            `| \`${shorten(row.query)}\` | ${per(row.calls).toFixed(2)} | ${(row.rows / row.calls).toFixed(1)} | ${per(row.ms).toFixed(3)} | ${(row.ms / row.calls).toFixed(3)} |`,
          );
        }
      }
      tables.push('| Redis command | calls/request |');
      tables.push('|---|---|');
      for (const row of commands.filter((row) => per(row.calls) >= 0.05).slice(0, 15)) {
        tables.push(`| ${row.command} | ${per(row.calls).toFixed(2)} |`);
      }
      return {
        statements: withStatements ? per(statements.reduce((sum, row) => sum + row.calls, 0)) : null,
        writeTransactions: per(after.writeTransactions - before.writeTransactions),
        redisCommands: per(commands.reduce((sum, row) => sum + row.calls, 0)),
        tables,
      };
    },
  };
}

export function describeStatements(figures: StatementFigures): string {
  const statements = figures.statements === null ? 'n/a (no pg_stat_statements)' : figures.statements.toFixed(1);
  return `statements ${statements}, write transactions ${figures.writeTransactions.toFixed(2)}, Redis commands ${figures.redisCommands.toFixed(1)}`;
}

let announced = false;

/** Whether the server preloads pg_stat_statements (the extension is created in the bench's database when it does). */
async function statementsAvailable(db: Client): Promise<boolean> {
  try {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    await db.query(`SELECT 1 FROM pg_stat_statements LIMIT 1`);
    return true;
  } catch (error) {
    if (!announced) {
      log(`statements: not counted (${error instanceof Error ? error.message : String(error)})`);
      announced = true;
    }
    return false;
  }
}

async function statementRows(db: Client): Promise<Map<string, StatementRow>> {
  const { rows } = await db.query<{ key: string; query: string; calls: string; ms: number; rows: string }>(
    `SELECT queryid::text || ':' || userid::text || ':' || toplevel::text AS key, query, calls::text AS calls,
            total_exec_time + total_plan_time AS ms, rows::text AS rows
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND toplevel`,
  );
  return new Map(
    rows.map((row) => [row.key, { query: row.query, calls: Number(row.calls), ms: row.ms, rows: Number(row.rows) }]),
  );
}

/**
 * Transaction ids handed out so far, the whole server's: PostgreSQL gives one to a transaction
 * when it first writes and none to one that only reads, so their delta over a phase counts the
 * commits that flush the WAL (rolled-back writers and subtransactions included). It is exact at
 * once. The database's `pg_stat_database.xact_commit`, read here before, is not: a busy backend
 * reports its counts at most once a second and, when it goes idle within that second, only ten
 * seconds later (PostgreSQL's PGSTAT_IDLE_INTERVAL), so a phase's count took in the warm-up's and
 * the phase's before it (4.3 to 4.7 "commits" an accepted payment where it makes 3: its two
 * transactions and the sandbox rail's record).
 */
async function transactionIds(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS n`);
  return Number(rows[0].n);
}

/** `cmdstat_get:calls=3,usec=...` lines of INFO commandstats, by command. */
function commandStats(info: string): Map<string, number> {
  const stats = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) stats.set(match[1], Number(match[2]));
  return stats;
}

/** A statement on one line, at most 110 characters, pipes escaped for Markdown. */
function shorten(query: string): string {
  const line = query
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');
  return line.length > 110 ? `${line.slice(0, 107)}...` : line;
}
