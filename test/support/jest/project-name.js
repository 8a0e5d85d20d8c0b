'use strict';

/** The environment variable that names, to a spec file, the Jest project running it. */
const PROJECT_VARIABLE = 'TEST_JEST_PROJECT';

/**
 * Names the spec file's project (`displayName` in jest.config.js) in its environment, before its
 * setup files run: the same file can run in two projects (the payments specs in `e2e`, and in
 * `pgbouncer` behind PgBouncer), and a spec that checks what its project promises reads it.
 */
function nameProject(global, config) {
  const name = config.projectConfig.displayName;
  global.process.env[PROJECT_VARIABLE] = (typeof name === 'string' ? name : name?.name) ?? '';
}

module.exports = { nameProject, PROJECT_VARIABLE };
