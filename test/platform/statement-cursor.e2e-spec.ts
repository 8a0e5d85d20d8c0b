import { DataSource, QueryRunner } from 'typeorm';
import { loadConfig } from '../../src/platform/config/configuration';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { PreparedQuery, sqlStatements } from '../../src/platform/database/sql-query';
import { batches, executorOn, run } from '../../src/platform/database/statement-executor';

/**
 * `batches` (statement-executor.ts): a `.sql` statement's rows through a server-side cursor, a
 * batch per FETCH, the rows as `run` answers them, and nothing fetched once the consumer stops.
 */
const text = `SELECT n AS "n!", 'row ' || n AS "label!" FROM generate_series(1, :count!::int) AS n ORDER BY n`;
const countedText = `SELECT n, nextval('spec_cursor_rows') AS produced FROM generate_series(1, :count!::int) AS n`;
const countAt = (statement: string) => [{ a: statement.indexOf(':count!'), b: statement.indexOf(':count!') + 6 }];
const SQL = sqlStatements('spec-cursor', {
  numbers: new PreparedQuery<{ count: number }, { n: number; label: string }>({
    statement: text,
    params: [{ name: 'count', required: true, transform: { type: 'scalar' }, locs: countAt(text) }],
    usedParamSet: { count: true },
  }),
  counted: new PreparedQuery<{ count: number }, { n: number; produced: string }>({
    statement: countedText,
    params: [{ name: 'count', required: true, transform: { type: 'scalar' }, locs: countAt(countedText) }],
    usedParamSet: { count: true },
  }),
});

describe('batches (a statement through a cursor)', () => {
  let dataSource: DataSource;
  let runner: QueryRunner;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(loadConfig(process.env)));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  beforeEach(async () => {
    runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.query('BEGIN');
  });

  afterEach(async () => {
    await runner.query('ROLLBACK');
    await runner.release();
  });

  const numbersOf = async (count: number, size: number) => {
    const sizes: number[] = [];
    const rows: { n: number; label: string }[] = [];
    const cursor = batches(executorOn(runner.manager), SQL.numbers, { count }, { cursor: 'spec_numbers', size });
    for await (const batch of cursor) {
      sizes.push(batch.length);
      rows.push(...batch);
    }
    return { sizes, rows };
  };

  it('answers every row, a batch at a time, as run answers them (hinted columns under their plain names)', async () => {
    const { sizes, rows } = await numbersOf(2500, 1000);

    expect(sizes).toEqual([1000, 1000, 500]);
    expect(rows[0]).toEqual({ n: 1, label: 'row 1' });
    expect(rows).toEqual(await run(executorOn(runner.manager), SQL.numbers, { count: 2500 }));
  });

  it('yields no empty batch when the rows fill the last one, nor for no rows; the name is free again', async () => {
    expect((await numbersOf(2000, 1000)).sizes).toEqual([1000, 1000]);
    expect((await numbersOf(0, 1000)).sizes).toEqual([]);
  });

  it('fetches nothing more once the consumer stops, and closes the cursor', async () => {
    // nextval counts the rows PostgreSQL produced: a cursor computes them as they are fetched.
    await runner.query('CREATE TEMPORARY SEQUENCE spec_cursor_rows');
    const cursor = batches(
      executorOn(runner.manager),
      SQL.counted,
      { count: 2500 },
      { cursor: 'spec_stop', size: 1000 },
    );
    for await (const batch of cursor) {
      expect(batch).toHaveLength(1000);
      break;
    }
    const [{ produced }]: { produced: string }[] = await runner.query(
      `SELECT last_value AS produced FROM spec_cursor_rows`,
    );
    const open: unknown[] = await runner.query(`SELECT name FROM pg_cursors WHERE name = 'spec_stop'`);

    expect(Number(produced)).toBe(1000);
    expect(open).toEqual([]);
  });

  it("refuses a manager outside a transaction's connection, and a name it would have to quote", async () => {
    const outside = batches(executorOn(dataSource.manager), SQL.numbers, { count: 1 }, { cursor: 'spec_out', size: 1 });
    await expect(outside.next()).rejects.toThrow("cursor spec_out: needs a transaction's manager");
    const quoted = batches(executorOn(runner.manager), SQL.numbers, { count: 1 }, { cursor: 'Spec; x', size: 1 });
    await expect(quoted.next()).rejects.toThrow('cursor name "Spec; x"');
  });
});
