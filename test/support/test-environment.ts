import { applyTestDefaults } from './test-settings';

// Runs in every e2e worker before its spec: the run's database and Redis prefix are already
// in the environment (global-setup.ts); this fills in the rest.
applyTestDefaults();
