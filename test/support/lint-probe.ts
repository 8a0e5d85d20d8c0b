import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** A source to lint as if it were a file of `directory` (relative to the repository). */
export interface LintProbe {
  directory: string;
  source: string;
  /** The file it stands in for; the directory's first non-spec `.ts` file when absent. */
  fileName?: string;
}

/**
 * The rules ESLint reports for each probe, with the project's config, in line order.
 *
 * As `npm test` lints the tree (scripts/types-and-lint.mjs), the type-aware rules read a TypeScript
 * program with tsconfig.json's options, and a file outside tsconfig.json's files is refused by
 * the parser. So a probe's source stands in for an existing file of its directory: nothing is
 * written to the tree, and relative imports resolve as they would for a new file there. Each
 * probe's program holds its file and what that file imports, not the whole tree (`lint-probes.mjs`:
 * a probe's rules read only those types); all probes are linted in one ESLint process, which
 * parses each file from disk once for all of them. A spec lints them in `beforeAll`.
 */
export function lintProbes<K extends string>(probes: Record<K, LintProbe>): Promise<Record<K, string[]>> {
  const keys = Object.keys(probes) as K[];
  const input = keys.map((key) => ({
    filePath: join(probes[key].directory, fileFor(probes[key])),
    source: probes[key].source,
  }));
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'lint-probes.mjs')],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`lint-probes.mjs failed: ${stderr || error.message}`));
        const answers = JSON.parse(stdout) as string[][];
        resolve(Object.fromEntries(keys.map((key, index) => [key, answers[index]])) as Record<K, string[]>);
      },
    );
    child.stdin?.end(JSON.stringify(input));
  });
}

function fileFor(probe: LintProbe): string {
  if (probe.fileName) return probe.fileName;
  const [first] = readdirSync(join(ROOT, probe.directory))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts'))
    .sort();
  if (!first) throw new Error(`no file in ${probe.directory} to plant a source in`);
  return first;
}
