import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ALL_ENTITIES } from './entities';
import { configFromEnvironment } from './platform/config/environment';
import { dataSourceOptions } from './platform/database/data-source-options';

/** The TypeORM CLI's data source (`npm run migration:run`, `migration:generate`, ...), with every context's entities. */
export default new DataSource(dataSourceOptions(configFromEnvironment(), ALL_ENTITIES));
