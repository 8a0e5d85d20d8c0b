/**
 * Scheduled payments (issue 15): BENCH_SCHEDULES (5,000) schedules due at once, paid by the
 * production worker, next to `POST /api/v1/payments` measured in the same run on the same build.
 *
 *   npm run bench:schedules         # nest build, then this file with ts-node (transpile-only)
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_schedules`) with the
 *    project's CLI; loads the payments bench's catalogue (CARD rail, one biller on an in-process
 *    biller simulator), BENCH_CUSTOMERS (256) TIER_1 customers for the API phase and
 *    BENCH_SCHEDULE_CUSTOMERS (500) other TIER_1 customers who own the schedules (5,000 / 500 =
 *    10 each: the core's per-customer advisory lock never holds up more than a few payments at
 *    once; 10 x about 1,000 NGN stays far below the TIER_1 daily limit).
 * 2. Starts the API and the worker as real processes (`dist/src/main.js`, `dist/src/worker.js`),
 *    NODE_ENV=production, the real clock, the production defaults of every SCHEDULE_* setting
 *    (a SCHEDULE_* variable in this bench's environment is passed on, to try another value).
 * 3. Phase A, the API: BENCH_WARMUP_SECONDS (2) s of warm-up, then BENCH_ROUNDS (3) rounds of
 *    BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) s as the payments bench drives
 *    it (unique Idempotency-Key and amount, customers in turn), the worker posting in the
 *    background; after each round the worker settles it. The API speeds up over its first
 *    rounds (JIT, prepared statements), so its best round is the one compared (the stricter
 *    ratio). CPU per payment covers that round and its settling.
 * 4. Phase B, the schedules: one INSERT of 5,000 ACTIVE MONTHLY FIXED schedules due today (their
 *    day of month is today's, in SCHEDULE_TIME_ZONE), each with its funding account encrypted by
 *    the service's own `FundingAccountCipher` under the worker's key. The worker's next
 *    runner tick (every SCHEDULE_RUNNER_INTERVAL_MS) makes their runs and pays them. Timed from
 *    the first run's creation to the last payment's PENDING step (captured) and to the last
 *    payment's SUCCEEDED step (posted to the biller), from the rows' own timestamps. CPU per
 *    payment covers that window; while it lasts, PostgreSQL's sessions are sampled
 *    (pg_stat_activity, every 50 ms: no server setting is changed).
 * 5. Prints the table; checks exactly BENCH_SCHEDULES payments of channel SCHEDULE, one per
 *    schedule with its customer and amount, every run SUCCEEDED on the runner's next tick, the
 *    outbox drained, no failed request, and the ledger check. Exits 1 when one fails.
 *
 * BENCH_WORKER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/schedules-prof`) profiles the
 * worker; the bench then summarises the profile's samples inside phase B's window (V8's sample
 * times and process.hrtime share the monotonic clock). BENCH_API_NODE_ARGS does the same for
 * the API, without the summary.
 *
 * Target: schedule payments/s (captured) / API payments/s >= 0.5. Not part of the tests.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { FundingAccountCipher, maskFundingAccount } from '../src/modules/schedules/funding-account-cipher';
import { localDate } from '../src/modules/schedules/schedule-calendar';
import { SchedulesConfig } from '../src/modules/schedules/schedules.config';
import { loadConfiguration } from '../src/platform/config/configuration';
import {
  benchSettings,
  describeFigures,
  Figures,
  log,
  runCli,
  setting,
  startBuilt,
  stopChildren,
} from './support/bench-kit';
import {
  hrtimeUs,
  logWindowSamples,
  profileDirOf,
  profileFiles,
  WindowSamples,
  windowSamples,
} from './support/cpu-profile';
import {
  ACCOUNT_REFERENCE,
  awaitOutboxPublished,
  BILLER_SLUG,
  cpuCounter,
  CpuPerPayment,
  describeCpu,
  drivePayments,
  FUNDING_CARD,
  hashPin,
  insertBenchCustomers,
  logIn,
  runPaymentBench,
  waitUntilSettled,
} from './support/payment-kit';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_schedules',
  apiPort: 3102,
});
const apiCustomerCount = setting('BENCH_CUSTOMERS', 256);
const scheduleCount = setting('BENCH_SCHEDULES', 5000);
const scheduleCustomerCount = setting('BENCH_SCHEDULE_CUSTOMERS', 500);
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The runner's business time zone: the production default unless SCHEDULE_TIME_ZONE says otherwise. */
const timeZone = process.env.SCHEDULE_TIME_ZONE ?? 'Africa/Lagos';
/** Longest wait for the worker to settle phase A's payments. */
const DRAIN_LIMIT_MS = 180_000;
/** Longest wait for phase B: the runner's next tick (30 s by default), then every payment. */
const PHASE_B_LIMIT_MS = setting('BENCH_PHASE_B_LIMIT_MS', 600_000);
/** Amounts of the schedules, unique across all of them (so never ALREADY_PAID), about 1,000 NGN. */
const SCHEDULE_AMOUNT_BASE = 100_000;

interface PhaseB {
  firstRunAt: Date;
  lastRunAt: Date;
  capturedAt: Date;
  succeededAt: Date;
  capturedSeconds: number;
  succeededSeconds: number;
  cpu: CpuPerPayment;
  workerBusy: number;
  postgresBusy: number;
  /** process.hrtime (µs) at the start and end of the window, for the CPU profile. */
  window: { fromUs: number; toUs: number };
  sessions: SessionSamples;
}

async function main(): Promise<void> {
  const scheduleSettings = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('SCHEDULE_') && entry[1] !== undefined,
    ),
  );
  const failures: string[] = [];
  let profileWindow: PhaseB['window'] | undefined;
  // As the payments bench, the relay polls often enough (`runPaymentBench`) that it is not what a
  // payment waits on. The connection is named, so the session sampler leaves the bench's own
  // queries out.
  await runPaymentBench(
    {
      name: 'schedules',
      apiPort,
      databaseUrl,
      poolSize,
      extra: scheduleSettings,
      applicationName: 'bench',
    },
    async ({ env, db, billerId }) => {
      const pinHash = await hashPin();
      const apiRows = await insertBenchCustomers(db, apiCustomerCount, '809', pinHash);
      const owners = await insertBenchCustomers(db, scheduleCustomerCount, '808', pinHash);
      const baseUrl = `http://127.0.0.1:${apiPort}`;
      const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, apiNodeArgs);
      const worker = await startBuilt('dist/src/worker.js', env, undefined, workerNodeArgs);
      const customers = await logIn(baseUrl, apiRows);
      log(
        `API ready at ${baseUrl} with its worker; ${customers.length} API customers logged in; ` +
          `runner settings: ${Object.keys(scheduleSettings).length === 0 ? 'production defaults' : JSON.stringify(scheduleSettings)}, ` +
          `DATABASE_POOL_SIZE ${poolSize} per process`,
      );
      const processes = { API: api.pid, worker: worker.pid };

      // Phase A: the API's throughput, its worker posting in the background.
      await drivePayments(baseUrl, customers, { connections, duration: warmUpSeconds });
      await settle(db, 'warm-up');
      const apiRounds: { figures: Figures; cpu: CpuPerPayment }[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        const apiCpu = cpuCounter(processes);
        const figures = await drivePayments(baseUrl, customers, { connections, duration: seconds });
        await settle(db, `phase A round ${round}`);
        const cpu = apiCpu(figures.responses2xx);
        apiRounds.push({ figures, cpu });
        log(`phase A round ${round}: API ${describeFigures(figures)}`);
        log(`phase A round ${round}: CPU per API payment (round and settling): ${describeCpu(cpu)}`);
        if (figures.non2xx + figures.errors > 0) failures.push(`phase A round ${round} had failed requests`);
      }
      const best = apiRounds.reduce((a, b) => (b.figures.requestsPerSecond > a.figures.requestsPerSecond ? b : a));
      const apiRound = best.figures;
      const apiCpuPerPayment = best.cpu;

      // Phase B: 5,000 schedules due now, paid by the worker's runner.
      const scheduleIds = await insertSchedules(db, env, billerId, owners);
      log(`phase B: ${scheduleIds.length} schedules inserted, due ${localDate(new Date(), timeZone)} (${timeZone})`);
      const phaseB = await timeSchedules(db, processes);
      profileWindow = phaseB.window;

      failures.push(...(await checkAfterwards(db, env)));
      printTable(
        apiRound,
        apiCpuPerPayment,
        phaseB,
        apiRounds.map(({ figures }) => figures.requestsPerSecond.toFixed(0)),
      );
    },
  );
  if (profileWindow) summariseProfile(profileWindow);
  log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
  if (failures.length > 0) process.exitCode = 1;
}

/**
 * Waits until no payment is in flight (AUTHORIZING, PENDING, PROCESSING) and no outbox row is
 * pending, and logs how long that took.
 */
async function settle(db: Client, label: string): Promise<void> {
  const { left, seconds } = await waitUntilSettled(
    db,
    {
      text: `SELECT (SELECT count(*)::int FROM payments WHERE status IN ('AUTHORIZING', 'PENDING', 'PROCESSING')) AS payments,
                    (SELECT count(*)::int FROM outbox_events WHERE status = 'PENDING') AS events`,
    },
    { limitMs: DRAIN_LIMIT_MS, pollMs: 100 },
  );
  const waited = seconds.toFixed(1);
  if (left.payments !== 0 || left.events !== 0) {
    throw new Error(`${label}: after ${waited} s, ${left.payments} payments and ${left.events} events unsettled`);
  }
  log(`${label}: the worker settled its payments ${waited} s after the round`);
}

/**
 * The schedules, in one statement: MONTHLY on today's day of month, due today, ACTIVE, FIXED,
 * `owners` in turn, each funding account sealed by the service's cipher with the schedule's id
 * as associated data (the key derived from the worker's KEY_HASH_SECRET, as in production when
 * SCHEDULE_FUNDING_KEY is empty).
 */
async function insertSchedules(
  db: Client,
  env: NodeJS.ProcessEnv,
  billerId: string,
  owners: { id: string }[],
): Promise<string[]> {
  const configuration = loadConfiguration(env, [SchedulesConfig]);
  const cipher = new FundingAccountCipher(configuration.platform, configuration.get(SchedulesConfig));
  const today = localDate(new Date(), timeZone);
  const ids = Array.from({ length: scheduleCount }, () => randomUUID());
  await db.query(
    `INSERT INTO schedules (id, customer_id, biller_id, biller_name, biller_slug, account_reference, mode, amount,
                            currency, rail, funding_account_encrypted, funding_account_masked, frequency,
                            day_of_month, start_date, consent_version, consent_accepted_at, status, next_run_on)
     SELECT t.id, t.customer_id, $3, 'Bench Power', $4, $5, 'FIXED', t.amount, 'NGN', 'CARD', t.sealed, $6,
            'MONTHLY', extract(day FROM $7::date), $7::date, $8, now() - interval '1 minute', 'ACTIVE', $7::date
       FROM unnest($1::uuid[], $2::uuid[], $9::bigint[], $10::text[]) AS t(id, customer_id, amount, sealed)`,
    [
      ids,
      ids.map((_, index) => owners[index % owners.length].id),
      billerId,
      BILLER_SLUG,
      ACCOUNT_REFERENCE,
      maskFundingAccount(FUNDING_CARD),
      today,
      process.env.SCHEDULE_CONSENT_VERSION ?? '2026-01',
      ids.map((_, index) => String(SCHEDULE_AMOUNT_BASE + index)),
      ids.map((id) => cipher.encrypt(id, FUNDING_CARD)),
    ],
  );
  return ids;
}

/**
 * Waits for the runner's first run, then for every schedule payment to succeed; times both
 * marks from the rows' timestamps, counts CPU over that window and samples PostgreSQL's sessions.
 */
async function timeSchedules(db: Client, processes: Record<string, number | undefined>): Promise<PhaseB> {
  const started = Date.now();
  const deadline = started + PHASE_B_LIMIT_MS;
  while ((await db.query(`SELECT 1 FROM schedule_runs LIMIT 1`)).rowCount === 0) {
    if (Date.now() > deadline) throw new Error('phase B: the runner made no run');
    await sleep(20);
  }
  const fromUs = hrtimeUs();
  const windowStarted = Date.now();
  const cpu = cpuCounter(processes);
  log(`phase B: the runner's first run appeared ${((windowStarted - started) / 1000).toFixed(1)} s after the insert`);
  const sampler = sampleSessions();
  let progress = { runs: 0, captured: 0, succeeded: 0, failed: 0 };
  let lastLog = Date.now();
  while (progress.succeeded < scheduleCount) {
    if (Date.now() > deadline) {
      await sampler.stop();
      throw new Error(`phase B: not done within ${PHASE_B_LIMIT_MS} ms: ${JSON.stringify(progress)}`);
    }
    await sleep(100);
    progress = (
      await db.query<typeof progress>(
        `SELECT (SELECT count(*)::int FROM schedule_runs) AS runs,
                count(*) FILTER (WHERE status NOT IN ('AUTHORIZING', 'FAILED'))::int AS captured,
                count(*) FILTER (WHERE status = 'SUCCEEDED')::int AS succeeded,
                count(*) FILTER (WHERE status = 'FAILED')::int AS failed
           FROM payments WHERE channel = 'SCHEDULE'`,
      )
    ).rows[0];
    if (progress.failed > 0) {
      await sampler.stop();
      throw new Error(`phase B: ${progress.failed} schedule payments FAILED`);
    }
    if (Date.now() - lastLog >= 5000) {
      lastLog = Date.now();
      log(`phase B: ${JSON.stringify(progress)} after ${((lastLog - windowStarted) / 1000).toFixed(0)} s`);
    }
  }
  const toUs = hrtimeUs();
  const windowMs = Date.now() - windowStarted;
  const cpuPerPayment = cpu(scheduleCount);
  const sessions = await sampler.stop();
  const marks = (
    await db.query<{ first_run: Date; last_run: Date; captured: Date; succeeded: Date }>(
      `SELECT (SELECT min(created_at) FROM schedule_runs) AS first_run,
              (SELECT max(created_at) FROM schedule_runs) AS last_run,
              max(e.created_at) FILTER (WHERE e.status = 'PENDING') AS captured,
              max(e.created_at) FILTER (WHERE e.status = 'SUCCEEDED') AS succeeded
         FROM payments p JOIN payment_status_events e ON e.payment_id = p.id
        WHERE p.channel = 'SCHEDULE'`,
    )
  ).rows[0];
  const seconds = (mark: Date) => (mark.getTime() - marks.first_run.getTime()) / 1000;
  return {
    firstRunAt: marks.first_run,
    lastRunAt: marks.last_run,
    capturedAt: marks.captured,
    succeededAt: marks.succeeded,
    capturedSeconds: seconds(marks.captured),
    succeededSeconds: seconds(marks.succeeded),
    cpu: cpuPerPayment,
    workerBusy: (cpuPerPayment.worker * scheduleCount) / windowMs,
    postgresBusy: (cpuPerPayment.PostgreSQL * scheduleCount) / windowMs,
    window: { fromUs, toUs },
    sessions,
  };
}

interface SessionSamples {
  samples: number;
  /** Per sample, the sessions of the bench database that were active or idle in a transaction. */
  busy: number;
  byWhat: Map<string, number>;
}

/**
 * Samples pg_stat_activity every 50 ms: the bench database's sessions that are running a
 * statement or holding a transaction open, by state, wait event and statement. The bench's own
 * sessions are left out.
 */
function sampleSessions(): { stop: () => Promise<SessionSamples> } {
  const result: SessionSamples = { samples: 0, busy: 0, byWhat: new Map() };
  const client = new Client({ connectionString: databaseUrl, application_name: 'bench' });
  let running = true;
  const loop = (async () => {
    await client.connect();
    const database = new URL(databaseUrl).pathname.slice(1);
    while (running) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        `SELECT state, wait_event_type || ':' || wait_event AS wait, query
           FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')
            AND application_name <> 'bench'`,
        [database],
      );
      result.samples += 1;
      result.busy += rows.length;
      for (const row of rows) {
        const statement = row.query.replace(/\s+/g, ' ').trim().slice(0, 90);
        const key = `${row.state} | ${row.wait ?? 'CPU'} | ${statement}`;
        result.byWhat.set(key, (result.byWhat.get(key) ?? 0) + 1);
      }
      await sleep(50);
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return result;
    },
  };
}

/** Exactly one SCHEDULE payment per schedule, every run SUCCEEDED, the outbox drained, the ledger balanced. */
async function checkAfterwards(db: Client, env: NodeJS.ProcessEnv): Promise<string[]> {
  const failures: string[] = [];
  const payments = (
    await db.query<{ total: number; schedules: number; matching: number }>(
      `SELECT count(*)::int AS total,
              count(DISTINCT split_part(p.idempotency_key, ':', 2))::int AS schedules,
              count(*) FILTER (WHERE s.customer_id = p.customer_id AND s.amount = p.amount
                                 AND p.status = 'SUCCEEDED')::int AS matching
         FROM payments p LEFT JOIN schedules s ON s.id::text = split_part(p.idempotency_key, ':', 2)
        WHERE p.channel = 'SCHEDULE'`,
    )
  ).rows[0];
  log(
    `payments of channel SCHEDULE: ${payments.total}, for ${payments.schedules} schedules, ` +
      `${payments.matching} SUCCEEDED with their schedule's customer and amount`,
  );
  if (payments.total !== scheduleCount || payments.schedules !== scheduleCount || payments.matching !== scheduleCount) {
    failures.push(`expected exactly ${scheduleCount} SCHEDULE payments, one per schedule`);
  }

  // The runner marks a run SUCCEEDED when a later tick follows its payment.
  const interval = Number(env.SCHEDULE_RUNNER_INTERVAL_MS ?? 30_000);
  const runsBy = Date.now() + 2 * interval + 30_000;
  let runs = { succeeded: -1, linked: -1, total: -1 };
  while (Date.now() < runsBy) {
    runs = (
      await db.query<typeof runs>(
        `SELECT count(*) FILTER (WHERE r.status = 'SUCCEEDED')::int AS succeeded,
                count(p.id)::int AS linked, count(*)::int AS total
           FROM schedule_runs r LEFT JOIN payments p ON p.id = r.payment_id AND p.channel = 'SCHEDULE'`,
      )
    ).rows[0];
    if (runs.succeeded === scheduleCount) break;
    await sleep(500);
  }
  log(`runs: ${runs.total}, ${runs.succeeded} SUCCEEDED, ${runs.linked} linked to their SCHEDULE payment`);
  if (runs.total !== scheduleCount || runs.succeeded !== scheduleCount || runs.linked !== scheduleCount) {
    failures.push(`expected ${scheduleCount} runs, all SUCCEEDED with their payment`);
  }

  const pending = await awaitOutboxPublished(db);
  log(`outbox: ${pending === 0 ? 'every row published' : `${pending} rows not published`}`);
  if (pending !== 0) failures.push(`${pending} outbox rows not published`);

  try {
    await runCli('ledger-check', env);
  } catch {
    failures.push('the ledger check found an imbalance');
  }
  return failures;
}

function printTable(api: Figures, apiCpu: CpuPerPayment, phaseB: PhaseB, apiRoundsSeen: string[]): void {
  const captured = scheduleCount / phaseB.capturedSeconds;
  const succeeded = scheduleCount / phaseB.succeededSeconds;
  const ms = (figures: CpuPerPayment, name: string) => `${(figures[name] ?? 0).toFixed(2)} ms`;
  log('');
  log(
    `phase B marks: first run ${phaseB.firstRunAt.toISOString()}, last run ${phaseB.lastRunAt.toISOString()}, ` +
      `last captured ${phaseB.capturedAt.toISOString()}, last succeeded ${phaseB.succeededAt.toISOString()}`,
  );
  log(
    `phase B load: worker ${(phaseB.workerBusy * 100).toFixed(0)} % of a core, PostgreSQL ${(phaseB.postgresBusy * 100).toFixed(0)} % of a core`,
  );
  log('');
  log(`phase A rounds (payments/s): ${apiRoundsSeen.join(', ')}; the best is compared`);
  log('');
  log('| phase | payments | seconds | payments/s | CPU/payment API | worker | PostgreSQL |');
  log('|---|---|---|---|---|---|---|');
  log(
    `| A: POST /payments, best round (${connections} conn, ${seconds} s) | ${api.responses2xx} | ${seconds} | ${api.requestsPerSecond.toFixed(0)} | ${ms(apiCpu, 'API')} | ${ms(apiCpu, 'worker')} | ${ms(apiCpu, 'PostgreSQL')} |`,
  );
  log(
    `| B: schedules, to captured | ${scheduleCount} | ${phaseB.capturedSeconds.toFixed(1)} | ${captured.toFixed(0)} | - | - | - |`,
  );
  log(
    `| B: schedules, to succeeded | ${scheduleCount} | ${phaseB.succeededSeconds.toFixed(1)} | ${succeeded.toFixed(0)} | ${ms(phaseB.cpu, 'API')} | ${ms(phaseB.cpu, 'worker')} | ${ms(phaseB.cpu, 'PostgreSQL')} |`,
  );
  log('');
  log(
    `ratio (schedule payments/s captured / API payments/s): ${(captured / api.requestsPerSecond).toFixed(2)} ` +
      `(succeeded: ${(succeeded / api.requestsPerSecond).toFixed(2)}); target >= 0.5`,
  );
  const { samples, busy, byWhat } = phaseB.sessions;
  log('');
  log(
    `PostgreSQL sessions during phase B: ${samples} samples, on average ${(busy / Math.max(samples, 1)).toFixed(1)} sessions busy (active or in a transaction)`,
  );
  log('| share of samples | state | wait | statement |');
  log('|---|---|---|---|');
  for (const [what, count] of [...byWhat.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    const [state, wait, statement] = what.split(' | ');
    log(`| ${((count * 100) / Math.max(samples, 1)).toFixed(0)} % | ${state} | ${wait} | \`${statement}\` |`);
  }
}

/**
 * With BENCH_WORKER_NODE_ARGS naming --cpu-prof-dir: the worker's profile, its samples inside
 * phase B's window, by function (self time) and by area (a module of the service by its context).
 */
function summariseProfile(window: PhaseB['window']): void {
  const dir = profileDirOf(workerNodeArgs);
  if (!dir) return;
  // The API's profile may be in the same directory: the worker's is the one of the newest four
  // covering the window with the most non-idle samples.
  const busy = (samples: WindowSamples) => samples.total - (samples.byArea.get('(idle)') ?? 0);
  let best: WindowSamples | undefined;
  for (const file of profileFiles(dir).slice(0, 4)) {
    const samples = windowSamples(file, window, 1);
    if (!best || busy(samples) > busy(best)) best = samples;
  }
  if (!best || best.total === 0) {
    log(`profile: no samples of phase B's window in ${dir}`);
    return;
  }
  logWindowSamples(`worker CPU profile ${best.file}, phase B's window`, best);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

main().catch(async (error: unknown) => {
  await stopChildren();
  process.stderr.write(`schedules bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
