import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { dependencyOutageOf } from '../http/dependency-outage';
import { replicaDataSourceOptions } from './data-source-options';

/** Whether a replica is configured, and whether it answered last time it was asked. */
export type ReplicaState = 'none' | 'up' | 'down';

/**
 * After the replica failed, how long the reads it serves go straight to the primary before it is
 * tried again, so an outage that blackholes connections costs one connect timeout per period, not
 * one per request.
 */
export const REPLICA_RETRY_AFTER_MS = 5000;

/**
 * The reads that tolerate a few seconds of lag, and only those, sent to the read replica
 * (`DATABASE_REPLICA_URL`): the biller directory, the merchant payments CSV export, the merchant
 * statements list and the reconciliation CSV export (README "PostgreSQL: a primary, and
 * replicas"; `npm run ledger:check` opens the replica by itself). A service of such a read asks
 * for it explicitly (`read`, `begin`) and hands the manager to its repositories; every other
 * statement of the service keeps using the primary's `DataSource`. TypeORM's own `replication`
 * option is not used: it sends every read outside a transaction to a replica, the
 * `Idempotency-Key` lookup, the tier limits' sums and the session check included, which must see
 * the primary's latest commit.
 *
 * Without `DATABASE_REPLICA_URL` both run on the primary: one pool, as before. With it, the
 * replica's own data source (its pool, `DATABASE_REPLICA_POOL_SIZE`, with the primary's statement
 * timeouts and named-statement setting) is opened at the first read that needs it. When the replica
 * cannot be opened or fails with a connection-class error (`isReplicaOutage`: refused, cut,
 * starting up or shutting down, out of connections, a session ended by a FATAL error), the read
 * runs again on the primary, a warning is logged once for the outage, and the next
 * REPLICA_RETRY_AFTER_MS of such reads go to the primary directly; the first read that the replica
 * answers again logs its return. Other errors (a bad statement, the statement timeout) are the
 * read's own and are thrown as they are.
 */
@Injectable()
export class ReplicaReads implements OnApplicationShutdown {
  private readonly logger = new Logger(ReplicaReads.name);
  private replica: DataSource | undefined;
  private opening: Promise<DataSource> | undefined;
  private down = false;
  private retryAt = 0;

  constructor(
    private readonly primary: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** `none` without a replica; `down` from its failure until it answers a read (or `check`) again. */
  get state(): ReplicaState {
    if (this.config.DATABASE_REPLICA_URL === '') return 'none';
    return this.down ? 'down' : 'up';
  }

  /**
   * `work` on the replica's manager (outside any transaction), or on the primary's when there is
   * no replica, it is down, or it fails with a connection-class error while `work` runs (then
   * `work` runs again, on the primary: it must only read).
   */
  async read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const replica = await this.available();
    if (replica !== undefined) {
      try {
        const result = await work(replica.manager);
        this.answered();
        return result;
      } catch (error) {
        if (!isReplicaOutage(error)) throw error;
        this.failed(error);
      }
    }
    return work(this.primary.manager);
  }

  /**
   * A query runner connected to the replica (or the primary, as `read` chooses) with `begin` (a
   * `BEGIN ...` statement) run on it: for a read in one transaction of its own, an export's cursor
   * or COPY. The caller ends the transaction and releases the runner. Only opening it falls back to
   * the primary: once rows have been sent, an error is the read's.
   */
  async begin(begin: string): Promise<QueryRunner> {
    const replica = await this.available();
    if (replica !== undefined) {
      const runner = replica.createQueryRunner();
      try {
        await runner.connect();
        await runner.query(begin);
        this.answered();
        return runner;
      } catch (error) {
        await runner.release().catch(() => undefined);
        if (!isReplicaOutage(error)) throw error;
        this.failed(error);
      }
    }
    const runner = this.primary.createQueryRunner();
    try {
      await runner.connect();
      await runner.query(begin);
      return runner;
    } catch (error) {
      await runner.release();
      throw error;
    }
  }

  /**
   * Asks the replica to answer `SELECT 1` now (the readiness probe's non-critical check), whatever
   * the retry period; `state` then says how it went. No-op without a replica.
   */
  async check(): Promise<ReplicaState> {
    if (this.config.DATABASE_REPLICA_URL === '') return 'none';
    try {
      const replica = await this.open();
      await replica.query('SELECT 1');
      this.answered();
    } catch (error) {
      this.failed(error);
    }
    return this.state;
  }

  async onApplicationShutdown(): Promise<void> {
    const opening = this.opening;
    this.opening = undefined;
    const replica = this.replica ?? (await opening?.catch(() => undefined));
    this.replica = undefined;
    if (replica?.isInitialized) await replica.destroy();
  }

  /** The replica's data source when one is configured and not in its retry period. */
  private async available(): Promise<DataSource | undefined> {
    if (this.config.DATABASE_REPLICA_URL === '') return undefined;
    if (this.down && Date.now() < this.retryAt) return undefined;
    try {
      return await this.open();
    } catch (error) {
      // Whatever stops it opening (unreachable, a wrong password or database name): the reads it
      // would serve go to the primary, and the log says why.
      this.failed(error);
      return undefined;
    }
  }

  /**
   * Opens the replica's data source once (its first connection). TypeORM's initialize needs the
   * server; one that failed is dropped, to be opened again after the retry period.
   */
  private open(): Promise<DataSource> {
    if (this.replica !== undefined) return Promise.resolve(this.replica);
    this.opening ??= (async () => {
      const entities = this.primary.entityMetadatas.map((metadata) => metadata.target);
      const source = new DataSource(replicaDataSourceOptions(this.config, entities));
      try {
        await source.initialize();
      } catch (error) {
        // A failed initialize leaves the pool it created behind.
        await source.driver.disconnect().catch(() => undefined);
        throw error;
      } finally {
        this.opening = undefined;
      }
      this.replica = source;
      return source;
    })();
    return this.opening;
  }

  private answered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log('the read replica answers again: replica-safe reads go to it');
  }

  private failed(error: unknown): void {
    this.retryAt = Date.now() + REPLICA_RETRY_AFTER_MS;
    if (this.down) return;
    this.down = true;
    const reason = dependencyOutageOf(error)?.reason ?? (error instanceof Error ? error.message : String(error));
    this.logger.warn(`the read replica ${reason}: replica-safe reads go to the primary until it answers`);
  }
}

/**
 * A connection-class failure of the replica (unreachable, cut, starting up or shutting down, out
 * of connections, a recovery conflict, or any error the server ends the session with: FATAL, as
 * a database that does not accept connections answers): the read may run on the primary instead.
 * Not a statement timeout: the same read would take as long on the primary.
 */
export function isReplicaOutage(error: unknown): boolean {
  const cause = (error instanceof QueryFailedError ? error.driverError : error) as {
    code?: unknown;
    severity?: unknown;
  } | null;
  if (cause?.code === STATEMENT_TIMEOUT) return false;
  if (cause?.severity === 'FATAL' || cause?.severity === 'PANIC') return true;
  return dependencyOutageOf(error)?.dependency === 'database';
}

/** SQLSTATE query_canceled: `statement_timeout`. */
const STATEMENT_TIMEOUT = '57014';
