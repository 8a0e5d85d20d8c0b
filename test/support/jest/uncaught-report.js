'use strict';
const { inspect } = require('node:util');

let installed = false;

/**
 * Jest fails the running test with an error nothing caught (a socket's `error` with no listener,
 * a rejection nobody awaited) and prints only its message: a socket's stack is Node's own frames,
 * which Jest leaves out, and the message alone does not say it was not the test's own call that
 * failed. This prints such an error in full to the worker's stderr, with where it came from
 * (`uncaughtException` or `unhandledRejection`), before Jest reports it. Installed once per Jest
 * process, on the real `process` (a spec's `process` is Jest's copy, whose listeners Node never
 * calls), by the test environments.
 */
function reportUncaughtErrors() {
  if (installed) return;
  installed = true;
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    process.stderr.write(
      `test process ${process.pid}: ${origin} (Jest fails the running test with it): ${inspect(error)}\n`,
    );
  });
}

module.exports = { reportUncaughtErrors };
