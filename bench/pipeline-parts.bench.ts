/**
 * What each part of the API's request pipeline costs the server a request, by taking it out: on
 * the database `npm run bench:payments` leaves behind (its customers log in once more, each a new
 * device session),
 *
 *   BENCH_ROUNDS=1 BENCH_WORKER=0 npm run bench:payments   # fills payment_service_bench_payments
 *   npm run bench:pipeline
 *
 * `POST /payments` costs the API several times what the acceptance floor's server spends on the
 * same statements (`src/modules/payments/README.md`, "Acceptance against the floor"), and the
 * bench's pipeline floor puts a large share of it in the request pipeline every route shares. A
 * CPU profile spreads that share thin over a dozen packages (and V8's sampler charges a process
 * the time it waits for a core), so this bench measures it by difference instead:
 *
 * 1. Each variant is a server of its own (`support/pipeline-parts-server.ts`), forked for its
 *    turn and stopped after it, answering `POST /api/v1/bench-floor/payments` at once, with no
 *    statement or Redis command of its own: `nest`, behind a minimal Nest app (the Nest floor's
 *    shape); `full`, as a route of the built `ApiModule` declared as `POST /payments` is
 *    (`@CustomerAuth()`, the Idempotency-Key, a `PaymentRequestDto` body) and configured as the
 *    API is; then `full` without one part (`support/pipeline-parts.ts` names them), and without
 *    all of them. BENCH_VARIANTS (`;` between variants, `,` between the parts a variant leaves
 *    out, an empty one for `full`) picks others.
 * 2. Each turn drives the payments bench's requests (a customer's bearer token, a new key, a
 *    payment's body) at BENCH_CONNECTIONS (32) connections: BENCH_WARMUP_SECONDS (3) s unmeasured,
 *    then BENCH_SECONDS (4) s, reading the server's CPU (every thread, from /proc) around them.
 * 3. BENCH_ROUNDS (5) rounds, the variants' order rotated each round, so the machine's drifts fall
 *    on each variant in turn; the table gives each variant's median CPU a request, that median over
 *    the minimal Nest app's (`/ nest`, when `nest` ran), its range, and
 *    what taking the part out saved against `full`'s median (parts overlap: the savings need not
 *    add up to what `full` costs over `nest`).
 *
 * BENCH_ROUTE_QUERIES (0) gives the route that many round trips to PostgreSQL before it answers,
 * one after the other (`SELECT $1` through a `pg` pool of the server's own, the same in every
 * variant, `nest` included), so the parts are measured on a route that waits on the database as
 * `POST /payments` does (12 is about a payment's: the acceptance floor's statements) rather than
 * on one that answers at once; BENCH_ROUTE_SLEEP_MS (0) then has it wait that long on a timer
 * (a wait with no round trip, to tell the two apart).
 *
 * BENCH_SERVER_NODE_ARGS passes flags to every server (`--cpu-prof --cpu-prof-dir=DIR` profiles
 * them: a profile is written when its server is stopped with SIGINT, which the bench sends).
 * BENCH_DATABASE_URL names another database. Not part of the tests.
 */
import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  describeLoad,
  Figures,
  log,
  median,
  processTicks,
  productionEnvironment,
  setting,
  stopChildren,
  switchMeter,
  track,
} from './support/bench-kit';
import { Customer, drivePayments, logIn } from './support/payment-kit';
import { PIPELINE_PARTS, PipelinePart } from './support/pipeline-parts';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payment_service_bench_payments';
const port = setting('BENCH_API_PORT', 3131);
const rounds = setting('BENCH_ROUNDS', 5);
const seconds = setting('BENCH_SECONDS', 4);
const warmUpSeconds = setting('BENCH_WARMUP_SECONDS', 3);
const connections = setting('BENCH_CONNECTIONS', 32);
/** What the route waits for before it answers (header): round trips, then a timer's milliseconds. */
const routeQueries = wholeNumber('BENCH_ROUTE_QUERIES');
const routeSleepMs = wholeNumber('BENCH_ROUTE_SLEEP_MS');

/** A setting of 0 or more, 0 by default; anything else refused before any server starts. */
function wholeNumber(name: string): number {
  const value = setting(name, 0);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}: a whole number, not ${process.env[name]}`);
  return value;
}
const baseUrl = `http://127.0.0.1:${port}`;
// BENCH_SERVER_NODE_ARGS (`--cpu-prof --cpu-prof-dir=DIR`) passes flags to every server.
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PATH = '/api/v1/bench-floor/payments';

const allParts = Object.keys(PIPELINE_PARTS) as PipelinePart[];
/** `nest`, or the parts `full` is run without (none: `full` itself). */
type Variant = 'nest' | PipelinePart[];
const variants: Variant[] =
  process.env.BENCH_VARIANTS === undefined
    ? ['nest', [], ...allParts.map((part) => [part]), allParts]
    : process.env.BENCH_VARIANTS.split(';').map((variant) => (variant === 'nest' ? 'nest' : partsOf(variant)));

/** The parts a variant of BENCH_VARIANTS names, refused before any server starts when one is unknown. */
function partsOf(variant: string): PipelinePart[] {
  const parts = variant.split(',').filter(Boolean);
  const unknown = parts.filter((part) => !(part in PIPELINE_PARTS));
  if (unknown.length > 0) {
    throw new Error(`BENCH_VARIANTS: unknown part ${unknown.join(', ')} (the parts: ${allParts.join(', ')})`);
  }
  return parts as PipelinePart[];
}

function nameOf(variant: Variant): string {
  if (variant === 'nest') return 'nest';
  if (variant.length === 0) return 'full';
  if (variant.length === allParts.length) return 'without every part';
  return `without ${variant.join(', ')}`;
}

// One environment for every server: the same JWT secret and Redis prefix, so one login serves all.
const environment = productionEnvironment({
  port,
  databaseUrl,
  redisKeyPrefix: `ps-bench-pipeline-${randomBytes(3).toString('hex')}`,
  poolSize: 4,
});

async function start(variant: Variant): Promise<ChildProcess> {
  const child = track(
    fork(join(__dirname, 'support', 'pipeline-parts-server.ts'), [], {
      env: {
        ...environment,
        PIPELINE_SERVER: variant === 'nest' ? 'nest' : 'api',
        PIPELINE_WITHOUT: variant === 'nest' ? '' : variant.join(','),
        PIPELINE_ROUTE_QUERIES: String(routeQueries),
        PIPELINE_ROUTE_SLEEP_MS: String(routeSleepMs),
      },
      execArgv: ['-r', 'ts-node/register/transpile-only', ...serverNodeArgs],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) =>
      fail(new Error(`${nameOf(variant)}: the server exited (${code}) before it was ready`)),
    );
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(serverNodeArgs.length > 0 ? 'SIGINT' : 'SIGKILL');
  await exited;
}

function drive(customers: Customer[], duration: number): Promise<Figures> {
  return drivePayments(baseUrl, customers, { connections, duration, path: PATH });
}

interface Turn {
  cpuMicros: number;
  perSecond: number;
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = (
    await db.query<{ id: string; phone: string }>(
      `SELECT id, phone FROM users WHERE phone LIKE '+234809%' ORDER BY phone LIMIT 64`,
    )
  ).rows;
  await db.end();
  if (rows.length === 0) throw new Error('no bench customers: run `npm run bench:payments` first');

  const first = await start([]);
  const customers = await logIn(baseUrl, rows);
  await stop(first);
  log(
    `${customers.length} customers logged in; ${connections} connections, ${seconds} s a turn, ${rounds} rounds; ` +
      `the route makes ${routeQueries} round trip${routeQueries === 1 ? '' : 's'} and waits ${routeSleepMs} ms before it answers`,
  );

  const turns = new Map<string, Turn[]>(variants.map((variant) => [nameOf(variant), []]));
  for (let round = 0; round < rounds; round++) {
    log(`round ${round + 1}: ${describeLoad()}`);
    const order = variants.map((_, index) => variants[(index + round) % variants.length]);
    for (const variant of order) {
      const child = await start(variant);
      await drive(customers, warmUpSeconds);
      const before = processTicks(child.pid!);
      const switches = switchMeter(child.pid);
      const result = await drive(customers, seconds);
      // USER_HZ is 100 on Linux: a tick is 10 ms.
      const cpuMicros = ((processTicks(child.pid!) - before) * 10_000) / Math.max(result.responses2xx, 1);
      const switched = switches(result.responses2xx);
      await stop(child);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${nameOf(variant)}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      }
      const turn = { cpuMicros, perSecond: result.responses2xx / seconds };
      turns.get(nameOf(variant))!.push(turn);
      log(
        `round ${round + 1}: ${nameOf(variant).padEnd(28)} ${turn.perSecond.toFixed(0)} req/s, ${cpuMicros.toFixed(0)} us of CPU a request`,
      );
      log(`round ${round + 1}: ${''.padEnd(28)} a request: ${switched}`);
    }
  }

  const medianOf = (name: string) => {
    const measured = turns.get(name);
    return measured && measured.length > 0 ? median(measured.map((turn) => turn.cpuMicros)) : undefined;
  };
  const fullMedian = medianOf('full');
  const nestMedian = medianOf('nest');
  log('');
  log(`The server's CPU a request (every thread), medians of ${rounds} rounds; / nest: against the minimal Nest app's`);
  log('| variant | what it leaves out | req/s | CPU a request | / nest | range | saved against full |');
  log('|---|---|---|---|---|---|---|');
  for (const variant of variants) {
    const name = nameOf(variant);
    const cpu = turns.get(name)!.map((turn) => turn.cpuMicros);
    const rate = median(turns.get(name)!.map((turn) => turn.perSecond));
    const what =
      variant === 'nest'
        ? 'the service: a minimal Nest app'
        : variant.length === 1
          ? PIPELINE_PARTS[variant[0]]
          : variant.length === 0
            ? 'nothing'
            : `${variant.length} parts`;
    const saved = fullMedian === undefined || name === 'full' ? '' : `${(fullMedian - median(cpu)).toFixed(0)} us`;
    const againstNest = nestMedian === undefined ? '' : (median(cpu) / nestMedian).toFixed(2);
    log(
      `| ${name} | ${what} | ${rate.toFixed(0)} | ${median(cpu).toFixed(0)} us | ${againstNest} | ${Math.min(...cpu).toFixed(0)}-${Math.max(...cpu).toFixed(0)} us | ${saved} |`,
    );
  }
}

main()
  .catch((error: unknown) => {
    log(`pipeline bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => stopChildren());
