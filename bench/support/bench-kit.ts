import autocannon from 'autocannon';
import Redis from 'ioredis';
import { ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { Client } from 'pg';

/** The repository root. */
export const ROOT = resolve(__dirname, '../..');

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Children to stop on the way out, whatever happens. */
const children = new Set<ChildProcess>();

/**
 * The Redis key prefixes the bench's processes were given (`productionEnvironment`), each with the
 * URL of its Redis: `stopChildren` removes their keys once the processes have stopped.
 */
const redisPrefixes = new Map<string, string>();

/**
 * Sends SIGTERM to every child still running and waits (up to 15 s) for them to exit, then removes
 * the keys the bench's processes left in Redis (`removeRedisKeys`).
 */
export async function stopChildren(): Promise<void> {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((done) => {
          const timer = setTimeout(done, 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await removeRedisKeys();
}

/**
 * Removes every key under the prefixes the bench gave its processes. Bull keeps a queue's last
 * 1,000 finished jobs and its repeatable jobs' definitions with no expiry, so a bench with the
 * worker left about 3,300 keys a run on the (shared) Redis; the next run of a bench with a fixed
 * prefix would also have found the last one's. BENCH_KEEP_REDIS=1 keeps them, to look at the queues
 * afterwards.
 */
async function removeRedisKeys(): Promise<void> {
  if (process.env.BENCH_KEEP_REDIS === '1') return;
  for (const [prefix, url] of [...redisPrefixes]) {
    redisPrefixes.delete(prefix);
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let removed = 0;
      const match = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
      for await (const keys of redis.scanStream({ match, count: 1_000 }) as AsyncIterable<string[]>) {
        if (keys.length > 0) removed += await redis.unlink(...keys);
      }
      log(`redis: removed the ${removed} keys under ${prefix}: (BENCH_KEEP_REDIS=1 keeps them)`);
    } catch (error) {
      log(
        `redis: could not remove the keys under ${prefix}: (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      redis.disconnect();
    }
  }
}

/** Child processes that must outlive a bench's steps are tracked here, so `stopChildren` ends them. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  return child;
}

/**
 * The environment of the built app, its worker and its CLI: production, quiet, the bench's own
 * database and Redis prefix, fresh secrets. Nothing comes from a developer's `.env`: the
 * children run in the OS temp directory.
 */
export function productionEnvironment(settings: {
  port: number;
  databaseUrl: string;
  redisKeyPrefix: string;
  poolSize?: number;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  const secret = () => randomBytes(24).toString('hex');
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  // A bench that gives its processes a Redis of its own (`extra.REDIS_URL`) throws it away itself.
  if (settings.extra?.REDIS_URL === undefined) redisPrefixes.set(settings.redisKeyPrefix, redisUrl);
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(settings.port),
    DATABASE_URL: settings.databaseUrl,
    DATABASE_POOL_SIZE: String(settings.poolSize ?? 10),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: settings.redisKeyPrefix,
    JWT_ACCESS_SECRET: secret(),
    KEY_HASH_SECRET: secret(),
    INTERNAL_API_KEY: secret(),
    BILLER_SIMULATOR_SECRET: secret(),
    METRICS_TOKEN: secret(),
    LOG_LEVEL: 'warn',
    DEV_MAILBOX: 'false',
    ...settings.extra,
  };
}

/** Runs a built CLI (dist/src/cli/<name>.js) to completion, or throws. */
export async function runCli(name: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<void> {
  const child = spawn(process.execPath, [resolve(ROOT, 'dist/src/cli', `${name}.js`), ...args], {
    env,
    cwd: tmpdir(),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`${name} exited with ${code}`);
}

/** Drops and recreates a database, so every run starts from the same empty schema. */
export async function recreateDatabase(databaseUrl: string, env: NodeJS.ProcessEnv): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name) || !name.includes('bench')) {
    throw new Error(`refusing to drop ${name}: a bench database's name contains "bench"`);
  }
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  await runCli('create-database', env);
  await runCli('migrate', env);
}

/**
 * Recreates the bench's database (`recreateDatabase`, logged, `note` appended to the line), seeds
 * it (`seed`: the demo merchant, APPROVED, with its sandbox key, and the demo data) and answers a
 * connection to it.
 */
export async function recreateSeeded(databaseUrl: string, env: NodeJS.ProcessEnv, note = ''): Promise<Client> {
  log(`database ${databaseUrl}: recreating${note}`);
  await recreateDatabase(databaseUrl, env);
  await runCli('seed', env);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  return db;
}

/**
 * Starts a bench's floor (`file` run again with --floor-server under ts-node, transpile-only)
 * and waits for its first message, which says it listens. `nodeArgs` are flags the bench itself
 * gives the floor (after BENCH_FLOOR_NODE_ARGS').
 */
export async function startFloorServer(
  file: string,
  env: NodeJS.ProcessEnv,
  label = 'floor',
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = track(
    fork(file, ['--floor-server'], {
      // BENCH_FLOOR_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/floor-prof`) profiles the floor as
      // BENCH_API_NODE_ARGS does the API; floor-process.ts makes SIGTERM an orderly exit, which writes it.
      execArgv: [
        '-r',
        'ts-node/register/transpile-only',
        '-r',
        resolve(__dirname, 'floor-process.ts'),
        ...(process.env.BENCH_FLOOR_NODE_ARGS ?? '').split(' ').filter(Boolean),
        ...nodeArgs,
      ],
      env,
      stdio: 'inherit',
    }),
  );
  await new Promise<void>((done, fail) => {
    child.once('message', () => done());
    child.once('exit', (code) => fail(new Error(`${label} exited (${code})`)));
  });
  return child;
}

/** `count` distinct Nigerian mobile numbers in E.164 form, `+234<prefix>` then seven digits, in order. */
export function benchPhones(count: number, prefix = '809'): string[] {
  return Array.from({ length: count }, (_, index) => `+234${prefix}${String(index).padStart(7, '0')}`);
}

/** Inserts one verified TIER_1 customer a phone, all with the same PIN hash; returns their ids. */
export async function insertCustomers(
  db: Client,
  phones: string[],
  pinHash: string,
): Promise<{ id: string; phone: string }[]> {
  const { rows } = await db.query<{ id: string; phone: string }>(
    `INSERT INTO users (id, phone, role, kyc_tier, pin_hash, pin_set_at, phone_verified_at)
     SELECT gen_random_uuid(), phone, 'CUSTOMER', 'TIER_1', $2, now(), now() FROM unnest($1::text[]) AS t(phone)
     RETURNING id, phone`,
    [phones, pinHash],
  );
  return rows;
}

export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a built entry point (`dist/src/main.js`, `dist/src/worker.js`) and, when `readyUrl` is
 * given, waits until it answers 2xx there.
 */
export async function startBuilt(
  script: string,
  env: NodeJS.ProcessEnv,
  readyUrl?: string,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = track(
    spawn(process.execPath, [...nodeArgs, resolve(ROOT, script)], {
      env,
      cwd: tmpdir(),
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  if (!readyUrl) return child;
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) => fail(new Error(`${script} exited (${code}) before it was ready`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await Promise.race([
      fetch(readyUrl, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) return child;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${script} was not ready at ${readyUrl} within 60 s`);
}

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  responses2xx: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
}

export function figuresOf(result: autocannon.Result): Figures {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    responses2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** `GET url` with `connections` connections for `duration` s, every request with `headers`. */
export async function driveGet(
  url: string,
  settings: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.duration,
    headers: settings.headers,
  });
  return figuresOf(result);
}

export function describeFigures(figures: Figures): string {
  return `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, non-2xx ${figures.non2xx}, errors ${figures.errors}`;
}

/**
 * One run of a server against its floor on a line: req/s, p50, p99, the ratio to the floor when
 * given, non-2xx responses and errors, the label padded to six characters.
 */
export function figuresLine(label: string, figures: Figures, ratio?: number): string {
  return (
    `  ${label.padEnd(6)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${figures.p50
      .toFixed(1)
      .padStart(5)} ms   p99 ${figures.p99.toFixed(1).padStart(5)} ms   ` +
    `${ratio === undefined ? '' : `ratio ${ratio.toFixed(2)}   `}non-2xx ${figures.non2xx}   errors ${figures.errors}`
  );
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A number from the environment, or the default. */
export function setting(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number(value);
}

/**
 * The settings every bench reads: its database BENCH_DATABASE_URL (on the local PostgreSQL by
 * default), its API's port BENCH_API_PORT, and with the same defaults everywhere
 * BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) s a run, BENCH_WARMUP_SECONDS (2) s
 * of warm-up, BENCH_ROUNDS (3) rounds and BENCH_POOL_SIZE (10) database connections in the API.
 */
export function benchSettings(defaults: { database: string; apiPort: number }): {
  databaseUrl: string;
  apiPort: number;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  rounds: number;
  poolSize: number;
} {
  return {
    databaseUrl: process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${defaults.database}`,
    apiPort: setting('BENCH_API_PORT', defaults.apiPort),
    connections: setting('BENCH_CONNECTIONS', 32),
    seconds: setting('BENCH_SECONDS', 10),
    warmUpSeconds: setting('BENCH_WARMUP_SECONDS', 2),
    rounds: setting('BENCH_ROUNDS', 3),
    poolSize: setting('BENCH_POOL_SIZE', 10),
  };
}

/** CPU ticks (user + system, USER_HZ: 100 a second on Linux) a process has used; 0 without /proc. */
export function processTicks(pid: number): number {
  try {
    return ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/**
 * The context switches of a process's main thread (the event loop's: a voluntary one each time
 * it sleeps, a nonvoluntary one each time the scheduler takes its core) and of all its threads,
 * from /proc/<pid>/status and /proc/<pid>/task/<tid>/status; zeros without /proc.
 */
export function processSwitches(pid: number): { main: number; mainForced: number; threads: number } {
  const read = (path: string) => {
    const text = readFileSync(path, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { voluntary: field('voluntary_ctxt_switches'), forced: field('nonvoluntary_ctxt_switches') };
  };
  try {
    const main = read(`/proc/${pid}/status`);
    let threads = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const task = read(`/proc/${pid}/task/${tid}/status`);
        threads += task.voluntary + task.forced;
      } catch {
        // the thread ended meanwhile
      }
    }
    return { main: main.voluntary, mainForced: main.forced, threads };
  } catch {
    return { main: 0, mainForced: 0, threads: 0 };
  }
}

/**
 * Counts a process's context switches (`processSwitches`) from the call; the function it returns
 * describes them per request answered since: how often the event loop slept (a voluntary switch
 * of the main thread), how often the scheduler took its core (a forced one), and every thread's.
 */
export function switchMeter(pid: number | undefined): (requests: number) => string {
  const before = pid === undefined ? undefined : processSwitches(pid);
  return (requests) => {
    if (pid === undefined || before === undefined) return 'n/a';
    const after = processSwitches(pid);
    const per = (value: number) => (value / Math.max(requests, 1)).toFixed(2);
    return (
      `the event loop slept ${per(after.main - before.main)} times, was preempted ${per(after.mainForced - before.mainForced)} times; ` +
      `every thread switched ${per(after.threads - before.threads)} times`
    );
  };
}

/**
 * CPU ticks used by the PostgreSQL server: its processes alive now, and those that ended (a
 * backend whose pool connection closed), which the postmaster counts as its children's time.
 */
export function postgresTicks(): number {
  let ticks = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') {
          ticks += ticksOf(stat, true);
        }
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks;
}

/**
 * utime + stime of a /proc/<pid>/stat line (fields 14 and 15; the name may hold spaces), and
 * with `children` cutime + cstime too (16 and 17: ended children the process has waited for).
 */
function ticksOf(stat: string, children = false): number {
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return fields[11] + fields[12] + (children ? fields[13] + fields[14] : 0);
}

/**
 * CPU ticks of the PostgreSQL processes serving one database (its backends, and its autovacuum
 * workers), leaving out every other database on a shared server and the server's own
 * background processes. A backend's title names its database (`postgres: <cluster>: <user>
 * <database> <client> ...`); the processes are sampled every 200 ms, so a backend that ends
 * loses at most its last 200 ms. `stop()` ends the sampling and answers the ticks used since
 * the call.
 */
export function databaseTicks(database: string): { stop: () => number } {
  const baseline = new Map<number, number>();
  const latest = new Map<number, number>();
  const sample = (first: boolean) => {
    let entries: string[];
    try {
      entries = readdirSync('/proc');
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
        if (!latest.has(pid)) {
          const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
          if (!title.includes(` ${database} `)) continue;
          // A backend first seen after the start began after it: all its time counts.
          baseline.set(pid, first ? ticksOf(stat) : 0);
        }
        latest.set(pid, ticksOf(stat));
      } catch {
        // the process ended meanwhile
      }
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), 200);
  return {
    stop: () => {
      clearInterval(timer);
      sample(false);
      let ticks = 0;
      for (const [pid, last] of latest) ticks += last - (baseline.get(pid) ?? 0);
      return ticks;
    },
  };
}

/** The load average (1, 5, 15 min) and the number of cores, e.g. `load 1.20 0.80 0.50 on 2 cores`. */
export function describeLoad(): string {
  return `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;
}

/** Runs `work` and logs how long it took (`  <label>: 1.2 s`); answers what `work` answered. */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Writes a run's figures as JSON (indented by two, with a final newline) to
 * bench/results/<name>-<timestamp>.json (git-ignored) and logs where; answers the file's path.
 */
export function writeResults(name: string, figures: unknown): string {
  const dir = resolve(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  log(`figures written to ${file}`);
  return file;
}

/**
 * Runs a bench's `main` to its end. SIGINT and SIGTERM stop the bench's children and exit with
 * 130; a failure is written to stderr (`<label> failed: ` and the error's message, or with
 * `stack` its stack) and sets the exit code to 1; the children are stopped at the end either way.
 * With `floorServer`, a process started with --floor-server (`startFloorServer`) runs that
 * instead, and exits with 1 when it fails (`floor app failed: ` and the error's message).
 */
export function runBench(
  main: () => Promise<void>,
  options: { label?: string; stack?: boolean; floorServer?: () => Promise<void> } = {},
): void {
  const { floorServer } = options;
  if (floorServer && process.argv.includes('--floor-server')) {
    floorServer().catch((error: unknown) => {
      process.stderr.write(`floor app failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
    return;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopChildren().finally(() => process.exit(130));
    });
  }
  main()
    .catch((error: unknown) => {
      const text =
        error instanceof Error ? (options.stack ? (error.stack ?? error.message) : error.message) : String(error);
      process.stderr.write(`${options.label ?? 'bench'} failed: ${text}\n`);
      process.exitCode = 1;
    })
    .finally(stopChildren);
}
