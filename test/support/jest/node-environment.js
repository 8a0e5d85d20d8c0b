'use strict';
const { TestEnvironment } = require('jest-environment-node');
const { releaseAsyncLocalStorages } = require('./async-context-release');
const { nameProject } = require('./project-name');
const { reportUncaughtErrors } = require('./uncaught-report');

reportUncaughtErrors();

/**
 * Node's test environment, for the `processes` project (and for `unit` and `e2e` with
 * E2E_ISOLATED_MODULES=1): each spec file keeps its own context, and the async-local storages its
 * run used are released when it ends (`async-context-release.js`), so the spec files a worker
 * runs later do not pay for them.
 */
class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    nameProject(this.global, config);
  }

  async teardown() {
    releaseAsyncLocalStorages();
    await super.teardown();
  }
}

module.exports = NodeEnvironment;
