import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { configurationFromEnvironment } from '../configuration';
import { ALL_ENTITIES } from '../entities';
import { dataSourceOptions } from '../platform/database/data-source-options';
import { seeders } from './seeders';

/** `npm run seed`: loads demo data, each seeder in its own transaction. Safe to run again. */
async function main(): Promise<void> {
  const configuration = configurationFromEnvironment();
  const dataSource = new DataSource(dataSourceOptions(configuration.platform, ALL_ENTITIES));
  await dataSource.initialize();
  try {
    if (await dataSource.showMigrations()) throw new Error('pending migrations: run `npm run migration:run` first');
    const all = seeders(configuration);
    for (const seeder of all) {
      const report = await dataSource.transaction((manager) => seeder.run(manager));
      const updated = report.updated ? ` (${report.updated} of them completed)` : '';
      process.stdout.write(
        `seed ${seeder.name}: ${report.created} created, ${report.existing} already there${updated}\n`,
      );
    }
    if (all.length === 0) process.stdout.write('seed: no seeders registered\n');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
