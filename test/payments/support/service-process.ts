import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { entryPoint } from '../../support/entry/build-entry-points';
import { EntryArguments, toCommandLine } from '../../support/entry/entry-arguments';
import { waitFor } from '../../support/wait-for';

/** A real service process (the worker or the API) and a way to learn how it ended. */
export interface ServiceProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts the worker in its own process, through the test entry point built for the run
 * (`support/entry/worker.ts`: src/worker.ts's bootstrap, with the providers `entry` asks for
 * replaced, none by default), with `config`'s settings (an AppConfig or plain variables; `env`
 * wins over both), as a deployment would run it. It logs at `warn` (unless `env` says otherwise)
 * into memory: a process that ends without having been signalled by the spec prints its last
 * lines to this process's stderr (see `startService`).
 */
export function startWorkerProcess(
  config: object,
  env: NodeJS.ProcessEnv = {},
  entry: EntryArguments = {},
): ServiceProcess {
  return startService('worker', config, env, entry);
}

/**
 * Starts the HTTP API in its own process on `port`, through the test entry point built for the
 * run (`support/entry/api.ts`: src/main.ts's bootstrap, with the providers `entry` asks for
 * replaced), with `config`'s settings and `env` over them, and waits until it answers its
 * liveness probe.
 */
export async function startApiProcess(
  config: object,
  port: number,
  env: NodeJS.ProcessEnv = {},
  entry: EntryArguments = {},
): Promise<ServiceProcess> {
  const api = startService('api', config, { ...env, PORT: String(port) }, entry);
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

/** The build of the test entry points that the processes project's global setup made for this run. */
function entryBuild(): string {
  const build = process.env.TEST_ENTRY_BUILD;
  if (!build) throw new Error('TEST_ENTRY_BUILD is not set: specs that start processes run in the processes project');
  return build;
}

function startService(
  service: 'worker' | 'api',
  config: object,
  env: NodeJS.ProcessEnv,
  entry: EntryArguments,
): ServiceProcess {
  const variables: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(config)) {
    if (
      /^[A-Z0-9_]+$/.test(name) &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    ) {
      variables[name] = String(value);
    }
  }
  // The test configuration logs nothing (LOG_LEVEL=silent): a service process logs its warnings
  // and errors, kept in memory, so that one that dies says why.
  const child = spawn(process.execPath, [entryPoint(entryBuild(), service), ...toCommandLine(entry)], {
    env: { ...variables, LOG_LEVEL: 'warn', ...env },
    cwd: join(__dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log = lastLines(child, 100);
  // `close` comes once its output is read to the end. `killed` is set when this process signalled
  // it (a spec's SIGTERM or SIGKILL), not when it died of itself (a crash, or a test entry ending
  // itself on purpose).
  child.once('close', (code, signal) => {
    if (child.killed) return;
    process.stderr.write(
      `${service} process ${child.pid} ended by itself (exit code ${code}, signal ${signal}); ` +
        `its last log lines:\n${log().join('\n') || '(none)'}\n`,
    );
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

/** Keeps the last `count` lines `child` writes to its stdout; answers them. */
function lastLines(child: ChildProcess, count: number): () => string[] {
  const lines: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    if (lines.length > count) lines.splice(0, lines.length - count);
  });
  return () => (partial ? [...lines, partial] : [...lines]);
}
