/**
 * Two projects: `unit` (specs beside pure logic in src/) and `e2e` (the real app over HTTP
 * against PostgreSQL and Redis). The e2e run gets its own database and Redis key prefix from
 * test/support/global-setup.ts.
 */
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
];

const swaggerPlugin = {
  path: '<rootDir>/test/support/swagger-plugin-transformer.js',
  options: {
    classValidatorShim: true,
    introspectComments: true,
    dtoFileNameSuffix: ['.dto.ts', '.request.ts', '.response.ts'],
    controllerFileNameSuffix: ['.controller.ts'],
  },
};

const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', astTransformers: { before: [swaggerPlugin] } }],
  '^.+\\.m?js$': '<rootDir>/test/support/esm-package-transformer.js',
};

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  // A global option: Jest ignores testTimeout inside a project, where it used to sit.
  testTimeout: 30000,
  // A spec whose app failed to boot can leave a client it opened before the failure; the run
  // must still end with its verdict rather than wait for CI's own limit.
  forceExit: true,
  // Two spec files at a time. Jest's default on two cores is one worker, which runs everything in
  // one process: 17 minutes, with a heap of several gigabytes whose collection pauses the specs.
  // Two workers took the run to under 9 minutes; specs keep to their own rows, Redis namespace or
  // isolated database, so they do not meet.
  maxWorkers: 2,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/migrations/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/test-environment.ts'],
    },
  ],
};
