import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from '../../support/wait-for';

/** A real service process (the worker or the API) and a way to learn how it ended. */
export interface ServiceProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts src/worker.ts in its own process with `config`'s settings (an AppConfig or plain
 * variables; `env` wins over both), as a deployment would run it. Its log goes to this
 * process's stderr at `warn`.
 */
export function startWorkerProcess(config: object, env: NodeJS.ProcessEnv = {}): ServiceProcess {
  return startService('worker.ts', config, env);
}

/**
 * Starts the HTTP API (src/main.ts) in its own process on `port`, with `config`'s settings and
 * `env` over them, and waits until it answers its liveness probe.
 */
export async function startApiProcess(
  config: object,
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<ServiceProcess> {
  const api = startService('main.ts', config, { ...env, PORT: String(port) });
  await waitFor(
    async () => {
      if (api.child.exitCode !== null) throw new Error(`the API exited with ${api.child.exitCode} before answering`);
      return fetch(`http://127.0.0.1:${port}/api/v1/health/live`).then(
        (response) => response.status,
        () => 0,
      );
    },
    (status) => status === 200,
    'the API process to answer',
    60,
  );
  return api;
}

function startService(entry: 'worker.ts' | 'main.ts', config: object, env: NodeJS.ProcessEnv): ServiceProcess {
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
    ['-r', 'ts-node/register/transpile-only', join(__dirname, '../../../src', entry)],
    {
      env: { ...variables, ...env },
      cwd: join(__dirname, '../../..'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}
