import { randomBytes, randomInt } from 'node:crypto';
import type { PoolClient } from 'pg';
import { DataSource, QueryFailedError, QueryRunner } from 'typeorm';
import { loadConfig } from '../../src/platform/config/configuration';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { DeferredBeginClient } from '../../src/platform/database/deferred-begin-client';
import { PreparedQuery, sqlStatements } from '../../src/platform/database/sql-query';
import { executorOn, namesStatements, run } from '../../src/platform/database/statement-executor';

/**
 * A transaction's BEGIN sent with its first statement (deferred-begin-client.ts): the statement
 * runs inside the transaction, commits and rolls back with it, fails with its own error, and
 * costs one round trip where it cost two. Where statements are unnamed (DATABASE_NAMED_STATEMENTS
 * =false, as behind PgBouncer) the BEGIN goes alone, as TypeORM sends it: the same outcomes, one
 * round trip more.
 */
const TABLE = `deferred_begin_probe_${randomBytes(3).toString('hex')}`;
const insertText = `INSERT INTO ${TABLE} (n) VALUES (:n!) RETURNING n AS "n!"`;
const divideText = `SELECT 1 / :d!::int AS "q!"`;
const at = (statement: string, param: string) => [
  { a: statement.indexOf(param), b: statement.indexOf(param) + param.length - 1 },
];
const SQL = sqlStatements('spec-deferred-begin', {
  insert: new PreparedQuery<{ n: number }, { n: number }>({
    statement: insertText,
    params: [{ name: 'n', required: true, transform: { type: 'scalar' }, locs: at(insertText, ':n!') }],
    usedParamSet: { n: true },
  }),
  divide: new PreparedQuery<{ d: number }, { q: number }>({
    statement: divideText,
    params: [{ name: 'd', required: true, transform: { type: 'scalar' }, locs: at(divideText, ':d!') }],
    usedParamSet: { d: true },
  }),
});

describe("a transaction's BEGIN, sent with its first statement", () => {
  let dataSource: DataSource;
  let defers: boolean;
  let runner: QueryRunner;
  let client: PoolClient;

  beforeAll(async () => {
    const options = dataSourceOptions(loadConfig(process.env));
    defers = namesStatements(options);
    dataSource = new DataSource(options);
    await dataSource.initialize();
    await dataSource.query(`CREATE TABLE ${TABLE} (n int PRIMARY KEY)`);
  });

  afterAll(async () => {
    await dataSource?.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await dataSource?.destroy();
  });

  beforeEach(async () => {
    runner = dataSource.createQueryRunner();
    client = (await runner.connect()) as PoolClient;
    // The connection's first transaction prepares BEGIN (and sends it on its own).
    await runner.startTransaction();
    await runner.query('SELECT 1');
    await runner.commitTransaction();
  });

  afterEach(async () => {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  });

  /** The round trips `work` makes on the runner's connection: the server's ReadyForQuery answers. */
  async function roundTripsOf(work: () => Promise<void>): Promise<number> {
    const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
    let trips = 0;
    const count = () => trips++;
    connection.on('readyForQuery', count);
    try {
      await work();
    } finally {
      connection.removeListener('readyForQuery', count);
    }
    return trips;
  }

  /** Whether another connection sees row `n`. */
  async function committed(n: number): Promise<boolean> {
    const rows = await dataSource.query<{ n: number }[]>(`SELECT n FROM ${TABLE} WHERE n = $1`, [n]);
    return rows.length === 1;
  }

  /** Whether the runner's connection is outside any transaction block. */
  async function outsideTransaction(): Promise<boolean> {
    const [{ outside }] = (await runner.query('SELECT now() = statement_timestamp() AS outside')) as {
      outside: boolean;
    }[];
    return outside;
  }

  it("lends the deferring client from the data source's pool", () => {
    expect(client).toBeInstanceOf(DeferredBeginClient);
  });

  it('runs the first statement inside the transaction, in one round trip with BEGIN, and commits it', async () => {
    const n = randomInt(1, 1_000_000_000);
    let seenBeforeCommit = true;
    const trips = await roundTripsOf(async () => {
      await runner.startTransaction();
      expect(await run(executorOn(runner.manager), SQL.insert, { n })).toEqual([{ n }]);
      seenBeforeCommit = await committed(n);
      await runner.commitTransaction();
    });
    expect(seenBeforeCommit).toBe(false);
    expect(await committed(n)).toBe(true);
    // The statement (with BEGIN when deferred) and COMMIT; BEGIN alone before them otherwise.
    expect(trips).toBe(defers ? 2 : 3);
    expect(await outsideTransaction()).toBe(true);
  });

  it('rolls the first statement back with the transaction', async () => {
    const n = randomInt(1, 1_000_000_000);
    await runner.startTransaction();
    await run(executorOn(runner.manager), SQL.insert, { n });
    await runner.rollbackTransaction();
    expect(await committed(n)).toBe(false);
    expect(await outsideTransaction()).toBe(true);
  });

  it('sends nothing for a transaction that runs no statement', async () => {
    const trips = await roundTripsOf(async () => {
      await runner.startTransaction();
      await runner.commitTransaction();
      await runner.startTransaction();
      await runner.rollbackTransaction();
    });
    expect(trips).toBe(defers ? 0 : 4);
    expect(await outsideTransaction()).toBe(true);
  });

  it('sends BEGIN on its own before a first statement without parameters, which still runs in the transaction', async () => {
    const trips = await roundTripsOf(async () => {
      await runner.startTransaction();
      await runner.query('SET LOCAL statement_timeout = 12345');
      expect(await runner.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '12345ms' }]);
      await runner.commitTransaction();
    });
    expect(trips).toBe(4);
    // SET LOCAL ended with the transaction it ran in.
    expect(await runner.query('SHOW statement_timeout')).not.toEqual([{ statement_timeout: '12345ms' }]);
  });

  it('fails the first statement with its own error, and the rollback leaves no transaction open', async () => {
    await runner.startTransaction();
    const failure = await run(executorOn(runner.manager), SQL.divide, { d: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('22012');
    // The transaction is aborted, not gone: a statement now is refused until the rollback.
    await expect(runner.query('SELECT 1')).rejects.toMatchObject({ driverError: { code: '25P02' } });
    await runner.rollbackTransaction();
    expect(await outsideTransaction()).toBe(true);
    expect(await run(executorOn(runner.manager), SQL.divide, { d: 1 })).toEqual([{ q: 1 }]);
  });

  it('drops a BEGIN still held when its client goes back to the pool', async () => {
    await runner.startTransaction();
    // Released with the transaction neither committed nor rolled back.
    await runner.release();
    const next = dataSource.createQueryRunner();
    try {
      // The pool lends its most recently returned client first: the same one.
      expect(await next.connect()).toBe(client);
      const n = randomInt(1, 1_000_000_000);
      await run(executorOn(next.manager), SQL.insert, { n });
      // A BEGIN sent on its own instead leaves the next borrower inside the open transaction.
      expect(await committed(n)).toBe(defers);
      if (!defers) await next.query('ROLLBACK');
    } finally {
      await next.release();
    }
    runner = dataSource.createQueryRunner();
  });

  it("keeps TypeORM's own statements with parameters in the transaction `dataSource.transaction` opens", async () => {
    const n = randomInt(1, 1_000_000_000);
    const failure = await dataSource
      .transaction(async (manager) => {
        await manager.query(`INSERT INTO ${TABLE} (n) VALUES ($1)`, [n]);
        throw new Error('changed my mind');
      })
      .catch((error: unknown) => error);
    expect(failure).toEqual(new Error('changed my mind'));
    expect(await committed(n)).toBe(false);
    await dataSource.transaction((manager) => manager.query(`INSERT INTO ${TABLE} (n) VALUES ($1)`, [n]));
    expect(await committed(n)).toBe(true);
  });
});
