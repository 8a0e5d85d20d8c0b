/**
 * Operations views as history grows (issue 17, "Performance"): `GET /admin/metrics`,
 * `GET /admin/funnel-metrics` (default window) and `GET /admin/reconciliation` (today) at
 * BENCH_SMALL (100,000) and then BENCH_LARGE (1,000,000) payments, and the CSV export
 * (`GET /admin/reconciliation/export`) next to PostgreSQL's own `COPY ... TO STDOUT` of the
 * same statement.
 *
 *   npm run bench:ops                # nest build, then this file with ts-node
 *   npx ts-node bench/ops-history.bench.ts   # against the existing dist/ build
 *   BENCH_SMALL=50000 BENCH_LARGE=300000 npm run bench:ops   # smaller sizes when time is short
 *
 * Self-contained, against the production build (`dist/src/main.js`):
 * 1. Drops and recreates its own database, BENCH_DATABASE_URL (default
 *    `payment_service_bench_ops`), with the project's CLI (create-database, migrate), creates an
 *    ADMIN with `dist/src/cli/admin.js create --phone ... --pin ...` and logs in for a token.
 * 2. Seeds with SQL (`generate_series` into a temporary table, then plain INSERT ... SELECT):
 *    BENCH_CUSTOMERS (5,000) customers registered over the past year, a category and a biller,
 *    ledger accounts, and payments (90 % SUCCEEDED, 8.5 % FAILED, 1.5 % PROCESSING) with their
 *    posting cycle, the rail's capture (`sandbox_rail_operations`) and a balanced capture entry
 *    in the ledger (three lines) for every captured payment, history included, so the
 *    reconciliation's lookups into journal_entries and journal_lines run against a ledger that
 *    grows with history (about 2.7 million lines at the large size). The measured days go
 *    through the balance trigger; the history is bulk-loaded with
 *    `SET LOCAL session_replication_role = replica` (triggers off, the lines balance by
 *    construction) and checked once afterwards: every entry nets to zero.
 *    Fixed at both sizes: BENCH_TODAY (2,000) payments today (UTC business day: the API runs
 *    with SCHEDULE_TIME_ZONE=UTC) and BENCH_RECENT (8,000) in the 30 days before today (the
 *    funnel's default window and the metrics' 7 days). Only the history older than 31 days
 *    grows, so a ratio above 1 is the cost of history, not of more traffic in the window.
 * 3. Starts the API (NODE_ENV=production, Redis keys under `ps-bench-ops`) on BENCH_API_PORT
 *    (3140), and for each size drives each route with autocannon, BENCH_CONNECTIONS (4)
 *    connections, BENCH_WARMUP_SECONDS (2) s of warm-up then BENCH_SECONDS (10) s, and prints
 *    p50 and p99; after the large size the ratio large/small of each median (target < 1.5).
 * 4. Before the top-up, plants BENCH_EXPORT_BREAKS (200,000) breaks in one day 45 days ago
 *    (half as many PROCESSING payments, unchanged for hours and without a posting attempt: each
 *    is MISSING_POSTING and STUCK_PROCESSING); they count towards the large size. At the large
 *    size it streams the export of that day over HTTP (counting lines of the body) and runs
 *    `COPY (<the breaks statement with the same parameters inlined>) TO STDOUT WITH (FORMAT csv,
 *    HEADER)` through psql, BENCH_EXPORT_ROUNDS (2) times each, alternately, and reports
 *    rows/s of both, the ratio HTTP/COPY (target >= 0.5), and the API's peak RSS during the
 *    export (VmRSS sampled every 100 ms, and VmHWM).
 * 5. At each size, `EXPLAIN (ANALYZE, BUFFERS)` of each route's main statements, printed
 *    (first lines) and kept in the results file, bench/results/ops-history-<timestamp>.json.
 *
 * Exits 1 when a request failed. A missed target is reported, not an exit code. Not part of
 * the tests.
 */
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import * as funnel from '../src/modules/identity/sql/funnel.queries';
import * as paymentMetrics from '../src/modules/payments/history/sql/payment-metrics.queries';
import * as reconciliationRuns from '../src/modules/reconciliation/sql/runs.queries';
import type { Statement } from '../src/platform/database/prepared-statement';
import { sqlStatements } from '../src/platform/database/sql-query';
import {
  answers,
  benchSettings,
  driveGet,
  Figures,
  log,
  productionEnvironment,
  recreateDatabase,
  ROOT,
  runBench,
  runCli,
  setting,
  startBuilt,
  timed,
  writeResults,
} from './support/bench-kit';
import { failedRequests, growthLines, growthOf } from './support/size-growth';

const { databaseUrl, apiPort, seconds, warmUpSeconds, poolSize } = benchSettings({
  database: 'payment_service_bench_ops',
  apiPort: 3140,
});
const connections = setting('BENCH_CONNECTIONS', 4);
const smallSize = setting('BENCH_SMALL', 100_000);
const largeSize = setting('BENCH_LARGE', 1_000_000);
const customerCount = setting('BENCH_CUSTOMERS', 5_000);
const todayCount = setting('BENCH_TODAY', 2_000);
const recentCount = setting('BENCH_RECENT', 8_000);
const exportBreaks = setting('BENCH_EXPORT_BREAKS', 200_000);
const exportRounds = setting('BENCH_EXPORT_ROUNDS', 2);
const BATCH = 200_000;
const TARGET_RATIO = 1.5;
const TARGET_EXPORT_RATIO = 0.5;
const ADMIN_PHONE = '+2348000000009';
const PIN = '480264';
const STUCK_AFTER_MS = 1_800_000;
const UNCONFIRMED_AFTER_MS = 900_000;
const RECONCILIATION = sqlStatements('reconciliation', reconciliationRuns);
/** A `.sql` statement's text (fixed: no data source needed) and positional values. */
const textOf = <Params>(statement: Statement<object, Params>) => statement.text;

/**
 * The parameters of the reconciliation's breaks statement. The rail's operations, which the API
 * asks the rail's connector for, are an empty array here: the plans and the COPY leave out the
 * hash of the rail's records.
 */
function breakValues(from: Date, to: Date, now: Date, page: { limit: number | null; offset: number }): unknown[] {
  return [
    ...RECONCILIATION.breaks.valuesOf({
      from,
      to,
      now,
      stuckAfterMs: STUCK_AFTER_MS,
      unconfirmedAfterMs: UNCONFIRMED_AFTER_MS,
      type: null,
      railOperations: '[]',
      ...page,
    }),
  ];
}
const DAY_MS = 86_400_000;

const ROUTES = [
  { name: 'GET /admin/metrics', path: '/api/v1/admin/metrics' },
  { name: 'GET /admin/funnel-metrics', path: '/api/v1/admin/funnel-metrics' },
  { name: 'GET /admin/reconciliation', path: '/api/v1/admin/reconciliation' },
] as const;

interface Catalogue {
  billerId: string;
  clearing: string;
  payable: string;
  fees: string;
}

/** Midnight UTC of today (the API runs with SCHEDULE_TIME_ZONE=UTC). */
function todayStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function seedCatalogue(db: Client): Promise<Catalogue> {
  const [category] = (
    await db.query<{ id: string }>(
      `INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
       VALUES (gen_random_uuid(), 'bench-ops', 'Bench ops', 'bolt', 1, true) RETURNING id`,
    )
  ).rows;
  const [biller] = (
    await db.query<{ id: string }>(
      `INSERT INTO billers (id, slug, name, aliases, category_id, country, currency, accepted_rails, min_amount,
                            max_amount, account_reference_label, account_reference_pattern, amount_rule,
                            popularity, search_name, search_text)
       VALUES (gen_random_uuid(), 'bench-ops-power', 'Bench Ops Power', '{}', $1, 'NG', 'NGN', '{CARD}', 100,
               100000000, 'Meter number', '\\d{11}', 'ANY', 0, 'bench ops power', 'bench ops power')
       RETURNING id`,
      [category.id],
    )
  ).rows;
  const account = async (code: string, type: string) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO ledger_accounts (id, code, type, currency) VALUES (gen_random_uuid(), $1, $2, 'NGN') RETURNING id`,
        [code, type],
      )
    ).rows[0].id;
  return {
    billerId: biller.id,
    clearing: await account('bench:rail-clearing:CARD:NGN', 'ASSET'),
    payable: await account('bench:biller-payable:bench-ops-power:NGN', 'LIABILITY'),
    fees: await account('bench:fee-revenue:NGN', 'REVENUE'),
  };
}

/** Customers registered over the past year (a few TIER_0 or without a PIN), and pending registrations. */
async function seedCustomers(db: Client): Promise<void> {
  await db.query(
    `INSERT INTO users (id, phone, role, kyc_tier, pin_hash, pin_set_at, phone_verified_at, created_at, updated_at)
     SELECT gen_random_uuid(), '+234809' || lpad(g::text, 7, '0'), 'CUSTOMER',
            CASE WHEN g % 5 = 0 THEN 'TIER_0' ELSE 'TIER_1' END,
            CASE WHEN g % 11 = 0 THEN NULL ELSE 'x' END,
            CASE WHEN g % 11 = 0 THEN NULL ELSE t END, t, t, t
       FROM generate_series(1, $1::int) g,
            LATERAL (SELECT now() - (random() * interval '365 days') + g * interval '0' AS t) c`,
    [customerCount],
  );
  await db.query(
    `INSERT INTO otp_challenges (phone, code_hash, created_at, expires_at)
     SELECT '+234807' || lpad(g::text, 7, '0'), repeat('0', 64), t, t + interval '10 minutes'
       FROM generate_series(1, $1::int) g, LATERAL (SELECT now() - (random() * interval '365 days') + g * interval '0' AS t) c`,
    [Math.ceil(customerCount / 10)],
  );
}

/**
 * `count` payments created uniformly in [from, to), in batches of BATCH: 90 % SUCCEEDED (posting
 * CONFIRMED, rail CAPTURED), 8.5 % FAILED (rail DECLINED, no posting), 1.5 % PROCESSING (rail
 * CAPTURED, posting PENDING); with `ledger`, a balanced capture entry for each captured one.
 * `stuck` plants PROCESSING payments unchanged since creation, without posting or capture.
 */
async function seedPayments(
  db: Client,
  catalogue: Catalogue,
  tag: string,
  count: number,
  from: Date,
  to: Date,
  options: { ledger: boolean; stuck?: boolean; bulk?: boolean },
): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    await db.query('BEGIN');
    // History only: skip the per-row balance trigger and foreign-key checks (superuser bench
    // database); ledgerBalances() checks every entry once the seeding is done.
    if (options.bulk === true) await db.query(`SET LOCAL session_replication_role = replica`);
    await db.query(`DROP TABLE IF EXISTS bench_src`);
    await db.query(
      `CREATE TEMP TABLE bench_src ON COMMIT DROP AS
       WITH customers AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'CUSTOMER')
       SELECT gen_random_uuid() AS id, g AS n,
              c.ids[(1 + (g::bigint * 7919) % array_length(c.ids, 1))::int] AS customer_id,
              (100000 + (g::bigint * 37) % 4900000) AS amount, 100 + ((g::bigint * 37) % 4900000) / 200 AS fee,
              CASE WHEN $5 THEN 'PROCESSING'
                   WHEN r < 0.90 THEN 'SUCCEEDED' WHEN r < 0.985 THEN 'FAILED' ELSE 'PROCESSING' END AS status,
              $3::timestamptz + random() * ($4::timestamptz - $3::timestamptz) AS created_at
         FROM generate_series($1::int, $2::int) g, customers c, LATERAL (SELECT random() + g * 0 AS r) x`,
      [start + 1, start + size, from, to, options.stuck === true],
    );
    await db.query(`ALTER TABLE bench_src ADD COLUMN entry_id uuid, ADD COLUMN confirmed_at timestamptz`);
    await db.query(
      `UPDATE bench_src SET confirmed_at = created_at + (2 + n % 40) * interval '1 second',
                            entry_id = CASE WHEN $1 AND status <> 'FAILED' THEN gen_random_uuid() END`,
      [options.ledger && options.stuck !== true],
    );
    if (options.ledger && options.stuck !== true) {
      await db.query(
        `INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, memo, created_at)
         SELECT entry_id, 'PAYMENT_CAPTURE', 'payment', id, 'NGN', 'bench', created_at FROM bench_src
          WHERE entry_id IS NOT NULL`,
      );
      await db.query(
        `INSERT INTO journal_lines (entry_id, account_id, amount, currency)
         SELECT entry_id, l.account_id, l.amount, 'NGN'
           FROM bench_src s,
                LATERAL (VALUES ($1::uuid, s.amount + s.fee), ($2::uuid, -s.amount), ($3::uuid, -s.fee)) l(account_id, amount)
          WHERE s.entry_id IS NOT NULL`,
        [catalogue.clearing, catalogue.payable, catalogue.fees],
      );
    }
    await db.query(
      `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name,
                             biller_slug, account_reference, amount, fee, currency, rail, funding_account_masked,
                             rail_reference, status, biller_reference, journal_entry_id, created_at, updated_at,
                             completed_at)
       SELECT id, customer_id, customer_id, $2 || n, repeat('0', 64), $1, 'Bench Ops Power', 'bench-ops-power',
              lpad((45010000000 + n % 100000)::text, 11, '0'), amount, fee, 'NGN', 'CARD', '**** 4242',
              CASE WHEN status = 'FAILED' OR $3 THEN NULL ELSE 'card_cap_' || replace(id::text, '-', '') END,
              status, CASE WHEN status = 'SUCCEEDED' THEN 'BOP-' || n END, entry_id, created_at,
              CASE WHEN status = 'PROCESSING' THEN created_at ELSE confirmed_at END,
              CASE WHEN status = 'PROCESSING' THEN NULL ELSE confirmed_at END
         FROM bench_src`,
      [catalogue.billerId, `${tag}-`, options.stuck === true],
    );
    if (options.stuck !== true) {
      await db.query(
        `INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, last_outcome,
                                       biller_reference, created_at, updated_at, completed_at)
         SELECT gen_random_uuid(), id, 1, CASE WHEN status = 'SUCCEEDED' THEN 'CONFIRMED' ELSE 'PENDING' END,
                1, created_at, CASE WHEN status = 'SUCCEEDED' THEN 'CONFIRMED' END,
                CASE WHEN status = 'SUCCEEDED' THEN 'BOP-' || n END, created_at,
                CASE WHEN status = 'SUCCEEDED' THEN confirmed_at ELSE created_at END,
                CASE WHEN status = 'SUCCEEDED' THEN confirmed_at END
           FROM bench_src WHERE status <> 'FAILED'`,
      );
      await db.query(
        `INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, reason, rail_reference, amount, currency,
                                              created_at)
         SELECT 'CAPTURE', id::text, 'CARD', CASE WHEN status = 'FAILED' THEN 'DECLINED' ELSE 'CAPTURED' END,
                CASE WHEN status = 'FAILED' THEN 'INSUFFICIENT_FUNDS' END,
                CASE WHEN status = 'FAILED' THEN NULL ELSE 'card_cap_' || replace(id::text, '-', '') END,
                amount + fee, 'NGN', created_at
           FROM bench_src`,
      );
    }
    await db.query('COMMIT');
  }
}

/** Fails the bench when a bulk-loaded entry does not net to zero (what the trigger would check). */
async function ledgerBalances(db: Client): Promise<{ entries: number; lines: number }> {
  const { rows } = await db.query<{ entries: number; lines: number; unbalanced: number }>(
    `SELECT count(*)::int AS entries, coalesce(sum(n), 0)::int AS lines,
            count(*) FILTER (WHERE net <> 0)::int AS unbalanced
       FROM (SELECT entry_id, sum(amount) AS net, count(*) AS n FROM journal_lines GROUP BY entry_id) e`,
  );
  if (rows[0].unbalanced > 0) throw new Error(`${rows[0].unbalanced} seeded journal entries do not balance`);
  return { entries: rows[0].entries, lines: rows[0].lines };
}

async function paymentCount(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments`);
  return rows[0].n;
}

async function analyze(db: Client): Promise<void> {
  for (const table of [
    'users',
    'otp_challenges',
    'payments',
    'posting_attempts',
    'sandbox_rail_operations',
    'journal_entries',
    'journal_lines',
  ]) {
    await db.query(`VACUUM ANALYZE ${table}`);
  }
}

async function logIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: ADMIN_PHONE, pin: PIN, deviceName: 'bench' }),
  });
  if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

function drive(baseUrl: string, path: string, token: string, duration: number): Promise<Figures> {
  return driveGet(`${baseUrl}${path}`, { connections, duration, headers: { authorization: `Bearer ${token}` } });
}

interface SizeFigures {
  payments: number;
  routes: Record<string, Figures>;
}

async function measureRoutes(baseUrl: string, payments: number): Promise<SizeFigures> {
  const token = await logIn(baseUrl);
  const routes: Record<string, Figures> = {};
  for (const route of ROUTES) {
    const probe = await fetch(`${baseUrl}${route.path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await probe.text();
    if (!probe.ok) throw new Error(`${route.name}: ${probe.status} ${text.slice(0, 300)}`);
    log(`  ${route.name}: ${text.length} bytes, e.g. ${text.slice(0, 160).replace(/\s+/g, ' ')}...`);
    await drive(baseUrl, route.path, token, warmUpSeconds);
    const figures = await drive(baseUrl, route.path, token, seconds);
    routes[route.name] = figures;
    log(
      `  ${route.name.padEnd(28)} ${figures.requestsPerSecond.toFixed(1).padStart(7)} req/s   p50 ${String(figures.p50).padStart(5)} ms` +
        `   p99 ${String(figures.p99).padStart(5)} ms   non-2xx ${figures.non2xx}   errors ${figures.errors}`,
    );
  }
  return { payments, routes };
}

function rssOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Newlines of a stream of bytes. */
function newlines(chunk: Uint8Array): number {
  let count = 0;
  for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) count += 1;
  return count;
}

interface ExportRun {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
}

async function httpExport(baseUrl: string, token: string, from: Date, to: Date, apiPid: number) {
  const before = rssOf(apiPid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(apiPid).rss);
  }, 100);
  const started = process.hrtime.bigint();
  let lines = 0;
  let bytes = 0;
  try {
    const response = await fetch(
      `${baseUrl}/api/v1/admin/reconciliation/export?from=${from.toISOString()}&to=${to.toISOString()}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      lines += newlines(chunk);
      bytes += chunk.length;
    }
  } finally {
    clearInterval(sampler);
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = lines - 1;
  return {
    run: { rows, seconds: elapsed, rowsPerSecond: rows / elapsed, bytes } satisfies ExportRun,
    rssBeforeMb: before.rss,
    rssPeakMb: Math.max(peak, rssOf(apiPid).rss),
    hwmMb: rssOf(apiPid).hwm,
  };
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The breaks statement, every row, with its parameters written in (COPY takes no parameters). */
function inlinedBreaksSql(from: Date, to: Date, now: Date): string {
  const values = breakValues(from, to, now, { limit: null, offset: 0 });
  return textOf(RECONCILIATION.breaks).replace(/\$(\d+)/g, (_, index: string) => literal(values[Number(index) - 1]));
}

async function copyExport(sql: string): Promise<ExportRun> {
  const started = process.hrtime.bigint();
  const child: ChildProcess = spawn(
    'psql',
    [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER)`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let lines = 0;
  let bytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    lines += newlines(chunk);
    bytes += chunk.length;
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  if (code !== 0) throw new Error(`psql COPY exited with ${code}`);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = lines - 1;
  return { rows, seconds: elapsed, rowsPerSecond: rows / elapsed, bytes };
}

/** The statements PaymentMetrics and FunnelReadModel run (the same objects). */
const METRICS = sqlStatements('payments', paymentMetrics);
const FUNNEL = sqlStatements('identity', funnel);

/** A statement's text and positional values, for the bench's own `pg` client. */
function sqlOf<Params>(statement: Statement<object, Params>, params: Params): [string, unknown[]] {
  // Statements of `.sql` files hold their text: no data source is needed to read it.
  return [statement.text, [...statement.valuesOf(params)]];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each route's main statements at the current size. */
async function profile(db: Client): Promise<Record<string, string[]>> {
  const now = new Date();
  const today = todayStart(now);
  const week = new Date(now.getTime() - 7 * DAY_MS);
  const month = new Date(now.getTime() - 30 * DAY_MS);
  // A plain pg client answers the column under its pgtyped alias, hint included.
  const { rows: cohort } = await db.query<{ 'kyc_tier1_ids!': string[] }>(
    ...sqlOf(FUNNEL.funnelCohort, { from: month, to: now }),
  );
  const statements: [string, string, unknown[]][] = [
    ['metrics currencyActivity (7 days)', ...sqlOf(METRICS.currencyActivity, { from: week, to: now })],
    ['metrics activeCustomers (7 days)', ...sqlOf(METRICS.activeCustomers, { from: week, to: now })],
    ['metrics postingActivity (7 days)', ...sqlOf(METRICS.postingActivity, { from: week, to: now })],
    ['funnel cohort (30 days)', ...sqlOf(FUNNEL.funnelCohort, { from: month, to: now })],
    ['funnel payingCustomers', ...sqlOf(METRICS.payingCustomers, { customerIds: cohort[0]?.['kyc_tier1_ids!'] ?? [] })],
    [
      'reconciliation totals (today)',
      textOf(RECONCILIATION.windowTotals),
      [...RECONCILIATION.windowTotals.valuesOf({ from: today, to: new Date(today.getTime() + DAY_MS) })],
    ],
    [
      'reconciliation break page (today)',
      textOf(RECONCILIATION.breaks),
      breakValues(today, new Date(today.getTime() + DAY_MS), now, { limit: 20, offset: 0 }),
    ],
  ];
  const plans: Record<string, string[]> = {};
  for (const [label, sql, params] of statements) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plans[label] = rows.map((row) => row['QUERY PLAN']);
    const execution = plans[label].find((line) => line.startsWith('Execution Time')) ?? '';
    const seqScans = plans[label].filter((line) => line.includes('Seq Scan')).map((line) => line.trim());
    log(`  ${label}: ${execution}${seqScans.length > 0 ? `; ${seqScans.join('; ')}` : '; no Seq Scan'}`);
  }
  return plans;
}

async function main(): Promise<void> {
  if (!existsSync(resolve(ROOT, 'dist/src/main.js'))) throw new Error('no dist/src/main.js: run npm run build');
  if (largeSize <= smallSize) throw new Error('BENCH_LARGE must be above BENCH_SMALL');
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: 'ps-bench-ops',
    poolSize,
    extra: { SCHEDULE_TIME_ZONE: 'UTC' },
  });
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  if (await answers(baseUrl)) throw new Error(`something already listens on port ${apiPort}; set BENCH_API_PORT`);
  await recreateDatabase(databaseUrl, env);
  await runCli('admin', env, ['create', '--phone', ADMIN_PHONE, '--pin', PIN]);

  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const started = new Date();
  try {
    const now = new Date();
    const today = todayStart(now);
    const recentFrom = new Date(today.getTime() - 30 * DAY_MS);
    const historyFrom = new Date(today.getTime() - 365 * DAY_MS);
    const historyTo = new Date(today.getTime() - 31 * DAY_MS);
    const exportFrom = new Date(today.getTime() - 45 * DAY_MS);
    const exportTo = new Date(exportFrom.getTime() + DAY_MS);
    const todayTo = new Date(Math.max(today.getTime() + 60_000, now.getTime() - 60_000));
    const smallHistory = smallSize - todayCount - recentCount;
    if (smallHistory < 0) throw new Error('BENCH_SMALL must exceed BENCH_TODAY + BENCH_RECENT');
    if (largeSize - smallSize < exportBreaks / 2) throw new Error('BENCH_LARGE - BENCH_SMALL must hold the export');

    log(`seeding ${smallSize} payments (${todayCount} today, ${recentCount} in the 30 days before, the rest older)`);
    const seedStarted = Date.now();
    const catalogue = await seedCatalogue(db);
    await timed(`${customerCount} customers`, () => seedCustomers(db));
    await timed(`${todayCount} today (with ledger)`, () =>
      seedPayments(db, catalogue, 'today', todayCount, today, todayTo, { ledger: true }),
    );
    await timed(`${recentCount} recent (with ledger)`, () =>
      seedPayments(db, catalogue, 'recent', recentCount, recentFrom, today, { ledger: true }),
    );
    await timed(`${smallHistory} history (with ledger, bulk)`, () =>
      seedPayments(db, catalogue, 'h1', smallHistory, historyFrom, historyTo, { ledger: true, bulk: true }),
    );
    await timed('VACUUM ANALYZE', () => analyze(db));
    const smallSeedSeconds = (Date.now() - seedStarted) / 1000;

    const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`);
    const apiPid = api.pid ?? 0;
    log(`\nsize 1: ${await paymentCount(db)} payments (seeded in ${smallSeedSeconds.toFixed(0)} s)`);
    const small = await measureRoutes(baseUrl, await paymentCount(db));
    log('\nEXPLAIN ANALYZE at the small size:');
    const smallPlans = await profile(db);

    log(
      `\nplanting ${exportBreaks} breaks on ${exportFrom.toISOString().slice(0, 10)}, then topping up to ${largeSize}`,
    );
    const topUpStarted = Date.now();
    await timed(`${exportBreaks / 2} stuck PROCESSING payments`, () =>
      seedPayments(db, catalogue, 'export', exportBreaks / 2, exportFrom, exportTo, { ledger: false, stuck: true }),
    );
    const topUp = largeSize - (await paymentCount(db));
    await timed(`${topUp} history (with ledger, bulk)`, () =>
      seedPayments(db, catalogue, 'h2', topUp, historyFrom, historyTo, { ledger: true, bulk: true }),
    );
    const ledger = await timed('ledger check: every entry nets to zero', () => ledgerBalances(db));
    log(`  ledger: ${ledger.entries} journal entries, ${ledger.lines} lines, all balanced`);
    await timed('VACUUM ANALYZE', () => analyze(db));
    const largeSeedSeconds = (Date.now() - topUpStarted) / 1000;

    log(`\nsize 2: ${await paymentCount(db)} payments (top-up in ${largeSeedSeconds.toFixed(0)} s)`);
    const large = await measureRoutes(baseUrl, await paymentCount(db));

    log('\nEXPLAIN ANALYZE at the large size:');
    const largePlans = await profile(db);

    log(
      `\nCSV export of ${exportFrom.toISOString()} .. ${exportTo.toISOString()}, HTTP vs COPY, ${exportRounds} rounds`,
    );
    const token = await logIn(baseUrl);
    const http: Awaited<ReturnType<typeof httpExport>>[] = [];
    const copy: ExportRun[] = [];
    for (let round = 1; round <= exportRounds; round += 1) {
      const viaHttp = await httpExport(baseUrl, token, exportFrom, exportTo, apiPid);
      http.push(viaHttp);
      log(
        `  round ${round} HTTP: ${viaHttp.run.rows} rows in ${viaHttp.run.seconds.toFixed(2)} s = ` +
          `${viaHttp.run.rowsPerSecond.toFixed(0)} rows/s, ${(viaHttp.run.bytes / 1e6).toFixed(1)} MB; API RSS ` +
          `${viaHttp.rssBeforeMb.toFixed(0)} MB before, peak ${viaHttp.rssPeakMb.toFixed(0)} MB (VmHWM ${viaHttp.hwmMb.toFixed(0)} MB)`,
      );
      const viaCopy = await copyExport(inlinedBreaksSql(exportFrom, exportTo, new Date()));
      copy.push(viaCopy);
      log(
        `  round ${round} COPY: ${viaCopy.rows} rows in ${viaCopy.seconds.toFixed(2)} s = ` +
          `${viaCopy.rowsPerSecond.toFixed(0)} rows/s, ${(viaCopy.bytes / 1e6).toFixed(1)} MB`,
      );
    }
    const best = (runs: ExportRun[]) => Math.max(...runs.map((run) => run.rowsPerSecond));
    const httpBest = best(http.map((entry) => entry.run));
    const copyBest = best(copy);
    const exportRatio = httpBest / copyBest;

    const ratios = ROUTES.map((route) => ({ route: route.name, ...growthOf(route.name, small, large) }));
    const failures = failedRequests([small, large]);
    const table = [
      '',
      ...growthLines(ratios, { small: small.payments, large: large.payments }, TARGET_RATIO, 30),
      `CSV export: HTTP ${httpBest.toFixed(0)} rows/s, COPY ${copyBest.toFixed(0)} rows/s (best of ${exportRounds}), ` +
        `ratio ${exportRatio.toFixed(2)} (target >= ${TARGET_EXPORT_RATIO}: ${exportRatio >= TARGET_EXPORT_RATIO ? 'met' : 'MISSED'}); ` +
        `API peak RSS during the export ${Math.max(...http.map((entry) => entry.rssPeakMb)).toFixed(0)} MB ` +
        `(before: ${http[0].rssBeforeMb.toFixed(0)} MB)`,
      `failed requests (non-2xx or errors): ${failures}`,
      `command: npm run bench:ops   (BENCH_SMALL=${smallSize} BENCH_LARGE=${largeSize} BENCH_TODAY=${todayCount} ` +
        `BENCH_RECENT=${recentCount} BENCH_EXPORT_BREAKS=${exportBreaks} BENCH_CONNECTIONS=${connections} ` +
        `BENCH_SECONDS=${seconds} BENCH_POOL_SIZE=${poolSize})`,
      '',
    ].join('\n');
    log(table);

    writeResults('ops-history', {
      started,
      settings: {
        smallSize,
        largeSize,
        customerCount,
        todayCount,
        recentCount,
        exportBreaks,
        connections,
        seconds,
        warmUpSeconds,
        poolSize,
      },
      seeding: { smallSeedSeconds, largeSeedSeconds, ledger },
      small,
      large,
      ratios,
      export: { window: { from: exportFrom, to: exportTo }, http, copy, httpBest, copyBest, ratio: exportRatio },
      plans: { small: smallPlans, large: largePlans },
      summary: table,
    });
    if (failures > 0) process.exitCode = 1;
  } finally {
    await db.end();
  }
}

runBench(main, { stack: true });
