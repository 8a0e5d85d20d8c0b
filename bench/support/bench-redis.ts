import Redis from 'ioredis';
import { ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A bench's Redis: its own `redis-server` (no persistence, so its CPU is the bench's commands
 * and nothing else on the machine), or the one BENCH_REDIS_URL names. What a bench reads of it:
 * the server's pid (from `INFO server`, for its CPU ticks in /proc) and the calls of each
 * command (`INFO commandstats`), to count Redis round trips per payment.
 */
export interface BenchRedis {
  url: string;
  /** The redis-server's pid, when it runs on this machine (0 when INFO does not say). */
  pid: number;
  /** Calls so far of each command, by name (`get`, `evalsha`, `brpoplpush`...). */
  commandCalls(): Promise<Map<string, number>>;
  /** Bull jobs waiting or active in every queue under `prefix` (`REDIS_KEY_PREFIX:bull`). */
  bullBacklog(prefix: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * `BENCH_REDIS_URL` when set, else a `redis-server` started on `port` (127.0.0.1, no RDB, no
 * AOF), stopped by `close()`, to be called once the processes using it are stopped.
 */
export async function benchRedis(port: number): Promise<BenchRedis> {
  let url = process.env.BENCH_REDIS_URL;
  let server: ChildProcess | undefined;
  if (!url) {
    // Not one of bench-kit's children: stopChildren stops the API and the worker, and Redis must
    // outlive their shutdown (`close()` stops it after them; a bench that dies stops it on exit).
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    process.once('exit', () => started.kill('SIGKILL'));
    server = started;
    url = `redis://127.0.0.1:${port}`;
  }
  // The server just started may not listen yet: a client a try, until one connects.
  const deadline = Date.now() + 10_000;
  let client: Redis;
  for (;;) {
    client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      break;
    } catch (error) {
      client.disconnect();
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
  const info = parseInfo(await client.info('server'));
  return {
    url,
    pid: Number(info.get('process_id') ?? 0),
    async commandCalls() {
      const calls = new Map<string, number>();
      for (const [key, value] of parseInfo(await client.info('commandstats'))) {
        const count = /(?:^|,)calls=(\d+)/.exec(value);
        if (key.startsWith('cmdstat_') && count) calls.set(key.slice('cmdstat_'.length), Number(count[1]));
      }
      return calls;
    },
    async bullBacklog(prefix) {
      let jobs = 0;
      for (const state of ['wait', 'active'] as const) {
        for (const key of await client.keys(`${prefix}:*:${state}`)) jobs += await client.llen(key);
      }
      return jobs;
    },
    async close() {
      await client.quit().catch(() => undefined);
      if (server && server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The calls made between two `commandCalls()` readings, per payment, largest first, e.g. `evalsha 4.02, get 1.00`. */
export function describeCommandCalls(
  before: Map<string, number>,
  after: Map<string, number>,
  payments: number,
  leaveOut: string[] = ['info'],
): { total: number; text: string } {
  const rows = [...after.entries()]
    .filter(([name]) => !leaveOut.includes(name))
    .map(([name, calls]) => [name, (calls - (before.get(name) ?? 0)) / Math.max(payments, 1)] as const)
    .filter(([, perPayment]) => perPayment > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, perPayment]) => sum + perPayment, 0);
  return { total, text: rows.map(([name, perPayment]) => `${name} ${perPayment.toFixed(2)}`).join(', ') || 'none' };
}

function parseInfo(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return fields;
}
