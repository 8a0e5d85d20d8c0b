/**
 * What sending a transaction's BEGIN with its first statement saves (`DeferredBeginClient`,
 * src/platform/database/deferred-begin-client.ts), on one connection with nothing else running:
 *
 *   npm run bench:begin
 *
 * Two clients of the service's class, one deferring and one not (as behind PgBouncer), each with
 * a temporary table of its own. For BENCH_PASSES (3) passes, each client in turn runs BENCH_RUNS
 * (1000) transactions of BENCH_STATEMENTS (1) named inserts and a COMMIT, TypeORM's way (`START
 * TRANSACTION` first); the table prints, per transaction, the median wall time and this
 * process's CPU over the passes, and the round trips counted on each connection. The first pass
 * warms both: read the later ones. BENCH_DATABASE_URL names another database (`postgres` on the
 * local server by default). Not part of the tests.
 */
import { randomUUID } from 'node:crypto';
import type { ClientConfig } from 'pg';
import { DeferredBeginClient } from '../src/platform/database/deferred-begin-client';
import { NAMED_STATEMENTS_OPTION } from '../src/platform/database/statement-executor';
import { log, median, setting } from './support/bench-kit';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const passes = setting('BENCH_PASSES', 3);
const runs = setting('BENCH_RUNS', 1000);
const statements = setting('BENCH_STATEMENTS', 1);

interface Side {
  name: string;
  client: DeferredBeginClient;
  trips: number;
  wallUs: number[];
  cpuUs: number[];
  tripsPerTransaction: number[];
}

async function side(name: string, defers: boolean): Promise<Side> {
  // Deferring follows named statements, as on the service's pools.
  const config: ClientConfig & { [NAMED_STATEMENTS_OPTION]: boolean } = {
    connectionString: databaseUrl,
    [NAMED_STATEMENTS_OPTION]: defers,
  };
  const client = new DeferredBeginClient(config);
  await client.connect();
  await client.query('CREATE TEMP TABLE bench_begin (id uuid PRIMARY KEY, n int NOT NULL)');
  const measured: Side = { name, client, trips: 0, wallUs: [], cpuUs: [], tripsPerTransaction: [] };
  const connection = Reflect.get(client, 'connection') as NodeJS.EventEmitter;
  connection.on('readyForQuery', () => measured.trips++);
  return measured;
}

async function transaction(client: DeferredBeginClient, n: number): Promise<void> {
  await client.query('START TRANSACTION');
  for (let index = 0; index < statements; index++) {
    await client.query({
      name: 'bench.begin-insert',
      text: 'INSERT INTO bench_begin (id, n) VALUES ($1, $2)',
      values: [randomUUID(), n],
    });
  }
  await client.query('COMMIT');
}

async function main(): Promise<void> {
  const sides = [await side('BEGIN with the first statement', true), await side('BEGIN on its own', false)];
  log(`${runs} transactions of ${statements} insert(s) a pass, ${passes} passes, one connection each`);
  for (let pass = 1; pass <= passes; pass++) {
    for (const measured of sides) {
      const trips = measured.trips;
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      for (let run = 0; run < runs; run++) await transaction(measured.client, run);
      const wallUs = Number(process.hrtime.bigint() - started) / 1000 / runs;
      const used = process.cpuUsage(cpu);
      const cpuUs = (used.user + used.system) / runs;
      const perTransaction = (measured.trips - trips) / runs;
      if (pass > 1) {
        measured.wallUs.push(wallUs);
        measured.cpuUs.push(cpuUs);
        measured.tripsPerTransaction.push(perTransaction);
      }
      log(
        `pass ${pass}: ${measured.name.padEnd(32)} ${wallUs.toFixed(0)} us a transaction, ${cpuUs.toFixed(0)} us of CPU, ${perTransaction.toFixed(2)} round trips`,
      );
    }
    for (const measured of sides) await measured.client.query('TRUNCATE bench_begin');
  }
  log('');
  log(`Medians of passes 2-${passes}, a transaction of ${statements} insert(s) and its COMMIT`);
  log("| BEGIN | wall | this process's CPU | round trips |");
  log('|---|---|---|---|');
  for (const measured of sides) {
    log(
      `| ${measured.name} | ${median(measured.wallUs).toFixed(0)} us | ${median(measured.cpuUs).toFixed(0)} us | ${median(measured.tripsPerTransaction).toFixed(2)} |`,
    );
  }
  for (const measured of sides) await measured.client.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
