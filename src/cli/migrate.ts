import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { configurationFromEnvironment } from '../configuration';
import { dataSourceOptions } from '../platform/database/data-source-options';

/** `npm run migrate` (compiled): applies pending migrations, each in its own transaction. */
async function main(): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(configurationFromEnvironment().platform));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    process.stdout.write(
      applied.length > 0
        ? `migrations applied: ${applied.map((migration) => migration.name).join(', ')}\n`
        : 'migrations: database is up to date\n',
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
