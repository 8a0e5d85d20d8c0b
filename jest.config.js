/**
 * Four projects: `unit` (specs beside pure logic in src/, and of the test support's own logic),
 * `e2e` (the real app over HTTP against PostgreSQL and Redis), `pgbouncer` (the payments e2e specs
 * again, behind a PgBouncer) and `processes` (e2e specs that start real processes). The e2e run
 * gets its own database and Redis key prefix from test/support/global-setup.ts.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const esmPackages = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  '@standard-schema',
  'uuid',
  'eventsource-parser',
  // The hosted checkout's browser tests: puppeteer-core and the ES-module packages it loads.
  'puppeteer-core',
  '@puppeteer',
  'chromium-bidi',
];

/**
 * TypeScript is compiled by SWC, file by file, without type checking: `npm run typecheck` checks
 * the types. The options are .swcrc's, which `nest build` compiles the service with (legacy
 * decorators with their design-type metadata, which Nest's injection, TypeORM's columns and
 * class-transformer read; class fields as ES2022 defines them), with the source maps inline.
 */
const swc = { ...JSON.parse(readFileSync(join(__dirname, '.swcrc'), 'utf8')), sourceMaps: 'inline', swcrc: false };

const transform = {
  '^.+\\.ts$': ['@swc/jest', swc],
  '^.+\\.m?js$': '<rootDir>/test/support/esm-package-transformer.js',
};

const shared = {
  rootDir: __dirname,
  // Node's environment, releasing the async-local storages a spec file used when it ends (the
  // unit and e2e projects replace it with the shared-context one below, which releases them too).
  testEnvironment: '<rootDir>/test/support/jest/node-environment.js',
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
};

const e2e = {
  ...shared,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/test-environment.ts'],
};

/**
 * The unit, e2e and processes projects' runtime and environment: the app's modules (src/,
 * migrations/, packages) and the V8 context are loaded once per worker and shared by the spec
 * files it runs, instead of once per spec file (test/README.md).
 */
const sharedModules = {
  testEnvironment: '<rootDir>/test/support/jest/shared-context-environment.js',
  runtime: '<rootDir>/test/support/jest/shared-runtime.js',
};

/**
 * Specs that start real processes (workers, an API, Redis servers): `*.processes.e2e-spec.ts`.
 * Their global setup also compiles the test entry points those processes run (test/README.md).
 */
const PROCESS_SPECS = '<rootDir>/test/**/*.processes.e2e-spec.ts';

module.exports = {
  // A global option: Jest ignores testTimeout inside a project, where it used to sit.
  testTimeout: 30000,
  // A spec whose app failed to boot can leave a client it opened before the failure; the run
  // must still end with its verdict rather than wait for CI's own limit.
  forceExit: true,
  // A worker ends by itself once its last spec file is done, but a process with a heap of a
  // gigabyte or more (the shared modules and what the spec files left for the collector) takes
  // 0.5 to 1 s to tear it down after its 'exit' event; Jest's default 500 ms wait then killed it
  // and reported it as "failed to exit gracefully", as if a spec leaked (README, "Tests").
  workerGracefulExitTimeout: 5000,
  // Two spec files at a time (Jest's default on two cores is one process for everything: about
  // 17 minutes, with a heap of several gigabytes whose collection pauses the specs). Specs keep to
  // their own rows, Redis namespace or isolated database, so they do not meet. The `processes`
  // project (specs that start real API or worker processes and Redis servers, and kill them) is
  // run in band (two of them at once starved each other), by a Jest process of its own beside the
  // unit and e2e run (`npm test`).
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // Many unit specs import a context's index, and with it most of the app: they share the
      // worker's modules too (E2E_ISOLATED_MODULES=1 gives each spec file its own).
      ...(process.env.E2E_ISOLATED_MODULES === '1' ? {} : sharedModules),
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/migrations/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    },
    {
      ...e2e,
      displayName: 'e2e',
      // The app's modules are loaded once per worker and shared by its spec files
      // (test/README.md); E2E_ISOLATED_MODULES=1 gives each spec file its own again.
      ...(process.env.E2E_ISOLATED_MODULES === '1' ? {} : sharedModules),
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.processes\\.e2e-spec\\.ts$'],
    },
    {
      ...e2e,
      displayName: 'pgbouncer',
      // The payments e2e specs again, their apps reaching PostgreSQL through a PgBouncer of the
      // run's own in transaction pooling mode (README, "Behind PgBouncer"), in the same workers as
      // the `e2e` project when both run (`npm test`).
      ...(process.env.E2E_ISOLATED_MODULES === '1' ? {} : sharedModules),
      testMatch: ['<rootDir>/test/payments/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.processes\\.e2e-spec\\.ts$'],
      globalSetup: '<rootDir>/test/support/pgbouncer-global-setup.ts',
      setupFiles: ['<rootDir>/test/support/pgbouncer-test-environment.ts'],
    },
    {
      ...e2e,
      displayName: 'processes',
      // Its one in-band Jest process loads the app's modules once for all its spec files too.
      ...(process.env.E2E_ISOLATED_MODULES === '1' ? {} : sharedModules),
      testMatch: [PROCESS_SPECS],
      globalSetup: '<rootDir>/test/support/processes-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/processes-global-teardown.ts',
    },
  ],
};
