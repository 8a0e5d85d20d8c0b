import { execFile } from 'node:child_process';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../..');
/** Packages a process loads only when it first uses them: the PDF renderers' and the queue dashboard's. */
const LOADED_ON_FIRST_USE = /^(pdfkit|@bull-board\/.*)$/;

/**
 * What a fresh Node process holds after requiring `module` of the run's compiled test build (the
 * processes project's global setup makes it), as a deployed process loads them: the npm packages,
 * and the build's own files (relative to its `src/`).
 */
async function loadedBy(module: string): Promise<{ packages: string[]; files: string[] }> {
  const build = process.env.TEST_ENTRY_BUILD;
  if (!build) throw new Error('TEST_ENTRY_BUILD is not set: this spec runs in the processes project');
  const source = join(build, 'src') + sep;
  const script = [
    `require(${JSON.stringify(join(source, `${module}.js`))});`,
    'const packages = new Set();',
    'const files = [];',
    'for (const file of Object.keys(require.cache)) {',
    '  const found = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file);',
    '  if (found) packages.add(found[1]);',
    `  else if (file.startsWith(${JSON.stringify(source)})) files.push(file.slice(${source.length}));`,
    '}',
    'process.stdout.write(JSON.stringify({ packages: [...packages].sort(), files: files.sort() }));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT, env: process.env });
  return JSON.parse(stdout) as { packages: string[]; files: string[] };
}

describe('the modules a process loads at boot', () => {
  it.each(['api.module', 'worker.module'])(
    '%s loads neither pdfkit nor bull-board: they are imported on first use',
    async (module) => {
      const loaded = (await loadedBy(module)).packages;
      // The scan's own floor: what every process needs is there.
      expect(loaded).toEqual(expect.arrayContaining(['@nestjs/common', 'typeorm', 'pg', 'ioredis']));
      expect(loaded.filter((name) => LOADED_ON_FIRST_USE.test(name))).toEqual([]);
    },
  );

  it("worker.module loads no HTTP module, controller or upload parser: the routes are the API's alone", async () => {
    const { packages, files } = await loadedBy('worker.module');
    // The floor: the worker does load the contexts, their services and their job modules.
    expect(files).toEqual(
      expect.arrayContaining(['modules/payments/index.js', 'modules/merchants/merchants.module.js']),
    );
    expect(files.filter((file) => /(-http\.module|\.controller)\.js$/.test(file))).toEqual([]);
    expect(packages).not.toContain('multer');
  });
});
