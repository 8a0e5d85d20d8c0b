/**
 * Payment throughput: `POST /api/v1/payments` against the production build with its worker
 * running, next to this machine's floor: a bare node:http + `pg` server doing the payment
 * core's two transactions, and the sandbox rail's record between them, with the same
 * statements a payment makes.
 *
 *   npm run bench:payments          # nest build, then this file with ts-node (transpile-only)
 *   BENCH_HISTORY=1000000 npm run bench:payments   # the same after a million payments of history
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
 *    `POST /auth/login` for its token.
 * 3. Starts the floor (this file with --floor-server) on BENCH_FLOOR_PORT with the same pool size.
 * 4. For BENCH_ROUNDS (3) rounds: a warm-up of 2 s, ANALYZE unless BENCH_ANALYZE=0 (as
 *    autovacuum would; the pooled connections' plans are made on the empty tables and kept until
 *    an ANALYZE), then BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) s
 *    against the API (a unique Idempotency-Key and amount per request, customers in turn),
 *    then, once the worker has settled that round's payments (it reports how long that took),
 *    the same against the floor; prints payments/s, p50, p99 and the ratio per round, with the
 *    load average before and after. The floor's outbox rows are never due, so the worker has
 *    nothing to do in the floor round. CPU per payment is read from /proc: of the API, the worker,
 *    the whole PostgreSQL server (every database on it), and `PostgreSQL (database)`, the
 *    server's processes serving the bench's database only (what to compare on a shared machine).
 * 5. Afterwards: the ledger check must find no imbalance; every outbox row must be PUBLISHED
 *    within 30 s; replaying BENCH_REPLAYS (500) used keys must answer 409 DUPLICATE_PAYMENT and
 *    write no row. Exits 1 when any of these fails or a request failed.
 *
 * Target: API/floor >= 0.5 and API p99 < 50 ms. Not part of the tests.
 */
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Client, Pool, PoolClient, QueryResult } from 'pg';
import { startBillerSimulator } from '../src/simulators/biller-simulator';
import {
  benchPhones,
  benchSettings,
  describeFigures,
  describeLoad,
  Figures,
  figuresOf,
  insertCustomers,
  log,
  productionEnvironment,
  recreateDatabase,
  runCli,
  setting,
  startBuilt,
  startFloorServer,
  stopChildren,
} from './support/bench-kit';
import { loadPaymentHistory } from './support/payment-history';
import {
  BILLER_SLUG,
  cpuCounter,
  CpuPerPayment,
  describeCpu,
  Customer,
  drivePayments as drivePaymentsWith,
  loadCatalogue,
  logIn,
  nextCount,
  PIN,
  SentPayment,
} from './support/payment-kit';

const { databaseUrl, apiPort, connections, seconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_payments',
  apiPort: 3101,
});
const floorPort = setting('BENCH_FLOOR_PORT', 3198);
const customerCount = setting('BENCH_CUSTOMERS', 256);
const replays = setting('BENCH_REPLAYS', 500);
/**
 * 1 (the default) analyses the database before each round, as autovacuum does once a table has
 * grown by a tenth; 0 leaves it to autovacuum. On a server shared with other databases its
 * workers may not reach the bench's during a run, and the pooled connections then keep the
 * plans they made on the empty tables (ANALYZE is what invalidates them).
 */
const analyseRounds = setting('BENCH_ANALYZE', 1) !== 0;
/** Settled payments loaded before the rounds (0: none), to show a payment's cost does not grow with history. */
const history = setting('BENCH_HISTORY', 0);
/** 0 leaves the worker out, to tell the API's own cost from the worker's load on the machine. */
const withWorker = setting('BENCH_WORKER', 1) !== 0;
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
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: `ps-bench-payments-${randomBytes(3).toString('hex')}`,
    poolSize,
    extra: { OUTBOX_POLL_INTERVAL_MS: '50' },
  });
  const simulator = await startBillerSimulator({ secret: env.BILLER_SIMULATOR_SECRET as string });
  try {
    log(`database ${databaseUrl}: recreating`);
    await recreateDatabase(databaseUrl, env);
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const billerId = await loadCatalogue(db, simulator.billerUrl(BILLER_SLUG));
      const customerRows = await loadCustomers(db);
      if (history > 0) {
        const started = Date.now();
        log(`history: loading ${history} payments`);
        await loadPaymentHistory(db, { count: history, billerId, benchCustomerIds: customerRows.map(({ id }) => id) });
        log(`history: ${history} payments loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
      const baseUrl = `http://127.0.0.1:${apiPort}`;
      // BENCH_API_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the API.
      const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, apiNodeArgs);
      const worker = withWorker ? await startBuilt('dist/src/worker.js', env, undefined, workerNodeArgs) : undefined;
      const customers = await logIn(baseUrl, customerRows);
      log(`API ready at ${baseUrl} with its worker; ${customers.length} customers logged in`);
      const floorServer = await startFloorServer(__filename, {
        ...process.env,
        BENCH_FLOOR_PORT: String(floorPort),
        BENCH_DATABASE_URL: databaseUrl,
      });
      log(`floor ready on port ${floorPort}`);

      const database = new URL(databaseUrl).pathname.slice(1);
      const results: { api: Figures; floor: Figures; apiCpu: CpuPerPayment; floorCpu: CpuPerPayment; rows: number }[] =
        [];
      for (let round = 1; round <= rounds; round += 1) {
        log(`round ${round}: ${describeLoad()}`);
        const roundStart = (await db.query<{ now: Date }>(`SELECT now() AS now`)).rows[0].now;
        await drivePayments(baseUrl, customers, 2, false);
        if (analyseRounds) await db.query(`ANALYZE`);
        const rows = await paymentRows(db);
        const apiCpu = cpuCounter({ API: api.pid, worker: worker?.pid }, database);
        const apiRound = await drivePayments(baseUrl, customers, seconds, true);
        // The floor round starts on a quiet machine: the worker first settles what the API round
        // captured (its posting is not charged to the floor).
        if (withWorker) await drainWorker(db, round, roundStart);
        const apiCpuPerPayment = apiCpu(apiRound.responses2xx);
        await driveFloor(customers, billerId, 2);
        const floorCpu = cpuCounter({ floor: floorServer.pid }, database);
        const floor = await driveFloor(customers, billerId, seconds);
        const floorCpuPerPayment = floorCpu(floor.responses2xx);
        results.push({ api: apiRound, floor, apiCpu: apiCpuPerPayment, floorCpu: floorCpuPerPayment, rows });
        log(`round ${round}: API   ${describeFigures(apiRound)}`);
        log(`round ${round}: floor ${describeFigures(floor)}`);
        log(`round ${round}: ratio ${(apiRound.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}`);
        log(`round ${round}: CPU per API payment (round and settling): ${describeCpu(apiCpuPerPayment)}`);
        log(`round ${round}: CPU per floor transaction: ${describeCpu(floorCpuPerPayment)}`);
        log(`round ${round}: ${describeLoad()}`);
      }
      const failures: string[] = [];
      for (const [index, { api, floor }] of results.entries()) {
        if (api.non2xx + api.errors + floor.non2xx + floor.errors > 0)
          failures.push(`round ${index + 1} had failed requests`);
      }
      failures.push(...(await checkAfterwards(db, baseUrl, env)));
      log('');
      log(`history: ${history} payments loaded before the rounds`);
      log(
        '| round | payments before | API payments/s | API p50 | API p99 | floor tx/s | floor p99 | ratio | PG CPU/payment (database) | PG CPU/floor tx (database) |',
      );
      log('|---|---|---|---|---|---|---|---|---|---|');
      for (const [index, { api, floor, apiCpu, floorCpu, rows }] of results.entries()) {
        const pg = (figures: CpuPerPayment) => `${figures['PostgreSQL (database)'].toFixed(2)} ms`;
        log(
          `| ${index + 1} | ${rows} | ${api.requestsPerSecond.toFixed(0)} | ${api.p50} ms | ${api.p99} ms | ${floor.requestsPerSecond.toFixed(0)} | ${floor.p99} ms | ${(api.requestsPerSecond / floor.requestsPerSecond).toFixed(2)} | ${pg(apiCpu)} | ${pg(floorCpu)} |`,
        );
      }
      const bestFloor = Math.max(...results.map(({ floor }) => floor.requestsPerSecond));
      log(
        `latency bound: ${connections} connections in a closed loop wait ${connections} / throughput on average, ` +
          `so p99 < 50 ms needs more than ${Math.ceil((connections * 1000) / 50)} payments/s; ` +
          `the floor's best round (${bestFloor.toFixed(0)} tx/s) means ${((connections * 1000) / bestFloor).toFixed(0)} ms`,
      );
      log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
      if (failures.length > 0) process.exitCode = 1;
    } finally {
      await db.end();
    }
  } finally {
    await stopChildren();
    await simulator.close();
  }
}

async function paymentRows(db: Client): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments`)).rows[0].n;
}

async function loadCustomers(db: Client): Promise<{ id: string; phone: string }[]> {
  const { hash } = await import('bcrypt');
  return insertCustomers(db, benchPhones(customerCount), await hash(PIN, 10));
}

function drivePayments(baseUrl: string, customers: Customer[], duration: number, record: boolean) {
  return drivePaymentsWith(baseUrl, customers, {
    connections,
    duration,
    onSent: record ? (payment) => sent.push(payment) : undefined,
  });
}

async function driveFloor(customers: Customer[], billerId: string, duration: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${floorPort}`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/pay',
        setupRequest: (request) => {
          const count = nextCount();
          const customer = customers[count % customers.length];
          return {
            ...request,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              customerId: customer.id,
              billerId,
              key: `floor-${count}-${randomBytes(4).toString('hex')}`,
              amount: 1000 + count,
            }),
          };
        },
      },
    ],
  });
  return figuresOf(result);
}

/**
 * Waits until every payment of the API round (created since `since`, its warm-up included) is
 * settled (no longer AUTHORIZING, PENDING or PROCESSING; the floor's last transactions of the
 * previous round may commit after it started, and stay PENDING) and every outbox row due is
 * published, and logs how long the worker took past the round. It reads the round's payments
 * (`payments_created_at_idx` carries the status) and the pending events (the floor's are never
 * due), so polling costs the same however much history the database holds.
 */
async function drainWorker(db: Client, round: number, since: Date): Promise<void> {
  const started = Date.now();
  let left = { payments: -1, events: -1 };
  while (Date.now() - started < DRAIN_LIMIT_MS) {
    left = (
      await db.query<{ payments: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM payments
                  WHERE created_at >= $1 AND status IN ('AUTHORIZING', 'PENDING', 'PROCESSING')
                    AND idempotency_key NOT LIKE 'floor-%') AS payments,
                (SELECT count(*)::int FROM outbox_events
                  WHERE status = 'PENDING' AND next_attempt_at < 'infinity') AS events`,
        [since],
      )
    ).rows[0];
    if (left.payments === 0 && left.events === 0) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(
    left.payments === 0 && left.events === 0
      ? `round ${round}: the worker settled the round's payments ${seconds} s after it ended`
      : `round ${round}: after ${seconds} s, ${left.payments} payments and ${left.events} events still unsettled`,
  );
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

  const drainedBy = Date.now() + 30_000;
  let pending = -1;
  while (Date.now() < drainedBy) {
    pending = (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox_events WHERE status <> 'PUBLISHED' AND event_type <> $1`,
        [FLOOR_EVENT_TYPE],
      )
    ).rows[0].n;
    if (pending === 0) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  log(
    `outbox: ${pending === 0 ? 'every row published' : `${pending} rows not published`} within 30 s of the last round`,
  );
  if (pending !== 0) failures.push(`${pending} outbox rows not published within 30 s`);

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
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const payment = JSON.parse(raw) as { customerId: string; billerId: string; key: string; amount: number };
      pay(pool, accounts, payables, payment).then(
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

async function pay(
  pool: Pool,
  [clearing, revenue]: string[],
  payables: Map<string, string>,
  payment: { customerId: string; billerId: string; key: string; amount: number },
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
    await prepared(
      client,
      'floor-3',
      `SELECT (SELECT id FROM payments WHERE payer_id = $1 AND idempotency_key = $2) AS existing,
              (SELECT coalesce(sum(amount), 0) FROM payments WHERE customer_id = $1
                  AND created_at > now() - interval '24 hours' AND status <> 'FAILED') AS used`,
      [payment.customerId, payment.key],
    );
    await prepared(
      client,
      'floor-4',
      `WITH inserted AS (
         INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name,
                               biller_slug, account_reference, amount, fee, currency, rail, funding_account_masked,
                               status)
         VALUES ($1, $2, $2, $3, repeat('0', 64), $4, 'Bench Power', 'bench-power', '45010001234', $5, $6, 'NGN',
                 'CARD', '4242', 'AUTHORIZING')
         RETURNING id, created_at)
       INSERT INTO payment_status_events (payment_id, status, note, created_at)
       SELECT id, 'AUTHORIZING', 'floor', created_at FROM inserted`,
      [id, payment.customerId, payment.key, payment.billerId, payment.amount, fee],
    );
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
