import type { DataSourceOptions, EntitySchema, MixedList } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { AppConfig } from '../config/app-config';
import { DeferredBeginClient } from './deferred-begin-client';
import { EXPORT_TIMEOUTS_OPTION, type ExportTimeouts, NAMED_STATEMENTS_OPTION } from './statement-executor';
import { SERVICE_PG_TYPES } from './timestamp-parser';

/**
 * How much longer than `statement_timeout` the client waits: the server's own cancel normally
 * answers first and leaves the connection usable; the client's only fires when the server
 * stopped answering altogether (packets dropped, host frozen).
 */
const CLIENT_TIMEOUT_MARGIN_MS = 2000;

/**
 * One definition of the connection, shared by the apps, the CLI, the tests and the seed task.
 * `entities`: none for the applications, whose contexts register their own (autoLoadEntities)
 * and migrations, which need none; every context's (src/entities.ts) for the CLI commands.
 */
export function dataSourceOptions(
  config: Pick<
    AppConfig,
    'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_STATEMENT_TIMEOUT_MS'
  > &
    // Named unless told otherwise: a migration run names none of its statements. Without an
    // export bound, a cursor runs under the statement timeout as any statement does.
    Partial<Pick<AppConfig, 'DATABASE_NAMED_STATEMENTS' | 'CSV_EXPORT_STATEMENT_TIMEOUT_MS'>>,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema> = [],
): DataSourceOptions {
  const statementTimeout = config.DATABASE_STATEMENT_TIMEOUT_MS;
  const exportTimeout = config.CSV_EXPORT_STATEMENT_TIMEOUT_MS;
  const exportTimeouts: ExportTimeouts | undefined =
    exportTimeout === undefined
      ? undefined
      : { statementTimeoutMs: exportTimeout, queryTimeoutMs: exportTimeout + CLIENT_TIMEOUT_MARGIN_MS };
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // pg.Pool options. Without these bounds a database that is down or hung holds each request
    // (and its pool slot) for as long as the operating system's TCP timeouts, minutes.
    extra: {
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30000,
      application_name: 'payment-service',
      // pg's type parsers, with timestamptz read without regular expressions (timestamp-parser.ts).
      types: SERVICE_PG_TYPES,
      // Read by the statement executor (pg ignores it): named or unnamed prepared statements.
      [NAMED_STATEMENTS_OPTION]: config.DATABASE_NAMED_STATEMENTS ?? true,
      // The pool's client: a transaction's BEGIN goes with its first statement, where statements
      // are named by the option above (deferred-begin-client.ts says why only there).
      Client: DeferredBeginClient,
      // Read by the statement executor (pg ignores it): the bounds of a cursor export's statement.
      ...(exportTimeouts === undefined ? {} : { [EXPORT_TIMEOUTS_OPTION]: exportTimeouts }),
      // A startup parameter: PgBouncer refuses it unless told to ignore it (README "Behind
      // PgBouncer"), and the server-side default of the role then applies instead.
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + CLIENT_TIMEOUT_MARGIN_MS }
        : {}),
    },
  };
}

/**
 * The read replica's data source (`DATABASE_REPLICA_URL`, `replica-reads.ts`): the primary's
 * options (statement timeouts, named statements, export bounds) on the replica's URL and pool size,
 * its connections named `payment-service-replica` in `pg_stat_activity`, and no extension installed
 * at connect (a standby refuses `CREATE EXTENSION`; the primary's migrations made them).
 */
export function replicaDataSourceOptions(
  config: Pick<
    AppConfig,
    | 'DATABASE_REPLICA_URL'
    | 'DATABASE_REPLICA_POOL_SIZE'
    | 'DATABASE_CONNECT_TIMEOUT_MS'
    | 'DATABASE_STATEMENT_TIMEOUT_MS'
    | 'DATABASE_NAMED_STATEMENTS'
    | 'CSV_EXPORT_STATEMENT_TIMEOUT_MS'
  >,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>,
): DataSourceOptions {
  const options = dataSourceOptions(
    { ...config, DATABASE_URL: config.DATABASE_REPLICA_URL, DATABASE_POOL_SIZE: config.DATABASE_REPLICA_POOL_SIZE },
    entities,
  );
  return {
    ...options,
    migrations: [],
    installExtensions: false,
    extra: { ...(options.extra as Record<string, unknown>), application_name: 'payment-service-replica' },
  } as DataSourceOptions;
}
