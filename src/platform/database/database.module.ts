import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

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
})
export class DatabaseModule {}
