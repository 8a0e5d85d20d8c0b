import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppConfig, loadConfig } from './app-config';

/**
 * The one place that reads the process environment. A `.env` file in the working directory is
 * loaded first when present; variables already set in the environment win over it.
 */
export function configFromEnvironment(): AppConfig {
  const envFile = resolve(process.cwd(), '.env');
  if (existsSync(envFile) && process.env.NODE_ENV !== 'test') process.loadEnvFile(envFile);
  return loadConfig(process.env);
}
