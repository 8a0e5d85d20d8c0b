import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { ReplicaReads } from './replica-reads';

/**
 * The primary's data source (TypeORM's, injected as `DataSource` everywhere) and `ReplicaReads`,
 * which the few reads that tolerate lag ask for (README "PostgreSQL: a primary, and replicas").
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        // Each context's module registers its entities with TypeOrmModule.forFeature.
        autoLoadEntities: true,
        retryAttempts: config.NODE_ENV === 'test' ? 0 : 5,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [ReplicaReads],
  exports: [ReplicaReads],
})
export class DatabaseModule {}
