import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';

/** One definition of the connection, shared by the apps, the CLI, the tests and the seed task. */
export function dataSourceOptions(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: {
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      application_name: 'payment-service',
    },
  };
}
