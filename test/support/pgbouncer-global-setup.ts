import globalSetup, { startRunPgBouncerOrTearDown } from './global-setup';

/**
 * The `pgbouncer` project's global setup: the e2e run's (its database and Redis prefix, once for
 * both projects when they run together), then the run's PgBouncer, which the project's spec files
 * send their apps through (pgbouncer-test-environment.ts). Its teardown is the e2e project's.
 */
export default async function pgbouncerGlobalSetup(): Promise<void> {
  await globalSetup();
  await startRunPgBouncerOrTearDown();
}
