import Redis from 'ioredis';
import { Client } from 'pg';
import { RUN_PGBOUNCER, type PgBouncer } from './pgbouncer';
import { countKeys, runKeyPattern, unlinkKeys } from './run-redis-keys';
import { PGBOUNCER_PORT_VARIABLE, RUN_PREPARED, TEST_DATABASE_ADMIN_URL, TEST_REDIS_KEY_PREFIX } from './test-settings';

/**
 * Stops the run's PgBouncer if it has one (the `pgbouncer` project's, or `DATABASE_VIA_PGBOUNCER=1`'s), drops the run's database
 * and its template and deletes every Redis key under the run's prefix, then checks that none is
 * left: a run leaves the shared PostgreSQL and Redis as it found them.
 */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { [RUN_PGBOUNCER]?: PgBouncer; [RUN_PREPARED]?: true };
  await holder[RUN_PGBOUNCER]?.stop();
  delete holder[RUN_PGBOUNCER];
  delete process.env[PGBOUNCER_PORT_VARIABLE];
  delete holder[RUN_PREPARED];
  const databases = [process.env.TEST_DATABASE_NAME, process.env.TEST_DATABASE_TEMPLATE].filter(Boolean);
  if (databases.length > 0) {
    const admin = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      for (const database of databases) await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  const prefix = process.env.REDIS_KEY_PREFIX;
  if (prefix?.startsWith(TEST_REDIS_KEY_PREFIX)) await deleteRunKeys(prefix);
}

async function deleteRunKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const pattern = runKeyPattern(prefix);
  try {
    let deleted = 0;
    let left = 0;
    // A process that outlived its spec (a worker draining its last job) may still write a key
    // while the first pass runs; a second pass finds it.
    for (let pass = 0; pass < 3; pass += 1) {
      deleted += await unlinkKeys(redis, pattern);
      left = await countKeys(redis, pattern);
      if (left === 0) break;
    }
    process.stdout.write(`e2e teardown: deleted ${deleted} Redis keys under ${prefix}, ${left} left\n`);
    if (left > 0) throw new Error(`${left} Redis keys under ${prefix} outlived the run's teardown`);
  } finally {
    redis.disconnect();
  }
}
