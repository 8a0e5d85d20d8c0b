import { Logger } from '@nestjs/common';
import { nestLogLevels } from '../../src/platform/logging/nest-log-levels';
import { applyTestDefaults, routeAppsThroughPgBouncer } from './test-settings';

/**
 * Runs in a Jest worker before each spec file (the projects' setup files): the run's database and
 * Redis prefix are already in the environment (global-setup.ts); this fills in the rest and says
 * where the file's apps reach PostgreSQL.
 */
export function prepareSpecEnvironment(options: { viaPgBouncer: boolean }): void {
  applyTestDefaults();
  routeAppsThroughPgBouncer(options.viaPgBouncer);
  // A class a spec builds without an app logs through Nest's console logger: it follows LOG_LEVEL too.
  Logger.overrideLogger(nestLogLevels(process.env.LOG_LEVEL ?? 'silent'));
}
