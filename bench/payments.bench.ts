/**
 * Payment acceptance: `POST /api/v1/payments` against the production build, next to this
 * machine's floor: a bare node:http + `pg` server doing the payment core's two transactions, and
 * the sandbox rail's record between them, with the statements a payment makes for them.
 *
 *   npm run bench:payments          # nest build, then this file with ts-node (transpile-only)
 *   BENCH_HISTORY=1000000 npm run bench:payments   # the same after a million payments of history
 *
 * Which figure is the acceptance ratio. The floor accepts and settles nothing: its payments stay
 * PENDING and its outbox rows are never due. The service's worker settles each payment the API
 * accepts (the posting to the biller, the event consumers) on the same two cores, so with the
 * worker running the API round pays for acceptance and settling while the floor pays for
 * acceptance only. The issue's figure ("POST /payments accepted at least 0.6 of the acceptance
 * floor; its p99 at most twice the floor's p99 at the same 32 connections") is therefore the
 * phase with the worker HELD: the worker process is stopped (SIGSTOP, as if it were started only
 * after the phase; SIGCONT resumes it) while the API accepts, so the API and PostgreSQL have the
 * machine as the floor has it. The settling of what that phase accepted is then measured apart
 * (the time the worker takes, and its CPU and PostgreSQL's per payment), and a second phase
 * measures acceptance with the worker running beside it, as in production (settling included in
 * its CPU per payment). The floor's own phase also runs with the worker held.
 *
 * What the floor does, statement for statement as the service (names of `payments.sql` and the
 * other contexts' statements): tx 1 = the customer's advisory lock (`payments.lock-customer`), the
 * tier read (identity's `kyc_tier`; the service now takes the customer's row lock with it, one
 * statement, `identity.one-trip-lock-kyc-tier`: the floor keeps its two so that its figures compare
 * with earlier runs), the key and the rolling-day sum (`payments.precheck`, less its
 * duplicate window), the AUTHORIZING payment with its first timeline step (`payments.insert-payment`,
 * less the capture instruction); the sandbox rail's record of the capture (autocommit); tx 2 = the
 * journal entry and its lines (ledger), the move to PENDING with its timeline step and first
 * posting cycle (the service's `payments.transition-payment`, which opens that cycle in the same
 * statement), the outbox row. What the service does on top, per payment:
 * - the request pipeline: JWT verification, the session check (Redis GET; on a cache miss the
 *   device session's `last_seen_at` touch and a Redis SET), body parsing and the DTO's validation,
 *   the request fingerprint (SHA-256 of canonical JSON), the response DTO;
 * - the biller's quote (billers' `SELECT` of the biller; fee, amount rule, availability) and the
 *   biller's circuit (Redis EXISTS); the ledger accounts (opened once per process, then cached);
 * - idempotency with the request hash (409 DUPLICATE_PAYMENT / IDEMPOTENCY_KEY_REUSED) and the
 *   duplicate window (409 POSSIBLE_DUPLICATE), in the precheck statement;
 * - the sealed funding account (AES-256-GCM) in `payment_capture_instructions`, inserted with the
 *   payment and deleted by the move out of AUTHORIZING, for the recovery job;
 * - AML screening in tx 1: the activity read (`payments.screening-activity`: the customer's window
 *   and the account's distinct payers) and a flag row per rule that fires (compliance's
 *   `aml_flags`, all in one statement; in this bench every payment pays one hot account, so
 *   DISTINCT_PAYERS fires once 25 customers have paid it in the hour, and VELOCITY once a customer
 *   has paid more than 20 times; with BENCH_SPREAD_ACCOUNTS=1 each customer pays an account of
 *   its own, so DISTINCT_PAYERS never fires, and with customers enough (BENCH_CUSTOMERS=2048 for
 *   two rounds) neither does VELOCITY: a payment as most are, raising no flag);
 * - the sandbox rail's check for a cancel before it records a capture.
 * Velocity (the tier's per-payment and daily limits) is the floor's too: the same sum.
 *
 * The framework floors split the API's distance to the floor in three. Each runs the floor's own
 * handler, statement for statement:
 * - the Nest floor (BENCH_NEST_FLOOR, 1 by default; BENCH_NEST_FLOOR_PORT, 3199): behind a minimal
 *   Nest app on the service's adapter (Express and Nest's JSON body parser, one controller, none
 *   of the service's guards, pipes, interceptors or filters). The floor to it is what any Nest
 *   route costs on this stack;
 * - the pipeline floor (BENCH_PIPELINE_FLOOR, 1 by default; BENCH_PIPELINE_FLOOR_PORT, 3197): as
 *   one more route of the service's own built app (`ApiModule` booted as `dist/src/main.js` boots
 *   it), declared as `POST /payments` is (the customer's JWT and session, the Idempotency-Key, a
 *   `PaymentRequestDto` body through the service's validation pipe), driven with the API's own
 *   requests. The Nest floor to it is the service's request pipeline; it to the API is the
 *   payment's own work (the quote and circuit, the core's transactions through TypeORM, the
 *   sealed funding account, screening, the response).
 * Their phases run right after the floor's, the worker held; each round prints the ratios.
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_payments`) with the
 *    project's CLI, then loads BENCH_CUSTOMERS (256) TIER_1 customers with one PIN, a category,
 *    a biller on an in-process biller simulator (amount rule ANY, fee 100 + 0.5 %), and the
 *    CARD rail.
 *    With BENCH_HISTORY (0) above 0, then loads that many settled payments of history
 *    (`support/payment-history.ts`: their captures, posting cycles, timeline steps and outbox
 *    events; a hot account, the one every bench payment pays, paid by thousands of customers,
 *    some inside the AML window), vacuums and analyses.
 * 2. Starts the API (`dist/src/main.js`) and the worker (`dist/src/worker.js`), NODE_ENV=production,
 *    LOG_LEVEL=warn, DATABASE_POOL_SIZE=BENCH_POOL_SIZE (10), and logs every customer in through
 *    `POST /auth/login` for its token. BENCH_REDIS_URL (the shared `redis://127.0.0.1:6379`)
 *    is the Redis they use, with a key prefix of the run's own.
 * 3. Starts the floor (this file with --floor-server) on BENCH_FLOOR_PORT with the same pool size
 *    (and the framework floors, the same file with BENCH_FLOOR_FRAMEWORK=nest or pipeline, on their ports),
 *    then primes the servers: BENCH_PRIME_SECONDS (10; 0 skips it) of traffic to the API (worker
 *    held, then resumed until it has settled them) and as long to each floor, measured by nobody.
 *    A process that has just booted runs its code unoptimised until V8 has seen it run (the
 *    first round used to spend 4.1 ms of API CPU a payment against 2.8-3.0 in the next two, and
 *    its ratio was the lowest of the three in every run); a server in production has long since
 *    taken traffic. The floor's code is a page long, the service's a framework deep, so the cold
 *    start weighed on one side only.
 * 4. For BENCH_ROUNDS (3) rounds, each phase BENCH_CONNECTIONS (32) connections for BENCH_SECONDS
 *    (10) s (a unique Idempotency-Key and amount per request, customers in turn):
 *    - acceptance with the worker held: a warm-up of BENCH_WARMUP_SECONDS (2), ANALYZE unless
 *      BENCH_ANALYZE=0 (as autovacuum would; the pooled connections' plans are made on the empty
 *      tables and kept until an ANALYZE), then the phase;
 *    - the floor (warm-up, then the phase), then the framework floors (the same), the worker
 *      still held: right after the held phase in odd rounds, right before it in even ones, so
 *      that the two phases the ratio compares are the nearest in time and a drift of the
 *      machine's speed through a run (this kind's moves by a third or more within minutes)
 *      weighs on each side in turn;
 *    - the worker resumed, the time it takes to settle the held phase's payments (no longer
 *      AUTHORIZING, PENDING or PROCESSING, every outbox row due published) and its CPU;
 *    - acceptance with the worker running, then until it has settled them.
 *    Each phase prints requests/s, p50, p99, CPU per payment read from /proc (the API, the
 *    worker, the whole PostgreSQL server, and `PostgreSQL (database)`: the server's processes
 *    serving the bench's database only, what to compare on a shared machine), and what it asked
 *    of the servers per payment (`support/round-statements.ts`): top-level statements (BEGIN,
 *    COMMIT and the journal's deferred balance triggers, 6 a payment on both sides, included),
 *    write transactions (the transactions that wrote, each a commit that flushes the WAL),
 *    Redis commands, and the statements by time. The statements need `pg_stat_statements` in
 *    the server's `shared_preload_libraries` (the bench creates the extension in its database;
 *    without it, it says so and counts write transactions and Redis only). Write transactions and
 *    Redis commands are the whole server's: give the bench servers of its own to read them as
 *    the API's alone.
 *    Each round ends with the ratios (held, running) and the held p99 over the floor's p99.
 *    BENCH_WORKER=0 leaves the worker out (no settling, no running phase, no outbox check).
 * 5. Afterwards: the ledger check must find no imbalance; every outbox row must be PUBLISHED
 *    within 30 s; replaying BENCH_REPLAYS (500) used keys must answer 409 DUPLICATE_PAYMENT and
 *    write no row. Exits 1 when any of these fails or a request failed.
 *    BENCH_API_NODE_ARGS (`--cpu-prof --cpu-prof-dir=DIR`) profiles the API, and the bench then
 *    prints the profile of the last round's held phase (by area and by function);
 *    BENCH_WORKER_NODE_ARGS passes flags to the worker. BENCH_PERF=1 records the last round's held
 *    phase and floor phase with Linux perf on every core (`support/perf-profile.ts`; the API and
 *    the floor start with `--perf-basic-prof`) and prints their on-CPU time a payment
 *    of the API, the floor, PostgreSQL and autocannon, user and kernel apart, and where the API's
 *    and the floor's samples fall. Unlike V8's sampler it charges nothing to a process while it
 *    waits for a core, so it is the one to compare processes by; perf itself costs the last round a
 *    little, so read the ratios from the rounds before it. BENCH_PERF_KEEP=1 keeps the recordings
 *    and the symbol maps (their paths and the processes' ids are logged) for `perf report`.
 *
 * Target (the issue): with the worker held, API/floor >= 0.6 and API p99 <= 2 x the floor's
 * p99. Not part of the tests.
 */
import 'reflect-metadata';
import {
  Body,
  Controller,
  HttpCode,
  INestApplication,
  Module,
  NestApplicationOptions,
  Post,
  Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Client, Pool, PoolClient, QueryResult } from 'pg';
import { FLOOR_INSERT_PAYMENT, FLOOR_PRECHECK } from './support/acceptance-floor';
import {
  benchSettings,
  describeFigures,
  describeLoad,
  Figures,
  log,
  runCli,
  setting,
  startBuilt,
  startFloorServer,
  stopChildren,
  switchMeter,
} from './support/bench-kit';
import { hrtimeUs, profileDirOf, summariseProfile } from './support/cpu-profile';
import {
  describePerf,
  PERF_NODE_ARGS,
  perfFigures,
  PerfFigures,
  perfRecording,
  PerfSubject,
  perfUnavailable,
  removeRecording,
} from './support/perf-profile';
import { loadPaymentHistory } from './support/payment-history';
import {
  accountOf,
  awaitOutboxPublished,
  cpuCounter,
  CpuPerPayment,
  describeCpu,
  Customer,
  driveFloorPayments,
  drivePayments as drivePaymentsWith,
  insertBenchCustomers,
  logIn,
  logSettling,
  runPaymentBench,
  SentPayment,
  waitUntilSettled,
} from './support/payment-kit';
import { countStatements, describeStatements, StatementFigures } from './support/round-statements';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_payments',
  apiPort: 3101,
});
const floorPort = setting('BENCH_FLOOR_PORT', 3198);
/** 1 (the default) also drives the Nest floor (header, "The framework floors"). */
const withNestFloor = setting('BENCH_NEST_FLOOR', 1) !== 0;
const nestFloorPort = setting('BENCH_NEST_FLOOR_PORT', 3199);
/** 1 (the default) also drives the pipeline floor (header, "The framework floors"). */
const withPipelineFloor = setting('BENCH_PIPELINE_FLOOR', 1) !== 0;
const pipelineFloorPort = setting('BENCH_PIPELINE_FLOOR_PORT', 3197);
/** The pipeline floor's route, under the service's `/api/v1`. */
const PIPELINE_FLOOR_PATH = '/api/v1/bench-floor/payments';
/** Unmeasured traffic to both servers before round 1 (header, step 3). */
const primeSeconds = setting('BENCH_PRIME_SECONDS', 10);
/** The Redis the API and worker use (the shared one by default): its command counts are the whole server's. */
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const customerCount = setting('BENCH_CUSTOMERS', 256);
const replays = setting('BENCH_REPLAYS', 500);
/**
 * 1 (the default) analyses the database before each round, as autovacuum does once a table has
 * grown by a tenth; 0 leaves it to autovacuum. On a server shared with other databases its
 * workers may not reach the bench's during a run, and the pooled connections then keep the
 * plans they made on the empty tables (ANALYZE is what invalidates them).
 */
const analyseRounds = setting('BENCH_ANALYZE', 1) !== 0;
/** 1: each customer pays an account of its own (the API's payments and the floor's), not the one hot account. */
const spreadAccounts = setting('BENCH_SPREAD_ACCOUNTS', 0) !== 0;
/** Settled payments loaded before the rounds (0: none), to show a payment's cost does not grow with history. */
const history = setting('BENCH_HISTORY', 0);
/** 0 leaves the worker out, to tell the API's own cost from the worker's load on the machine. */
const withWorker = setting('BENCH_WORKER', 1) !== 0;
/** 1 records the last round's held phase and floor phase with Linux perf (support/perf-profile.ts). */
const withPerf = setting('BENCH_PERF', 0) !== 0;
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The floor's outbox rows: never due, so never relayed, and left out of the outbox check. */
const FLOOR_EVENT_TYPE = 'bench.floor_payment';
/** Longest wait for the worker to settle the API round's payments before the floor round. */
const DRAIN_LIMIT_MS = 180_000;

/** Every request the API round sends, so replays can reuse their keys and bodies. */
const sent: SentPayment[] = [];

async function main(): Promise<void> {
  if (process.argv.includes('--floor-server')) return runFloorServer();
  await runPaymentBench({ name: 'payments', apiPort, databaseUrl, poolSize }, async ({ env, db, billerId }) => {
    try {
      const customerRows = await insertBenchCustomers(db, customerCount);
      if (history > 0) {
        const started = Date.now();
        log(`history: loading ${history} payments`);
        await loadPaymentHistory(db, { count: history, billerId, benchCustomerIds: customerRows.map(({ id }) => id) });
        log(`history: ${history} payments loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
      const baseUrl = `http://127.0.0.1:${apiPort}`;
      const perfMissing = withPerf ? perfUnavailable() : null;
      if (perfMissing) log(`BENCH_PERF: ${perfMissing}; the rounds run without it`);
      const perf = withPerf && perfMissing === null;
      // BENCH_API_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the API.
      const api = await startBuilt(
        'dist/src/main.js',
        env,
        `${baseUrl}/api/v1/health/ready`,
        perf ? [...apiNodeArgs, ...PERF_NODE_ARGS] : apiNodeArgs,
      );
      const worker = withWorker ? await startBuilt('dist/src/worker.js', env, undefined, workerNodeArgs) : undefined;
      const customers = await logIn(baseUrl, customerRows);
      log(
        `API ready at ${baseUrl}${worker ? ' with its worker' : ', no worker'}; ${customers.length} customers logged in`,
      );
      const floorServer = await startFloorServer(
        __filename,
        { ...process.env, BENCH_FLOOR_PORT: String(floorPort), BENCH_DATABASE_URL: databaseUrl },
        'floor',
        perf ? PERF_NODE_ARGS : [],
      );
      log(`floor ready on port ${floorPort}`);
      const frameworkFloors = await startFrameworkFloors(customers, billerId, env);
      if (primeSeconds > 0) {
        const primeStart = await databaseNow(db);
        hold(worker);
        await drivePayments(baseUrl, customers, primeSeconds, false);
        resume(worker);
        if (worker) await drainWorker(db, 'priming: settling', primeStart);
        hold(worker);
        await driveFloor(customers, billerId, primeSeconds);
        for (const framework of frameworkFloors) await framework.drive(primeSeconds);
        resume(worker);
        log(`primed: ${primeSeconds} s of payments to the API and to each floor, not measured`);
      }

      const database = new URL(databaseUrl).pathname.slice(1);
      const results: RoundResult[] = [];
      /** The last round's held acceptance phase, for the API's profile. */
      const window = { fromUs: 0, toUs: 0 };
      /** With BENCH_PERF, the last round's held phase and floor phase on-CPU. */
      let perfSides: { name: string; figures: PerfFigures; unit: string }[] = [];
      const bench: PerfSubject = { label: 'autocannon (the bench)', pid: process.pid };
      const postgres: PerfSubject = { label: 'PostgreSQL (every backend)', comm: 'postgres' };
      /** The floor's phase of a round, the worker held: its warm-up, then the measured seconds. */
      const measureFloor = async (round: number, recorded: boolean) => {
        await driveFloor(customers, billerId, warmUpSeconds);
        const statements = await countStatements(db, redisUrl);
        const counter = cpuCounter({ floor: floorServer.pid }, database);
        const floorSwitches = switchMeter(floorServer.pid);
        const floorPerf = recorded ? perfRecording('floor') : undefined;
        const floor = await driveFloor(customers, billerId, seconds);
        const floorPerfFile = await floorPerf?.stop();
        const floorCpu = counter(floor.responses2xx);
        const floorStatements = await statements.stop(floor.responses2xx);
        log(`round ${round}: floor              ${describeFigures(floor)}`);
        log(`round ${round}: CPU per floor transaction: ${describeCpu(floorCpu)}`);
        log(`round ${round}: a floor transaction: ${floorSwitches(floor.responses2xx)}`);
        log(`round ${round}: per floor transaction: ${describeStatements(floorStatements)}`);
        for (const line of floorStatements.tables) log(line);
        const frameworks: FrameworkFigures[] = [];
        for (const framework of frameworkFloors) {
          await framework.drive(warmUpSeconds);
          const counter = cpuCounter({ [framework.name]: framework.server.pid }, database);
          const switches = switchMeter(framework.server.pid);
          const figures = await framework.drive(seconds);
          const cpu = counter(figures.responses2xx);
          const switched = switches(figures.responses2xx);
          frameworks.push({
            name: framework.name,
            figures,
            cpu: cpu[framework.name],
            postgres: cpu['PostgreSQL (database)'],
          });
          log(`round ${round}: ${framework.name.padEnd(18)} ${describeFigures(figures)}`);
          log(`round ${round}: CPU per ${framework.name} transaction: ${describeCpu(cpu)}`);
          log(`round ${round}: a ${framework.name} transaction: ${switched}`);
        }
        return { floor, floorCpu, floorStatements, floorPerfFile, frameworks };
      };
      for (let round = 1; round <= rounds; round += 1) {
        log(`round ${round}: ${describeLoad()}`);
        const roundStart = await databaseNow(db);
        // perf costs the machine a little: only the last round is recorded.
        const recorded = perf && round === rounds;
        // Acceptance alone: the worker is held (stopped, as if started only after the phase), so
        // the API and PostgreSQL have the two cores as the floor has them in its phase. The floor
        // runs next to it, before the worker settles anything, and the two swap places from one
        // round to the next: this machine's speed drifts over a minute (the same build's API CPU a
        // payment has moved by half between runs a few minutes apart), so the phases compared are
        // the two nearest in time, and a drift through a run weighs on each side in turn.
        hold(worker);
        const heldFirst = round % 2 === 1;
        const floorPhase = heldFirst ? null : await measureFloor(round, recorded);
        await drivePayments(baseUrl, customers, warmUpSeconds, false);
        if (analyseRounds) await db.query(`ANALYZE`);
        const rows = await paymentRows(db);
        const statements = await countStatements(db, redisUrl);
        const heldCounter = cpuCounter({ API: api.pid }, database);
        const heldSwitches = switchMeter(api.pid);
        const heldPerf = recorded ? perfRecording('held') : undefined;
        window.fromUs = hrtimeUs();
        const held = await drivePayments(baseUrl, customers, seconds, true);
        window.toUs = hrtimeUs();
        const heldPerfFile = await heldPerf?.stop();
        const heldCpu = heldCounter(held.responses2xx);
        const heldStatements = await statements.stop(held.responses2xx);
        log(`round ${round}: API, worker held   ${describeFigures(held)}`);
        log(`round ${round}: CPU per accepted payment: ${describeCpu(heldCpu)}`);
        log(`round ${round}: an accepted payment: ${heldSwitches(held.responses2xx)}`);
        log(`round ${round}: per accepted payment: ${describeStatements(heldStatements)}`);
        for (const line of heldStatements.tables) log(line);
        const { floor, floorCpu, floorStatements, floorPerfFile, frameworks } =
          floorPhase ?? (await measureFloor(round, recorded));

        let settle: RoundResult['settle'] = null;
        let running: RoundResult['running'] = null;
        if (worker) {
          // The worker settles what the held phase accepted (its warm-up included): measured
          // apart, as the settling's own cost; the floor does no settling.
          const accepted = await acceptedSince(db, roundStart);
          const settleCounter = cpuCounter({ worker: worker.pid }, database);
          resume(worker);
          const drained = await drainWorker(db, `round ${round}: settling the held phase`, roundStart);
          settle = { payments: accepted, seconds: drained, cpu: settleCounter(accepted) };
          log(`round ${round}: CPU per payment settled after the held phase: ${describeCpu(settle.cpu)}`);

          // Acceptance with the worker settling beside it on the same cores, as in production.
          const runningStart = await databaseNow(db);
          const runningStatements = await countStatements(db, redisUrl);
          const runningCounter = cpuCounter({ API: api.pid, worker: worker.pid }, database);
          const figures = await drivePayments(baseUrl, customers, seconds, true);
          await drainWorker(db, `round ${round}: settling the running phase`, runningStart);
          running = {
            figures,
            cpu: runningCounter(figures.responses2xx),
            statements: await runningStatements.stop(figures.responses2xx),
          };
          log(`round ${round}: API, worker running ${describeFigures(figures)}`);
          log(`round ${round}: CPU per payment (accepted and settled): ${describeCpu(running.cpu)}`);
          log(`round ${round}: per payment (accepted and settled): ${describeStatements(running.statements)}`);
        }
        log(
          `round ${round}: acceptance ratio ${ratio(held, floor)} (worker held), ${running ? ratio(running.figures, floor) : 'n/a'} (worker running); ` +
            `p99 ${(held.p99 / Math.max(floor.p99, 1)).toFixed(2)}x the floor's (held)` +
            frameworks
              .map(
                ({ name, figures }) =>
                  `; ${name} ${ratio(figures, floor)} of the floor, API ${ratio(held, figures)} of the ${name}`,
              )
              .join(''),
        );
        log(`round ${round}: ${describeLoad()}`);
        results.push({
          rows,
          held,
          heldCpu,
          heldStatements,
          settle,
          running,
          floor,
          floorCpu,
          floorStatements,
          frameworks,
        });
        if (heldPerfFile && floorPerfFile) {
          const apiProcess: PerfSubject = { label: 'API', pid: api.pid };
          const floorProcess: PerfSubject = { label: 'floor', pid: floorServer.pid };
          perfSides = [
            {
              name: 'held',
              figures: perfFigures(
                heldPerfFile,
                [apiProcess, postgres, bench],
                held.responses2xx,
                ['API'],
                [postgres.label],
              ),
              unit: 'payment',
            },
            {
              name: 'floor',
              figures: perfFigures(
                floorPerfFile,
                [floorProcess, postgres, bench],
                floor.responses2xx,
                ['floor'],
                [postgres.label],
              ),
              unit: 'payment',
            },
          ];
          removeRecording(heldPerfFile, [api.pid]);
          removeRecording(floorPerfFile, [floorServer.pid]);
        }
      }
      const failures: string[] = [];
      for (const [index, { held, running, floor, frameworks }] of results.entries()) {
        for (const figures of [held, running?.figures, floor, ...frameworks.map((framework) => framework.figures)]) {
          if (figures && figures.non2xx + figures.errors > 0) failures.push(`round ${index + 1} had failed requests`);
        }
      }
      failures.push(...(await checkAfterwards(db, baseUrl, env)));
      summarise(results);
      if (perfSides.length > 0)
        describePerf(`POST /payments, worker held, and its floor (round ${rounds}),`, perfSides);
      log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
      if (failures.length > 0) process.exitCode = 1;
      // The profile is written when the API exits.
      const profileDir = profileDirOf(apiNodeArgs);
      if (profileDir) {
        await stopChildren();
        summariseProfile(profileDir, window, 'API, POST /payments with the worker held (last round),');
      }
    } finally {
      // A held worker is resumed before `runPaymentBench` stops it.
      resume(heldWorker);
    }
  });
}

interface RoundResult {
  /** Payments in the database before the measured phases. */
  rows: number;
  /** Acceptance with the worker held: the issue's figure. */
  held: Figures;
  heldCpu: CpuPerPayment;
  heldStatements: StatementFigures;
  /** The worker settling the held phase's payments afterwards. */
  settle: { payments: number; seconds: number; cpu: CpuPerPayment } | null;
  /** Acceptance with the worker settling beside it (accepted and settled per payment). */
  running: { figures: Figures; cpu: CpuPerPayment; statements: StatementFigures } | null;
  floor: Figures;
  floorCpu: CpuPerPayment;
  floorStatements: StatementFigures;
  /** The framework floors' phases, right after the floor's, in `startFrameworkFloors`' order. */
  frameworks: FrameworkFigures[];
}

/** A framework floor's phase: its figures and its server's and PostgreSQL's CPU a transaction (ms). */
interface FrameworkFigures {
  name: string;
  figures: Figures;
  cpu: number;
  postgres: number;
}

function ratio(api: Figures, floor: Figures): string {
  return (api.requestsPerSecond / floor.requestsPerSecond).toFixed(2);
}

function summarise(results: RoundResult[]): void {
  const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(2)} ms`);
  log('');
  log(
    `history: ${history} payments loaded before the rounds; ${connections} connections, ${seconds} s a phase; ` +
      `${customerCount} customers paying ${spreadAccounts ? 'an account each' : 'one account'}`,
  );
  log("Acceptance (the issue's figure): POST /payments with the worker held, against the floor");
  log(
    '| round | payments before | API payments/s | API p50 | API p99 | floor tx/s | floor p99 | ratio | p99 / floor p99 | CPU/payment API | PG (database) | CPU/floor tx | PG (database) | statements | floor statements | write transactions | Redis commands |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [index, { rows, held, heldCpu, heldStatements, floor, floorCpu, floorStatements }] of results.entries()) {
    log(
      `| ${index + 1} | ${rows} | ${held.requestsPerSecond.toFixed(0)} | ${held.p50} ms | ${held.p99} ms | ${floor.requestsPerSecond.toFixed(0)} | ${floor.p99} ms | ${ratio(held, floor)} | ${(held.p99 / Math.max(floor.p99, 1)).toFixed(2)} | ` +
        `${ms(heldCpu.API)} | ${ms(heldCpu['PostgreSQL (database)'])} | ${ms(floorCpu.floor)} | ${ms(floorCpu['PostgreSQL (database)'])} | ` +
        `${heldStatements.statements?.toFixed(1) ?? 'n/a'} | ${floorStatements.statements?.toFixed(1) ?? 'n/a'} | ${heldStatements.writeTransactions.toFixed(2)} | ${heldStatements.redisCommands.toFixed(1)} |`,
    );
  }
  if (results.some(({ running }) => running)) {
    log("With the worker running beside the API (settling included), and the held phase's settling measured apart");
    log(
      '| round | API payments/s | API p99 | ratio to the floor | CPU/payment API | worker | PG (database) | settling after the held phase | its worker CPU/payment | its PG/payment |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const [index, { running, settle, floor }] of results.entries()) {
      if (!running || !settle) continue;
      log(
        `| ${index + 1} | ${running.figures.requestsPerSecond.toFixed(0)} | ${running.figures.p99} ms | ${ratio(running.figures, floor)} | ` +
          `${ms(running.cpu.API)} | ${ms(running.cpu.worker)} | ${ms(running.cpu['PostgreSQL (database)'])} | ` +
          `${settle.payments} in ${settle.seconds.toFixed(1)} s | ${ms(settle.cpu.worker)} | ${ms(settle.cpu['PostgreSQL (database)'])} |`,
      );
    }
  }
  if (results.some(({ frameworks }) => frameworks.length > 0)) {
    log(
      "The framework floors: the floor's handler behind a minimal Nest app (Nest floor), then as a route of the " +
        "service's own app behind its request pipeline (pipeline floor), right after the floor",
    );
    log(
      '| round | floor | tx/s | p99 | / floor | / the floor before it | API / it | CPU/tx | PG (database) | CPU/tx of the floor |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const [index, { held, floor, floorCpu, frameworks }] of results.entries()) {
      for (const [position, { name, figures, cpu, postgres }] of frameworks.entries()) {
        const before = position === 0 ? floor : frameworks[position - 1].figures;
        log(
          `| ${index + 1} | ${name} | ${figures.requestsPerSecond.toFixed(0)} | ${figures.p99} ms | ${ratio(figures, floor)} | ` +
            `${ratio(figures, before)} | ${ratio(held, figures)} | ${ms(cpu)} | ${ms(postgres)} | ${ms(floorCpu.floor)} |`,
        );
      }
    }
  }
  const bestFloor = Math.max(...results.map(({ floor }) => floor.requestsPerSecond));
  log(
    `latency bound: ${connections} connections in a closed loop wait ${connections} / throughput on average, ` +
      `so p99 < 50 ms needs more than ${Math.ceil((connections * 1000) / 50)} payments/s; ` +
      `the floor's best round (${bestFloor.toFixed(0)} tx/s) means ${((connections * 1000) / bestFloor).toFixed(0)} ms`,
  );
}

/** The worker while it is held (SIGSTOP), so every way out resumes it before stopping it. */
let heldWorker: ChildProcess | undefined;

/** Holds the worker where it is: no relay, no posting, no sweeping until `resume`. */
function hold(worker: ChildProcess | undefined): void {
  if (!worker || heldWorker) return;
  worker.kill('SIGSTOP');
  heldWorker = worker;
}

function resume(worker: ChildProcess | undefined): void {
  if (!worker || heldWorker !== worker) return;
  worker.kill('SIGCONT');
  heldWorker = undefined;
}

async function databaseNow(db: Client): Promise<Date> {
  return (await db.query<{ now: Date }>(`SELECT now() AS now`)).rows[0].now;
}

/** The API's payments created since `since` (its warm-up's included; the floor's are not). */
async function acceptedSince(db: Client, since: Date): Promise<number> {
  return (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE created_at >= $1 AND idempotency_key NOT LIKE 'floor-%'`,
      [since],
    )
  ).rows[0].n;
}

async function paymentRows(db: Client): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments`)).rows[0].n;
}

function drivePayments(baseUrl: string, customers: Customer[], duration: number, record: boolean) {
  return drivePaymentsWith(baseUrl, customers, {
    connections,
    duration,
    onSent: record ? (payment) => sent.push(payment) : undefined,
    spreadAccounts,
  });
}

/** A framework floor's server and how the bench drives it for `duration` s. */
interface FrameworkFloor {
  name: string;
  server: ChildProcess;
  drive: (duration: number) => Promise<Figures>;
}

/**
 * Starts the framework floors BENCH_NEST_FLOOR and BENCH_PIPELINE_FLOOR ask for (header), in the
 * order their phases run: the Nest floor, driven as the floor is, then the pipeline floor, driven
 * with the API's own requests (bearer token, Idempotency-Key, `PaymentRequest` body) on its route.
 */
async function startFrameworkFloors(
  customers: Customer[],
  billerId: string,
  apiEnv: NodeJS.ProcessEnv,
): Promise<FrameworkFloor[]> {
  const floors: FrameworkFloor[] = [];
  const start = async (name: string, env: NodeJS.ProcessEnv, drive: FrameworkFloor['drive']) => {
    floors.push({ name, server: await startFloorServer(__filename, env, name), drive });
    log(`${name} ready on port ${env.BENCH_FLOOR_PORT}`);
  };
  if (withNestFloor) {
    await start(
      'Nest floor',
      {
        ...process.env,
        BENCH_FLOOR_PORT: String(nestFloorPort),
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_FLOOR_FRAMEWORK: 'nest',
      },
      (duration) => driveFloor(customers, billerId, duration, nestFloorPort),
    );
  }
  if (withPipelineFloor) {
    await start(
      'pipeline floor',
      {
        ...apiEnv,
        PORT: String(pipelineFloorPort),
        BENCH_FLOOR_PORT: String(pipelineFloorPort),
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_FLOOR_FRAMEWORK: 'pipeline',
        BENCH_FLOOR_BILLER_ID: billerId,
      },
      (duration) =>
        drivePaymentsWith(`http://127.0.0.1:${pipelineFloorPort}`, customers, {
          connections,
          duration,
          spreadAccounts,
          path: PIPELINE_FLOOR_PATH,
        }),
    );
  }
  return floors;
}

function driveFloor(customers: Customer[], billerId: string, duration: number, port = floorPort) {
  return driveFloorPayments(`http://127.0.0.1:${port}`, { connections, duration }, (count, key) => {
    const index = count % customers.length;
    return {
      customerId: customers[index].id,
      billerId,
      accountReference: accountOf(index, spreadAccounts),
      key,
      amount: 1000 + count,
    };
  });
}

/**
 * Waits until every payment of the API phase (created since `since`, its warm-up included) is
 * settled (no longer AUTHORIZING, PENDING or PROCESSING; the floor's last transactions of the
 * previous round may commit after it started, and stay PENDING) and every outbox row due is
 * published, logs how long the worker took past the phase, and answers it (s). It reads the
 * phase's payments (`payments_created_at_idx` carries the status) and the pending events (the
 * floor's are never due), so polling costs the same however much history the database holds.
 */
async function drainWorker(db: Client, label: string, since: Date): Promise<number> {
  const outcome = await waitUntilSettled(
    db,
    {
      text: `SELECT (SELECT count(*)::int FROM payments
                      WHERE created_at >= $1 AND status IN ('AUTHORIZING', 'PENDING', 'PROCESSING')
                        AND idempotency_key NOT LIKE 'floor-%') AS payments,
                    (SELECT count(*)::int FROM outbox_events
                      WHERE status = 'PENDING' AND next_attempt_at < 'infinity') AS events`,
      values: [since],
    },
    { limitMs: DRAIN_LIMIT_MS, pollMs: 250 },
  );
  logSettling(label, outcome, (waited) => `the worker settled the phase's payments ${waited} s after it ended`);
  return outcome.seconds;
}

/** The ledger balances, the outbox drains, and replays write nothing. */
async function checkAfterwards(db: Client, baseUrl: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const failures: string[] = [];
  const counts = async () =>
    (
      await db.query<{ payments: number; entries: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM payments) AS payments, (SELECT count(*)::int FROM journal_entries) AS entries,
                (SELECT count(*)::int FROM outbox_events) AS events`,
      )
    ).rows[0];

  // Without a worker nothing publishes the outbox: that check is the worker's.
  if (withWorker) {
    const pending = await awaitOutboxPublished(db, FLOOR_EVENT_TYPE);
    log(
      `outbox: ${pending === 0 ? 'every row published' : `${pending} rows not published`} within 30 s of the last round`,
    );
    if (pending !== 0) failures.push(`${pending} outbox rows not published within 30 s`);
  } else {
    log('outbox: not checked (no worker)');
  }

  // The last requests of the floor round may still be committing: start from counts that hold still.
  let before = await counts();
  for (let tries = 0; tries < 20; tries += 1) {
    await new Promise((done) => setTimeout(done, 500));
    const now = await counts();
    if (JSON.stringify(now) === JSON.stringify(before)) break;
    before = now;
  }
  const sample = Array.from(
    { length: Math.min(replays, sent.length) },
    (_, index) => sent[Math.floor((index * sent.length) / Math.min(replays, sent.length))],
  );
  let duplicates = 0;
  for (const payment of sample) {
    const response = await fetch(`${baseUrl}/api/v1/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${payment.customer.token}`,
        'idempotency-key': payment.key,
      },
      body: payment.body,
    });
    const body = (await response.json()) as { code?: string };
    if (response.status === 409 && body.code === 'DUPLICATE_PAYMENT') duplicates += 1;
  }
  const after = await counts();
  log(
    `replays: ${duplicates} of ${sample.length} answered 409 DUPLICATE_PAYMENT; rows before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
  );
  if (duplicates !== sample.length)
    failures.push(`${sample.length - duplicates} replays were not refused as duplicates`);
  if (JSON.stringify(before) !== JSON.stringify(after)) failures.push('replayed keys wrote rows');

  try {
    await runCli('ledger-check', env);
  } catch {
    failures.push('the ledger check found an imbalance');
  }
  return failures;
}

/**
 * The floor: what a payment costs the database and nothing else, in the payment core's two
 * steps, its statements prepared by name on each connection as the service prepares its own.
 * Transaction 1: the customer lock, the tier read, the precheck, the AUTHORIZING payment with
 * its first timeline step. Between them, the sandbox rail's record of the capture (its own
 * table, on its own connection). Transaction 2: the journal entry and its lines, the move to
 * PENDING with its timeline step and first posting cycle, the outbox row.
 */
async function runFloorServer(): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  const accounts = await Promise.all(
    ['rail:CARD:clearing:NGN', 'revenue:bill-payment-fees:NGN'].map(async (code, index) => {
      const type = index === 0 ? 'ASSET' : 'REVENUE';
      await pool.query(
        `INSERT INTO ledger_accounts (id, code, type, currency) VALUES ($1, $2, $3, 'NGN') ON CONFLICT (code) DO NOTHING`,
        [randomUUID(), code, type],
      );
      return (await pool.query<{ id: string }>(`SELECT id FROM ledger_accounts WHERE code = $1`, [code])).rows[0].id;
    }),
  );
  const payables = new Map<string, string>();
  const handle = (payment: FloorPayment) => pay(pool, accounts, payables, payment);
  if (process.env.BENCH_FLOOR_FRAMEWORK === 'nest') return runNestFloor(handle);
  if (process.env.BENCH_FLOOR_FRAMEWORK === 'pipeline') return runPipelineFloor(handle);
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const payment = JSON.parse(raw) as FloorPayment;
      handle(payment).then(
        (id) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ id, status: 'PENDING' }));
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: error.message }));
        },
      );
    });
  });
  server.listen(floorPort, '127.0.0.1', () => process.send?.('ready'));
}

/**
 * The Nest floor: the floor's handler behind a minimal Nest app on the service's adapter
 * (Express, Nest's own JSON body parser), one controller, no guard, pipe, interceptor or filter
 * of the service's. What separates it from the floor is what any Nest route costs (header).
 */
async function runNestFloor(handle: (payment: FloorPayment) => Promise<string>): Promise<void> {
  @Controller()
  class FloorController {
    @Post('pay')
    @HttpCode(200)
    async pay(@Body() payment: FloorPayment): Promise<{ id: string; status: string }> {
      return { id: await handle(payment), status: 'PENDING' };
    }
  }
  @Module({ controllers: [FloorController] })
  class FloorModule {}
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(floorPort, '127.0.0.1');
  process.send?.('ready');
}

/**
 * The pipeline floor: the floor's handler as one more route of the service's own app, the built
 * `ApiModule` booted as `dist/src/main.js` boots it (`bootstrap`: `configureHttpApp`'s middleware,
 * filters and validation pipe), the route declared as `POST /payments` is: `@CustomerAuth()` (the
 * customer's JWT and session), the `Idempotency-Key` decorator, a `PaymentRequestDto` body. The
 * handler then does the floor's statements and nothing of the payment core. What separates it
 * from the Nest floor is the service's request pipeline; what separates the API from it is the
 * payment's own work (the quote and circuit, the core's transactions through TypeORM, the sealed
 * funding account, screening, the response).
 */
async function runPipelineFloor(handle: (payment: FloorPayment) => Promise<string>): Promise<void> {
  const billerId = process.env.BENCH_FLOOR_BILLER_ID as string;
  const built = (path: string): Promise<unknown> => import(join(__dirname, '..', 'dist', 'src', path));
  const [main, api, auth, idempotency, request] = (await Promise.all([
    built('main.js'),
    built('api.module.js'),
    built('platform/auth/auth.decorators.js'),
    built('modules/payments/core/idempotency-key.decorator.js'),
    built('modules/payments/core/dto/payment-request.dto.js'),
  ])) as [
    { bootstrap: (create: (options: NestApplicationOptions) => Promise<INestApplication>) => Promise<unknown> },
    { ApiModule: Type },
    { CustomerAuth: () => MethodDecorator; CurrentPrincipal: () => ParameterDecorator },
    { IdempotencyKey: () => ParameterDecorator },
    { PaymentRequestDto: Type },
  ];

  @Controller('bench-floor')
  class PipelineFloorController {
    @Post('payments')
    @auth.CustomerAuth()
    @HttpCode(200)
    async pay(
      @auth.CurrentPrincipal() principal: { userId: string },
      @idempotency.IdempotencyKey() key: string | undefined,
      @Body() body: { accountReference: string; amount: number },
    ): Promise<{ id: string; status: string }> {
      // `floor-` keys mark the floors' payments, which the worker never settles (drainWorker).
      const payment = { ...body, customerId: principal.userId, billerId, key: `floor-pipeline-${key ?? ''}` };
      return { id: await handle(payment), status: 'PENDING' };
    }
  }
  // The body's type as the service's route declares it, for the service's validation pipe.
  Reflect.defineMetadata(
    'design:paramtypes',
    [Object, String, request.PaymentRequestDto],
    PipelineFloorController.prototype,
    'pay',
  );
  @Module({ imports: [api.ApiModule], controllers: [PipelineFloorController] })
  class PipelineFloorModule {}
  await main.bootstrap((options) => NestFactory.create(PipelineFloorModule, options));
  process.send?.('ready');
}

/** What the bench sends the floor for one payment. */
interface FloorPayment {
  customerId: string;
  billerId: string;
  accountReference: string;
  key: string;
  amount: number;
}

async function pay(
  pool: Pool,
  [clearing, revenue]: string[],
  payables: Map<string, string>,
  payment: FloorPayment,
): Promise<string> {
  let payable = payables.get(payment.billerId);
  if (!payable) {
    const code = `biller:${payment.billerId}:payable:NGN`;
    await pool.query(
      `INSERT INTO ledger_accounts (id, code, type, currency) VALUES ($1, $2, 'LIABILITY', 'NGN') ON CONFLICT (code) DO NOTHING`,
      [randomUUID(), code],
    );
    payable = (await pool.query<{ id: string }>(`SELECT id FROM ledger_accounts WHERE code = $1`, [code])).rows[0].id;
    payables.set(payment.billerId, payable);
  }
  const fee = 100 + Math.floor((payment.amount * 50 + 5000) / 10000);
  const id = randomUUID();
  const entryId = randomUUID();
  await inTransaction(pool, async (client) => {
    await prepared(client, 'floor-1', `SELECT pg_advisory_xact_lock(hashtextextended('payments:' || $1, 0))`, [
      payment.customerId,
    ]);
    await prepared(client, 'floor-2', `SELECT kyc_tier FROM users WHERE id = $1`, [payment.customerId]);
    await prepared(client, 'floor-3', FLOOR_PRECHECK, [payment.customerId, payment.key]);
    await prepared(client, 'floor-4', FLOOR_INSERT_PAYMENT, [
      id,
      payment.customerId,
      payment.key,
      payment.billerId,
      payment.amount,
      fee,
      payment.accountReference,
    ]);
  });
  // The rail's side: the sandbox records the capture in its own table, outside any transaction.
  await pool.query({
    name: 'floor-rail',
    text: `INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference, amount, currency)
           VALUES ('CAPTURE', $1, 'CARD', 'CAPTURED', $2, $3, 'NGN') ON CONFLICT DO NOTHING`,
    values: [id, `card_cap_${id.slice(0, 8)}`, payment.amount + fee],
  });
  await inTransaction(pool, async (client) => {
    await prepared(
      client,
      'floor-5',
      `WITH entry AS (
         INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency)
         VALUES ($1, 'BENCH_FLOOR', 'payment', $2, 'NGN') RETURNING id
       )
       INSERT INTO journal_lines (entry_id, account_id, amount, currency)
       SELECT entry.id, account_id, amount, 'NGN' FROM entry, unnest($3::uuid[], $4::bigint[]) AS line(account_id, amount)`,
      [entryId, id, [clearing, payable, revenue], [payment.amount + fee, -payment.amount, -fee]],
    );
    await prepared(
      client,
      'floor-6',
      // The floor's payments never become due for posting: the worker leaves them alone.
      `WITH changed AS (
         UPDATE payments SET status = 'PENDING', rail_reference = $2, journal_entry_id = $3, updated_at = now()
          WHERE id = $1 AND status = 'AUTHORIZING' RETURNING id
       ), step AS (
         INSERT INTO payment_status_events (payment_id, status, note) SELECT id, 'PENDING', 'floor' FROM changed
       )
       INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)
       SELECT $4, id, 1, 'PENDING', 0, 'infinity', false FROM changed`,
      [id, `card_cap_${id.slice(0, 8)}`, entryId, randomUUID()],
    );
    await prepared(
      client,
      'floor-7',
      // The same row a payment writes, due never: the worker's relay leaves the floor's rows alone,
      // so the floor round does not make the worker work.
      `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, next_attempt_at)
       VALUES ($1, '${FLOOR_EVENT_TYPE}', 'payment', $2, '{}', 'infinity')`,
      [randomUUID(), id],
    );
  });
  return id;
}

async function inTransaction(pool: Pool, work: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs a statement as a named prepared statement, as the service does with its per-request
 * statements: each connection parses and plans it once.
 */
function prepared(client: PoolClient, name: string, text: string, values: unknown[]): Promise<QueryResult> {
  return client.query({ name, text, values });
}

main().catch(async (error: unknown) => {
  await stopChildren();
  process.stderr.write(`payments bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
