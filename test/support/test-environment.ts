import { Logger } from '@nestjs/common';
import { nestLogLevels } from '../../src/platform/logging/nest-log-levels';
import { applyTestDefaults } from './test-settings';

// Runs in every e2e worker before its spec: the run's database and Redis prefix are already
// in the environment (global-setup.ts); this fills in the rest.
applyTestDefaults();
// A class a spec builds without an app logs through Nest's console logger: it follows LOG_LEVEL too.
Logger.overrideLogger(nestLogLevels(process.env.LOG_LEVEL ?? 'silent'));
