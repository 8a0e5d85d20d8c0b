/**
 * Settings of the e2e run. Values already in the environment win, so a developer can point
 * the tests at another PostgreSQL or Redis (TEST_DATABASE_ADMIN_URL, REDIS_URL).
 */
export const TEST_DEFAULTS: Record<string, string> = {
  NODE_ENV: 'test',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_ACCESS_SECRET: 'test-jwt-access-secret-0123456789abcdef',
  KEY_HASH_SECRET: 'test-key-hash-secret-0123456789abcdefgh',
  INTERNAL_API_KEY: 'test-internal-api-key-0123456789abcdefg',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  DEV_MAILBOX: 'true',
  OUTBOX_BACKOFF_BASE_MS: '0',
  SHUTDOWN_TIMEOUT_MS: '5000',
  // A test process shares two cores with another worker, child processes and their compiles: an
  // event-loop stall of a few seconds lets a timeout timer fire before the reply it waits for is
  // read (a first register answered 503; a test app's first connection "timed out" against a
  // healthy server). Specs about these timeouts set their own.
  DATABASE_CONNECT_TIMEOUT_MS: '10000',
  REDIS_COMMAND_TIMEOUT_MS: '5000',
  // Building the OpenAPI document walks every route and schema at each app's boot; the specs that
  // read the document turn it on.
  SWAGGER_ENABLED: 'false',
};

export const TEST_DATABASE_ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_DATABASE_PREFIX = 'ps_test_';

/** Every run's Redis keys are under `test:<run id>`. */
export const TEST_REDIS_KEY_PREFIX = 'test:';

export function applyTestDefaults(): void {
  for (const [key, value] of Object.entries(TEST_DEFAULTS)) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

export function databaseUrl(database: string): string {
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * `DATABASE_VIA_PGBOUNCER=1`: the run's e2e apps reach PostgreSQL through a PgBouncer of the run's
 * own in transaction pooling mode (test/support/pgbouncer.ts, started by global-setup.ts), with
 * `DATABASE_NAMED_STATEMENTS=false` as README "Behind PgBouncer" says. The `pgbouncer` project
 * (jest.config.js) does the same for its spec files whatever this says. Migrations and the specs'
 * own administration still connect directly.
 */
export const DATABASE_VIA_PGBOUNCER = process.env.DATABASE_VIA_PGBOUNCER === '1';

/**
 * Set on the Jest process's global once global-setup.ts has prepared the run's database and Redis
 * prefix (several projects' global setups call it), cleared by global-teardown.ts.
 */
export const RUN_PREPARED = Symbol.for('payment-service.test.run-prepared');

/** Where global-setup.ts leaves the run's PgBouncer port for the workers. */
export const PGBOUNCER_PORT_VARIABLE = 'TEST_PGBOUNCER_PORT';

/** Set in a worker's environment while the spec file it runs sends its apps through the run's PgBouncer. */
const VIA_PGBOUNCER_VARIABLE = 'TEST_VIA_PGBOUNCER';

/** What the worker's environment said of named statements before a spec file changed it. */
const WORKER_NAMED_STATEMENTS = Symbol.for('payment-service.test.worker-named-statements');

/**
 * Points the spec file's apps (`DATABASE_URL`, and the `url` of an isolated database it makes) at
 * the run's PgBouncer, with named statements off unless the environment asked for them
 * (`DATABASE_NAMED_STATEMENTS=true` shows what the setting prevents), or straight at PostgreSQL.
 * Each spec file's setup says which (test-environment.ts): the spec files of one Jest worker share
 * its environment (test/README.md, "One module load per worker"), and the `e2e` and `pgbouncer`
 * projects run in the same workers.
 */
export function routeAppsThroughPgBouncer(on: boolean): void {
  const holder = globalThis as { [WORKER_NAMED_STATEMENTS]?: { value: string | undefined } };
  const named = (holder[WORKER_NAMED_STATEMENTS] ??= { value: process.env.DATABASE_NAMED_STATEMENTS }).value;
  if (on) {
    if (process.env[PGBOUNCER_PORT_VARIABLE] === undefined) {
      throw new Error(
        'this run has no PgBouncer: its global setup starts one for the pgbouncer project or with DATABASE_VIA_PGBOUNCER=1',
      );
    }
    process.env[VIA_PGBOUNCER_VARIABLE] = '1';
    process.env.DATABASE_NAMED_STATEMENTS = named ?? 'false';
  } else {
    delete process.env[VIA_PGBOUNCER_VARIABLE];
    if (named === undefined) delete process.env.DATABASE_NAMED_STATEMENTS;
    else process.env.DATABASE_NAMED_STATEMENTS = named;
  }
  const database = process.env.TEST_DATABASE_NAME;
  if (database !== undefined) process.env.DATABASE_URL = appDatabaseUrl(database);
}

/**
 * The URL an app of the spec file takes for `database`: through the run's PgBouncer while the
 * file's apps go through it (`routeAppsThroughPgBouncer`), else `databaseUrl(database)`.
 */
export function appDatabaseUrl(database: string): string {
  const port = process.env[PGBOUNCER_PORT_VARIABLE];
  if (port === undefined || process.env[VIA_PGBOUNCER_VARIABLE] !== '1') return databaseUrl(database);
  const url = new URL(databaseUrl(database));
  url.hostname = '127.0.0.1';
  url.port = port;
  return url.toString();
}
