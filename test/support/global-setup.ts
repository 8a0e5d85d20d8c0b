import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/app-config';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { applyTestDefaults, databaseUrl, TEST_DATABASE_ADMIN_URL, TEST_DATABASE_PREFIX } from './test-settings';

/** Databases of runs that died without their teardown are dropped after this long. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Creates this run's database, migrates it, and gives the run a Redis key prefix of its own.
 * Both reach the test workers through the environment.
 */
export default async function globalSetup(): Promise<void> {
  applyTestDefaults();
  const started = Date.now();
  const runId = `${started.toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `${TEST_DATABASE_PREFIX}${runId}`;

  const admin = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await dropStaleDatabases(admin, started);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  process.env.TEST_DATABASE_NAME = database;
  process.env.DATABASE_URL = databaseUrl(database);
  process.env.REDIS_KEY_PREFIX = `test:${runId}`;

  const dataSource = new DataSource(dataSourceOptions(loadConfig(process.env)));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

async function dropStaleDatabases(admin: Client, now: number): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
    `${TEST_DATABASE_PREFIX}%`,
  ]);
  for (const { datname } of rows) {
    const created = parseInt(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(created) && now - created > STALE_AFTER_MS) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  }
}
