import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/configuration';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

/** The bills migration is reversible: down drops what up made, and up works again after. */
describe('migration 1795760000000-create-bills', () => {
  let database: IsolatedDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    dataSource = new DataSource(dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: database.url })));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const present = async () =>
    (
      await dataSource.query(
        `SELECT to_regclass('bills') IS NOT NULL AS bills,
                to_regclass('payments_succeeded_account_idx') IS NOT NULL AS payers_index,
                to_regclass('saved_biller_accounts_biller_reference_idx') IS NOT NULL AS holders_index`,
      )
    )[0];

  it('goes down and up again', async () => {
    expect(await present()).toEqual({ bills: true, payers_index: true, holders_index: true });
    const applied: { name: string }[] = await dataSource.query(`SELECT name FROM schema_migrations ORDER BY id DESC`);
    const newer = applied.findIndex((migration) => migration.name === 'CreateBills1795760000000');
    expect(newer).toBeGreaterThanOrEqual(0);
    // Undo the migrations after it, then it.
    for (let undone = 0; undone <= newer; undone += 1) await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await present()).toEqual({ bills: false, payers_index: false, holders_index: false });
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await present()).toEqual({ bills: true, payers_index: true, holders_index: true });
  });
});
