import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { ApiException } from './api-error';

/** The dependencies whose outage answers 503; `details[].field` names one of them. */
export type Dependency = 'database' | 'redis';

/**
 * What a 503 tells the caller to wait. Short: Redis reconnects within 2 s of coming back and
 * the database pool opens a new connection on the next request, so an outage ends for the
 * caller as soon as it ends for us.
 */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

export interface DependencyOutage {
  dependency: Dependency;
  /** Safe to show: says what happened, never where (no host, port or SQL). */
  reason: string;
  /**
   * The answer's message when the usual "<dependency> is unavailable" would mislead: a
   * transaction rolled back for a concurrent one met a database that works.
   */
  message?: string;
}

/** The message of a 503 for a transaction PostgreSQL rolled back for a concurrent one (40001, 40P01). */
export const CONCURRENT_TRANSACTION_MESSAGE = 'The request met a concurrent one on the same data; try again shortly';

const NAMES: Record<Dependency, string> = { database: 'The database', redis: 'Redis' };

/** The 503 SERVICE_UNAVAILABLE every outage answers with, naming the dependency. */
export function dependencyUnavailable(
  dependency: Dependency,
  reason = 'does not answer',
  message = `${NAMES[dependency]} is unavailable; try again shortly`,
): ApiException {
  return new ApiException('SERVICE_UNAVAILABLE', message, [{ field: dependency, message: reason }], {
    'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS),
  });
}

/** Socket errors of a connection that failed, was cut or timed out. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean the server, not the statement, is at fault: connection exceptions
 * (class 08), insufficient resources (class 53: too many connections, out of memory or disk),
 * administrator shutdown and "cannot connect now" (57P01-57P03, e.g. during a restart or a
 * failover), 25006, a write refused because the server is read-only (a standby the connection
 * reached after a failover, or a primary demoted), 57014, a statement cancelled by `statement_timeout`, and a transaction rolled back
 * for a concurrent one (40001 serialization failure, 40P01 deadlock): nothing of it was kept, so
 * the request may simply be sent again (work that is safe to repeat retries it first, see
 * `platform/database/conflict-retry.ts`).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    ['57P01', '57P02', '57P03', '57P05', '57014', '40001', '40P01', '25006'].includes(code)
  );
}

/** Messages of pg and pg-pool errors that carry no code. */
const PG_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated due to connection timeout/, 'did not accept a connection in time'],
  [/timeout exceeded when trying to connect/, 'has no free connection'],
  [/^Query read timeout/, 'did not answer in time'],
  [/^Connection terminated/, 'closed the connection'],
  [/is not queryable/, 'closed the connection'],
  [/^Cannot use a pool after calling end on the pool/, 'is shutting down'],
];

/** ioredis rejects a command with these when it has no usable connection. */
const REDIS_MESSAGES: [RegExp, string][] = [
  [/^Stream isn't writeable and enableOfflineQueue options is false/, 'is not connected'],
  [/^Connection is closed\.?$/, 'closed the connection'],
  [/^Command timed out/, 'did not answer in time'],
  [/^Reached the max retries per request limit/, 'closed the connection'],
  [/^(LOADING|MASTERDOWN|READONLY|CLUSTERDOWN|TRYAGAIN)\b/, 'is not accepting commands'],
  [/^(None of startup nodes is available|All sentinels are unreachable)/, 'is not connected'],
];

/**
 * Recognises an error that means PostgreSQL or Redis is down, unreachable or too slow, as
 * opposed to a bug or a bad request. TypeORM wraps errors of a running query in
 * QueryFailedError but lets the pool's connect errors through raw; ioredis uses its own
 * errors and never surfaces socket errors to commands. A raw socket error therefore comes
 * from pg (the biller connector turns its own into outcomes), and is counted as the database's.
 */
export function dependencyOutageOf(error: unknown): DependencyOutage | null {
  return outageOf(error, 0);
}

function outageOf(error: unknown, depth: number): DependencyOutage | null {
  if (!isErrorLike(error)) return null;
  if (error instanceof QueryFailedError) return databaseOutage(error.driverError);
  // A connection that dies between a transaction's statements (terminated, a failover) makes
  // TypeORM release its query runner at once; the transaction's next statement meets that.
  if (error instanceof QueryRunnerAlreadyReleasedError || error instanceof QueryRunnerProviderAlreadyReleasedError) {
    return { dependency: 'database', reason: 'closed the connection' };
  }
  if (error.name === 'MaxRetriesPerRequestError') return { dependency: 'redis', reason: 'closed the connection' };
  const redisReason = match(REDIS_MESSAGES, error.message);
  if (redisReason && isRedisError(error)) return { dependency: 'redis', reason: redisReason };
  const outage = databaseOutage(error);
  // An error that wraps the one that counts (ES2022 `cause`); a few levels, never a cycle.
  const { cause } = error as { cause?: unknown };
  return outage ?? (depth < 3 && cause !== undefined ? outageOf(cause, depth + 1) : null);
}

function databaseOutage(error: unknown): DependencyOutage | null {
  if (!isErrorLike(error)) return null;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === 'string') {
    // A pg DatabaseError carries `severity`; a socket error carries an errno name.
    if (typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      if (!isUnavailableSqlState(code)) return null;
      const conflict = code === '40001' || code === '40P01';
      return {
        dependency: 'database',
        reason: sqlStateReason(code),
        ...(conflict ? { message: CONCURRENT_TRANSACTION_MESSAGE } : {}),
      };
    }
    if (SOCKET_ERRORS.has(code)) return { dependency: 'database', reason: 'is unreachable' };
  }
  const reason = match(PG_MESSAGES, error.message);
  return reason ? { dependency: 'database', reason } : null;
}

function sqlStateReason(code: string): string {
  if (code === '57014') return 'did not answer in time';
  if (code === '40001' || code === '40P01') return 'gave way to a concurrent request';
  if (code.startsWith('53')) return 'has no capacity left';
  if (code.startsWith('08')) return 'closed the connection';
  if (code === '25006') return 'is read-only (a standby, during a failover)';
  return 'is not accepting connections';
}

/**
 * ioredis's own errors are plain Errors or redis-errors classes (ReplyError, AbortError); the
 * stack check keeps an unrelated error that happens to share a message from being blamed on Redis.
 */
function isRedisError(error: Error): boolean {
  return (
    ['ReplyError', 'AbortError', 'ClusterAllFailedError'].includes(error.name) ||
    /[\\/]ioredis[\\/]/.test(error.stack ?? '') ||
    /^Stream isn't writeable and enableOfflineQueue/.test(error.message)
  );
}

/**
 * Node's socket errors may come from another realm than the code's `Error` (a test runner's
 * sandbox, for one), where `instanceof Error` is false; their shape is what counts.
 */
function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Error).message === 'string' &&
    typeof (value as Error).name === 'string'
  );
}

function match(patterns: [RegExp, string][], message: string): string | null {
  for (const [pattern, reason] of patterns) if (pattern.test(message)) return reason;
  return null;
}
