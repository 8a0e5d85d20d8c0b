import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The README's Jest commands, which nothing else runs. `--selectProjects` takes several project
 * names, so a spec path written after it is read as one more name and Jest runs the whole
 * project: a documented one-spec command must give the path first.
 */
const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** `npm run <script> -- <args>` as the command npm runs: the script's text, then the arguments. */
function expandNpmRun(command: string): string {
  const run = /^npm run (\S+)(?:\s+--)?(.*)$/.exec(command);
  if (run === null) return command;
  const script = scripts[run[1]];
  if (script === undefined) throw new Error(`README runs ${run[1]}, which package.json does not define`);
  return `${script}${run[2]}`;
}

const jestCommands = [...readme.matchAll(/^(?:npx jest|npm run test\S*)\b.*$/gm)].map((match) =>
  expandNpmRun(match[0].replace(/\s+#.*$/, '')),
);

describe("README's Jest commands", () => {
  it('gives a one-spec command for a unit, an e2e and a processes spec, each naming a spec that exists', () => {
    const oneSpec = jestCommands.filter((command) => /\.(e2e-)?spec\.ts\b/.test(command));
    for (const project of ['unit', 'e2e', 'processes'])
      expect(oneSpec.filter((command) => command.includes(`--selectProjects ${project}`)).length).toBeGreaterThan(0);
    for (const command of oneSpec) {
      const path = /\S+\.(?:e2e-)?spec\.ts/.exec(command)?.[0] ?? '';
      expect({ command, exists: existsSync(join(root, path)) }).toEqual({ command, exists: true });
    }
  });

  it('puts no spec path after --selectProjects, where it would be read as a project name', () => {
    const swallowing = jestCommands.filter((command) =>
      /--selectProjects(?:\s+\w[\w-]*)*\s+(?:\S*\/|<file>|\S+\.ts)/.test(command),
    );
    expect(swallowing).toEqual([]);
  });
});
