/**
 * Merchant analytics as payments grow: `GET /merchant/analytics/overview`, `/timeseries` and `/top-customers`
 * (30 days, and 365 days: the longest range) at BENCH_SMALL (100,000) and then BENCH_LARGE (1,000,000) planted
 * checkout payments, with the rollups planted by the rebuild.
 *
 *   npm run bench:analytics                      # nest build, then this file with ts-node
 *   npx ts-node bench/merchant-analytics.bench.ts   # against the existing dist/ build
 *   BENCH_SMALL=20000 BENCH_LARGE=200000 npm run bench:analytics   # smaller sizes when time is short
 *
 * Self-contained, against the production build (`dist/src/main.js`):
 * 1. Drops and recreates its own database, BENCH_DATABASE_URL (default `payment_service_bench_analytics`),
 *    with the project's CLI (create-database, migrate, seed: the demo merchant, APPROVED, and its published
 *    sandbox key).
 * 2. Plants with SQL (`generate_series` into a temporary table, then INSERT ... SELECT, BATCH rows at a time)
 *    the demo merchant's test-mode checkouts at random times over the last BENCH_DAYS (90) days: a session each
 *    (a fifth from a payment link) and its payment, 92 % SUCCEEDED (the session COMPLETE) and 8 % FAILED (the
 *    session left OPEN), on CARD (60 %), BANK_TRANSFER (30 %) or USSD (10 %), amounts of NGN 10 to 5,000, the
 *    merchant's fee 1.5 %; BENCH_PAYERS (5,000) payers, most by e-mail, the rest by masked card.
 * 3. Runs the rebuild (`node dist/src/cli/admin.js analytics-rebuild --merchant <id>`, what
 *    `npm run analytics:rebuild` runs, with DATABASE_STATEMENT_TIMEOUT_MS=0), timed, then VACUUM ANALYZE (as
 *    autovacuum would after a bulk load: the top-up's rebuild rewrites every rollup row).
 * 4. Starts the API (NODE_ENV=production, Redis keys under `ps-bench-analytics`) on BENCH_API_PORT (3150) and
 *    drives each route with autocannon, BENCH_CONNECTIONS (4) connections, BENCH_WARMUP_SECONDS (2) s of
 *    warm-up then BENCH_SECONDS (10) s, printing p50 and p99.
 * 5. Tops up to BENCH_LARGE in the same 90 days (so the rollups keep their rows and grow in sums), rebuilds,
 *    measures again, and prints the ratio large/small of each route's median (target < 1.5 for every route: the
 *    overview and the series read hours x rails, top customers one lifetime row and at most one
 *    index probe of a day row per payer active in the window, never payer-days or payments).
 *
 * Exits 1 when a request failed or a figure disagrees with the payments planted (the overview) or with the facts
 * the rollups count (the ten top customers of each range). A missed target is reported,
 * not an exit code. Results in bench/results/merchant-analytics-<timestamp>.json. Not part of the tests.
 */
import { Client } from 'pg';
import { DEMO_MERCHANT_TEST_KEY } from '../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import { DEMO_MERCHANT } from '../src/modules/merchants/onboarding/demo-merchant.seeder';
import {
  benchSettings,
  describeLoad,
  driveGet,
  Figures,
  log,
  productionEnvironment,
  recreateDatabase,
  runBench,
  runCli,
  setting,
  startBuilt,
  timed,
  writeResults,
} from './support/bench-kit';
import { failedRequests, growthLines, growthOf } from './support/size-growth';

const { databaseUrl, apiPort, seconds, warmUpSeconds, poolSize } = benchSettings({
  database: 'payment_service_bench_analytics',
  apiPort: 3150,
});
const connections = setting('BENCH_CONNECTIONS', 4);
const smallSize = setting('BENCH_SMALL', 100_000);
const largeSize = setting('BENCH_LARGE', 1_000_000);
const days = setting('BENCH_DAYS', 90);
const payers = setting('BENCH_PAYERS', 5_000);
const BATCH = 100_000;
const TARGET_RATIO = 1.5;
const DAY_MS = 86_400_000;

const ROUTES = [
  { name: 'overview 30d', path: '/api/v1/merchant/analytics/overview?range=30d', target: true },
  { name: 'timeseries 30d by day', path: '/api/v1/merchant/analytics/timeseries?range=30d&bucket=day', target: true },
  { name: 'timeseries 7d by hour', path: '/api/v1/merchant/analytics/timeseries?range=7d', target: true },
  { name: 'top-customers 30d', path: '/api/v1/merchant/analytics/top-customers?range=30d', target: true },
  { name: 'top-customers 365d', path: '/api/v1/merchant/analytics/top-customers?range=365d', target: true },
] as const;

/** A test-mode payment link of the demo merchant, for the link share of the sessions. */
async function plantLink(db: Client): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO merchant_payment_links (id, merchant_id, livemode, title, amount, currency, slug, created_at)
     VALUES (gen_random_uuid(), $1, false, 'Bench ticket', 100000, 'NGN', 'bench-analytics', now()) RETURNING id`,
    [DEMO_MERCHANT.id],
  );
  return rows[0].id;
}

/**
 * `count` checkouts numbered from `first`, at random times in [from, to): the sessions, then their payments.
 * The number picks the outcome, rail, payer and amount, so a top-up continues the same mix.
 */
async function plantCheckouts(
  db: Client,
  linkId: string,
  first: number,
  count: number,
  from: Date,
  to: Date,
): Promise<void> {
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset);
    await db.query('BEGIN');
    await db.query(
      `CREATE TEMPORARY TABLE bench_plan ON COMMIT DROP AS
       SELECT gen_random_uuid() AS session_id, gen_random_uuid() AS payment_id, n,
              $3::timestamptz + ($4::timestamptz - $3::timestamptz) * random() AS at,
              (1000 + (n * 104729) % 499000)::bigint AS amount,
              CASE WHEN n % 100 < 8 THEN 'FAILED' ELSE 'SUCCEEDED' END AS status,
              CASE WHEN n % 10 < 6 THEN 'CARD' WHEN n % 10 < 9 THEN 'BANK_TRANSFER' ELSE 'USSD' END AS rail,
              CASE WHEN n % 5 = 0 THEN 'PAYMENT_LINK' ELSE 'API' END AS source,
              CASE WHEN n % 4 <> 0 THEN 'payer' || (n % $5::int) || '@example.com' END AS email,
              'Visa ****' || lpad(((n % $5::int) % 10000)::text, 4, '0') AS funding
         FROM generate_series($1::bigint, $1::bigint + $2::bigint - 1) AS n`,
      [first + offset, size, from, to, payers],
    );
    await db.query(
      `INSERT INTO merchant_checkout_sessions
         (id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference,
          success_url, cancel_url, customer_email, payment_id, expires_at, completed_at, created_at)
       SELECT session_id, $1, false, CASE WHEN status = 'SUCCEEDED' THEN 'COMPLETE' ELSE 'OPEN' END, source,
              CASE WHEN source = 'PAYMENT_LINK' THEN $2::uuid END, amount, 'NGN', 'BENCH-' || n,
              'https://shop.example/ok', 'https://shop.example/cancel', email,
              CASE WHEN status = 'SUCCEEDED' THEN payment_id END, at + interval '1 day',
              CASE WHEN status = 'SUCCEEDED' THEN at END, at - interval '2 minutes'
         FROM bench_plan`,
      [DEMO_MERCHANT.id, linkId],
    );
    await db.query(
      `INSERT INTO payments (id, payer_id, payer_type, channel, idempotency_key, request_hash, amount, fee, currency,
                             rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id,
                             merchant_fee, created_at, updated_at, completed_at)
       SELECT payment_id, session_id, 'CHECKOUT_PAYER', 'CHECKOUT', 'bench-' || n, repeat('a', 64), amount, 0, 'NGN',
              rail, funding, status, $1, false, session_id, (amount * 15) / 1000, at - interval '1 minute', at, at
         FROM bench_plan`,
      [DEMO_MERCHANT.id],
    );
    await db.query('COMMIT');
  }
}

/** What the planted payments add up to in the overview's window, straight from the payments (the check). */
async function expectedOverview(db: Client, from: Date, to: Date): Promise<{ gross: number; count: number }> {
  const { rows } = await db.query<{ gross: string; count: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS gross, count(*)::text AS count FROM payments
      WHERE merchant_id = $1 AND livemode = false AND status = 'SUCCEEDED' AND completed_at >= $2 AND completed_at < $3`,
    [DEMO_MERCHANT.id, from, to],
  );
  return { gross: Number(rows[0].gross), count: Number(rows[0].count) };
}

interface TopCustomer {
  customerKey: string;
  paymentCount: number;
  volume: number;
  lastPaidAt: string;
}

/**
 * Top customers over the UTC days [fromDay, toDay] straight from the facts (`merchant_stats_facts`, what the rollups
 * count), the check of the route's answer: the lifetime rows less the cumulative day totals must give the same ten.
 */
async function expectedTopCustomers(db: Client, fromDay: string, toDay: string): Promise<TopCustomer[]> {
  const { rows } = await db.query<{ key: string; count: string; volume: string; last: Date }>(
    `SELECT customer_key AS key, count(*)::text AS count, sum(volume)::text AS volume, max(at) AS last
       FROM merchant_stats_facts
      WHERE merchant_id = $1 AND livemode = false AND currency = 'NGN' AND kind = 'payment' AND customer_key IS NOT NULL
        AND at >= $2::date AND at < $3::date + 1
      GROUP BY customer_key ORDER BY sum(volume) DESC, count(*) DESC, customer_key LIMIT 10`,
    [DEMO_MERCHANT.id, fromDay, toDay],
  );
  return rows.map((row) => ({
    customerKey: row.key,
    paymentCount: Number(row.count),
    volume: Number(row.volume),
    lastPaidAt: row.last.toISOString(),
  }));
}

function drive(baseUrl: string, path: string, duration: number): Promise<Figures> {
  return driveGet(`${baseUrl}${path}`, {
    connections,
    duration,
    headers: { authorization: `Bearer ${DEMO_MERCHANT_TEST_KEY}` },
  });
}

interface SizeFigures {
  payments: number;
  rebuildSeconds: number;
  rollupRows: { hours: number; payerDays: number; payers: number };
  routes: Record<string, Figures>;
  mismatches: string[];
}

async function measure(db: Client, baseUrl: string, payments: number, rebuildSeconds: number): Promise<SizeFigures> {
  const routes: Record<string, Figures> = {};
  const mismatches: string[] = [];
  for (const route of ROUTES) {
    const probe = await fetch(`${baseUrl}${route.path}`, {
      headers: { authorization: `Bearer ${DEMO_MERCHANT_TEST_KEY}` },
    });
    const text = await probe.text();
    if (!probe.ok) throw new Error(`${route.name}: ${probe.status} ${text.slice(0, 300)}`);
    log(`  ${route.name}: ${text.length} bytes, e.g. ${text.slice(0, 140).replace(/\s+/g, ' ')}...`);
    if (route.name === 'overview 30d') {
      const body = JSON.parse(text) as { from: string; to: string; gross: number; count: number };
      const expected = await expectedOverview(db, new Date(body.from), new Date(body.to));
      if (expected.gross !== body.gross || expected.count !== body.count) {
        mismatches.push(
          `overview ${JSON.stringify({ gross: body.gross, count: body.count })} != payments ${JSON.stringify(expected)}`,
        );
      }
    }
    if (route.name.startsWith('top-customers')) {
      const days = Number(/range=(\d+)d/.exec(route.path)?.[1]);
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const fromDay = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      const toDay = new Date(today).toISOString().slice(0, 10);
      const answer = (JSON.parse(text) as TopCustomer[]).map(({ customerKey, paymentCount, volume, lastPaidAt }) => ({
        customerKey,
        paymentCount,
        volume,
        lastPaidAt,
      }));
      const expected = await expectedTopCustomers(db, fromDay, toDay);
      if (JSON.stringify(answer) !== JSON.stringify(expected)) {
        mismatches.push(`${route.name}: ${JSON.stringify(answer[0])} ... != facts ${JSON.stringify(expected[0])} ...`);
      }
    }
    await drive(baseUrl, route.path, warmUpSeconds);
    const figures = await drive(baseUrl, route.path, seconds);
    routes[route.name] = figures;
    log(
      `  ${route.name}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms` +
        (figures.non2xx + figures.errors > 0 ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors` : ''),
    );
  }
  const { rows } = await db.query<{ hours: string; payer_days: string; payers: string }>(
    `SELECT (SELECT count(*) FROM merchant_stats_hourly WHERE merchant_id = $1)::text AS hours,
            (SELECT count(*) FROM merchant_stats_payers_daily WHERE merchant_id = $1)::text AS payer_days,
            (SELECT count(*) FROM merchant_stats_payers WHERE merchant_id = $1)::text AS payers`,
    [DEMO_MERCHANT.id],
  );
  return {
    payments,
    rebuildSeconds,
    rollupRows: {
      hours: Number(rows[0].hours),
      payerDays: Number(rows[0].payer_days),
      payers: Number(rows[0].payers),
    },
    routes,
    mismatches,
  };
}

/** The rebuild, timed; one statement as long as the merchant's history, so without the API's statement timeout. */
async function rebuild(env: NodeJS.ProcessEnv): Promise<number> {
  const started = Date.now();
  await runCli('admin', { ...env, DATABASE_STATEMENT_TIMEOUT_MS: '0' }, [
    'analytics-rebuild',
    '--merchant',
    DEMO_MERCHANT.id,
  ]);
  return (Date.now() - started) / 1000;
}

async function main(): Promise<void> {
  if (largeSize <= smallSize) throw new Error('BENCH_LARGE must exceed BENCH_SMALL');
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: 'ps-bench-analytics',
    poolSize,
  });
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  log(`merchant analytics bench: ${smallSize} then ${largeSize} payments over ${days} days; ${describeLoad()}`);
  await timed('database recreated and migrated', () => recreateDatabase(databaseUrl, env));
  await timed('seeded (demo merchant and its sandbox key)', () => runCli('seed', env));
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const started = new Date();
  try {
    const to = new Date();
    const from = new Date(to.getTime() - days * DAY_MS);
    const linkId = await plantLink(db);
    await timed(`${smallSize} checkouts planted`, () => plantCheckouts(db, linkId, 0, smallSize, from, to));
    const smallRebuild = await rebuild(env);
    log(`  rebuild: ${smallRebuild.toFixed(1)} s`);
    await timed('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));

    const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`);
    log(`\nsize 1: ${smallSize} payments`);
    const small = await measure(db, baseUrl, smallSize, smallRebuild);

    log(`\ntopping up to ${largeSize}`);
    await timed(`${largeSize - smallSize} checkouts planted`, () =>
      plantCheckouts(db, linkId, smallSize, largeSize - smallSize, from, new Date()),
    );
    const largeRebuild = await rebuild(env);
    log(`  rebuild: ${largeRebuild.toFixed(1)} s`);
    await timed('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    log(`\nsize 2: ${largeSize} payments`);
    const large = await measure(db, baseUrl, largeSize, largeRebuild);
    api.kill('SIGTERM');

    const ratios = ROUTES.map((route) => ({
      route: route.name,
      target: route.target,
      ...growthOf(route.name, small, large),
    }));
    const failures = failedRequests([small, large]);
    const mismatches = [...small.mismatches, ...large.mismatches];
    const table = [
      '',
      ...growthLines(ratios, { small: small.payments, large: large.payments }, TARGET_RATIO, 26),
      `rollup rows (hours / payer days / payers): ${small.rollupRows.hours} / ${small.rollupRows.payerDays} / ` +
        `${small.rollupRows.payers} at the small size, ${large.rollupRows.hours} / ${large.rollupRows.payerDays} / ` +
        `${large.rollupRows.payers} at the large size`,
      `rebuild: ${small.rebuildSeconds.toFixed(1)} s at the small size, ${large.rebuildSeconds.toFixed(1)} s at the large size`,
      `overview against the payments, top customers against the facts: ${
        mismatches.length === 0 ? 'agree at both sizes' : mismatches.join('; ')
      }`,
      `failed requests (non-2xx or errors): ${failures}`,
      `command: npm run bench:analytics   (BENCH_SMALL=${smallSize} BENCH_LARGE=${largeSize} BENCH_DAYS=${days} ` +
        `BENCH_PAYERS=${payers} BENCH_CONNECTIONS=${connections} BENCH_SECONDS=${seconds} BENCH_POOL_SIZE=${poolSize})`,
      '',
    ].join('\n');
    log(table);

    writeResults('merchant-analytics', {
      started,
      settings: { smallSize, largeSize, days, payers, connections, seconds, warmUpSeconds, poolSize },
      small,
      large,
      ratios,
      summary: table,
    });
    if (failures > 0 || mismatches.length > 0) process.exitCode = 1;
  } finally {
    await db.end();
  }
}

runBench(main, { stack: true });
