import { DataSource, Migration } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** The connection settings a migration run needs (a subset of AppConfig). */
export type MigrationConnection = Parameters<typeof dataSourceOptions>[0];

/**
 * Applies every pending migration to the database of `connection.DATABASE_URL`, each in its own
 * transaction, and closes its connections after (so the database can serve as a template). One
 * runner for `npm run migrate`, the e2e template database and `npm run sql:types`.
 */
export async function migrate(connection: MigrationConnection): Promise<Migration[]> {
  const dataSource = new DataSource(dataSourceOptions(connection));
  await dataSource.initialize();
  try {
    return await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}
