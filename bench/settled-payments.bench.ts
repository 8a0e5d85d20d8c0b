/**
 * Settled payments per second: `POST /api/v1/payments` against the production build (API and
 * worker), timed from the round's start until every payment it made is SUCCEEDED, next to this
 * machine's settled-payment floor, timed the same way, on the same database, biller simulator
 * and two cores, in the same run. The floor is this file run with `--floor-server`: plain
 * `node:http` and `pg`, no Nest, no TypeORM, no Bull, no Redis, doing a settled payment's
 * durable steps with the service's own statements (the generated pgtyped queries, prepared
 * under the service's names) and handing each accepted payment to its posting through a small
 * in-process queue.
 *
 *   npm run bench:settled           # nest build, then this file with ts-node (transpile-only)
 *
 * What the floor does for each payment (each line one round trip; T = a transaction):
 *   T1  accept   `identity.one-trip-lock-kyc-tier` (the customer's row lock and tier),
 *                `payments.admit-payment` (the key, duplicate and day-total checks, AUTHORIZING with the timeline's first step and
 *                the sealed funding account: AES-256-GCM as the core seals it, and the AML
 *                activity read, all in the service's one admission statement)
 *       rail     `payments.sandbox-record-capture` (the sandbox rail's record, no transaction)
 *   T2  capture  `ledger.post-entry` (journal entry + 3 lines), `payments.transition-payment`
 *                (PENDING, timeline, capture instruction deleted, first posting cycle opened),
 *                the outbox row of the capture; then answers 200 and queues the payment
 *   T3  claim    `payments.transition-payment` (PROCESSING), `payments.claim-first-posting-cycle`
 *                (lease, outcome unknown)
 *       post     `POST {biller}/payments` to the biller simulator, signed as the connector signs
 *                (`X-Biller-Timestamp`, `X-Biller-Signature` HMAC-SHA256, `Idempotency-Key` = the
 *                payment id), over a keep-alive agent
 *   T4  confirm  `payments.transition-payment` (SUCCEEDED, biller reference, completed_at), the
 *                outbox row of the success, `payments.close-posting-attempt`,
 *                `notifications.preference-choices`, `notifications.record-event` (the event's
 *                receipt and the in-app notification), `billers.count-successful-payment`
 * Four commits, as the service's payment, capture, posting start and confirmation. The ledger
 * rows of a settled payment are the capture's (T2): the service posts no entry when the biller
 * confirms. The floor writes the notification in the confirmation's transaction (the service
 * writes it in the notifications consumer's own statement, after the relay); its outbox rows
 * are of floor-only types (`bench.floor.captured`, `bench.floor.succeeded`), never due
 * (`next_attempt_at` infinity, the one statement of the floor's own), and its posting cycles are
 * opened due in ten years: the service's relay and sweeper never see them.
 *
 * What the service does on top, that the floor does not:
 *   API      the session check (bearer guard, Redis session cache), the rate limits, DTO
 *            validation, the biller quote and the biller circuit breaker (Redis), the direct
 *            biller's account validation (an HTTP call to the simulator), the ledger accounts'
 *            opening, the AML rules over the activity read and their flags, the response
 *            DTO, Express and Nest's pipeline, logging
 *   worker   the outbox relay (claim batch, publish to Redis, one Bull job per consumer queue,
 *            mark PUBLISHED), Bull's job lifecycle in Redis (add, move to active, lock renewal,
 *            complete), the posting service's re-read of the payment and of the biller's
 *            endpoint, the circuit breaker's success record (Redis), the notifications consumer
 *            (payload check, preferences, its own statement and commit, the SMS: the contact's
 *            lookup and the message sender's log line), the bills consumer (payment status read,
 *            an advisory-lock transaction looking for a bill to settle), the sweepers' polling
 *
 * 1. Starts its own redis-server on BENCH_REDIS_PORT (3310; BENCH_REDIS_URL uses another
 *    instead), so Redis's CPU and commands are the bench's alone, and the biller simulator in
 *    this process. Recreates BENCH_DATABASE_URL (`payment_service_bench_settled`), loads
 *    BENCH_CUSTOMERS (256) TIER_1 customers, a biller on the simulator and the CARD rail (as
 *    bench:payments).
 * 2. Starts the API on BENCH_API_PORT (3300) and the worker (NODE_ENV=production, LOG_LEVEL=warn,
 *    DATABASE_POOL_SIZE=BENCH_POOL_SIZE (10), OUTBOX_POLL_INTERVAL_MS=BENCH_OUTBOX_POLL_MS: the
 *    service's 500 by default, as deployed; the bench gave it 50 before the relay's wake-ups), logs every customer in,
 *    and starts the floor on BENCH_FLOOR_PORT (3301): one process, two pools of BENCH_POOL_SIZE
 *    (acceptance and posting, as the API's and the worker's), BENCH_FLOOR_CONCURRENCY (8, the
 *    posting processor's) payments posted at once.
 * 3. For BENCH_ROUNDS (3) rounds: a BENCH_WARMUP_SECONDS (2) warm-up of each, settled, then
 *    ANALYZE; then BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) s against the API,
 *    and the time from the round's start until every payment it made (created since, keys
 *    `bench-*`) is SUCCEEDED (polled, then the latest `completed_at`); then the same against the
 *    floor (keys `floor-*`). Prints per round settled payments/s of each, the ratio (target
 *    >= 0.5), how long settling took past the load, and CPU ms per settled payment of the API,
 *    the worker, PostgreSQL (the bench database's backends), Redis (redis-server's ticks) and the
 *    floor; Redis commands per payment (`INFO commandstats`); with a PostgreSQL that loads
 *    pg_stat_statements, statements and commits per payment of both, and the last round's top
 *    statements of each (the bench's own polling, a few statements a second, is among them).
 * 4. Then, for as many rounds, a paced phase: BENCH_PACED_RATE (10) payments a second on one
 *    connection for BENCH_PACED_SECONDS (5; 0 skips it) against the API, then the floor, each
 *    settled and its consumers done before the next; prints the median, p95 and longest time from
 *    a payment's creation to its SUCCEEDED (`created_at` to `completed_at`) of each: what a payer
 *    waits for the biller's confirmation when the service is not busy (for the service, one hop
 *    through the outbox relay: the capture's event, which queues the posting job).
 * 5. Afterwards: every payment SUCCEEDED and posted to the simulator exactly once, every service
 *    payment has its PAYMENT_SUCCEEDED notification, every service outbox row PUBLISHED within
 *    30 s, and the ledger check passes. Exits 1 when any of these fails or a request failed.
 *
 * Statements: the shared development server does not load pg_stat_statements (and must not be
 * restarted); a cluster of one's own on a free port does, e.g. (as root, PostgreSQL 15):
 *   mkdir /tmp/pgs && chown postgres /tmp/pgs
 *   runuser -u postgres -- /usr/lib/postgresql/15/bin/initdb -D /tmp/pgs/data -A trust -U postgres
 *   runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pgs/data -l /tmp/pgs/log \
 *     -o "-p 3311 -k /tmp/pgs -c shared_preload_libraries=pg_stat_statements" start
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:3311/payment_service_bench_settled npm run bench:settled
 *
 * Profiles: BENCH_API_NODE_ARGS / BENCH_WORKER_NODE_ARGS pass flags to either process, e.g.
 * `BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/settled-worker"` (one directory each):
 * the bench then summarises the last service round of each profiled process (areas and
 * functions by self time). Not part of the tests.
 */
import { createHash, randomInt } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool, PoolClient } from 'pg';
import * as identityUsers from '../src/modules/identity/sql/users.queries';
import * as journal from '../src/modules/ledger/sql/journal.queries';
import * as notifications from '../src/modules/notifications/sql/notifications.queries';
import * as billerPopularity from '../src/modules/billers/directory/sql/biller-popularity.queries';
import * as payments from '../src/modules/payments/core/sql/payments.queries';
import * as postingAttempts from '../src/modules/payments/posting/sql/posting-attempts.queries';
import * as sandboxRail from '../src/modules/payments/rails/sql/sandbox-rail-operations.queries';
import {
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  signBillerRequest,
  TIMESTAMP_HEADER,
} from '../src/modules/billers/connector/biller-protocol';
import { maskFundingAccount, requestFingerprint } from '../src/modules/payments/core/request-fingerprint';
import { SealedText } from '../src/platform/crypto/sealed-text';
import { newId } from '../src/platform/database/new-id';
import type { Statement } from '../src/platform/database/prepared-statement';
import { sqlStatements } from '../src/platform/database/sql-query';
import { formatMinorUnits } from '../src/platform/money/money-format';
import {
  benchSettings,
  describeFigures,
  describeLoad,
  Figures,
  log,
  median,
  runCli,
  setting,
  startBuilt,
  startFloorServer,
  stopChildren,
} from './support/bench-kit';
import { benchRedis, describeCommandCalls } from './support/bench-redis';
import { hrtimeUs, profileDirOf, summariseProfile } from './support/cpu-profile';
import {
  ACCOUNT_REFERENCE,
  awaitOutboxPublished,
  BENCH_ADMISSION_TERMS,
  cpuCounter,
  CpuPerPayment,
  describeCpu,
  driveFloorPayments,
  drivePayments,
  FUNDING_CARD,
  insertBenchCustomers,
  logIn,
  runPaymentBench,
} from './support/payment-kit';
import { logStatements, StatementFigures, statementStats } from './support/pg-statements';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_settled',
  apiPort: 3300,
});
const floorPort = setting('BENCH_FLOOR_PORT', 3301);
const redisPort = setting('BENCH_REDIS_PORT', 3310);
const customerCount = setting('BENCH_CUSTOMERS', 256);
/** Payments the floor posts at once: the posting processor's concurrency in one worker. */
const floorConcurrency = setting('BENCH_FLOOR_CONCURRENCY', 8);
/** Longest wait for a round's payments to settle. */
const settleLimitMs = setting('BENCH_SETTLE_LIMIT_SECONDS', 180) * 1000;
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The worker's OUTBOX_POLL_INTERVAL_MS: the service's default (the bench used 50 before the relay's wake-ups). */
const outboxPollMs = setting('BENCH_OUTBOX_POLL_MS', 500);
/** The paced phase: payments a second, on one connection, for BENCH_PACED_SECONDS (0 skips it) a round. */
const pacedRate = setting('BENCH_PACED_RATE', 10);
const pacedSeconds = setting('BENCH_PACED_SECONDS', 5);
const TARGET_RATIO = 0.5;
/** Idempotency keys: the service's payments are `bench-*` (payment-kit), the floor's `floor-*`. */
const SERVICE_KEYS = 'bench-%';
const FLOOR_KEYS = 'floor-%';
/** The floor's outbox rows: never due, so never relayed, and left out of the outbox check. */
const FLOOR_EVENT_PREFIX = 'bench.floor.';
/** The floor's posting cycles are opened due this far ahead, so the service's sweeper never takes one. */
const FLOOR_CYCLE_DUE_IN_MS = 10 * 365 * 24 * 3600 * 1000;
/** The service's default of POSTING_LEASE_MS. */
const POSTING_LEASE_MS = 30_000;

interface SettledRound {
  load: Figures;
  /** Payments created in the round (its warm-up excluded). */
  payments: number;
  failed: number;
  unsettled: number;
  /** From the round's start to the last payment's completion. */
  seconds: number;
  /** From the end of the load to the last payment's completion. */
  settleSeconds: number;
  /** From the last payment's completion until the process had nothing left to do (its consumers' tail). */
  quietSeconds: number;
  cpu: CpuPerPayment;
  redis: { total: number; text: string };
  /** With pg_stat_statements: statements and explicit commits of the database, per payment. */
  database: { statements: number; commits: number } | null;
  statements: StatementFigures[];
}

async function main(): Promise<void> {
  if (process.argv.includes('--floor-server')) return runFloorServer();
  const redis = await benchRedis(redisPort);
  try {
    await runPaymentBench(
      {
        name: 'settled',
        apiPort,
        databaseUrl,
        poolSize,
        extra: { REDIS_URL: redis.url, OUTBOX_POLL_INTERVAL_MS: String(outboxPollMs) },
        note: `; Redis ${redis.url} (pid ${redis.pid}); the worker's relay polls every ${outboxPollMs} ms`,
      },
      async ({ env, db, simulator, billerId, billerUrl }) => {
        const database = new URL(databaseUrl).pathname.slice(1);
        const customerRows = await insertBenchCustomers(db, customerCount);
        const statements = await statementStats(db, database);
        const baseUrl = `http://127.0.0.1:${apiPort}`;
        const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, apiNodeArgs);
        const worker = await startBuilt('dist/src/worker.js', env, undefined, workerNodeArgs);
        const customers = await logIn(baseUrl, customerRows);
        log(`API ready at ${baseUrl} with its worker; ${customers.length} customers logged in`);
        const floor = await startFloorServer(__filename, {
          ...process.env,
          BENCH_FLOOR_PORT: String(floorPort),
          BENCH_DATABASE_URL: databaseUrl,
          BENCH_FLOOR_BILLER_ID: billerId,
          BENCH_FLOOR_BILLER_URL: billerUrl,
          BENCH_FLOOR_BILLER_SECRET: env.BILLER_SIMULATOR_SECRET,
          BENCH_FLOOR_KEY_SECRET: env.KEY_HASH_SECRET,
        });
        log(`floor ready on port ${floorPort}`);
        if (!statements.available) {
          log('pg_stat_statements: not loaded by this PostgreSQL (shared_preload_libraries): no statement figures');
        }

        const driveService = (duration: number) => drivePayments(baseUrl, customers, { connections, duration });
        const driveFloor = (duration: number, rate?: number) => driveFloorServer(customerRows, duration, rate);
        const serviceProcesses = { API: api.pid, worker: worker.pid, Redis: redis.pid || undefined };
        const floorProcesses = { floor: floor.pid, Redis: redis.pid || undefined };
        const windows = { fromUs: 0, toUs: 0 };
        const serviceQuiet = () => waitQuiet(db, redis, `${env.REDIS_KEY_PREFIX}:bull`);
        const results: { service: SettledRound; floor: SettledRound }[] = [];
        for (let round = 1; round <= rounds; round += 1) {
          log(`round ${round}: ${describeLoad()}`);
          await settle(db, await dbNow(db), SERVICE_KEYS, () => driveService(warmUpSeconds));
          await serviceQuiet();
          await settle(db, await dbNow(db), FLOOR_KEYS, () => driveFloor(warmUpSeconds));
          await db.query('ANALYZE');
          const fromUs = hrtimeUs();
          const service = await measure(
            db,
            redis,
            statements,
            serviceProcesses,
            database,
            SERVICE_KEYS,
            () => driveService(seconds),
            serviceQuiet,
          );
          Object.assign(windows, { fromUs, toUs: hrtimeUs() });
          logRound(round, 'service', service);
          const floorRound = await measure(db, redis, statements, floorProcesses, database, FLOOR_KEYS, () =>
            driveFloor(seconds),
          );
          logRound(round, 'floor  ', floorRound);
          const ratio = perSecond(service) / perSecond(floorRound);
          log(
            `round ${round}: settled ratio ${ratio.toFixed(2)} (${ratio >= TARGET_RATIO ? 'meets' : 'BELOW'} the ${TARGET_RATIO} target); ${describeLoad()}`,
          );
          results.push({ service, floor: floorRound });
        }

        const paced: { service: Latencies; floor: Latencies }[] = [];
        for (let round = 1; pacedSeconds > 0 && round <= rounds; round += 1) {
          await serviceQuiet();
          const service = await pacedLatencies(db, SERVICE_KEYS, () =>
            drivePayments(baseUrl, customers, { connections: 1, duration: pacedSeconds, rate: pacedRate }),
          );
          await serviceQuiet();
          const floorLatencies = await pacedLatencies(db, FLOOR_KEYS, () => driveFloor(pacedSeconds, pacedRate));
          log(
            `paced ${round}: from a payment's creation to its SUCCEEDED, ${pacedRate} a second on one connection: ` +
              `service ${describeLatencies(service)}; floor ${describeLatencies(floorLatencies)}; ` +
              `service median ${(service.median / Math.max(floorLatencies.median, 0.001)).toFixed(1)}x the floor's`,
          );
          paced.push({ service, floor: floorLatencies });
        }

        const failures: string[] = [];
        for (const [index, { service, floor: floorLatencies }] of paced.entries()) {
          if (service.failed + floorLatencies.failed > 0) failures.push(`paced ${index + 1}: requests failed`);
        }
        for (const [index, { service, floor: floorRound }] of results.entries()) {
          for (const [name, figures] of [
            ['service', service],
            ['floor', floorRound],
          ] as const) {
            if (figures.load.non2xx + figures.load.errors > 0)
              failures.push(`round ${index + 1}: ${name} requests failed`);
            if (figures.failed + figures.unsettled > 0) {
              failures.push(
                `round ${index + 1}: ${name} left ${figures.failed} payments FAILED and ${figures.unsettled} unsettled`,
              );
            }
          }
        }
        failures.push(...(await checkAfterwards(db, simulator.postsReceived(), env)));

        log('');
        log(
          '| round | service payments | service settled/s | settled after load | floor payments | floor settled/s | settled after load | ratio |',
        );
        log('|---|---|---|---|---|---|---|---|');
        for (const [index, { service, floor: floorRound }] of results.entries()) {
          log(
            `| ${index + 1} | ${service.payments} | ${perSecond(service).toFixed(0)} | ${service.settleSeconds.toFixed(1)} s | ${floorRound.payments} | ${perSecond(floorRound).toFixed(0)} | ${floorRound.settleSeconds.toFixed(1)} s | ${(perSecond(service) / perSecond(floorRound)).toFixed(2)} |`,
          );
        }
        log('');
        log('CPU ms per settled payment (round start until the last one SUCCEEDED and its consumers were done):');
        log(
          '| round | API | worker | PostgreSQL (database) | Redis | service total | floor | PostgreSQL (database) | floor total |',
        );
        log('|---|---|---|---|---|---|---|---|---|');
        for (const [index, { service, floor: floorRound }] of results.entries()) {
          const s = service.cpu;
          const f = floorRound.cpu;
          const pg = (cpu: CpuPerPayment) => cpu['PostgreSQL (database)'] ?? 0;
          const serviceTotal = (s.API ?? 0) + (s.worker ?? 0) + pg(s) + (s.Redis ?? 0);
          const floorTotal = (f.floor ?? 0) + pg(f) + (f.Redis ?? 0);
          log(
            `| ${index + 1} | ${(s.API ?? 0).toFixed(2)} | ${(s.worker ?? 0).toFixed(2)} | ${pg(s).toFixed(2)} | ${(s.Redis ?? 0).toFixed(2)} | ${serviceTotal.toFixed(2)} | ${(f.floor ?? 0).toFixed(2)} | ${pg(f).toFixed(2)} | ${floorTotal.toFixed(2)} |`,
          );
        }
        const last = results[results.length - 1];
        if (last) {
          logStatements(`service round ${results.length}`, last.service.statements, last.service.payments);
          logStatements(`floor round ${results.length}`, last.floor.statements, last.floor.payments);
        }
        log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
        if (failures.length > 0) process.exitCode = 1;

        // A profile is written when its process exits: the worker first, then the API.
        const workerProfile = profileDirOf(workerNodeArgs);
        const apiProfile = profileDirOf(apiNodeArgs);
        if (workerProfile || apiProfile) {
          await stopChildren();
          if (workerProfile) summariseProfile(workerProfile, windows, 'worker, service round (last round),');
          if (apiProfile) summariseProfile(apiProfile, windows, 'API, service round (last round),');
        }
      },
    );
  } finally {
    // After `runPaymentBench` has stopped the API and the worker that use it.
    await redis.close();
  }
}

/** Settle latencies of a paced phase, in milliseconds. */
interface Latencies {
  payments: number;
  median: number;
  p95: number;
  max: number;
  /** Requests answered other than 2xx, errors, and payments left unsettled or FAILED. */
  failed: number;
}

/**
 * Drives a paced load and waits for its payments to settle (`settle`), then reads each one's
 * time from creation to completion (`created_at` to `completed_at`, both written by the
 * database's clock or the processes' on this one machine): what a payer waits for the biller's
 * confirmation when the service is not busy.
 */
async function pacedLatencies(db: Client, keys: string, drive: () => Promise<Figures>): Promise<Latencies> {
  const start = await dbNow(db);
  const outcome = await settle(db, start, keys, drive);
  const { rows } = await db.query<{ ms: number }>(
    `SELECT (extract(epoch FROM completed_at - created_at) * 1000)::float8 AS ms
       FROM payments WHERE created_at >= $1 AND idempotency_key LIKE $2 AND status = 'SUCCEEDED'
      ORDER BY ms`,
    [start, keys],
  );
  const values = rows.map((row) => row.ms);
  const at = (share: number) => values[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;
  return {
    payments: values.length,
    median: median(values),
    p95: at(0.95),
    max: values[values.length - 1] ?? 0,
    failed: outcome.load.non2xx + outcome.load.errors + outcome.failed + outcome.unsettled,
  };
}

function describeLatencies(latencies: Latencies): string {
  return `${latencies.payments} payments, median ${latencies.median.toFixed(0)} ms, p95 ${latencies.p95.toFixed(0)} ms, max ${latencies.max.toFixed(0)} ms`;
}

function perSecond(round: SettledRound): number {
  return round.payments / Math.max(round.seconds, 0.001);
}

function logRound(round: number, name: string, figures: SettledRound): void {
  log(
    `round ${round}: ${name} ${figures.payments} payments settled in ${figures.seconds.toFixed(1)} s = ${perSecond(figures).toFixed(0)}/s ` +
      `(${figures.settleSeconds.toFixed(1)} s after the load, quiet ${figures.quietSeconds.toFixed(1)} s later; load ${describeFigures(figures.load)})`,
  );
  log(`round ${round}: ${name} CPU per settled payment: ${describeCpu(figures.cpu)}`);
  log(`round ${round}: ${name} Redis commands per payment: ${figures.redis.total.toFixed(1)} (${figures.redis.text})`);
  if (figures.database) {
    log(
      `round ${round}: ${name} PostgreSQL per payment: ${figures.database.statements.toFixed(1)} statements, ${figures.database.commits.toFixed(1)} commits (pg_stat_statements)`,
    );
  }
}

async function dbNow(db: Client): Promise<Date> {
  return (await db.query<{ now: Date }>(`SELECT clock_timestamp() AS now`)).rows[0].now;
}

/** One round: load for its duration, then wait until its payments settle; CPU and Redis calls over both. */
async function measure(
  db: Client,
  redis: Awaited<ReturnType<typeof benchRedis>>,
  statements: Awaited<ReturnType<typeof statementStats>> | undefined,
  processes: Record<string, number | undefined>,
  database: string,
  keys: string,
  drive: () => Promise<Figures>,
  quiet?: () => Promise<number>,
): Promise<SettledRound> {
  await statements?.reset();
  const callsBefore = await redis.commandCalls();
  const cpu = cpuCounter(processes, database);
  const start = await dbNow(db);
  const outcome = await settle(db, start, keys, drive);
  // The CPU of a payment includes what its consumers do after it SUCCEEDED (the service's
  // notifications and bills jobs); the floor writes its notification in the confirmation.
  const quietSeconds = quiet ? await quiet() : 0;
  const cpuPerPayment = cpu(outcome.payments);
  const redisCalls = describeCommandCalls(callsBefore, await redis.commandCalls(), outcome.payments);
  const totals = statements ? await statements.totals() : null;
  const per = Math.max(outcome.payments, 1);
  return {
    ...outcome,
    quietSeconds,
    cpu: cpuPerPayment,
    redis: redisCalls,
    database: totals && { statements: totals.statements / per, commits: totals.commits / per },
    statements: statements ? await statements.top(15) : [],
  };
}

/**
 * Drives the load, then polls until every payment created since `start` under `keys` has left
 * AUTHORIZING, PENDING and PROCESSING (twice in a row with the same count: the load's last
 * requests may still be committing), and answers their count and the time of the last one's
 * completion (`completed_at`, the database's clock, as `start`).
 */
async function settle(
  db: Client,
  start: Date,
  keys: string,
  drive: () => Promise<Figures>,
): Promise<Omit<SettledRound, 'cpu' | 'redis' | 'database' | 'statements' | 'quietSeconds'>> {
  const load = await drive();
  const loadEnd = await dbNow(db);
  const deadline = Date.now() + settleLimitMs;
  let previous = -1;
  for (;;) {
    const { rows } = await db.query<{ payments: number; open: number; failed: number; last: Date | null }>(
      `SELECT count(*)::int AS payments,
              count(*) FILTER (WHERE status IN ('AUTHORIZING', 'PENDING', 'PROCESSING'))::int AS open,
              count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
              max(completed_at) AS last
         FROM payments WHERE created_at >= $1 AND idempotency_key LIKE $2`,
      [start, keys],
    );
    const row = rows[0];
    const settled = row.open === 0 && row.payments === previous;
    if (settled || Date.now() > deadline) {
      const last = row.last ?? loadEnd;
      return {
        load,
        payments: row.payments,
        failed: row.failed,
        unsettled: row.open,
        seconds: (last.getTime() - start.getTime()) / 1000,
        settleSeconds: Math.max(0, (last.getTime() - loadEnd.getTime()) / 1000),
      };
    }
    previous = row.open === 0 ? row.payments : -1;
    await sleep(200);
  }
}

/**
 * Waits until the service has nothing left to do: every outbox row of its own PUBLISHED and no
 * Bull job waiting or active under `bullPrefix` (the consumers of the last events), twice in a
 * row; answers how long that took.
 */
async function waitQuiet(
  db: Client,
  redis: Awaited<ReturnType<typeof benchRedis>>,
  bullPrefix: string,
): Promise<number> {
  const started = Date.now();
  let calm = 0;
  while (calm < 2 && Date.now() - started < settleLimitMs) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE status = 'PENDING' AND next_attempt_at < 'infinity'`,
    );
    calm = rows[0].n === 0 && (await redis.bullBacklog(bullPrefix)) === 0 ? calm + 1 : 0;
    if (calm < 2) await sleep(100);
  }
  return (Date.now() - started) / 1000;
}

function driveFloorServer(customers: { id: string }[], duration: number, rate?: number): Promise<Figures> {
  const settings = rate ? { connections: 1, duration, rate } : { connections, duration };
  return driveFloorPayments(`http://127.0.0.1:${floorPort}`, settings, (count, key) => ({
    customerId: customers[count % customers.length].id,
    key,
    // Unique per customer, as the service's payments: the duplicate window never refuses one.
    amount: 1000 + Math.floor(count / customers.length),
  }));
}

/** Every payment SUCCEEDED and posted once, notifications made, the service's outbox drained, the ledger balanced. */
async function checkAfterwards(
  db: Client,
  posts: ReadonlyMap<string, number>,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const failures: string[] = [];
  const pending = await awaitOutboxPublished(db, `${FLOOR_EVENT_PREFIX}%`);
  if (pending !== 0) failures.push(`${pending} outbox rows not published within 30 s`);
  // The notifications consumer may still be taking the last events.
  let state = { payments: 0, succeeded: 0, notified: 0 };
  for (let tries = 0; tries < 60; tries += 1) {
    state = (
      await db.query<{ payments: number; succeeded: number; notified: number }>(
        `SELECT count(*)::int AS payments, count(*) FILTER (WHERE p.status = 'SUCCEEDED')::int AS succeeded,
                (SELECT count(*)::int FROM notifications n JOIN outbox_events e ON e.id = n.source_event_id
                  WHERE e.event_type = 'payment.succeeded' AND n.type = 'PAYMENT_SUCCEEDED') AS notified
           FROM payments p WHERE p.idempotency_key LIKE $1`,
        [SERVICE_KEYS],
      )
    ).rows[0];
    if (state.notified >= state.succeeded) break;
    await sleep(500);
  }
  const keys = (
    await db.query<{ id: string; status: string }>(
      `SELECT id, status FROM payments WHERE idempotency_key LIKE $1 OR idempotency_key LIKE $2`,
      [SERVICE_KEYS, FLOOR_KEYS],
    )
  ).rows;
  const notSucceeded = keys.filter(({ status }) => status !== 'SUCCEEDED').length;
  const notPostedOnce = keys.filter(({ id }) => posts.get(id) !== 1).length;
  log(
    `afterwards: ${keys.length} payments (service and floor), ${notSucceeded} not SUCCEEDED, ${notPostedOnce} not posted exactly once; ` +
      `service: ${state.succeeded} SUCCEEDED, ${state.notified} notified; ${pending} service outbox rows not published`,
  );
  if (notSucceeded > 0) failures.push(`${notSucceeded} payments not SUCCEEDED`);
  if (notPostedOnce > 0) failures.push(`${notPostedOnce} payments not posted to the biller exactly once`);
  if (state.notified !== state.succeeded) {
    failures.push(`${state.succeeded - state.notified} succeeded service payments without their notification`);
  }
  try {
    await runCli('ledger-check', env);
  } catch {
    failures.push('the ledger check found an imbalance');
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------
// The floor (this file with --floor-server)

const SQL = {
  payments: sqlStatements('payments', payments),
  posting: sqlStatements('payments', postingAttempts),
  rail: sqlStatements('payments', sandboxRail),
  identity: sqlStatements('identity', identityUsers),
  ledger: sqlStatements('ledger', journal),
  notifications: sqlStatements('notifications', notifications),
  popularity: sqlStatements('billers', billerPopularity),
};

/** The one statement of the floor's own: the service's outbox row, of a floor type and never due. */
const FLOOR_OUTBOX = {
  name: 'bench-floor.insert-event',
  text: `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status, next_attempt_at)
         VALUES ($1, $2, 'payment', $3, $4::jsonb, 'PENDING', 'infinity')`,
};

interface FloorBiller {
  id: string;
  name: string;
  slug: string;
  url: string;
  secret: string;
}

/** A payment the floor accepted, on its way to the biller. */
interface FloorPayment {
  id: string;
  customerId: string;
  amount: number;
  fee: number;
  journalEntryId: string;
}

async function exec<Row extends object, Params>(
  client: Pool | PoolClient,
  statement: Statement<Row, Params>,
  params: Params,
): Promise<Row[]> {
  const result = await client.query<Row>({
    name: statement.name,
    text: statement.text,
    values: [...statement.valuesOf(params)],
  });
  return result.rows;
}

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function runFloorServer(): Promise<void> {
  // Two pools, as the API's and the worker's: acceptance never starves the posting, nor the reverse.
  const accepting = new Pool({ connectionString: databaseUrl, max: poolSize });
  const posting = new Pool({ connectionString: databaseUrl, max: poolSize });
  const billerId = process.env.BENCH_FLOOR_BILLER_ID as string;
  const { rows } = await accepting.query<{ name: string; slug: string }>(
    `SELECT name, slug FROM billers WHERE id = $1`,
    [billerId],
  );
  const biller: FloorBiller = {
    id: billerId,
    name: rows[0].name,
    slug: rows[0].slug,
    url: process.env.BENCH_FLOOR_BILLER_URL as string,
    secret: process.env.BENCH_FLOOR_BILLER_SECRET as string,
  };
  const accounts = await Promise.all(
    [
      { code: 'rail:CARD:clearing:NGN', type: 'ASSET' },
      { code: `biller:${biller.id}:payable:NGN`, type: 'LIABILITY' },
      { code: 'revenue:bill-payment-fees:NGN', type: 'REVENUE' },
    ].map(async ({ code, type }) => {
      await exec(accepting, SQL.ledger.openAccount, { id: newId(), code, type, currency: 'NGN' });
      return (await exec(accepting, SQL.ledger.account, { code }))[0].id;
    }),
  );
  const seal = new SealedText(
    SealedText.derivedKey(
      process.env.BENCH_FLOOR_KEY_SECRET as string,
      'payments',
      'payment-capture-funding-account/v1',
    ),
  );
  const queue = postingQueue(floorConcurrency, (payment) => settleFloorPayment(posting, biller, payment));

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const order = JSON.parse(raw) as { customerId: string; key: string; amount: number };
      acceptFloorPayment(accepting, biller, accounts, seal, order).then(
        (payment) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ id: payment.id, status: 'PENDING' }));
          queue.add(payment);
        },
        (error: Error) => {
          process.stderr.write(`floor: payment refused: ${error.message}\n`);
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: error.message }));
        },
      );
    });
  });
  server.listen(floorPort, '127.0.0.1', () => process.send?.('ready'));
}

/** The in-process queue: `concurrency` payments posted at once, in the order they were accepted. */
function postingQueue(concurrency: number, work: (payment: FloorPayment) => Promise<void>) {
  const waiting: FloorPayment[] = [];
  let head = 0;
  let running = 0;
  const pump = (): void => {
    while (running < concurrency && head < waiting.length) {
      const payment = waiting[head];
      head += 1;
      if (head > 1024 && head * 2 > waiting.length) {
        waiting.splice(0, head);
        head = 0;
      }
      running += 1;
      work(payment)
        .catch((error: Error) => process.stderr.write(`floor: payment ${payment.id} not settled: ${error.message}\n`))
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };
  return {
    add(payment: FloorPayment): void {
      waiting.push(payment);
      pump();
    },
  };
}

/** T1, the rail's record and T2: the payment accepted, captured and PENDING with its first posting cycle. */
async function acceptFloorPayment(
  pool: Pool,
  biller: FloorBiller,
  [clearing, payable, revenue]: string[],
  seal: SealedText,
  order: { customerId: string; key: string; amount: number },
): Promise<FloorPayment> {
  const fee = 100 + Math.floor((order.amount * 50 + 5000) / 10000);
  const id = newId();
  const body = {
    biller: biller.slug,
    accountReference: ACCOUNT_REFERENCE,
    amount: order.amount,
    currency: 'NGN',
    rail: 'CARD',
    fundingAccount: FUNDING_CARD,
  };
  await inTransaction(pool, async (client) => {
    const [customer] = await exec(client, SQL.identity.oneTripLockKycTier, { userId: order.customerId });
    if (!customer) throw new Error('no such customer');
    // The service's admission statement: the key and duplicate checks, the rolling-day sum against
    // the limits, the AUTHORIZING payment with its first timeline step, and the AML activity read.
    const [admitted] = await exec(client, SQL.payments.admitPayment, {
      id,
      customerId: order.customerId,
      channel: 'APP',
      payerType: 'CUSTOMER',
      payerId: order.customerId,
      idempotencyKey: order.key,
      requestHash: requestFingerprint(body),
      billerId: biller.id,
      billerName: biller.name,
      billerSlug: biller.slug,
      accountReference: ACCOUNT_REFERENCE,
      savedAccountId: null,
      amount: order.amount,
      fee,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccountMasked: maskFundingAccount(FUNDING_CARD),
      note: 'Payment accepted; CARD asked to capture the funds',
      captureFundingSealed: seal.seal(id, FUNDING_CARD),
      confirmDuplicate: false,
      ...BENCH_ADMISSION_TERMS,
    });
    if (admitted.existing !== null || admitted.duplicate !== null || admitted.created_at === null) {
      throw new Error('not admitted');
    }
  });
  // The rail's side: the sandbox records the capture in its own table, outside any transaction.
  // The sandbox rail's reference: `card_cap_` and a digest of the payment id.
  const railReference = `card_cap_${createHash('sha256').update(`cap:CARD:${id}`).digest('hex').slice(0, 20)}`;
  const [capture] = await exec(pool, SQL.rail.sandboxRecordCapture, {
    rail: 'CARD',
    reference: id,
    decline: null,
    railReference,
    amount: String(order.amount + fee),
    currency: 'NGN',
  });
  if (capture.outcome !== 'CAPTURED') throw new Error(`capture ${capture.outcome}`);
  const journalEntryId = newId();
  await inTransaction(pool, async (client) => {
    await exec(client, SQL.ledger.postEntry, {
      id: journalEntryId,
      kind: 'BILL_PAYMENT_CAPTURE',
      referenceType: 'payment',
      referenceId: id,
      currency: 'NGN',
      reversesEntryId: null,
      memo: `Bill payment ${id}`,
      accountIds: [clearing, payable, revenue],
      amounts: [String(order.amount + fee), String(-order.amount), String(-fee)],
    });
    const [moved] = await exec(client, SQL.payments.transitionPayment, {
      ...unchanged(),
      id,
      status: 'PENDING',
      note: 'Funds captured by CARD',
      from: ['AUTHORIZING'],
      setRailReference: true,
      railReference,
      setJournalEntryId: true,
      journalEntryId,
      firstCycleId: newId(),
      firstCycleDueInMs: FLOOR_CYCLE_DUE_IN_MS,
    });
    if (!moved) throw new Error('not AUTHORIZING');
    await client.query({
      ...FLOOR_OUTBOX,
      values: [newId(), `${FLOOR_EVENT_PREFIX}captured`, id, JSON.stringify(eventPayload(moved, 'PENDING'))],
    });
  });
  return { id, customerId: order.customerId, amount: order.amount, fee, journalEntryId };
}

/** T3, the post to the biller and T4: the payment PROCESSING, posted, then SUCCEEDED with its rows. */
async function settleFloorPayment(pool: Pool, biller: FloorBiller, payment: FloorPayment): Promise<void> {
  const attempt = await inTransaction(pool, async (client) => {
    const [moved] = await exec(client, SQL.payments.transitionPayment, {
      ...unchanged(),
      id: payment.id,
      status: 'PROCESSING',
      note: `Posting to ${biller.name}`,
      from: ['PENDING'],
    });
    if (!moved) throw new Error('not PENDING');
    const [claimed] = await exec(client, SQL.posting.claimFirstPostingCycle, {
      firstCycleId: newId(),
      paymentId: payment.id,
      leaseMs: POSTING_LEASE_MS,
    });
    if (!claimed) throw new Error('posting cycle held');
    return claimed.id;
  });
  const billerReference = await postToBiller(biller, payment);
  const succeededEventId = newId();
  await inTransaction(pool, async (client) => {
    const [succeeded] = await exec(client, SQL.payments.transitionPayment, {
      ...unchanged(),
      id: payment.id,
      status: 'SUCCEEDED',
      note: `Confirmed by ${biller.name}`,
      from: ['PROCESSING'],
      setBillerReference: true,
      billerReference,
      completed: true,
    });
    if (!succeeded) throw new Error('not PROCESSING');
    const payload = eventPayload(succeeded, 'SUCCEEDED');
    await client.query({
      ...FLOOR_OUTBOX,
      values: [succeededEventId, `${FLOOR_EVENT_PREFIX}succeeded`, payment.id, JSON.stringify(payload)],
    });
    await exec(client, SQL.posting.closePostingAttempt, {
      id: attempt,
      status: 'CONFIRMED',
      outcome: 'CONFIRMED',
      error: null,
      billerReference,
    });
    const choices = await exec(client, SQL.notifications.preferenceChoices, {
      userId: payment.customerId,
      category: 'PAYMENTS',
    });
    const inApp = choices.find(({ channel }) => channel === 'IN_APP')?.enabled ?? true;
    const amount = formatMinorUnits(payment.amount, 'NGN', 'code');
    const now = new Date();
    await exec(client, SQL.notifications.recordEvent, {
      eventId: succeededEventId,
      eventType: `${FLOOR_EVENT_PREFIX}succeeded`,
      receivedAt: now,
      notificationId: inApp ? newId() : null,
      userId: payment.customerId,
      category: 'PAYMENTS',
      type: 'PAYMENT_SUCCEEDED',
      title: `Payment to ${biller.name} succeeded`,
      body: `Your payment of ${amount} to ${biller.name} for account ${ACCOUNT_REFERENCE} went through. Biller reference: ${billerReference}.`,
      data: JSON.stringify(payload),
      sourceEventId: succeededEventId,
      readAt: null,
      createdAt: now,
      withNotification: inApp,
    });
    // Last, as the service does: the biller's shared popularity row is held for the shortest time.
    await exec(client, SQL.popularity.countSuccessfulPayment, {
      billerId: biller.id,
      at: null,
      shard: randomInt(16),
      count: 1,
    });
  });
}

/** The keep-alive agent of the connector's shape (http-biller.connector.ts). */
const billerAgent = new Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4_000 });

/** `POST {biller}/payments`, signed as the connector signs it; answers the biller's reference. */
function postToBiller(biller: FloorBiller, payment: FloorPayment): Promise<string> {
  const url = new URL(`${biller.url.replace(/\/+$/, '')}/payments`);
  const body = JSON.stringify({
    reference: payment.id,
    accountReference: ACCOUNT_REFERENCE,
    amount: payment.amount,
    currency: 'NGN',
  });
  const timestamp = Math.floor(Date.now() / 1000);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: billerAgent,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signBillerRequest(biller.secret, timestamp, 'POST', url.pathname, body),
          [IDEMPOTENCY_HEADER]: payment.id,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          const reply = JSON.parse(text) as { status?: string; billerReference?: string };
          if (response.statusCode !== 201 && response.statusCode !== 200) {
            reject(new Error(`biller answered ${response.statusCode} ${text}`));
          } else if (reply.status !== 'CONFIRMED' || typeof reply.billerReference !== 'string') {
            reject(new Error(`biller did not confirm: ${text}`));
          } else {
            resolve(reply.billerReference);
          }
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(2_000, () => request.destroy(new Error('biller timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

/** TransitionPayment's flags, each column kept. */
function unchanged() {
  return {
    setFailureCode: false,
    failureCode: null,
    setFailureMessage: false,
    failureMessage: null,
    setBillerReference: false,
    billerReference: null,
    setReversalEntryId: false,
    reversalEntryId: null,
    setRailReference: false,
    railReference: null,
    setJournalEntryId: false,
    journalEntryId: null,
    completed: false,
    firstCycleId: null,
    firstCycleDueInMs: null,
  };
}

/** `PaymentEventPayload` of a payment row, as `paymentEventPayload` writes it. */
function eventPayload(row: payments.TransitionPaymentResult, status: string) {
  return {
    paymentId: row.id,
    customerId: row.customer_id,
    billerId: row.biller_id,
    billerName: row.biller_name,
    accountReference: row.account_reference,
    amount: Number(row.amount),
    fee: Number(row.fee),
    currency: row.currency,
    status,
    rail: row.rail,
    fundsCaptured: row.journal_entry_id !== null,
    failureCode: row.failure_code,
    billerReference: row.biller_reference,
  };
}

main().catch(async (error: unknown) => {
  await stopChildren();
  process.stderr.write(`settled-payments bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
