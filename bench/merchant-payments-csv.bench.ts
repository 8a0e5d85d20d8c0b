/**
 * The merchant payments CSV export (`GET /api/v1/merchant/payments.csv`) against the database's
 * own floor: `COPY (the export's statement) TO STDOUT WITH (FORMAT csv, HEADER)` of the same rows,
 * read through `pg-copy-streams`. The API streams that very COPY (same statement text, built by
 * `copyCsvText`), so the ratio is what the API adds on top: HTTP, CRLF record ends, backpressure. Run against the production build:
 *
 *   npm run bench:merchant-csv                       # nest build, then this file with ts-node
 *   BENCH_ROWS=1000000 npm run bench:merchant-csv    # a million payments
 *   BENCH_CPU_PROF_DIR=/tmp/prof npm run bench:merchant-csv  # the API under `node --cpu-prof`
 *
 * The export's cursor is one statement for PostgreSQL and for pg's client, bounded by the API's
 * CSV_EXPORT_STATEMENT_TIMEOUT_MS (10 minutes), not DATABASE_STATEMENT_TIMEOUT_MS (15 s).
 * BENCH_STATEMENT_TIMEOUT_MS gives the export another bound, for a run longer than that.
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_merchant_csv`) with the
 *    project's CLI and seeds it (`seed`: the demo merchant, APPROVED, and its sandbox key).
 * 2. Plants BENCH_ROWS (100 000) test-mode checkout payments of the demo merchant with their
 *    sessions in two `generate_series` statements: UUIDv7 ids in time order over the last 300 days
 *    (inside the export's default 366-day window), amounts 1 000 to 1 000 000, one in ten refunded
 *    in part (two SUCCEEDED merchant refunds each, so its `refundedAt` is looked up), every
 *    seventh with a payer e-mail, every tenth reference starting with `=` (escaped by the
 *    export); then ANALYZE.
 * 3. Starts the API (NODE_ENV=production, LOG_LEVEL=warn) and, after a warm-up export of about a
 *    tenth of the rows, for BENCH_ROUNDS (3) rounds: the API's export of every row (no filter:
 *    the default window), read as fast as the client can, then the COPY of the same statement
 *    with the same parameters. Each counts the records it received.
 * 4. Prints rows/s of each (median of the rounds), their ratio (target >= 0.5), the API process's
 *    RSS before the first export and its peak (`VmHWM`) after the last, and CPU per 1 000 rows of
 *    the API and of PostgreSQL. Exits 1 when an export did not answer 200 or a count differs
 *    from BENCH_ROWS (the ratio is reported, not enforced).
 *
 * Not part of the tests.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DEMO_MERCHANT_TEST_KEY } from '../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import { DEMO_MERCHANT } from '../src/modules/merchants/onboarding/demo-merchant.seeder';
import * as merchantPayments from '../src/modules/merchants/reporting/sql/merchant-payments.queries';
import { sqlStatements } from '../src/platform/database/sql-query';
import { copyCsvText } from '../src/platform/database/statement-executor';
import { inlineParameters } from '../src/platform/database/statement-literals';
import {
  benchSettings,
  describeLoad,
  log,
  median,
  processTicks,
  productionEnvironment,
  recreateSeeded,
  setting,
  startBuilt,
  stopChildren,
} from './support/bench-kit';
import { plantCheckoutPayments as plant } from './support/merchant-payments';
import { cpuCounter, describeCpu } from './support/payment-kit';

const { databaseUrl, apiPort, poolSize } = benchSettings({
  database: 'payment_service_bench_merchant_csv',
  apiPort: 3107,
});
const rounds = setting('BENCH_ROUNDS', 3);
const rowCount = setting('BENCH_ROWS', 100_000);
const TARGET_RATIO = 0.5;
const EXPORT_PATH = '/api/v1/merchant/payments.csv';
const LF = 0x0a;

interface Run {
  rows: number;
  bytes: number;
  ms: number;
}

async function main(): Promise<void> {
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: `ps-bench-mcsv-${randomBytes(3).toString('hex')}`,
    poolSize,
    extra:
      process.env.BENCH_STATEMENT_TIMEOUT_MS === undefined
        ? undefined
        : { CSV_EXPORT_STATEMENT_TIMEOUT_MS: process.env.BENCH_STATEMENT_TIMEOUT_MS },
  });
  const db = await recreateSeeded(databaseUrl, env);
  let failed = false;
  try {
    const planted = Date.now();
    await plant(db, rowCount);
    await db.query('ANALYZE');
    log(`planted ${rowCount} checkout payments in ${((Date.now() - planted) / 1000).toFixed(1)} s`);

    const baseUrl = `http://127.0.0.1:${apiPort}`;
    // A CPU profile of the API (written when it stops), to see where an export's time goes.
    const profileDir = process.env.BENCH_CPU_PROF_DIR;
    const nodeArgs = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir];
    const api = await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`, nodeArgs);
    const database = new URL(databaseUrl).pathname.slice(1);
    const copySql = await copyStatement(db);

    // Warm-up: about a tenth of the rows (amounts up to 100 000 of 1 000 to 1 000 000).
    await apiExport(`${baseUrl}${EXPORT_PATH}?max_amount=100000`);
    const rssBefore = memoryOf(api.pid as number);
    log(`API ready at ${baseUrl}; RSS after warm-up ${mib(rssBefore.rss)} (peak so far ${mib(rssBefore.peak)})`);

    const apiRuns: Run[] = [];
    const copyRuns: Run[] = [];
    const apiCpu: Record<string, number>[] = [];
    const copyCpu: Record<string, number>[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}: ${describeLoad()}`);
      let meter = cpuCounter({ API: api.pid }, database);
      const viaApi = await apiExport(`${baseUrl}${EXPORT_PATH}`);
      apiCpu.push(meter(viaApi.rows / 1000));
      meter = cpuCounter({ API: api.pid }, database);
      const viaCopy = await copyExport(copySql);
      copyCpu.push(meter(viaCopy.rows / 1000));
      apiRuns.push(viaApi);
      copyRuns.push(viaCopy);
      log(`  API  ${describeRun(viaApi)}; CPU per 1000 rows: ${describeCpu(apiCpu[apiCpu.length - 1])}`);
      log(`  COPY ${describeRun(viaCopy)}; CPU per 1000 rows: ${describeCpu(copyCpu[copyCpu.length - 1])}`);
      for (const [what, run] of [
        ['API', viaApi],
        ['COPY', viaCopy],
      ] as const) {
        if (run.rows !== rowCount) {
          log(`  ${what} sent ${run.rows} records, not ${rowCount}`);
          failed = true;
        }
      }
    }
    const memory = memoryOf(api.pid as number);
    const apiRate = median(apiRuns.map(rate));
    const copyRate = median(copyRuns.map(rate));
    const ratio = apiRate / copyRate;
    log('');
    log(`rows ${rowCount}, rounds ${rounds} (medians)`);
    log(`  API export   ${apiRate.toFixed(0)} rows/s (${mib(median(apiRuns.map((run) => run.bytes)))} of CSV)`);
    log(`  COPY floor   ${copyRate.toFixed(0)} rows/s (${mib(median(copyRuns.map((run) => run.bytes)))} of CSV)`);
    log(
      `  ratio API / COPY ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
    log(`  API RSS after warm-up ${mib(rssBefore.rss)}, peak (VmHWM) ${mib(memory.peak)}, now ${mib(memory.rss)}`);
    log(`  API process CPU in all: ${(processTicks(api.pid as number) * 10).toFixed(0)} ms`);
  } finally {
    await db.end();
    await stopChildren();
  }
  if (failed) process.exitCode = 1;
}

/**
 * The COPY the API runs for an unfiltered export (`copyCsvText`: the export's statement, its values
 * written in as literals, `COPY (...) TO STDOUT WITH (FORMAT csv, HEADER)`): the floor is the very
 * statement the API streams, its cells formatted, defused and masked by PostgreSQL alike.
 */
async function copyStatement(db: Client): Promise<string> {
  const statement = sqlStatements('merchants', merchantPayments).merchantPaymentsExport;
  const now = Date.now();
  const params = {
    merchantId: DEMO_MERCHANT.id,
    livemode: false,
    // The API's default window: the 366 days up to now.
    from: new Date(now - 366 * 86_400_000).toISOString(),
    to: new Date(now + 60_000).toISOString(),
    status: null,
    rail: null,
    minAmount: null,
    maxAmount: null,
  };
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN ${inlineParameters(statement.text, statement.valuesOf(params))}`,
  );
  log(`COPY statement plan:\n${plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  return copyCsvText(statement, params);
}

async function apiExport(url: string): Promise<Run> {
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${DEMO_MERCHANT_TEST_KEY}` } });
  if (response.status !== 200 || response.body === null) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    lines += countLines(chunk);
  }
  return { rows: lines - 1, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

async function copyExport(sql: string): Promise<Run> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = process.hrtime.bigint();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const stream = client.query(copyTo(sql));
    let bytes = 0;
    let lines = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      lines += countLines(chunk);
    }
    await client.query('ROLLBACK');
    return { rows: lines - 1, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  } finally {
    await client.end();
  }
}

/** Line feeds in a chunk: one per record (the bench's rows hold no line break). */
function countLines(chunk: Uint8Array): number {
  let lines = 0;
  for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) lines += 1;
  return lines;
}

/** The process's resident memory now and its peak (`VmRSS`, `VmHWM` of /proc/<pid>/status), in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kib('VmRSS'), peak: kib('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

const rate = (run: Run) => (run.rows * 1000) / run.ms;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function describeRun(run: Run): string {
  return `${run.rows} rows in ${(run.ms / 1000).toFixed(2)} s: ${rate(run).toFixed(0)} rows/s, ${mib(run.bytes)}`;
}

main().catch(async (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  await stopChildren();
  process.exit(1);
});
