import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { configFromEnvironment } from '../config/environment';
import { dataSourceOptions } from './data-source-options';

/** The TypeORM CLI's data source (`npm run migration:run`, `migration:generate`, ...). */
export default new DataSource(dataSourceOptions(configFromEnvironment()));
