import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppConfig } from './app-config';
import { type Environment, loadConfig } from './configuration';

/**
 * The one place that reads the process environment. A `.env` file in the working directory is
 * loaded first when present; variables already set in the environment win over it.
 */
export function readEnvironment(): Environment {
  const envFile = resolve(process.cwd(), '.env');
  if (existsSync(envFile) && process.env.NODE_ENV !== 'test') process.loadEnvFile(envFile);
  return { ...process.env };
}

/** The platform's settings from the process environment, for code outside Nest that needs nothing of a context (a migration). */
export function configFromEnvironment(): AppConfig {
  return loadConfig(readEnvironment());
}
