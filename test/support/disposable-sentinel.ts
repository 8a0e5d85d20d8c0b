import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { diesWithThisProcess } from './child-lifetime';
import { freePort, waitUntilAnswers } from './disposable-redis';
import { waitFor } from './wait-for';

/** The master group name the spec's sentinel monitors. */
export const SENTINEL_MASTER_NAME = 'ps-test-master';

/**
 * A Redis Sentinel deployment of the spec's own, on free ports, without persistence: a master,
 * one replica of it and one sentinel monitoring them with a quorum of 1 (it alone decides), for
 * specs that fail the master over. The sentinel takes the master for down after
 * `DOWN_AFTER_MS` without an answer, then promotes the replica. The machine's shared Redis is
 * never touched; `stop()` ends the three processes this started, and only them (SIGKILL, which
 * ends a stopped one too).
 */
export interface DisposableSentinelGroup {
  /** REDIS_SENTINELS for the service: the sentinel's `host:port`. */
  sentinels: string;
  masterName: string;
  masterPort: number;
  replicaPort: number;
  sentinelPort: number;
  /** The port the sentinel names as the master now. */
  masterPortNamed(): Promise<number>;
  /** SIGKILLs the master started first (a crash), and only it; answers once it has exited. */
  killMaster(): Promise<void>;
  /**
   * SIGSTOPs the master started first (a host that hangs or is cut off): its connections stay
   * open and nothing is answered, until `stop()` kills it.
   */
  pauseMaster(): void;
  /** Waits until the sentinel names the replica as the master and the replica says it is one. */
  failedOver(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

/** How long the master may go unanswered before the sentinel calls it down. */
const DOWN_AFTER_MS = 1500;
/** A failover that has not completed in this long is abandoned (and tried again at twice it). */
const FAILOVER_TIMEOUT_MS = 5000;

export async function startSentinelGroup(): Promise<DisposableSentinelGroup> {
  const [masterPort, replicaPort, sentinelPort] = await distinctFreePorts(3);
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-group-'));
  const children: ChildProcess[] = [];
  // A crashed spec must not leave servers behind.
  const killOnExit = () => children.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killOnExit);

  const start = async (port: number, args: string[]): Promise<ChildProcess> => {
    const child = spawn(...diesWithThisProcess('redis-server', args), { stdio: 'ignore', cwd: dir });
    children.push(child);
    await waitUntilAnswers(port, child);
    return child;
  };
  const plain = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];

  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    process.off('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // A master waits repl-diskless-sync-delay (5 s by default) for more replicas before the first
    // full sync; this group has one replica, so the sync starts at once.
    const master = await start(masterPort, [...plain(masterPort), '--repl-diskless-sync-delay', '0']);
    await start(replicaPort, [...plain(replicaPort), '--replicaof', '127.0.0.1', String(masterPort)]);
    // The replica is in sync before the sentinel starts: its first look at the master finds it.
    await waitFor(
      () => info(replicaPort, 'replication'),
      (text) => /master_link_status:up/.test(text),
      'the replica to sync with the master',
      30,
    );
    // A sentinel rewrites its configuration file, so it gets one of its own.
    const configFile = join(dir, 'sentinel.conf');
    writeFileSync(
      configFile,
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${masterPort} 1`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} ${DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${SENTINEL_MASTER_NAME} ${FAILOVER_TIMEOUT_MS}`,
        `sentinel parallel-syncs ${SENTINEL_MASTER_NAME} 1`,
        '',
      ].join('\n'),
    );
    await start(sentinelPort, [configFile, '--sentinel']);
    // Only a replica the sentinel knows of can be promoted.
    await waitFor(
      () => sentinelCommand<string[][]>(sentinelPort, 'replicas', SENTINEL_MASTER_NAME),
      (replicas) => replicas.some((fields) => fieldOf(fields, 'port') === String(replicaPort)),
      'the sentinel to discover the replica',
      30,
    );

    return {
      sentinels: `127.0.0.1:${sentinelPort}`,
      masterName: SENTINEL_MASTER_NAME,
      masterPort,
      replicaPort,
      sentinelPort,
      masterPortNamed: async () =>
        Number((await sentinelCommand<string[]>(sentinelPort, 'get-master-addr-by-name', SENTINEL_MASTER_NAME))[1]),
      async killMaster() {
        if (master.exitCode !== null || master.signalCode !== null) return;
        const exited = new Promise((resolve) => master.once('exit', resolve));
        master.kill('SIGKILL');
        await exited;
      },
      pauseMaster() {
        if (master.exitCode !== null || master.signalCode !== null) throw new Error('the master is not running');
        master.kill('SIGSTOP');
      },
      async failedOver(seconds) {
        await waitFor(
          async () => ({
            named: Number(
              (await sentinelCommand<string[]>(sentinelPort, 'get-master-addr-by-name', SENTINEL_MASTER_NAME))[1],
            ),
            role: /role:(\w+)/.exec(await info(replicaPort, 'replication'))?.[1],
          }),
          ({ named, role }) => named === replicaPort && role === 'master',
          'the sentinel to promote the replica',
          seconds,
          250,
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `count` distinct ports nobody listens on right now. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** One command on a short-lived connection of its own, which never retries. */
async function once<T>(port: number, command: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await command(client);
  } finally {
    client.disconnect();
  }
}

function info(port: number, section: string): Promise<string> {
  return once(port, (client) => client.info(section));
}

function sentinelCommand<T>(port: number, ...args: string[]): Promise<T> {
  return once(port, (client) => client.call('SENTINEL', ...args) as Promise<T>);
}

/** A field of a SENTINEL REPLICAS entry (a flat name, value, name, value list). */
function fieldOf(fields: string[], name: string): string | undefined {
  const index = fields.indexOf(name);
  return index >= 0 && index % 2 === 0 ? fields[index + 1] : undefined;
}
