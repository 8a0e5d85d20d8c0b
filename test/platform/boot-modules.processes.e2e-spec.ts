import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../..');
/** Packages a process loads only when it first uses them: the PDF renderers' and the queue dashboard's. */
const LOADED_ON_FIRST_USE = /^(pdfkit|@bull-board\/.*)$/;

/**
 * The npm packages a fresh Node process holds after requiring `module` of the run's compiled
 * test build (the processes project's global setup makes it), as a deployed process loads them.
 */
async function packagesLoadedBy(module: string): Promise<string[]> {
  const build = process.env.TEST_ENTRY_BUILD;
  if (!build) throw new Error('TEST_ENTRY_BUILD is not set: this spec runs in the processes project');
  const script = [
    `require(${JSON.stringify(join(build, 'src', `${module}.js`))});`,
    'const names = new Set();',
    'for (const file of Object.keys(require.cache)) {',
    '  const found = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file);',
    '  if (found) names.add(found[1]);',
    '}',
    'process.stdout.write(JSON.stringify([...names].sort()));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT, env: process.env });
  return JSON.parse(stdout) as string[];
}

describe('the modules a process loads at boot', () => {
  it.each(['api.module', 'worker.module'])(
    '%s loads neither pdfkit nor bull-board: they are imported on first use',
    async (module) => {
      const loaded = await packagesLoadedBy(module);
      // The scan's own floor: what every process needs is there.
      expect(loaded).toEqual(expect.arrayContaining(['@nestjs/common', 'typeorm', 'pg', 'ioredis']));
      expect(loaded.filter((name) => LOADED_ON_FIRST_USE.test(name))).toEqual([]);
    },
  );
});
