import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * How long a spec lets one run of a compiled task take. A run boots the app's modules (a few
 * CPU-seconds), and under `npm test` it shares two cores with every lane: 20 s was once not enough
 * for the admin task on a slow hour.
 */
export const CLI_RUN_TIMEOUT_MS = 60_000;

/**
 * The compiled command-line task, run as `npm run <task>` runs it: `node dist/src/cli/<name>.js`.
 * `npm test` builds before the specs; a spec run on its own needs `npm run build` after a change
 * under src/.
 */
export function compiledCli(name: string): { command: string; args: string[]; cwd: string } {
  const entry = join(root, 'dist', 'src', 'cli', `${name}.js`);
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  return { command: process.execPath, args: [entry], cwd: root };
}
