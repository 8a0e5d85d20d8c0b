/**
 * Merchant checkout throughput next to `POST /api/v1/payments`, in one run against the
 * production build with its worker running:
 *
 * - `POST /api/v1/payments`: as payments.bench.ts drives it (customers in turn, a unique
 *   Idempotency-Key and amount per request);
 * - `POST /api/v1/merchant/checkout-sessions`: the demo merchant's sandbox key
 *   (`sk_test_...`), a unique Idempotency-Key and merchantReference per request;
 * - the hosted page's pay (`POST /c/{id}/pay`, a form): each request pays its own OPEN session
 *   with the sandbox rail's card, under a form rendered for it beforehand.
 *
 * Both checkout calls go through the payment core the customer payment uses, so each should
 * reach at least 0.8 of `POST /payments`' throughput.
 *
 *   npm run bench:checkout      # nest build, then this file with ts-node (transpile-only)
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_checkout`) with the
 *    project's CLI, loads the CARD rail, a biller on an in-process biller simulator and
 *    BENCH_CUSTOMERS (256) TIER_1 customers as the payments bench does, then seeds it (`seed`:
 *    the demo merchant, APPROVED, and its published sandbox key).
 * 2. Starts the API and the worker (NODE_ENV=production, LOG_LEVEL=warn,
 *    DATABASE_POOL_SIZE=BENCH_POOL_SIZE (10)) and logs every customer in.
 * 3. For BENCH_ROUNDS (2) rounds, ANALYZE first, each phase with BENCH_CONNECTIONS (32)
 *    connections after a warm-up: `POST /payments` and `POST /merchant/checkout-sessions` for
 *    BENCH_SECONDS (10) s (BENCH_WARMUP_SECONDS (2) s of warm-up), the sessions opened kept for
 *    the pay phase; then, untimed, a `GET /c/{id}` of each session to pay (one CSRF cookie, a
 *    form's attempt and token per session; more sessions are opened first when the create
 *    phase left too few), and the hosted pay: as many forms as `POST /payments` took payments
 *    in its phase (and its warm-up), each posted once (so the phase lasts about BENCH_SECONDS
 *    when it keeps pace), a 303 to the success URL counting as paid. The worker settles each paying phase's payments before the next phase
 *    starts (the bench says how long it took). Prints requests/s, p50, p99, the ratio to
 *    `POST /payments`, and CPU per request of the API and worker and of PostgreSQL (the
 *    processes serving the bench's database).
 * 4. Afterwards: every paid session must be COMPLETE with a SUCCEEDED payment, the ledger check
 *    must find no imbalance, and every outbox row must be PUBLISHED within 30 s. Exits 1 when
 *    any of these fails or a request failed.
 *
 * BENCH_API_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) passes flags to the API; with
 * `--cpu-prof`, the last round's `POST /payments` and hosted pay phases are summarised from its
 * profile (by area and by function) once it exits.
 *
 * Target: each checkout call >= 0.8 of `POST /payments`' requests/s. Not part of the tests.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DEMO_MERCHANT_TEST_KEY } from '../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import {
  benchSettings,
  describeFigures,
  describeLoad,
  Figures,
  figuresOf,
  log,
  runCli,
  setting,
  startBuilt,
  stopChildren,
} from './support/bench-kit';
import {
  awaitOutboxPublished,
  cpuCounter,
  CpuPerPayment,
  Customer,
  describeCpu,
  drivePayments as drivePaymentsWith,
  insertBenchCustomers,
  logIn,
  logSettling,
  runPaymentBench,
  waitUntilSettled,
} from './support/payment-kit';
import { hrtimeUs, profileDirOf, summariseProfile } from './support/cpu-profile';
import {
  openSession,
  PayForm,
  renderPayForms,
  RETURN_URL,
  sessionHeaders,
  SessionRequest,
  sessionRequest,
  SESSIONS_PATH,
} from './support/hosted-checkout';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, poolSize } = benchSettings({
  database: 'payment_service_bench_checkout',
  apiPort: 3104,
});
/** Two rounds by default (three phases each), so a run stays within about four minutes. */
const rounds = setting('BENCH_ROUNDS', 2);
const customerCount = setting('BENCH_CUSTOMERS', 256);
/** BENCH_API_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): flags for the API's node. */
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const TARGET_RATIO = 0.8;
/** Longest wait for the worker to settle a phase's payments. */
const DRAIN_LIMIT_MS = 120_000;

type Phase = 'payments' | 'sessions' | 'pay';

interface RoundFigures {
  figures: Record<Phase, Figures>;
  cpu: Record<Phase, CpuPerPayment>;
}

let sessionCount = 0;

async function main(): Promise<void> {
  await runPaymentBench({ name: 'checkout', apiPort, databaseUrl, poolSize }, async ({ env, db }) => {
    // The bench's rail first (`runPaymentBench` loads it): the seed leaves a rail already there as it is.
    await runCli('seed', env);
    const customerRows = await insertBenchCustomers(db, customerCount);
    const baseUrl = `http://127.0.0.1:${apiPort}`;
    const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, apiNodeArgs);
    const worker = await startBuilt('dist/src/worker.js', env);
    const customers = await logIn(baseUrl, customerRows);
    log(`API ready at ${baseUrl} with its worker; ${customers.length} customers logged in`);
    const database = new URL(databaseUrl).pathname.slice(1);
    const meter = () => cpuCounter({ API: api.pid, worker: worker.pid }, database);

    const results: RoundFigures[] = [];
    const paidSessions: string[] = [];
    /** The last round's measured `POST /payments` and hosted pay phases, for the API's profile. */
    const windows = { payments: { fromUs: 0, toUs: 0 }, pay: { fromUs: 0, toUs: 0 } };
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}: ${describeLoad()}`);
      await db.query(`ANALYZE`);

      await drivePayments(baseUrl, customers, warmUpSeconds);
      let cpu = meter();
      windows.payments.fromUs = hrtimeUs();
      const payments = await drivePayments(baseUrl, customers, seconds);
      windows.payments.toUs = hrtimeUs();
      await drainWorker(db, `round ${round}, POST /payments`);
      const paymentsCpu = cpu(payments.responses2xx);
      log(`round ${round}: POST /payments             ${describeFigures(payments)}`);

      const opened: string[] = [];
      await driveSessions(baseUrl, warmUpSeconds, opened);
      cpu = meter();
      const sessions = await driveSessions(baseUrl, seconds, opened);
      const sessionsCpu = cpu(sessions.responses2xx);
      log(`round ${round}: POST /merchant/checkout-sessions ${describeFigures(sessions)}`);

      // As many forms as `POST /payments` took payments in its phase (and its warm-up): the pay
      // phase posts each once, so it lasts about as long when it keeps pace.
      const warmUpForms = Math.max(connections, Math.ceil(payments.requestsPerSecond * warmUpSeconds));
      const measuredForms = Math.max(connections * 4, Math.ceil(payments.requestsPerSecond * seconds));
      while (opened.length < warmUpForms + measuredForms) {
        opened.push(await openSession(baseUrl, DEMO_MERCHANT_TEST_KEY, nextSession()));
      }
      // Every session is consumed: a form is posted once.
      const { csrfCookie, forms } = await renderPayForms(baseUrl, opened.slice(0, warmUpForms + measuredForms));
      log(`round ${round}: ${forms.length} pay forms rendered`);
      await drivePay(baseUrl, forms.slice(0, warmUpForms), csrfCookie, paidSessions);
      cpu = meter();
      windows.pay.fromUs = hrtimeUs();
      const pay = await drivePay(baseUrl, forms.slice(warmUpForms), csrfCookie, paidSessions);
      windows.pay.toUs = hrtimeUs();
      await drainWorker(db, `round ${round}, POST /c/{id}/pay`);
      const payCpu = cpu(pay.responses2xx);
      log(`round ${round}: POST /c/{id}/pay           ${describeFigures(pay)}`);
      log(`round ${round}: ${describeLoad()}`);
      results.push({
        figures: { payments, sessions, pay },
        cpu: { payments: paymentsCpu, sessions: sessionsCpu, pay: payCpu },
      });
    }

    const failures: string[] = [];
    for (const [index, { figures }] of results.entries()) {
      for (const [phase, { non2xx, errors }] of Object.entries(figures)) {
        if (non2xx + errors > 0) failures.push(`round ${index + 1}: ${phase} had ${non2xx + errors} failed requests`);
      }
    }
    failures.push(...(await checkAfterwards(db, env, paidSessions)));
    log('');
    log(
      `${connections} connections, ${seconds} s a phase, pool ${poolSize}; CPU per request in ms (API + worker / PostgreSQL database)`,
    );
    log('| round | call | requests/s | ratio to POST /payments | p50 | p99 | CPU API + worker | CPU PostgreSQL |');
    log('|---|---|---|---|---|---|---|---|');
    const names: Record<Phase, string> = {
      payments: 'POST /payments',
      sessions: 'POST /merchant/checkout-sessions',
      pay: 'POST /c/{id}/pay (hosted)',
    };
    for (const [index, { figures, cpu }] of results.entries()) {
      for (const phase of ['payments', 'sessions', 'pay'] as const) {
        const { requestsPerSecond, p50, p99 } = figures[phase];
        const ratio = requestsPerSecond / figures.payments.requestsPerSecond;
        const node = (cpu[phase].API ?? 0) + (cpu[phase].worker ?? 0);
        log(
          `| ${index + 1} | ${names[phase]} | ${requestsPerSecond.toFixed(0)} | ${ratio.toFixed(2)} | ${p50} ms | ${p99} ms | ${node.toFixed(2)} | ${(cpu[phase]['PostgreSQL (database)'] ?? 0).toFixed(2)} |`,
        );
      }
    }
    for (const [index, { figures, cpu }] of results.entries()) {
      for (const phase of ['payments', 'sessions', 'pay'] as const) {
        log(`round ${index + 1}: CPU per ${names[phase]}: ${describeCpu(cpu[phase])}`);
      }
      for (const phase of ['sessions', 'pay'] as const) {
        const ratio = figures[phase].requestsPerSecond / figures.payments.requestsPerSecond;
        log(
          `round ${index + 1}: ${names[phase]} at ${ratio.toFixed(2)} of POST /payments: ${ratio >= TARGET_RATIO ? 'meets' : 'BELOW'} the ${TARGET_RATIO} target`,
        );
      }
    }
    log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
    if (failures.length > 0) process.exitCode = 1;
    // The profile is written when the API exits.
    const profileDir = profileDirOf(apiNodeArgs);
    if (profileDir) {
      await stopChildren();
      summariseProfile(profileDir, windows.payments, 'API, POST /payments (last round),');
      summariseProfile(profileDir, windows.pay, 'API, POST /c/{id}/pay (last round),');
    }
  });
}

function drivePayments(baseUrl: string, customers: Customer[], duration: number): Promise<Figures> {
  return drivePaymentsWith(baseUrl, customers, { connections, duration });
}

/** The next checkout session's request: a unique key and merchant reference, an amount that varies. */
function nextSession(): SessionRequest {
  sessionCount += 1;
  return sessionRequest(`bench-${sessionCount}-${randomBytes(4).toString('hex')}`, 1000 + (sessionCount % 90_000));
}

/** `POST /merchant/checkout-sessions` for `duration` s; the ids of the sessions opened go to `opened`. */
async function driveSessions(baseUrl: string, duration: number, opened: string[]): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: SESSIONS_PATH,
        setupRequest: (request) => {
          const session = nextSession();
          return { ...request, headers: sessionHeaders(DEMO_MERCHANT_TEST_KEY, session.key), body: session.body };
        },
        onResponse: (status, body) => {
          if (status === 201) opened.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ],
  });
  return figuresOf(result);
}

/**
 * The hosted pay, each form posted once with the CSRF cookie (autocannon's `amount`: the phase
 * ends with the last form); a 303 to the success URL counts as paid (in `responses2xx`), anything
 * else as failed.
 */
async function drivePay(baseUrl: string, forms: PayForm[], csrfCookie: string, paid: string[]): Promise<Figures> {
  let succeeded = 0;
  let failed = 0;
  let next = 0;
  const outcomes = new Map<string, number>();
  const result = await autocannon({
    url: baseUrl,
    connections,
    amount: forms.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          // autocannon builds one request past the last it sends on each connection: wrap around.
          const form = forms[next % forms.length];
          next += 1;
          return {
            ...request,
            path: `/c/${form.sessionId}/pay`,
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
            body: form.body,
          };
        },
        onResponse: (status, _body, _context, headers) => {
          // autocannon keeps the raw headers' names (`Location`); the success URL names the session.
          const location = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'location')?.[1];
          const url = typeof location === 'string' ? new URL(location) : undefined;
          const sessionId = url?.searchParams.get('session_id');
          if (status === 303 && url?.href.startsWith(`${RETURN_URL}/success`) && sessionId) {
            succeeded += 1;
            paid.push(sessionId);
          } else {
            failed += 1;
            outcomes.set(`${status} ${location ?? ''}`, (outcomes.get(`${status} ${location ?? ''}`) ?? 0) + 1);
          }
        },
      },
    ],
  });
  if (outcomes.size > 0) log(`hosted pay failures: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  return { ...figuresOf(result), responses2xx: succeeded, non2xx: failed };
}

/**
 * Waits until no payment is AUTHORIZING, PENDING or PROCESSING and no due outbox row is
 * PENDING, and logs how long the worker took past the phase.
 */
async function drainWorker(db: Client, phase: string): Promise<void> {
  const outcome = await waitUntilSettled(
    db,
    {
      text: `SELECT (SELECT count(*)::int FROM payments WHERE status IN ('AUTHORIZING', 'PENDING', 'PROCESSING')) AS payments,
                    (SELECT count(*)::int FROM outbox_events WHERE status = 'PENDING' AND next_attempt_at <= now()) AS events`,
    },
    { limitMs: DRAIN_LIMIT_MS, pollMs: 250 },
  );
  logSettling(phase, outcome, (took) => `the worker settled the phase ${took} s after it ended`);
}

/** Paid sessions are COMPLETE with a SUCCEEDED payment, the outbox drains, the ledger balances. */
async function checkAfterwards(db: Client, env: NodeJS.ProcessEnv, paid: string[]): Promise<string[]> {
  const failures: string[] = [];
  const paidSessions = [...new Set(paid)];
  const { rows } = await db.query<{ complete: number }>(
    `SELECT count(*)::int AS complete
       FROM merchant_checkout_sessions s JOIN payments p ON p.id = s.payment_id
      WHERE s.id = ANY($1::uuid[]) AND s.status = 'COMPLETE' AND p.status = 'SUCCEEDED'`,
    [paidSessions],
  );
  log(`sessions: ${rows[0].complete} of ${paidSessions.length} paid sessions COMPLETE with a SUCCEEDED payment`);
  if (rows[0].complete !== paidSessions.length) {
    failures.push(`${paidSessions.length - rows[0].complete} paid sessions not COMPLETE with a SUCCEEDED payment`);
  }
  const pending = await awaitOutboxPublished(db);
  log(`outbox: ${pending === 0 ? 'every row published' : `${pending} rows not published`} within 30 s`);
  if (pending !== 0) failures.push(`${pending} outbox rows not published within 30 s`);
  try {
    await runCli('ledger-check', env);
  } catch {
    failures.push('the ledger check found an imbalance');
  }
  return failures;
}

main().catch(async (error: unknown) => {
  await stopChildren();
  process.stderr.write(`checkout bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
