/**
 * Directory search throughput: `GET /api/v1/billers?q=...` with 10,000 billers loaded, next to
 * the framework's floor, a minimal Nest app with one JSON route on the same (Express) adapter.
 *
 *   npm run bench:billers            # nest build, then this file with ts-node (transpile-only)
 *   npx ts-node bench/billers-search.bench.ts   # against the existing dist/ build
 *
 * Self-contained, against the production build (`dist/src/main.js`):
 * 1. Creates and migrates its own database, BENCH_DATABASE_URL (default
 *    `payment_service_bench`), with the project's CLI (`dist/src/cli/create-database.js`,
 *    `dist/src/cli/migrate.js`), then loads BENCH_BILLERS (10,000) billers under the slug prefix
 *    `bench-` and the category `bench-directory` in bulk; running it again changes nothing.
 * 2. Starts the API (`node dist/src/main.js`, NODE_ENV=production, LOG_LEVEL=warn, fresh random
 *    secrets, DATABASE_POOL_SIZE=BENCH_POOL_SIZE (10, the default), Redis keys under
 *    `ps-bench`) on BENCH_API_PORT (3100) and waits for /api/v1/health/ready. The child runs in
 *    the OS temp directory so that no developer `.env` leaks into it; it gets every variable it
 *    needs from here.
 * 3. Starts the floor app (this file with --floor-server: NestFactory + Express, one GET JSON
 *    route, logger off) on BENCH_FLOOR_PORT (3199).
 * 4. For BENCH_ROUNDS (3) rounds, alternately drives the API, cycling through 20 queries
 *    (places, kinds, brands, two words, prefixes, typos: see benchQueries), and the floor, each
 *    with a BENCH_WARMUP_SECONDS (2) warm-up (BENCH_FIRST_WARMUP_SECONDS (5) before the first
 *    round) then BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) seconds, and prints
 *    req/s, p50, p99, the ratio to the floor and the non-2xx responses and errors of each, with
 *    the share of CPU that other processes took meanwhile (a shared machine disturbs figures)
 *    and the CPU each request cost the server, PostgreSQL and autocannon (from /proc).
 *    BENCH_API_NODE_ARGS (e.g. `--perf-basic-prof`) passes flags to the API.
 * 5. Proves the searches reached PostgreSQL: the directory caches no search, and the database's
 *    call count of biller_search_query (track_functions = 'pl', set on the bench database
 *    only) must have grown by at least the number of search responses.
 *
 * Target: API/floor >= 0.35 and API p99 < 20 ms. Exits 1 when a request failed or the
 * searches did not reach PostgreSQL (a missed target is reported, not an exit code). The
 * figures of each run are also written to bench/results/ (git-ignored). Not part of the tests.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import autocannon from 'autocannon';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Client } from 'pg';
import {
  answers,
  benchSettings,
  Figures,
  figuresLine,
  figuresOf,
  log,
  productionEnvironment,
  postgresTicks,
  processTicks,
  ROOT,
  runBench,
  runCli,
  setting,
  startBuilt,
  startFloorServer,
  writeResults,
} from './support/bench-kit';
import {
  benchBillers,
  benchQueries,
  loadBillers,
  searchCallsSince,
  searchQueryCalls,
} from './support/biller-directory';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench',
  apiPort: 3100,
});
const floorPort = setting('BENCH_FLOOR_PORT', 3199);
const billerCount = setting('BENCH_BILLERS', 10_000);
const firstWarmUpSeconds = setting('BENCH_FIRST_WARMUP_SECONDS', 5);
const TARGET_RATIO = 0.35;
const TARGET_P99_MS = 20;
interface SearchFigures extends Figures {
  /** Share of the machine's CPU that processes other than the bench's used meanwhile (Linux only). */
  othersCpu: number | null;
  /** CPU milliseconds per 2xx response: the server driven, PostgreSQL, and this process (autocannon). */
  cpuPerRequest: { server: number; postgres: number; load: number };
}

/** Drives `url` for `duration` seconds, cycling through `paths`; `ours` are the bench's processes. */
async function drive(
  url: string,
  paths: string[],
  duration: number,
  ours: number[],
  server: number,
): Promise<SearchFigures> {
  let next = 0;
  const before = cpuTicks(ours);
  const ticksBefore = { server: processTicks(server), postgres: postgresTicks(), load: processTicks(process.pid) };
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const after = cpuTicks(ours);
  const figures = figuresOf(result);
  // USER_HZ is 100 on Linux: a tick is 10 ms.
  const perRequest = (ticks: number) => (ticks * 10) / Math.max(figures.responses2xx, 1);
  return {
    ...figures,
    cpuPerRequest: {
      server: perRequest(processTicks(server) - ticksBefore.server),
      postgres: perRequest(postgresTicks() - ticksBefore.postgres),
      load: perRequest(processTicks(process.pid) - ticksBefore.load),
    },
    othersCpu:
      before && after
        ? Math.max(0, after.busy - before.busy - (after.ours - before.ours)) / (after.total - before.total)
        : null,
  };
}

/** The machine's busy and total CPU ticks and those of the given processes, from /proc; null without it. */
function cpuTicks(pids: number[]): { busy: number; total: number; ours: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - fields[3] - fields[4], total, ours: pids.reduce((sum, pid) => sum + processTicks(pid), 0) };
  } catch {
    return null;
  }
}

/** The floor: one JSON route on Nest's Express adapter, nothing else (run in its own process). */
@Controller()
class FloorController {
  @Get('ping')
  ping(): { ok: boolean; items: unknown[] } {
    return { ok: true, items: [] };
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

async function runFloorServer(): Promise<void> {
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(floorPort, '127.0.0.1');
  process.send?.('ready');
}

async function main(): Promise<void> {
  if (!existsSync(resolve(ROOT, 'dist/src/main.js'))) throw new Error('no dist/src/main.js: run npm run build');
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  if (!databaseName.includes('bench')) {
    throw new Error(
      `BENCH_DATABASE_URL names ${databaseName}; use a database of the bench's own (its name says bench)`,
    );
  }
  const env = productionEnvironment({ port: apiPort, databaseUrl, redisKeyPrefix: 'ps-bench', poolSize });
  await runCli('create-database', env);
  await runCli('migrate', env);

  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Counts calls of PL/pgSQL functions in this database only, for the reached-PostgreSQL check.
    await client.query(`ALTER DATABASE "${databaseName}" SET track_functions = 'pl'`);
    const billers = benchBillers(billerCount);
    await loadBillers(client, billers);
    const callsBefore = await searchQueryCalls(client);

    const baseUrl = `http://127.0.0.1:${apiPort}`;
    if (await answers(baseUrl)) throw new Error(`something already listens on port ${apiPort}; set BENCH_API_PORT`);
    // BENCH_API_NODE_ARGS (e.g. `--perf-basic-prof`) profiles the API.
    const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const apiProcess = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, apiNodeArgs);
    const floorProcess = await startFloorServer(
      __filename,
      { ...process.env, NODE_ENV: 'production', BENCH_FLOOR_PORT: String(floorPort) },
      'floor app',
    );
    const floorUrl = `http://127.0.0.1:${floorPort}`;

    const queries = benchQueries(billers);
    const searchPaths = queries.map((q) => `/api/v1/billers?q=${encodeURIComponent(q)}`);
    let searches = 0;
    for (const q of queries) {
      const response = await fetch(`${baseUrl}/api/v1/billers?q=${encodeURIComponent(q)}&size=1`);
      if (!response.ok) throw new Error(`GET /billers?q=${q}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { totalItems: number };
      searches += 1;
      log(`q=${JSON.stringify(q)}: ${body.totalItems} matches`);
    }

    log(
      `\n${rounds} rounds of GET /api/v1/billers?q=... (API) then GET /ping (floor), each ${warmUpSeconds} s warm-up + ` +
        `${seconds} s at ${connections} connections (after a first ${firstWarmUpSeconds} s warm-up of each); ` +
        `${billerCount} billers, pool ${poolSize}\n`,
    );
    const results: { round: number; api: SearchFigures; floor: SearchFigures; ratio: number }[] = [];
    let failures = 0;
    const run = async (url: string, paths: string[], duration: number): Promise<SearchFigures> => {
      const { rows: backends } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
      );
      const ours = [process.pid, apiProcess.pid ?? 0, floorProcess.pid ?? 0, ...backends.map(({ pid }) => pid)];
      const figures = await drive(
        url,
        paths,
        duration,
        ours,
        (url === baseUrl ? apiProcess.pid : floorProcess.pid) ?? 0,
      );
      failures += figures.non2xx + figures.errors;
      if (url === baseUrl) searches += figures.responses2xx;
      return figures;
    };
    // JIT, connection pool and plan caches: the first seconds of each process are not its speed.
    await run(baseUrl, searchPaths, firstWarmUpSeconds);
    await run(floorUrl, ['/ping'], firstWarmUpSeconds);
    for (let round = 1; round <= rounds; round += 1) {
      await run(baseUrl, searchPaths, warmUpSeconds);
      const api = await run(baseUrl, searchPaths, seconds);
      await run(floorUrl, ['/ping'], warmUpSeconds);
      const floor = await run(floorUrl, ['/ping'], seconds);
      const ratio = api.requestsPerSecond / floor.requestsPerSecond;
      results.push({ round, api, floor, ratio });
      // On a shared machine, what other processes took disturbs the figures (the ratio less so).
      const others = (figures: SearchFigures) =>
        figures.othersCpu === null ? 'unknown' : `${(100 * figures.othersCpu).toFixed(0)}%`;
      log(
        `round ${round} (other processes took ${others(api)} of the machine's ${availableParallelism()} cores ` +
          `during the API run, ${others(floor)} during the floor run)`,
      );
      log(figuresLine('API', api, ratio));
      log(figuresLine('floor', floor));
      const cpu = ({ cpuPerRequest: { server, postgres, load } }: SearchFigures) =>
        `server ${server.toFixed(3)} ms, PostgreSQL ${postgres.toFixed(3)} ms, autocannon ${load.toFixed(3)} ms`;
      log(`  CPU per request: API ${cpu(api)}; floor ${cpu(floor)}`);
    }

    // The last floor run covered most of the statistics' flush.
    const reached = await searchCallsSince(client, callsBefore, searches);

    const met = results.filter(({ api, ratio }) => ratio >= TARGET_RATIO && api.p99 < TARGET_P99_MS).length;
    log(
      [
        '',
        `PostgreSQL ran biller_search_query ${reached} times for ${searches} search responses ` +
          `(${reached >= searches ? 'every search reached it' : 'FEWER: something answered without the database'})`,
        `target (ratio >= ${TARGET_RATIO}, API p99 < ${TARGET_P99_MS} ms at ${connections} connections): ` +
          `met in ${met} of ${rounds} rounds`,
        `failed requests (non-2xx or errors, warm-ups included): ${failures}`,
        `command: npm run bench:billers   (BENCH_BILLERS=${billerCount} BENCH_CONNECTIONS=${connections} ` +
          `BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_POOL_SIZE=${poolSize})`,
        '',
      ].join('\n'),
    );
    writeResults('billers-search', {
      billerCount,
      connections,
      seconds,
      poolSize,
      queries,
      results,
      searches,
      reached,
    });
    if (failures > 0 || reached < searches) process.exitCode = 1;
  } finally {
    await client.end();
  }
}

runBench(main, { floorServer: runFloorServer });
