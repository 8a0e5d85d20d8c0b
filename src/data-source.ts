import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { configurationFromEnvironment } from './configuration';
import { ALL_ENTITIES } from './entities';
import { dataSourceOptions } from './platform/database/data-source-options';

/** The TypeORM CLI's data source (`npm run migration:run`, `migration:generate`, ...), with every context's entities. */
export default new DataSource(dataSourceOptions(configurationFromEnvironment().platform, ALL_ENTITIES));
