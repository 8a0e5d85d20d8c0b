/**
 * A read against its floor: `GET /api/v1/merchant/payments` (a merchant's first page of checkout
 * payments) next to a minimal Nest app on the same (Express) adapter whose route runs the very
 * statement the service runs (`merchantPaymentsPage` of the generated
 * `merchant-payments.queries.ts`, as the same named prepared statement) through a raw `pg` pool
 * and answers its rows as JSON.
 *
 *   npm run bench:reads                       # nest build, then this file with ts-node
 *   BENCH_ROWS=1000000 npm run bench:reads    # the flatness check: ten times the payments
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_reads`) with the
 *    project's CLI, seeds it (the demo merchant and its sandbox key) and plants BENCH_ROWS
 *    (100 000) test-mode checkout payments of the demo merchant (bench/support/merchant-payments.ts).
 * 2. Starts the API (NODE_ENV=production, LOG_LEVEL=warn, DATABASE_POOL_SIZE=BENCH_POOL_SIZE) and
 *    the floor (this file with --floor-server, a pool of the same size) on BENCH_FLOOR_PORT (3198).
 * 3. After a BENCH_FIRST_WARMUP_SECONDS (5) warm-up of each, for BENCH_ROUNDS (3) rounds drives the
 *    API then the floor, each BENCH_WARMUP_SECONDS (2) s of warm-up then BENCH_CONNECTIONS (32)
 *    connections for BENCH_SECONDS (10) s, and prints req/s, p50, p99, the ratio API/floor
 *    (target >= 0.6) and the CPU per request of the server driven and of PostgreSQL.
 *
 * Exits 1 when a request failed or a first page is not the 20 newest payments. Not part of the tests.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { DEMO_MERCHANT_TEST_KEY } from '../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import { DEMO_MERCHANT } from '../src/modules/merchants/onboarding/demo-merchant.seeder';
import * as merchantPayments from '../src/modules/merchants/reporting/sql/merchant-payments.queries';
import { sqlStatements } from '../src/platform/database/sql-query';
import {
  benchSettings,
  describeLoad,
  figuresOf,
  Figures,
  log,
  productionEnvironment,
  recreateDatabase,
  runCli,
  setting,
  startBuilt,
  startFloorServer,
  stopChildren,
} from './support/bench-kit';
import { plantCheckoutPayments } from './support/merchant-payments';
import { cpuCounter, describeCpu } from './support/payment-kit';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_reads',
  apiPort: 3108,
});
const floorPort = setting('BENCH_FLOOR_PORT', 3198);
const rowCount = setting('BENCH_ROWS', 100_000);
const firstWarmUpSeconds = setting('BENCH_FIRST_WARMUP_SECONDS', 5);
const TARGET_RATIO = 0.6;
const PAGE_SIZE = 20;

/** The service's statement, as the service names and prepares it. */
const PAGE = sqlStatements('merchants', merchantPayments).merchantPaymentsPage;

/** The floor's route: the first page's statement with the service's parameters for `GET /merchant/payments`. */
@Controller()
class FloorController {
  private readonly pool = new Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: poolSize });

  @Get('merchant/payments')
  async payments(): Promise<{ items: unknown[] }> {
    const values = PAGE.valuesOf({
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
    const { rows } = await this.pool.query({ name: PAGE.name, text: PAGE.text, values: [...values] });
    return { items: rows.slice(0, PAGE_SIZE) };
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

async function runFloorServer(): Promise<void> {
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(floorPort, '127.0.0.1');
  process.send?.('ready');
}

interface ReadFigures extends Figures {
  cpu: string;
}

async function drive(url: string, headers: Record<string, string>, duration: number, pid: number, database: string) {
  const meter = cpuCounter({ server: pid }, database);
  const result = await autocannon({ url, connections, duration, headers });
  const figures = figuresOf(result);
  return { ...figures, cpu: describeCpu(meter(figures.responses2xx)) } satisfies ReadFigures;
}

async function main(): Promise<void> {
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: `ps-bench-reads-${randomBytes(3).toString('hex')}`,
    poolSize,
  });
  log(`database ${databaseUrl}: recreating`);
  await recreateDatabase(databaseUrl, env);
  await runCli('seed', env);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  let failed = false;
  try {
    const planted = Date.now();
    await plantCheckoutPayments(db, rowCount);
    await db.query('VACUUM ANALYZE');
    log(`planted ${rowCount} checkout payments in ${((Date.now() - planted) / 1000).toFixed(1)} s`);
    const database = new URL(databaseUrl).pathname.slice(1);
    const baseUrl = `http://127.0.0.1:${apiPort}`;
    const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`);
    const floor = await startFloorServer(
      __filename,
      { ...process.env, NODE_ENV: 'production', BENCH_FLOOR_PORT: String(floorPort), BENCH_DATABASE_URL: databaseUrl },
      'floor app',
    );
    const apiUrl = `${baseUrl}/api/v1/merchant/payments?size=${PAGE_SIZE}`;
    const floorUrl = `http://127.0.0.1:${floorPort}/merchant/payments`;
    const apiHeaders = { authorization: `Bearer ${DEMO_MERCHANT_TEST_KEY}` };

    // Both answer the same 20 newest payments.
    const { rows: newest } = await db.query<{ id: string }>(
      `SELECT id FROM payments WHERE merchant_id = $1 AND livemode = false ORDER BY id DESC LIMIT $2`,
      [DEMO_MERCHANT.id, PAGE_SIZE],
    );
    const expected = newest.map(({ id }) => id).join(',');
    for (const [label, url, headers] of [
      ['API', apiUrl, apiHeaders],
      ['floor', floorUrl, {}],
    ] as const) {
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { items: { id: string }[] };
      const ids = body.items.map(({ id }) => id).join(',');
      if (response.status !== 200 || ids !== expected) {
        log(`${label}: ${response.status}, not the ${PAGE_SIZE} newest payments`);
        failed = true;
      }
    }

    const run = async (which: 'API' | 'floor', duration: number) =>
      which === 'API'
        ? drive(apiUrl, apiHeaders, duration, api.pid as number, database)
        : drive(floorUrl, {}, duration, floor.pid as number, database);
    const line = (label: string, figures: ReadFigures, ratio?: number) =>
      `  ${label.padEnd(6)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${figures.p50
        .toFixed(1)
        .padStart(5)} ms   p99 ${figures.p99.toFixed(1).padStart(5)} ms   ` +
      `${ratio === undefined ? '' : `ratio ${ratio.toFixed(2)}   `}non-2xx ${figures.non2xx}   errors ${figures.errors}` +
      `   CPU per request: ${figures.cpu}`;
    let failures = 0;
    const count = (figures: ReadFigures) => (failures += figures.non2xx + figures.errors);
    count(await run('API', firstWarmUpSeconds));
    count(await run('floor', firstWarmUpSeconds));
    log(
      `\nGET /merchant/payments (first page of ${PAGE_SIZE}, ${rowCount} payments): ${rounds} rounds, ` +
        `${warmUpSeconds} s warm-up + ${seconds} s at ${connections} connections each, pool ${poolSize}`,
    );
    const ratios: number[] = [];
    const apiP50s: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}: ${describeLoad()}`);
      count(await run('API', warmUpSeconds));
      const viaApi = await run('API', seconds);
      count(viaApi);
      count(await run('floor', warmUpSeconds));
      const viaFloor = await run('floor', seconds);
      count(viaFloor);
      const ratio = viaApi.requestsPerSecond / viaFloor.requestsPerSecond;
      ratios.push(ratio);
      apiP50s.push(viaApi.p50);
      log(line('API', viaApi, ratio));
      log(line('floor', viaFloor));
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    };
    log(
      [
        '',
        `median ratio API/floor ${median(ratios).toFixed(2)} (target >= ${TARGET_RATIO}: ` +
          `${median(ratios) >= TARGET_RATIO ? 'met' : 'NOT met'}); median API p50 ${median(apiP50s).toFixed(1)} ms`,
        `failed requests (non-2xx or errors, warm-ups included): ${failures}`,
        `command: npm run bench:reads   (BENCH_ROWS=${rowCount} BENCH_CONNECTIONS=${connections} ` +
          `BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_POOL_SIZE=${poolSize})`,
        '',
      ].join('\n'),
    );
    if (failures > 0) failed = true;
  } finally {
    await db.end();
    await stopChildren();
  }
  if (failed) process.exitCode = 1;
}

if (process.argv.includes('--floor-server')) {
  runFloorServer().catch((error: unknown) => {
    process.stderr.write(`floor app failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopChildren().finally(() => process.exit(130));
    });
  }
  main()
    .catch((error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    })
    .finally(stopChildren);
}
