import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A real worker process (src/worker.ts) and a way to stop it and learn how it ended. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts src/worker.ts in its own process with `config`'s settings (an AppConfig or plain
 * variables; `env` wins over both), as a deployment would run it. Its log goes to this
 * process's stderr at `warn`.
 */
export function startWorkerProcess(config: object, env: NodeJS.ProcessEnv = {}): WorkerProcess {
  const variables: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const [name, value] of Object.entries(config)) {
    if (
      /^[A-Z0-9_]+$/.test(name) &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    ) {
      variables[name] = String(value);
    }
  }
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, '../../../src/worker.ts')],
    {
      env: { ...variables, ...env },
      cwd: join(__dirname, '../../..'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

/** Polls `read` until `done` holds, failing after `seconds`. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  seconds = 60,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await sleep(100);
  }
  throw new Error(`timed out after ${seconds} s waiting for ${what} (last seen: ${JSON.stringify(last)})`);
}
