import type { PoolClient } from 'pg';
import { EntityManager, QueryFailedError, QueryRunner, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import type { Statement } from './prepared-statement';

/**
 * Runs statements (prepared-statement.ts) on an EntityManager's connection: a transaction's
 * manager runs them in its transaction, any other manager on a pooled connection taken for the
 * one statement, as `manager.query` does.
 *
 * TypeORM's `query` takes SQL text only, and a prepared statement needs a name beside it, so the
 * executor hands the statement to the `pg` client that TypeORM's query runner holds (its
 * `connect()` answers the client). Errors come out as `manager.query`'s do: a failed statement
 * as a `QueryFailedError` around pg's error (the HTTP filter maps its SQLSTATE), a pool that
 * cannot lend a connection with pg's own error.
 */
export class StatementExecutor {
  constructor(readonly manager: EntityManager) {
    if (manager.connection.options.type !== 'postgres') {
      throw new Error(`prepared statements need PostgreSQL, not ${manager.connection.options.type}`);
    }
  }

  async rows<Row extends object, Params>(statement: Statement<Row, Params>, params: Params): Promise<Row[]> {
    const rows = await this.execute(statement.name, statement.textFor(this.manager.connection), [
      ...statement.valuesOf(params),
    ]);
    const rowOf = statement.rowOf;
    // pg answers each row as an object keyed by the result's column names.
    return rowOf === undefined ? (rows as Row[]) : rows.map(rowOf);
  }

  private async execute(name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
    const runner = this.manager.queryRunner;
    if (runner !== undefined) {
      // A released runner's client is back in the pool, maybe lent to another request by now.
      if (runner.isReleased) throw new QueryRunnerProviderAlreadyReleasedError();
      return execute(runner, name, text, values);
    }
    const own = this.manager.connection.createQueryRunner();
    try {
      return await execute(own, name, text, values);
    } finally {
      await own.release();
    }
  }
}

/** The executor of a manager (a transaction's, or `dataSource.manager`). */
export function executorOn(manager: EntityManager): StatementExecutor {
  return new StatementExecutor(manager);
}

/** The statement's rows (none for a statement without a result). */
export function run<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
): Promise<Row[]> {
  return executor.rows(statement, params);
}

/** The statement's first row, or null. */
export async function one<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
): Promise<Row | null> {
  const [row] = await executor.rows(statement, params);
  return row ?? null;
}

async function execute(
  runner: QueryRunner,
  name: string,
  text: string,
  parameters: unknown[],
): Promise<Record<string, unknown>[]> {
  // The data source is PostgreSQL (checked above), so the runner's connection is a pg client.
  const client = (await runner.connect()) as PoolClient;
  const logger = runner.connection.logger;
  logger.logQuery(text, parameters, runner);
  try {
    const result = await client.query<Record<string, unknown>>({ name, text, values: parameters });
    return result.rows;
  } catch (caught) {
    // pg rejects with Errors only (a DatabaseError, or a connection's).
    const error = caught as Error;
    logger.logQueryError(error, text, parameters, runner);
    throw new QueryFailedError(text, parameters, error);
  }
}
