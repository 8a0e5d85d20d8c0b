import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../../..');
/** Where builds go: inside the project, so that what they require resolves from its node_modules. */
const BUILDS = join(ROOT, '.test-build');
/** Builds of runs that died without their teardown are deleted after this long. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Compiles the test entry points (`api.ts`, `worker.ts`) and everything they import, `src/`
 * included, into a directory of this run's own under `.test-build/`, and answers it. Emitted
 * without a type check (`--noCheck`: `npm run typecheck` checks the types), so it takes seconds,
 * and the processes then start as plain JavaScript, as the deployed build does. A directory per
 * run: two runs at once never rewrite each other's files.
 */
export async function buildEntryPoints(): Promise<string> {
  mkdirSync(BUILDS, { recursive: true });
  deleteStaleBuilds(Date.now());
  const outDir = mkdtempSync(join(BUILDS, 'run-'));
  try {
    await promisify(execFile)(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', join(__dirname, 'tsconfig.json'), '--noCheck', '--outDir', outDir],
      { cwd: ROOT },
    );
  } catch (error) {
    deleteBuild(outDir);
    const output = (error as { stdout?: string }).stdout ?? '';
    throw new Error(`the test entry points did not compile: ${output || String(error)}`);
  }
  return outDir;
}

/** The compiled entry point `name` of a build made by `buildEntryPoints`. */
export function entryPoint(build: string, name: 'api' | 'worker'): string {
  const file = join(build, 'test/support/entry', `${name}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: the test entry points were not built`);
  return file;
}

export function deleteBuild(build: string): void {
  rmSync(build, { recursive: true, force: true });
}

function deleteStaleBuilds(now: number): void {
  for (const name of readdirSync(BUILDS)) {
    const path = join(BUILDS, name);
    if (now - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { recursive: true, force: true });
  }
}
