import { Client } from 'pg';
import { configurationFromEnvironment } from '../configuration';

/** `npm run db:create`: creates the database named in DATABASE_URL when it does not exist. */
async function main(): Promise<void> {
  const target = new URL(configurationFromEnvironment().platform.DATABASE_URL);
  const database = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(database)) throw new Error(`unsupported database name "${database}"`);
  const maintenance = new URL(target.toString());
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) {
      process.stdout.write(`database ${database} already exists\n`);
      return;
    }
    await client.query(`CREATE DATABASE "${database}"`);
    process.stdout.write(`database ${database} created\n`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
