'use strict';
const Runtime = require('jest-runtime').default;
const { join, sep } = require('node:path');

const ROOT = join(__dirname, '..', '..', '..');
const SHARED_DIRS = [join(ROOT, 'src') + sep, join(ROOT, 'migrations') + sep];

/** The worker's first runtime, which loads and keeps the shared modules. */
const worker = { home: undefined };

function isShared(path) {
  return path.includes(`${sep}node_modules${sep}`) || SHARED_DIRS.some((dir) => path.startsWith(dir));
}

/** What Jest's stack formatter reads of a source map registry (`get`, iteration), over a spec file's own maps, then the shared modules'. */
class SourceMapsView {
  constructor(own, shared) {
    this.own = own;
    this.shared = shared;
  }

  get(path) {
    return this.own.get(path) ?? this.shared.get(path);
  }

  *[Symbol.iterator]() {
    yield* this.shared;
    yield* this.own;
  }
}

/**
 * The e2e project's module runtime: the app's modules (src/ and every package) are loaded once
 * per Jest worker, by the worker's first spec file, and every later spec file of that worker
 * gets those same modules (and so the same classes: `app.get(SomeService)` and
 * `getRepository(Entity)` need the app's class object). A spec's own files (the spec, its kit,
 * factories and support under test/) are still loaded afresh for each spec file. Loading the
 * app's three thousand modules took about 1.5 s of CPU per spec file.
 *
 * It needs the shared context of `shared-context-environment.js`. A spec cannot `jest.mock` a
 * shared module (the mock would reach the modules that import it, for every later spec file of
 * the worker): requiring one that is mocked fails.
 */
class SharedRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    worker.home ??= this;
  }

  requireModuleOrMock(from, moduleName) {
    const path = this.sharedPath(from, moduleName);
    if (path !== undefined) {
      if (this.mockState.shouldMockCjs(from, moduleName).shouldMock) {
        throw new Error(
          `${moduleName} is shared by every e2e spec file of a worker (test/support/jest/shared-runtime.js): replace its provider instead of mocking it`,
        );
      }
      if (this !== worker.home) return worker.home.requireModuleOrMock(from, path);
    }
    return super.requireModuleOrMock(from, moduleName);
  }

  /** The resolved path of a shared module, or undefined (a spec's own file, a core module, one not found). */
  sharedPath(from, moduleName) {
    if (moduleName === '@jest/globals' || this._resolution.isCoreModule(moduleName)) return undefined;
    let path;
    try {
      path = this._resolution.resolveCjs(from, moduleName);
    } catch {
      return undefined; // Jest's own require reports it
    }
    return isShared(path) ? path : undefined;
  }

  /**
   * The shared modules' source maps too, so that a stack trace through src/ shows TypeScript
   * lines. A live view of both registries, not a copy: Jest hands it to its stack formatter before
   * the spec file itself is transformed, and the spec's map is registered after.
   */
  getSourceMaps() {
    const own = super.getSourceMaps();
    if (this === worker.home) return own;
    this.sourceMapsView ??= new SourceMapsView(own, worker.home.getSourceMaps());
    return this.sourceMapsView;
  }

  teardown() {
    // The first spec file's runtime holds the shared modules, which later spec files still use
    // (and which may still require lazily): it stays, open to requires from any later spec file.
    // Its spec's own mocks are restored.
    if (this === worker.home) {
      this.restoreAllMocks();
      this.mockState.clear();
      this.enterTestCode();
      return;
    }
    super.teardown();
  }
}

SharedRuntime.SourceMapsView = SourceMapsView;
module.exports = SharedRuntime;
