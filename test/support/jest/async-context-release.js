'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');

/**
 * Jest's test runner (jest-circus) makes an `AsyncLocalStorage` for every spec file it runs, and
 * Node keeps every storage that was ever used in one process-wide list until it is disabled:
 * each promise any later spec file creates is then handed to every one of them (Node 20's
 * `AsyncLocalStorage` propagates its store from a promise hook, storage by storage). A Jest
 * worker that had run fifty spec files spent more CPU there than in the app's controllers.
 *
 * So the storages used while a spec file ran are disabled when the file ends. A storage still
 * wanted afterwards (one kept by a module shared between spec files, as nestjs-pino's) enables
 * itself again the next time it is run or entered; nothing runs in between, the file's app being
 * closed.
 */
const USED = Symbol.for('payment-service.test.usedAsyncLocalStorages');

function usedStorages() {
  if (!AsyncLocalStorage.prototype[USED]) {
    const used = new Set();
    for (const method of ['run', 'enterWith']) {
      const original = AsyncLocalStorage.prototype[method];
      AsyncLocalStorage.prototype[method] = function (...args) {
        used.add(this);
        return original.apply(this, args);
      };
    }
    Object.defineProperty(AsyncLocalStorage.prototype, USED, { value: used });
  }
  return AsyncLocalStorage.prototype[USED];
}

usedStorages();

/** Disables every storage used since the last call (called when a spec file ends). */
function releaseAsyncLocalStorages() {
  const used = usedStorages();
  for (const storage of used) storage.disable();
  used.clear();
}

module.exports = { releaseAsyncLocalStorages };
