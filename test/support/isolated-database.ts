import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/configuration';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { appDatabaseUrl, databaseUrl, TEST_DATABASE_ADMIN_URL, TEST_DATABASE_PREFIX } from './test-settings';

export interface IsolatedDatabase {
  name: string;
  /** The URL for the spec's apps: through the run's PgBouncer when it has one (test-settings.ts). */
  url: string;
  /** Straight to PostgreSQL, for a spec's own session-level work (`PREPARE`, `SET`). */
  directUrl: string;
  admin: Client;
  drop(): Promise<void>;
}

/**
 * A migrated database of its own, for specs whose subject sees every row (the outbox relay, a
 * posting sweep) or breaks the database on purpose (readiness): a copy of the run's migrated
 * template (global-setup.ts), or migrated here when there is none. Named like the run's, so a
 * crashed run's leftovers are swept by the next global setup.
 */
export async function createIsolatedDatabase(): Promise<IsolatedDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const admin = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  const directUrl = databaseUrl(name);
  if (template) {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } else {
    await admin.query(`CREATE DATABASE "${name}"`);
    const migrator = new DataSource(dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: directUrl })));
    await migrator.initialize();
    await migrator.runMigrations();
    await migrator.destroy();
  }
  return {
    name,
    url: appDatabaseUrl(name),
    directUrl,
    admin,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
