import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/configuration';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

const MERCHANT = '01930000-0000-7000-8000-0000000a0001';
const ANN = 'a'.repeat(32);
const BEN = 'b'.repeat(32);

/**
 * Migration 1795894000000 fills the payers' cumulative day totals and lifetime rows from the day rows already there
 * (a window sum per payer), drops the monthly rollup, and goes down again to the monthly rows the days add up to.
 */
describe('migration 1795894000000-merchant-stats-payer-totals', () => {
  let database: IsolatedDatabase;
  let dataSource: DataSource;
  let direct: Client;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    dataSource = new DataSource(dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: database.url })));
    await dataSource.initialize();
    direct = new Client({ connectionString: database.directUrl });
    await direct.connect();
    await direct.query(
      `INSERT INTO merchants (id, name, registration_number, contact_email, country, business_type,
                              onboarding_token_hash, onboarding_token_expires_at, created_at, updated_at)
       VALUES ($1, 'Totals Ltd', 'RC0094000', 'owner@totals.example', 'NG', 'LIMITED_COMPANY', $2, now(), now(), now())`,
      [MERCHANT, 'c'.repeat(64)],
    );
  });

  afterAll(async () => {
    await direct?.end();
    await dataSource?.destroy();
    await database?.drop();
  });

  const exists = async (relation: string) =>
    (await direct.query<{ found: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS found`, [relation])).rows[0]
      .found as boolean;

  it('fills the cumulative totals and the lifetime rows from the days, and goes down to the months', async () => {
    const applied: { name: string }[] = await dataSource.query(`SELECT name FROM schema_migrations ORDER BY id DESC`);
    const newer = applied.findIndex((migration) => migration.name === 'MerchantStatsPayerTotals1795894000000');
    expect(newer).toBeGreaterThanOrEqual(0);
    for (let undone = 0; undone <= newer; undone += 1) await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await exists('merchant_stats_payers')).toBe(false);
    expect(await exists('merchant_stats_payers_monthly')).toBe(true);

    // Ann: three days over two months; Ben: one day; and Ann in the other mode, apart.
    await direct.query(
      `INSERT INTO merchant_stats_payers_daily
         (merchant_id, livemode, currency, day, customer_key, display_masked, payment_count, volume, last_paid_at)
       VALUES ($1, true, 'NGN', '2026-09-30', $2, 'a***@example.com', 2, 300, '2026-09-30T10:00:00Z'),
              ($1, true, 'NGN', '2026-10-02', $2, 'a***@example.com', 1, 50, '2026-10-02T11:00:00Z'),
              ($1, true, 'NGN', '2026-10-20', $2, 'a***@example.com', 3, 7, '2026-10-20T12:00:00Z'),
              ($1, true, 'NGN', '2026-10-05', $3, 'b***@example.com', 1, 1000, '2026-10-05T09:00:00Z'),
              ($1, false, 'NGN', '2026-10-01', $2, 'a***@example.com', 4, 4, '2026-10-01T08:00:00Z')`,
      [MERCHANT, ANN, BEN],
    );
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await exists('merchant_stats_payers_monthly')).toBe(false);

    const days = await direct.query(
      `SELECT livemode, day::text, customer_key, cum_count, cum_volume FROM merchant_stats_payers_daily
        ORDER BY livemode, customer_key, day`,
    );
    expect(days.rows).toEqual([
      { livemode: false, day: '2026-10-01', customer_key: ANN, cum_count: 4, cum_volume: '4' },
      { livemode: true, day: '2026-09-30', customer_key: ANN, cum_count: 2, cum_volume: '300' },
      { livemode: true, day: '2026-10-02', customer_key: ANN, cum_count: 3, cum_volume: '350' },
      { livemode: true, day: '2026-10-20', customer_key: ANN, cum_count: 6, cum_volume: '357' },
      { livemode: true, day: '2026-10-05', customer_key: BEN, cum_count: 1, cum_volume: '1000' },
    ]);
    const payers = await direct.query(
      `SELECT livemode, customer_key, display_masked, payment_count, volume, first_day::text, last_day::text,
              last_paid_at
         FROM merchant_stats_payers ORDER BY livemode, customer_key`,
    );
    expect(payers.rows).toEqual([
      {
        livemode: false,
        customer_key: ANN,
        display_masked: 'a***@example.com',
        payment_count: 4,
        volume: '4',
        first_day: '2026-10-01',
        last_day: '2026-10-01',
        last_paid_at: new Date('2026-10-01T08:00:00Z'),
      },
      {
        livemode: true,
        customer_key: ANN,
        display_masked: 'a***@example.com',
        payment_count: 6,
        volume: '357',
        first_day: '2026-09-30',
        last_day: '2026-10-20',
        last_paid_at: new Date('2026-10-20T12:00:00Z'),
      },
      {
        livemode: true,
        customer_key: BEN,
        display_masked: 'b***@example.com',
        payment_count: 1,
        volume: '1000',
        first_day: '2026-10-05',
        last_day: '2026-10-05',
        last_paid_at: new Date('2026-10-05T09:00:00Z'),
      },
    ]);

    // Down (the migrations after it first): the months the days add up to, and no cumulative column.
    for (let undone = 0; undone <= newer; undone += 1) await dataSource.undoLastMigration({ transaction: 'each' });
    const months = await direct.query(
      `SELECT livemode, month::text, customer_key, payment_count, volume FROM merchant_stats_payers_monthly
        ORDER BY livemode, customer_key, month`,
    );
    expect(months.rows).toEqual([
      { livemode: false, month: '2026-10-01', customer_key: ANN, payment_count: 4, volume: '4' },
      { livemode: true, month: '2026-09-01', customer_key: ANN, payment_count: 2, volume: '300' },
      { livemode: true, month: '2026-10-01', customer_key: ANN, payment_count: 4, volume: '57' },
      { livemode: true, month: '2026-10-01', customer_key: BEN, payment_count: 1, volume: '1000' },
    ]);
    expect(await exists('merchant_stats_payers')).toBe(false);
    const columns = await direct.query(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'merchant_stats_payers_daily' AND column_name LIKE 'cum%'`,
    );
    expect(columns.rows).toEqual([]);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await exists('merchant_stats_payers')).toBe(true);
  });
});
