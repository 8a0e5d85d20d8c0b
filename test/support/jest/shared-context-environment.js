'use strict';
const { TestEnvironment } = require('jest-environment-node');
const { releaseAsyncLocalStorages } = require('./async-context-release');
const { nameProject } = require('./project-name');
const { reportUncaughtErrors } = require('./uncaught-report');

reportUncaughtErrors();

/**
 * The e2e project's test environment: Node's, except that every spec file a Jest worker runs
 * shares the worker's first V8 context (its globals: `Reflect` with its decorator metadata,
 * `Error`, `Promise`, the `process` copy). The app's modules are loaded once per worker
 * (`shared-runtime.js`) and keep the context they were evaluated in, so the specs that use them
 * must run in that context too: an object made by one realm must pass `instanceof` in the other.
 * Fake timers are the worker's too, given back as real timers when a spec file ends.
 *
 * What Jest itself keeps on the global for one spec file (its test runner's state and event
 * handlers, `expect`'s state, a `jest.setTimeout`) is removed when the file ends, so each spec
 * file starts with its own, as in a context of its own. The async-local storages the file's run
 * used are released (`async-context-release.js`).
 */
let worker;

/** Jest's per-file keys on the global (jest-circus's and expect's), by the symbol's description. */
const JEST_PER_FILE =
  /^(JEST_STATE_SYMBOL|EVENT_HANDLERS|TEST_TIMEOUT_SYMBOL|RETRY_TIMES|RETRY_TIMES_SETTER|RETRY_IMMEDIATELY|WAIT_BEFORE_RETRY|LOG_ERRORS_BEFORE_RETRY|\$\$jest-matchers-object)$/;

class SharedContextEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (worker === undefined) {
      worker = {
        context: this.context,
        global: this.global,
        moduleMocker: this.moduleMocker,
        fakeTimers: this.fakeTimers,
        fakeTimersModern: this.fakeTimersModern,
      };
    } else {
      // The context the constructor made is dropped unused.
      Object.assign(this, worker);
    }
    nameProject(this.global, config);
  }

  async teardown() {
    // Not disposed: the next spec file of this worker uses them again.
    this.fakeTimers?.useRealTimers();
    this.fakeTimersModern?.useRealTimers();
    for (const key of Object.getOwnPropertySymbols(this.global)) {
      if (JEST_PER_FILE.test(key.description ?? '')) delete this.global[key];
    }
    releaseAsyncLocalStorages();
  }
}

module.exports = SharedContextEnvironment;
