import 'reflect-metadata';
import { configurationFromEnvironment } from '../configuration';
import { migrate } from '../platform/database/migrate';

/** `npm run migrate` (compiled): applies pending migrations, each in its own transaction. */
async function main(): Promise<void> {
  const applied = await migrate(configurationFromEnvironment().platform);
  process.stdout.write(
    applied.length > 0
      ? `migrations applied: ${applied.map((migration) => migration.name).join(', ')}\n`
      : 'migrations: database is up to date\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
