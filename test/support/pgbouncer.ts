import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { runsWhenThisProcessDies } from './child-lifetime';
import { freePort } from './disposable-redis';
import { TEST_DATABASE_ADMIN_URL } from './test-settings';

/** Debian's package puts it in /usr/sbin, which a user's PATH may leave out. */
const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/** PgBouncer refuses to run as root; started by root it switches to this user (`-u`). */
const UNPRIVILEGED_USER = 'nobody';

/** Where global-setup.ts keeps the run's PgBouncer (the `pgbouncer` project's, or `DATABASE_VIA_PGBOUNCER=1`'s) for global-teardown.ts. */
export const RUN_PGBOUNCER = Symbol.for('payment-service.test.pgbouncer');

export interface PgBouncerOptions {
  /** Server connections per database and user (`default_pool_size`). */
  poolSize?: number;
}

/**
 * A PgBouncer of the run's own, in transaction pooling mode, on a free port of 127.0.0.1 in front
 * of the tests' PostgreSQL (TEST_DATABASE_ADMIN_URL's host and port). Every database of that
 * server is reachable through it under its own name, as the same user (`auth_type = trust`, the
 * user in a userlist of its own, its password if the URL has one passed on to PostgreSQL). The
 * machine's own PgBouncer, if any, is never touched: the configuration is written to a temporary
 * directory and the process is the caller's child, ended by `stop()` or when the caller exits.
 *
 * The configuration is the one README "Behind PgBouncer" gives operators: `pool_mode =
 * transaction`, `ignore_startup_parameters = statement_timeout`. `server_round_robin = 1` hands
 * out the server connections in turn, so consecutive transactions of one client land on different
 * ones, as they do under load: whatever a client left on a server connection (a named prepared
 * statement, a session setting) is then missing on the next one at once.
 */
export interface PgBouncer {
  port: number;
  /** The URL of `database` through PgBouncer. */
  url(database: string): string;
  /** The last lines PgBouncer logged, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

export async function startPgBouncer(options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const target = new URL(TEST_DATABASE_ADMIN_URL);
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const userlist = join(dir, 'userlist.txt');
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(userlist, `${quoted(user)} ${quoted(password)}\n`, { mode: 0o600 });
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname || '127.0.0.1'} port=${target.port || '5432'}${password ? ` password=${password}` : ''}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${userlist}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 10}`,
      'max_client_conn = 500',
      'server_round_robin = 1',
      'ignore_startup_parameters = statement_timeout',
      'log_connections = 0',
      'log_disconnections = 0',
      'logfile =',
      'pidfile =',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );

  const args = process.getuid?.() === 0 ? ['-u', UNPRIVILEGED_USER, ini] : [ini];
  const child = spawn(PGBOUNCER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const lines: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    lines.push(...chunk.split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 50));
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  // A crashed or killed run must not leave a PgBouncer behind. Its `-u` drops its privileges,
  // which clears a parent-death signal, so a watch kills it once this process has ended; released
  // as soon as PgBouncer has exited, however, so it never signals a pid handed out again since.
  if (child.pid !== undefined) {
    const watch = runsWhenThisProcessDies('kill', ['-KILL', String(child.pid)]);
    child.once('exit', () => watch.release());
  }
  const log = () => lines.join('\n');
  const url = (database: string) => {
    const through = new URL(TEST_DATABASE_ADMIN_URL);
    through.hostname = '127.0.0.1';
    through.port = String(port);
    through.pathname = `/${database}`;
    return through.toString();
  };

  const bouncer: PgBouncer = {
    port,
    url,
    log,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([
      waitUntilAnswers(url(target.pathname.slice(1) || 'postgres'), child, log),
      spawnError.then((error) => {
        throw new Error(`${PGBOUNCER} did not start (${error.message}); install it: apt-get install -y pgbouncer`);
      }),
    ]);
  } catch (error) {
    await bouncer.stop();
    throw error;
  }
  return bouncer;
}

function quoted(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

async function waitUntilAnswers(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    }
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      last = error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(50);
  }
  throw new Error(`pgbouncer did not answer within 10 s (${String(last)}):\n${log()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // SIGTERM: PgBouncer closes its client and server connections and exits at once.
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}
