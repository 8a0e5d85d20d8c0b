/**
 * Scale-out: `POST /api/v1/payments` against one API and one worker, then against two APIs and
 * two workers (the production build, on one database and one Redis prefix), in the same run,
 * and the ratio of the two throughputs.
 *
 *   npm run bench:scale-out         # nest build, then this file with ts-node (transpile-only)
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_scale_out`) with the
 *    project's CLI, then loads BENCH_CUSTOMERS (256) TIER_1 customers with one PIN, a category,
 *    a biller on an in-process biller simulator (amount rule ANY, fee 100 + 0.5 %), and the
 *    CARD rail (`support/payment-kit.ts`, as bench/payments.bench.ts).
 * 2. Starts API 1 (`dist/src/main.js`) on BENCH_API_PORT (3111) and worker 1 (`dist/src/worker.js`),
 *    NODE_ENV=production, LOG_LEVEL=warn, DATABASE_POOL_SIZE=BENCH_POOL_SIZE (10) in each, and
 *    logs every customer in for its token.
 * 3. For BENCH_ROUNDS (2) rounds:
 *    - `1 API + 1 worker`: a warm-up of BENCH_WARMUP_SECONDS (2) s, ANALYZE, then
 *      BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) s against API 1, then waits
 *      until the worker has settled the round's payments and published its outbox rows;
 *    - starts API 2 on BENCH_API_PORT + 1 and worker 2, with the same environment;
 *    - `2 APIs + 2 workers`: the same warm-up and run, the connections spread over both ports
 *      (half each, one autocannon per port, run at once; throughput is their sum, p99 the worse
 *      of the two), then the same wait for both workers;
 *    - stops API 2 and worker 2 (SIGTERM) for the next round's single pair.
 *    Each phase prints payments/s, p50, p99 and CPU per payment of every process and of the
 *    PostgreSQL processes serving the bench's database; each round prints the ratio
 *    (2 + 2 over 1 + 1).
 * 4. Afterwards: every outbox row must be PUBLISHED, every payment SUCCEEDED and posted to the
 *    biller once (the simulator's count), and the ledger check must find no imbalance. Exits 1
 *    when any of these fails or a request failed.
 *
 * On a machine with two cores, two APIs and two workers share the same two cores (and
 * PostgreSQL, Redis and autocannon take their share of them): the ratio says what a second pair
 * costs or gains there, not what it gains on a second machine. Not part of the tests.
 */
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import {
  benchSettings,
  describeFigures,
  describeLoad,
  Figures,
  log,
  runCli,
  setting,
  startBuilt,
  stopChildren,
} from './support/bench-kit';
import {
  cpuCounter,
  CpuPerPayment,
  describeCpu,
  Customer,
  drivePayments,
  insertBenchCustomers,
  logIn,
  logSettling,
  runPaymentBench,
  waitUntilSettled,
} from './support/payment-kit';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, poolSize } = benchSettings({
  database: 'payment_service_bench_scale_out',
  apiPort: 3111,
});
const rounds = setting('BENCH_ROUNDS', 2);
const customerCount = setting('BENCH_CUSTOMERS', 256);
/** Longest wait for the workers to settle a phase's payments. */
const DRAIN_LIMIT_MS = 180_000;

interface Phase {
  figures: Figures;
  cpu: CpuPerPayment;
}

async function main(): Promise<void> {
  const secondApiPort = apiPort + 1;
  await runPaymentBench({ name: 'scale-out', apiPort, databaseUrl, poolSize }, async ({ env, db, simulator }) => {
    const customerRows = await insertBenchCustomers(db, customerCount);
    const urls = [`http://127.0.0.1:${apiPort}`, `http://127.0.0.1:${secondApiPort}`];
    const api1 = await startBuilt('dist/src/main.js', env, `${urls[0]}/api/v1/health/ready`);
    const worker1 = await startBuilt('dist/src/worker.js', env);
    const customers = await logIn(urls[0], customerRows);
    log(`API 1 ready at ${urls[0]} with worker 1; ${customers.length} customers logged in`);
    const database = new URL(databaseUrl).pathname.slice(1);

    const results: { single: Phase; pair: Phase }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}: ${describeLoad()}`);
      const single = await phase(db, database, `round ${round}: 1 API + 1 worker`, [urls[0]], customers, {
        'API 1': api1.pid,
        'worker 1': worker1.pid,
      });
      const api2 = await startBuilt(
        'dist/src/main.js',
        { ...env, PORT: String(secondApiPort) },
        `${urls[1]}/api/v1/health/ready`,
      );
      const worker2 = await startBuilt('dist/src/worker.js', env);
      const pair = await phase(db, database, `round ${round}: 2 APIs + 2 workers`, urls, customers, {
        'API 1': api1.pid,
        'API 2': api2.pid,
        'worker 1': worker1.pid,
        'worker 2': worker2.pid,
      });
      await Promise.all([stop(api2), stop(worker2)]);
      results.push({ single, pair });
      log(
        `round ${round}: ratio (2 + 2) / (1 + 1) ${(pair.figures.requestsPerSecond / single.figures.requestsPerSecond).toFixed(2)}`,
      );
      log(`round ${round}: ${describeLoad()}`);
    }

    const failures: string[] = [];
    for (const [index, { single, pair }] of results.entries()) {
      if (single.figures.non2xx + single.figures.errors + pair.figures.non2xx + pair.figures.errors > 0)
        failures.push(`round ${index + 1} had failed requests`);
    }
    failures.push(...(await checkAfterwards(db, simulator.postsReceived(), env)));
    log('');
    log(
      '| round | 1 API + 1 worker payments/s | p50 | p99 | 2 APIs + 2 workers payments/s | p50 | p99 | ratio | PG CPU/payment (database) 1+1 | 2+2 |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const [index, { single, pair }] of results.entries()) {
      const pg = (cpu: CpuPerPayment) => `${cpu['PostgreSQL (database)'].toFixed(2)} ms`;
      log(
        `| ${index + 1} | ${single.figures.requestsPerSecond.toFixed(0)} | ${single.figures.p50} ms | ${single.figures.p99} ms | ${pair.figures.requestsPerSecond.toFixed(0)} | ${pair.figures.p50} ms | ${pair.figures.p99} ms | ${(pair.figures.requestsPerSecond / single.figures.requestsPerSecond).toFixed(2)} | ${pg(single.cpu)} | ${pg(pair.cpu)} |`,
      );
    }
    log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
    if (failures.length > 0) process.exitCode = 1;
  });
}

/**
 * One measured phase: a warm-up, ANALYZE, the run over `urls` (the connections split evenly),
 * then the wait for the workers; the figures and the CPU per payment, run and settling.
 */
async function phase(
  db: Client,
  database: string,
  label: string,
  urls: string[],
  customers: Customer[],
  processes: Record<string, number | undefined>,
): Promise<Phase> {
  const since = (await db.query<{ now: Date }>(`SELECT now() AS now`)).rows[0].now;
  await spread(urls, customers, warmUpSeconds);
  await db.query(`ANALYZE`);
  const cpu = cpuCounter(processes, database);
  const figures = await spread(urls, customers, seconds);
  await drainWorkers(db, label, since);
  const perPayment = cpu(figures.responses2xx);
  log(`${label}: ${describeFigures(figures)}`);
  log(`${label}: CPU per payment (run and settling): ${describeCpu(perPayment)}`);
  return { figures, cpu: perPayment };
}

/** `POST /payments` over every URL at once, `connections` split evenly; the figures summed (p50, p99: the worse). */
async function spread(urls: string[], customers: Customer[], duration: number): Promise<Figures> {
  const each = await Promise.all(
    urls.map((url, index) =>
      drivePayments(url, customers, {
        connections: Math.floor(connections / urls.length) + (index < connections % urls.length ? 1 : 0),
        duration,
      }),
    ),
  );
  return {
    requestsPerSecond: each.reduce((sum, figures) => sum + figures.requestsPerSecond, 0),
    p50: Math.max(...each.map((figures) => figures.p50)),
    p99: Math.max(...each.map((figures) => figures.p99)),
    responses2xx: each.reduce((sum, figures) => sum + figures.responses2xx, 0),
    non2xx: each.reduce((sum, figures) => sum + figures.non2xx, 0),
    errors: each.reduce((sum, figures) => sum + figures.errors, 0),
  };
}

/** Waits until the phase's payments are settled and every due outbox row is published; logs how long it took. */
async function drainWorkers(db: Client, label: string, since: Date): Promise<void> {
  const outcome = await waitUntilSettled(
    db,
    {
      text: `SELECT (SELECT count(*)::int FROM payments
                      WHERE created_at >= $1 AND status IN ('AUTHORIZING', 'PENDING', 'PROCESSING')) AS payments,
                    (SELECT count(*)::int FROM outbox_events WHERE status = 'PENDING') AS events`,
      values: [since],
    },
    { limitMs: DRAIN_LIMIT_MS, pollMs: 250 },
  );
  logSettling(label, outcome, (waited) => `the workers settled the payments ${waited} s after the run`);
}

/** Every outbox row published, every payment SUCCEEDED and posted once, the ledger balanced. */
async function checkAfterwards(
  db: Client,
  posts: ReadonlyMap<string, number>,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const failures: string[] = [];
  const [counts] = (
    await db.query<{ unpublished: number; payments: number; succeeded: number }>(
      `SELECT (SELECT count(*)::int FROM outbox_events WHERE status <> 'PUBLISHED') AS unpublished,
              (SELECT count(*)::int FROM payments) AS payments,
              (SELECT count(*)::int FROM payments WHERE status = 'SUCCEEDED') AS succeeded`,
    )
  ).rows;
  const ids = (await db.query<{ id: string }>(`SELECT id FROM payments`)).rows.map((row) => row.id);
  const notOnce = ids.filter((id) => posts.get(id) !== 1).length;
  log(
    `afterwards: ${counts.payments} payments, ${counts.succeeded} SUCCEEDED, ${notOnce} not posted exactly once, ` +
      `${counts.unpublished} outbox rows not published`,
  );
  if (counts.unpublished > 0) failures.push(`${counts.unpublished} outbox rows not published`);
  if (counts.succeeded !== counts.payments)
    failures.push(`${counts.payments - counts.succeeded} payments not SUCCEEDED`);
  if (notOnce > 0) failures.push(`${notOnce} payments not posted to the biller exactly once`);
  try {
    await runCli('ledger-check', env);
  } catch {
    failures.push('the ledger check found an imbalance');
  }
  return failures;
}

/** SIGTERM, and the exit. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

main().catch((error: unknown) => {
  log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
  void stopChildren();
});
