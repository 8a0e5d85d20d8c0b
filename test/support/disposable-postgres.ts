import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runsWhenThisProcessDies } from './child-lifetime';
import { freePort } from './disposable-redis';

const exec = promisify(execFile);

/** Where PostgreSQL's server programs are (`initdb`, `pg_ctl`, `pg_basebackup`): TEST_PG_BIN, or Debian's 15. */
const PG_BIN = process.env.TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of the spec's own (a primary, or a streaming standby of one), in a fresh
 * directory under the system's temporary one, listening on 127.0.0.1 only, trusting local
 * connections as `postgres`: the machine's shared PostgreSQL is never touched. `stop()` ends it
 * (fast shutdown), `remove()` stops it if needed and deletes its directory. As root (which
 * `initdb` refuses), its programs run as the `postgres` user.
 */
export interface DisposableCluster {
  port: number;
  /** A URL of `database` on this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A port for a cluster: the first free one of TEST_PG_PORTS (`first-last`, for machines where
 * each runner has a range of its own), else any free port.
 */
async function clusterPort(taken: Set<number>): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PG_PORTS ?? '');
  if (!range) return freePort();
  for (let port = Number(range[1]); port <= Number(range[2]); port += 1) {
    if (!taken.has(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port in TEST_PG_PORTS=${process.env.TEST_PG_PORTS}`);
}

const claimed = new Set<number>();

async function isFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs a server program, as `postgres` when this process is root. */
async function pg(program: string, args: string[]): Promise<void> {
  await exec(...pgCommand(program, args), { timeout: 120_000 });
}

/** The command line of a server program, as `postgres` when this process is root. */
function pgCommand(program: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, program);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

async function newDirectory(): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'replica-'));
  if (process.getuid?.() === 0) await exec('chown', ['postgres:postgres', directory]);
  return directory;
}

function cluster(directory: string, port: number): DisposableCluster {
  const data = join(directory, 'data');
  let running = true;
  // A spec that ends without removing it, or a Jest that is killed, must not leave a server
  // behind: `pg_ctl` detached it, so no signal of ours reaches it (child-lifetime.ts).
  const watch = runsWhenThisProcessDies(...pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
  const stop = async () => {
    if (!running) return;
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
    watch.release();
  };
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    async remove() {
      try {
        await stop();
      } finally {
        claimed.delete(port);
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}

async function start(directory: string, port: number): Promise<void> {
  const data = join(directory, 'data');
  await pg('pg_ctl', [
    '-D',
    data,
    '-l',
    join(directory, 'server.log'),
    '-w',
    '-t',
    '120',
    '-o',
    `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
}

/** A new primary: `initdb`, then started, ready for streaming standbys (`wal_level = replica`). */
export function startPrimaryCluster(): Promise<DisposableCluster> {
  return startCluster(async (data) => {
    await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    // Nothing here needs to survive a crash of the machine.
    appendFileSync(
      join(data, 'postgresql.conf'),
      ['wal_level = replica', 'max_wal_senders = 5', 'fsync = off', 'synchronous_commit = off', ''].join('\n'),
    );
  });
}

/**
 * A streaming hot standby of `primary`: `pg_basebackup -R` (the primary's data now, then what it
 * streams), started and accepting read-only connections.
 */
export function startStandbyCluster(primary: DisposableCluster): Promise<DisposableCluster> {
  return startCluster(async (data) => {
    await pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
  });
}

/**
 * A cluster of its own directory and port: `makeData` fills the data directory, then the server
 * starts. When either fails, the port is given back and the directory removed.
 */
async function startCluster(makeData: (data: string) => Promise<void>): Promise<DisposableCluster> {
  const directory = await newDirectory();
  const port = await clusterPort(claimed);
  claimed.add(port);
  try {
    await makeData(join(directory, 'data'));
    await start(directory, port);
  } catch (error) {
    claimed.delete(port);
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return cluster(directory, port);
}
