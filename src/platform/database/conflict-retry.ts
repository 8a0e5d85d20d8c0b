import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';

/**
 * SQLSTATEs of a transaction PostgreSQL rolled back so that a concurrent one could go on: a
 * serialization failure (40001) and a deadlock victim (40P01). Running it again is safe when it
 * did nothing outside the database.
 */
const CONFLICT_SQL_STATES = new Set(['40001', '40P01']);

/** Whether `error` is a serialization failure or a deadlock, as pg raises it or TypeORM wraps it. */
export function isTransactionConflict(error: unknown): boolean {
  const candidates = [error, (error as { driverError?: unknown } | null)?.driverError];
  return candidates.some((candidate) => {
    const code = (candidate as { code?: unknown } | null | undefined)?.code;
    return typeof code === 'string' && CONFLICT_SQL_STATES.has(code);
  });
}

/** What a retried transaction needs of a DataSource: running `work` in a transaction. */
export interface TransactionRunner {
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
}

/** Runs in all, the first included; a conflict that outlasts them reaches the caller (503 over HTTP). */
const ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, and again from the start when PostgreSQL rolls it back as a
 * deadlock victim or a serialization failure. Only for work whose every effect is inside that
 * transaction (rows, outbox messages): nothing that calls a rail, a biller or Redis, which a
 * second run would do twice. A short random pause before each new run keeps two transactions
 * that met once from meeting again in step.
 */
export async function transactionRetryingConflicts<T>(
  dataSource: TransactionRunner,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransactionConflict(error)) throw error;
      await sleep(randomInt(5, 25) * attempt);
    }
  }
}
