import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadConfig } from '../../src/platform/config/configuration';
import { migrate } from '../../src/platform/database/migrate';
import globalTeardown from './global-teardown';
import { runStartOf, unlinkKeys } from './run-redis-keys';
import { RUN_PGBOUNCER, startPgBouncer, type PgBouncer } from './pgbouncer';
import { generateSwaggerPluginMetadata } from './swagger-plugin-metadata';
import {
  applyTestDefaults,
  DATABASE_VIA_PGBOUNCER,
  databaseUrl,
  PGBOUNCER_PORT_VARIABLE,
  RUN_PREPARED,
  TEST_DATABASE_ADMIN_URL,
  TEST_DATABASE_PREFIX,
  TEST_REDIS_KEY_PREFIX,
} from './test-settings';

/** Databases and Redis keys of runs that died without their teardown are deleted after this long. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Migrates a template database once, copies it into this run's database, and gives the run a
 * Redis key prefix of its own. All three reach the test workers through the environment: a
 * spec's isolated database is a copy of the template too, far quicker than migrating anew.
 * Meanwhile the Swagger plugin's metadata is brought up to date for the test apps. With
 * `DATABASE_VIA_PGBOUNCER=1` it starts the run's PgBouncer too (`startRunPgBouncerOrTearDown`). A second
 * call in the same Jest process (the `pgbouncer` project's setup beside the `e2e` project's) finds
 * the run prepared and does nothing.
 */
export default async function globalSetup(): Promise<void> {
  const holder = globalThis as { [RUN_PREPARED]?: true };
  if (holder[RUN_PREPARED]) return;
  applyTestDefaults();
  await Promise.all([prepareRun(), generateSwaggerPluginMetadata()]);
  holder[RUN_PREPARED] = true;
  if (DATABASE_VIA_PGBOUNCER) await startRunPgBouncerOrTearDown();
}

/**
 * The run's PgBouncer (test/support/pgbouncer.ts), in front of every database of the run: its port
 * reaches the workers as TEST_PGBOUNCER_PORT, and a spec file's setup sends its apps through it
 * (`routeAppsThroughPgBouncer`). The migrations above connect directly, as README "Behind
 * PgBouncer" says they must. Started once a run; global-teardown.ts stops it. When it cannot
 * start, the run's database is dropped at once: Jest runs no teardown after a setup that failed.
 */
export async function startRunPgBouncerOrTearDown(): Promise<void> {
  const holder = globalThis as { [RUN_PGBOUNCER]?: PgBouncer };
  if (holder[RUN_PGBOUNCER]) return;
  try {
    const bouncer = await startPgBouncer();
    holder[RUN_PGBOUNCER] = bouncer;
    process.env[PGBOUNCER_PORT_VARIABLE] = String(bouncer.port);
    process.stdout.write(`e2e setup: PgBouncer for the run's apps on 127.0.0.1:${bouncer.port}\n`);
  } catch (error) {
    await globalTeardown();
    throw error;
  }
}

async function prepareRun(): Promise<void> {
  const started = Date.now();
  const runId = `${started.toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `${TEST_DATABASE_PREFIX}${runId}`;
  const template = `${database}_template`;

  const admin = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await dropStaleDatabases(admin, started);
    await admin.query(`CREATE DATABASE "${template}"`);
    await migrate(loadConfig({ ...process.env, DATABASE_URL: databaseUrl(template) }));
    await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }

  process.env.TEST_DATABASE_NAME = database;
  process.env.TEST_DATABASE_TEMPLATE = template;
  process.env.DATABASE_URL = databaseUrl(database);
  process.env.REDIS_KEY_PREFIX = `${TEST_REDIS_KEY_PREFIX}${runId}`;
  await deleteStaleRedisKeys(started);
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

async function deleteStaleRedisKeys(now: number): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    await unlinkKeys(redis, `${TEST_REDIS_KEY_PREFIX}*`, (key) => {
      const started = runStartOf(key);
      return started !== null && now - started > STALE_AFTER_MS;
    });
  } finally {
    redis.disconnect();
  }
}
