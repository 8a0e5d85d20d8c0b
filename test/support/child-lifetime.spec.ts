import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { diesWithThisProcess } from './child-lifetime';

/**
 * A Node process (run with `nodeArgs`) that runs `script`, which starts a child and prints its pid;
 * `scriptArgument` reaches the script as process.argv[1].
 */
async function parentRunning(
  nodeArgs: string[],
  script: string,
  scriptArgument = '',
): Promise<{ parent: number; child: number }> {
  const parent = spawn(process.execPath, [...nodeArgs, '-e', script, scriptArgument], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: join(__dirname, '../..'),
  });
  const child = await new Promise<number>((resolve, reject) => {
    parent.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
    parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before starting its child`)));
  });
  return { parent: parent.pid as number, child };
}

/** The tail of a parent's script: print the child's pid, then stay alive until killed. */
const PRINT_CHILD_AND_WAIT = 'process.stdout.write(String(child.pid) + "\\n"); setInterval(() => undefined, 1000);';

/** A Node process that starts `[command, args]` and prints the started process's pid. */
function parentOf([command, args]: [string, string[]]): Promise<{ parent: number; child: number }> {
  const script =
    'const [command, args] = JSON.parse(process.argv[1]);' +
    "const child = require('node:child_process').spawn(command, args, { stdio: 'ignore' });" +
    PRINT_CHILD_AND_WAIT;
  return parentRunning([], script, JSON.stringify([command, args]));
}

/** Whether `pid` is a live process (a zombie waiting for its reaper counts as ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function aliveAfter(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && alive(pid)) await sleep(50);
  return alive(pid);
}

describe('diesWithThisProcess', () => {
  it('has the kernel kill the command when the process that started it is killed', async () => {
    const { parent, child } = await parentOf(diesWithThisProcess('sleep', ['60']));
    expect(alive(child)).toBe(true);
    process.kill(parent, 'SIGKILL');
    expect(await aliveAfter(child, 5000)).toBe(false);
  });

  it('is what makes the difference: the plain command outlives a killed parent', async () => {
    const { parent, child } = await parentOf(['sleep', ['60']]);
    try {
      process.kill(parent, 'SIGKILL');
      expect(await aliveAfter(child, 1000)).toBe(true);
    } finally {
      if (alive(child)) process.kill(child, 'SIGKILL');
    }
  });
});

/**
 * A Node process that starts `sleep 60` (a stand-in server), gives it to `runsWhenThisProcessDies`
 * (`kill -KILL <pid>`), releases the watch when `release` is set, and prints the sleep's pid.
 */
function watchedParent(release: boolean): Promise<{ parent: number; child: number }> {
  const script =
    `const { runsWhenThisProcessDies } = require(${JSON.stringify(join(__dirname, 'child-lifetime.ts'))});` +
    "const child = require('node:child_process').spawn('sleep', ['60'], { stdio: 'ignore' });" +
    "const watch = runsWhenThisProcessDies('kill', ['-KILL', String(child.pid)]);" +
    `if (${String(release)}) watch.release();` +
    PRINT_CHILD_AND_WAIT;
  return parentRunning(['-r', 'ts-node/register/transpile-only'], script);
}

describe('runsWhenThisProcessDies', () => {
  it('runs the command once the process that asked is killed', async () => {
    const { parent, child } = await watchedParent(false);
    try {
      expect(alive(child)).toBe(true);
      process.kill(parent, 'SIGKILL');
      expect(await aliveAfter(child, 5000)).toBe(false);
    } finally {
      if (alive(child)) process.kill(child, 'SIGKILL');
    }
  });

  it('runs nothing once released', async () => {
    const { parent, child } = await watchedParent(true);
    try {
      process.kill(parent, 'SIGKILL');
      expect(await aliveAfter(child, 1000)).toBe(true);
    } finally {
      if (alive(child)) process.kill(child, 'SIGKILL');
    }
  });
});
