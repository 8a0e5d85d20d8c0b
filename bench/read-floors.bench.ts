/**
 * Reads against their floors. Each read is driven next to a minimal Nest app on the same
 * (Express) adapter whose route runs the very statements the service runs for it, through a raw
 * `pg` pool of the same size, and answers their rows as JSON:
 *
 * - `merchant-payments`: `GET /api/v1/merchant/payments` (the demo merchant's first page of 20,
 *   with its sandbox key) among BENCH_ROWS (100 000) test-mode checkout payments. Floor:
 *   `merchantPaymentsPage` of the generated `merchant-payments.queries.ts`, as the same named
 *   prepared statement.
 * - `billers`: `GET /api/v1/billers?q=` (public) over BENCH_BILLERS (10 000) billers, cycling
 *   through the 20 queries of bench/support/biller-directory.ts: the directory caches no search,
 *   so every one reaches PostgreSQL (checked: biller_search_query's call count, track_functions
 *   set on the bench database, grows by at least the number of searches answered). Floor: the
 *   same normalisation and words, then `directoryMatchesByPopularity` of the generated
 *   `biller-search.queries.ts` as the same named statement, and the page's JSON around its items.
 * - `payments`: `GET /api/v1/payments` (a customer's first page of 20, their bearer token) for a
 *   customer with BENCH_CUSTOMER_PAYMENTS (1 000) payments, among as many of other customers.
 *   Floor: the statement `PaymentRepository.pageOwnedBy` runs, `historyCustomerPage` of the
 *   generated `payment-pages.queries.ts` (the page and the customer's count in one), as the same
 *   named prepared statement.
 *
 *   npm run bench:reads                                   # nest build, then this file with ts-node
 *   BENCH_READS=billers,payments npm run bench:reads      # some of the reads only
 *   BENCH_SCALE=10 npm run bench:reads                    # the flatness check: ten times the data of each
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_reads`) with the
 *    project's CLI, seeds it (the demo merchant, its sandbox key, the demo catalogue) and plants
 *    the rows the reads chosen by BENCH_READS (all by default) need, times BENCH_SCALE (1).
 * 2. Starts the API (NODE_ENV=production, LOG_LEVEL=warn, DATABASE_POOL_SIZE=BENCH_POOL_SIZE,
 *    BENCH_API_NODE_ARGS passed to node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/reads-prof`) on
 *    BENCH_API_PORT (3108) and the floor (this file with --floor-server, a pool of the same size)
 *    on BENCH_FLOOR_PORT (3198).
 * 3. Checks each read's API and floor answer the same first page. Then, per read, after a
 *    BENCH_FIRST_WARMUP_SECONDS (5) warm-up of each, for BENCH_ROUNDS (3) rounds drives the API
 *    then the floor, each BENCH_WARMUP_SECONDS (2) s of warm-up then BENCH_CONNECTIONS (32)
 *    connections for BENCH_SECONDS (10) s, and prints req/s, p50, p99, the ratio API/floor
 *    (target >= 0.6) and the CPU per request of the server driven and of PostgreSQL (the bench
 *    database's processes only). With `--cpu-prof` in BENCH_API_NODE_ARGS, the API's profile of
 *    each read's last round, by area and by function. BENCH_FLOOR_NODE_ARGS passes flags to the floor
 *    (`--cpu-prof --cpu-prof-dir=/tmp/floor-prof` writes its profile when the bench ends).
 *
 * Exits 1 when a request failed, a first page (or the customer's payments' total) differs, or a
 * search did not reach PostgreSQL.
 * Not part of the tests.
 */
import 'reflect-metadata';
import { Controller, Get, Header, Module, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { Pool } from 'pg';
import * as billerSearch from '../src/modules/billers/catalogue/sql/biller-search.queries';
import { normalizeSearchText, searchWords } from '../src/modules/billers/directory/biller-search-text';
import { DEMO_MERCHANT_TEST_KEY } from '../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import { DEMO_MERCHANT } from '../src/modules/merchants/onboarding/demo-merchant.seeder';
import * as merchantPayments from '../src/modules/merchants/reporting/sql/merchant-payments.queries';
import * as paymentPages from '../src/modules/payments/core/sql/payment-pages.queries';
import { sqlStatements } from '../src/platform/database/sql-query';
import {
  benchSettings,
  describeLoad,
  figuresLine,
  figuresOf,
  Figures,
  log,
  median,
  productionEnvironment,
  recreateSeeded,
  runBench,
  setting,
  startBuilt,
  startFloorServer,
  stopChildren,
} from './support/bench-kit';
import {
  benchBillers,
  benchQueries,
  loadBillers,
  searchCallsSince,
  searchQueryCalls,
} from './support/biller-directory';
import { hrtimeUs, profileDirOf, summariseProfile } from './support/cpu-profile';
import { plantCustomerPayments } from './support/customer-payments';
import { plantCheckoutPayments } from './support/merchant-payments';
import { cpuCounter, describeCpu, insertBenchCustomers, logIn } from './support/payment-kit';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_reads',
  apiPort: 3108,
});
const floorPort = setting('BENCH_FLOOR_PORT', 3198);
const scale = setting('BENCH_SCALE', 1);
const merchantRows = setting('BENCH_ROWS', 100_000) * scale;
const billerCount = setting('BENCH_BILLERS', 10_000) * scale;
const customerPayments = setting('BENCH_CUSTOMER_PAYMENTS', 1_000) * scale;
const firstWarmUpSeconds = setting('BENCH_FIRST_WARMUP_SECONDS', 5);
const TARGET_RATIO = 0.6;
const PAGE_SIZE = 20;
const READS = ['merchant-payments', 'billers', 'payments'] as const;
type Read = (typeof READS)[number];
const chosen = (process.env.BENCH_READS ?? READS.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of chosen) {
  if (!(READS as readonly string[]).includes(name))
    throw new Error(`BENCH_READS: ${name} is none of ${READS.join(', ')}`);
}
const reads = READS.filter((read) => chosen.includes(read));

/** The service's statements, as the service names and prepares them. */
const MERCHANT_PAGE = sqlStatements('merchants', merchantPayments).merchantPaymentsPage;
const DIRECTORY_MATCHES = sqlStatements('billers', billerSearch).directoryMatchesByPopularity;
const CUSTOMER_PAGE = sqlStatements('payments', paymentPages).historyCustomerPage;
/** As biller.repository.ts bounds a query's words. */
const MAX_QUERY_WORDS = 8;

/** The floor's routes: each read's statements with the service's parameters, through raw pg. */
@Controller()
class FloorController {
  static customerId = '';
  private readonly pool = new Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: poolSize });

  @Get('merchant/payments')
  async merchantPayments(): Promise<{ items: unknown[] }> {
    const values = MERCHANT_PAGE.valuesOf({
      merchantId: DEMO_MERCHANT.id,
      livemode: false,
      from: null,
      to: null,
      status: null,
      rail: null,
      minAmount: null,
      maxAmount: null,
      before: null,
      limit: PAGE_SIZE + 1,
    });
    const { rows } = await this.pool.query({ name: MERCHANT_PAGE.name, text: MERCHANT_PAGE.text, values: [...values] });
    return { items: rows.slice(0, PAGE_SIZE) };
  }

  @Get('billers')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async billers(@Query('q') q: string): Promise<string> {
    const words = searchWords(normalizeSearchText(q ?? ''), MAX_QUERY_WORDS);
    const values = DIRECTORY_MATCHES.valuesOf({ words, limit: PAGE_SIZE, offset: 0 });
    const { rows } = await this.pool.query<Record<string, unknown>>({
      name: DIRECTORY_MATCHES.name,
      text: DIRECTORY_MATCHES.text,
      values: [...values],
    });
    const row = rows[0];
    const total = Number(row?.total_items ?? 0);
    const items = row?.total_items == null ? '[]' : row.items;
    return `{"items":${items},"page":0,"size":${PAGE_SIZE},"totalItems":${total},"totalPages":${Math.ceil(total / PAGE_SIZE)}}`;
  }

  @Get('payments')
  async payments(): Promise<{ items: unknown[]; totalItems: number }> {
    const values = CUSTOMER_PAGE.valuesOf({ customerId: FloorController.customerId, limit: PAGE_SIZE, offset: 0 });
    const { rows: listed } = await this.pool.query<paymentPages.HistoryCustomerPageResult>({
      name: CUSTOMER_PAGE.name,
      text: CUSTOMER_PAGE.text,
      values: [...values],
    });
    return { items: listed.filter((row) => row.id !== null), totalItems: listed[0]?.total_items ?? 0 };
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

async function runFloorServer(): Promise<void> {
  FloorController.customerId = process.env.BENCH_CUSTOMER_ID ?? '';
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(floorPort, '127.0.0.1');
  process.send?.('ready');
}

interface ReadFigures extends Figures {
  cpu: string;
}

/** One read as the bench drives it: where the API and the floor answer it, and how to check both. */
interface ReadSetup {
  title: string;
  apiPaths: string[];
  floorPaths: string[];
  headers: Record<string, string>;
  /** The first page's ids both must answer. */
  expectedIds: string;
  /** The `totalItems` both must answer, where the read counts. */
  expectedTotal?: number;
}

async function main(): Promise<void> {
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: `ps-bench-reads-${randomBytes(3).toString('hex')}`,
    poolSize,
  });
  const database = new URL(databaseUrl).pathname.slice(1);
  const db = await recreateSeeded(databaseUrl, env, `; reads ${reads.join(', ')}; scale ${scale}`);
  let failed = false;
  try {
    await db.query(`ALTER DATABASE "${database}" SET track_functions = 'pl'`);
    // Every read's rows are planted whatever is driven, so a read runs among the same tables.
    let planted = Date.now();
    await plantCheckoutPayments(db, merchantRows);
    log(`planted ${merchantRows} checkout payments in ${((Date.now() - planted) / 1000).toFixed(1)} s`);
    planted = Date.now();
    const billers = benchBillers(billerCount);
    await loadBillers(db, billers);
    log(`loaded ${billerCount} billers in ${((Date.now() - planted) / 1000).toFixed(1)} s`);
    const [customer, ...others] = await insertBenchCustomers(db, 21, '807');
    planted = Date.now();
    await plantCustomerPayments(db, {
      customerId: customer.id,
      others: others.map(({ id }) => id),
      count: customerPayments,
    });
    await db.query('VACUUM ANALYZE');
    log(
      `planted ${customerPayments} payments of one customer (and as many of 20 others) in ` +
        `${((Date.now() - planted) / 1000).toFixed(1)} s`,
    );

    const baseUrl = `http://127.0.0.1:${apiPort}`;
    const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const profileDir = profileDirOf(apiNodeArgs);
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, apiNodeArgs);
    const floor = await startFloorServer(
      __filename,
      {
        ...process.env,
        NODE_ENV: 'production',
        BENCH_FLOOR_PORT: String(floorPort),
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_CUSTOMER_ID: customer.id,
      },
      'floor app',
    );
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const [signedIn] = await logIn(baseUrl, [customer]);

    const setups: Record<Read, () => Promise<ReadSetup>> = {
      'merchant-payments': async () => {
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM payments WHERE merchant_id = $1 AND livemode = false ORDER BY id DESC LIMIT $2`,
          [DEMO_MERCHANT.id, PAGE_SIZE],
        );
        return {
          title: `GET /merchant/payments (first page of ${PAGE_SIZE}, ${merchantRows} payments)`,
          apiPaths: [`/api/v1/merchant/payments?size=${PAGE_SIZE}`],
          floorPaths: ['/merchant/payments'],
          headers: { authorization: `Bearer ${DEMO_MERCHANT_TEST_KEY}` },
          expectedIds: rows.map(({ id }) => id).join(','),
        };
      },
      billers: async () => {
        const queries = benchQueries(billers).map(encodeURIComponent);
        return {
          title: `GET /billers?q= (${queries.length} queries in turn, first page of ${PAGE_SIZE}, ${billerCount} billers)`,
          apiPaths: queries.map((q) => `/api/v1/billers?q=${q}`),
          floorPaths: queries.map((q) => `/billers?q=${q}`),
          headers: {},
          expectedIds: '',
        };
      },
      payments: async () => {
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM payments WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
          [customer.id, PAGE_SIZE],
        );
        return {
          title: `GET /payments (first page of ${PAGE_SIZE}, a customer with ${customerPayments} payments)`,
          apiPaths: [`/api/v1/payments?size=${PAGE_SIZE}`],
          floorPaths: ['/payments'],
          headers: { authorization: `Bearer ${signedIn.token}` },
          expectedIds: rows.map(({ id }) => id).join(','),
          expectedTotal: customerPayments,
        };
      },
    };

    const drive = async (
      base: string,
      paths: string[],
      headers: Record<string, string>,
      duration: number,
      pid: number,
    ) => {
      let next = 0;
      const meter = cpuCounter({ server: pid }, database);
      const result = await autocannon({
        url: base,
        connections,
        duration,
        headers,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      });
      const figures = figuresOf(result);
      return { ...figures, cpu: describeCpu(meter(figures.responses2xx)) } satisfies ReadFigures;
    };
    const line = (label: string, figures: ReadFigures, ratio?: number) =>
      `${figuresLine(label, figures, ratio)}\n         CPU per request: ${figures.cpu}`;

    let failures = 0;
    const count = (figures: ReadFigures) => (failures += figures.non2xx + figures.errors);
    const summary: string[] = [];
    const windows: { read: Read; fromUs: number; toUs: number }[] = [];
    const searchCallsBefore = await searchQueryCalls(db);
    let searches = 0;
    for (const read of reads) {
      const setup = await setups[read]();
      // Both answer the same first page (the directory's: the same body).
      const bodies: string[] = [];
      for (const [label, url, headers] of [
        ['API', `${baseUrl}${setup.apiPaths[0]}`, setup.headers],
        ['floor', `${floorUrl}${setup.floorPaths[0]}`, {}],
      ] as const) {
        const response = await fetch(url, { headers });
        const text = await response.text();
        const page = JSON.parse(text) as { items: { id: string }[]; totalItems?: number };
        const ids = page.items.map(({ id }) => id).join(',');
        bodies.push(read === 'billers' ? text : ids);
        const wrongTotal = setup.expectedTotal !== undefined && page.totalItems !== setup.expectedTotal;
        if (response.status !== 200 || (read !== 'billers' && ids !== setup.expectedIds) || wrongTotal) {
          log(`${read}, ${label}: ${response.status}, not the expected first page`);
          failed = true;
        }
      }
      if (read === 'billers') {
        searches += 1;
        if (bodies[0] !== bodies[1]) {
          log(`billers: the API's and the floor's first pages differ`);
          failed = true;
        }
      }
      const run = async (which: 'API' | 'floor', duration: number) => {
        const figures =
          which === 'API'
            ? await drive(baseUrl, setup.apiPaths, setup.headers, duration, api.pid as number)
            : await drive(floorUrl, setup.floorPaths, {}, duration, floor.pid as number);
        count(figures);
        if (which === 'API' && read === 'billers') searches += figures.responses2xx;
        return figures;
      };
      await run('API', firstWarmUpSeconds);
      await run('floor', firstWarmUpSeconds);
      log(
        `\n${setup.title}: ${rounds} rounds, ${warmUpSeconds} s warm-up + ${seconds} s at ${connections} ` +
          `connections each, pool ${poolSize}`,
      );
      const ratios: number[] = [];
      const apiP50s: number[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        log(`round ${round}: ${describeLoad()}`);
        await run('API', warmUpSeconds);
        const fromUs = hrtimeUs();
        const viaApi = await run('API', seconds);
        if (round === rounds) windows.push({ read, fromUs, toUs: hrtimeUs() });
        await run('floor', warmUpSeconds);
        const viaFloor = await run('floor', seconds);
        const ratio = viaApi.requestsPerSecond / viaFloor.requestsPerSecond;
        ratios.push(ratio);
        apiP50s.push(viaApi.p50);
        log(line('API', viaApi, ratio));
        log(line('floor', viaFloor));
      }
      summary.push(
        `${read.padEnd(17)} median ratio API/floor ${median(ratios).toFixed(2)} (target >= ${TARGET_RATIO}: ` +
          `${median(ratios) >= TARGET_RATIO ? 'met' : 'NOT met'}); median API p50 ${median(apiP50s).toFixed(1)} ms`,
      );
    }

    if (reads.includes('billers')) {
      const reached = await searchCallsSince(db, searchCallsBefore, searches);
      summary.push(
        `PostgreSQL ran biller_search_query ${reached} times for ${searches} API searches ` +
          `(${reached >= searches ? 'every search reached it' : 'FEWER: something answered without the database'})`,
      );
      if (reached < searches) failed = true;
    }
    log(
      [
        '',
        `scale ${scale}: ${merchantRows} merchant payments, ${billerCount} billers, ${customerPayments} payments of the customer`,
        ...summary,
        `failed requests (non-2xx or errors, warm-ups included): ${failures}`,
        `command: npm run bench:reads   (BENCH_READS=${reads.join(',')} BENCH_SCALE=${scale} ` +
          `BENCH_CONNECTIONS=${connections} BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_POOL_SIZE=${poolSize})`,
        '',
      ].join('\n'),
    );
    if (failures > 0) failed = true;
    if (profileDir) {
      // The profile is written when the API exits.
      await stopChildren();
      for (const { read, fromUs, toUs } of windows) {
        summariseProfile(profileDir, { fromUs, toUs }, `API, ${read} (last round),`);
      }
    }
  } finally {
    await db.end();
    await stopChildren();
  }
  if (failed) process.exitCode = 1;
}

runBench(main, { floorServer: runFloorServer });
