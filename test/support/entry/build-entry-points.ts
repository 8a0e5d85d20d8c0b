import { transformFile, type Options } from '@swc/core';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '../../..');
/** Where builds go: inside the project, so that what they require resolves from its node_modules. */
const BUILDS = join(ROOT, '.test-build');
/** Builds of runs that died without their teardown are deleted after this long. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
/** The test entry points, from which the build follows the relative imports. */
const ENTRY_POINTS = ['api.ts', 'worker.ts'].map((name) => join(__dirname, name));

/**
 * SWC's options: .swcrc's, as `nest build` compiles the service and the e2e project
 * (jest.config.js) its specs (CommonJS, ES2022, legacy decorators with their design-type metadata,
 * which Nest's injection, TypeORM's columns and class-transformer read, class fields as ES2022
 * defines them), with each file's source map beside it (`<file>.js.map`), as under `dist/`: a
 * debugger finds them, and the processes, which start without `--enable-source-maps`, read files
 * of half the size (6.5 MB of JavaScript, 14 with the maps inline, which made a worker's module
 * load about a tenth of a CPU-second longer).
 */
const SWC: Options = {
  ...(JSON.parse(readFileSync(join(ROOT, '.swcrc'), 'utf8')) as Options),
  sourceMaps: true,
  swcrc: false,
  configFile: false,
};

/**
 * Compiles the test entry points (`api.ts`, `worker.ts`) and every file of the project they
 * import, `src/` included, into a directory of this run's own under `.test-build/`, and answers
 * it. Each file is compiled on its own by SWC, without a type check (`npm run typecheck` checks
 * the types), as the e2e project's specs load the app, so it takes a second or two of CPU where
 * `tsc --noCheck` took about fifteen; the processes then start as plain JavaScript, as the
 * deployed build does. A directory per run: two runs at once never rewrite each other's files.
 */
export async function buildEntryPoints(): Promise<string> {
  mkdirSync(BUILDS, { recursive: true });
  deleteStaleBuilds(Date.now());
  const outDir = mkdtempSync(join(BUILDS, 'run-'));
  try {
    await compileWithImports(ENTRY_POINTS, outDir);
  } catch (error) {
    deleteBuild(outDir);
    throw new Error(`the test entry points did not compile: ${String(error)}`);
  }
  return outDir;
}

/** A relative module the compiled code requires (an import the compilation kept: not a type's). */
const RELATIVE_REQUIRE = /\brequire\("(\.{1,2}\/[^"]*)"\)/g;

/** Compiles `entries` and every TypeScript file of the project their code imports, directly or not. */
async function compileWithImports(entries: string[], outDir: string): Promise<void> {
  const seen = new Set<string>();
  const compile = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const { code, map } = await transformFile(file, { ...SWC, filename: file });
    const target = join(outDir, relative(ROOT, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, map === undefined ? code : `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
    if (map !== undefined) writeFileSync(`${target}.map`, map);
    await Promise.all(
      [...code.matchAll(RELATIVE_REQUIRE)].map(([, specifier]) => compile(resolveTypeScript(file, specifier))),
    );
  };
  await Promise.all(entries.map(compile));
}

function resolveTypeScript(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  if (!found)
    throw new Error(`${specifier}, imported by ${relative(ROOT, from)}, is not a TypeScript file of the project`);
  return found;
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
