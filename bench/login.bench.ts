/**
 * Login: `POST /api/v1/auth/login` against the production build, bcrypt at the server's cost,
 * and whether a refused login (wrong PIN, unknown phone) answers the same 401 in about the time
 * a successful one takes.
 *
 *   npm run bench:login                  # nest build, then this file with ts-node (transpile-only)
 *   npx ts-node bench/login.bench.ts     # against the existing dist/ build
 *
 * Self-contained, against the production build (`dist/src/main.js`):
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_login`) with the
 *    project's CLI, then inserts BENCH_USERS (256) verified TIER_1 customers by SQL, all with one
 *    PIN hashed by bcrypt at BENCH_BCRYPT_COST (10, the server's default BCRYPT_COST). Measures
 *    the floor: bcrypt comparisons/s at that cost in this process for 3 s, 4 at a time (libuv's
 *    default thread pool); a login costs one comparison, so no API does more logins/s than that.
 * 2. Starts the API (`node dist/src/main.js`, NODE_ENV=production, LOG_LEVEL=warn, fresh secrets,
 *    BCRYPT_COST=BENCH_BCRYPT_COST so its decoy hash for unknown phones costs the same,
 *    DATABASE_POOL_SIZE=BENCH_POOL_SIZE (10), Redis keys under a fresh `ps-bench-login-` prefix)
 *    on BENCH_API_PORT (3102) and waits for /api/v1/health/ready. Two settings differ from
 *    production, for this bench only:
 *    - RATE_LIMIT_LOGIN_PER_PHONE=1000000 (production 20 per 15 minutes): the rounds log each
 *      customer in many times; the limit is still checked in Redis on every request, so its
 *      cost stays in the figures.
 *    - PIN_MAX_FAILED_ATTEMPTS=100 (production 5, and 100 is the most it accepts): the wrong-PIN
 *      round sends every customer wrong PINs in turn and must lock none (a lock answers 423).
 * 3. Checks one request of each kind answers as it should: 200 for the right PIN, 401
 *    INVALID_CREDENTIALS for a wrong PIN and for an unknown phone.
 * 4. For BENCH_ROUNDS (3) rounds: a BENCH_WARMUP_SECONDS (2) warm-up, then BENCH_CONNECTIONS (32)
 *    connections for BENCH_SECONDS (10) s of correct logins, customers in turn.
 * 5. One round of BENCH_FAILURE_SECONDS (5) s each at BENCH_CONNECTIONS: the wrong PIN for known
 *    phones (customers in turn), then the right PIN for BENCH_USERS phones that are nobody's.
 * 6. At 32 connections p50 is mostly queueing for bcrypt (about connections / throughput), so
 *    the three kinds are also timed with 1 connection for BENCH_PROBE_SECONDS (3) s each
 *    (0 leaves this out): the time one login takes on an otherwise idle API.
 *    Every run, warm-ups included, starts once the API has finished the logins the previous run
 *    left in flight (see `settle`).
 * 7. Prints a table (req/s, p50, p99, non-2xx, errors, answers with the expected status, 200 or
 *    401 for the refused kinds, and the unexpected ones, errors included), the p50 of success vs
 *    wrong PIN vs unknown phone, success req/s against the floor, the bcrypt cost read back from
 *    a stored hash and the machine's load average before and after (figures are only
 *    meaningful on a quiet machine).
 *
 * Exits 1 when a correct login failed or a refused one answered other than 401. Not part of
 * the tests.
 */
import autocannon from 'autocannon';
import * as bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import {
  answers,
  benchPhones,
  benchSettings,
  Figures,
  figuresOf,
  insertCustomers,
  log,
  productionEnvironment,
  recreateDatabase,
  runBench,
  setting,
  startBuilt,
} from './support/bench-kit';

const { databaseUrl, apiPort, connections, seconds, warmUpSeconds, rounds, poolSize } = benchSettings({
  database: 'payment_service_bench_login',
  apiPort: 3102,
});
const users = setting('BENCH_USERS', 256);
const failureSeconds = setting('BENCH_FAILURE_SECONDS', 5);
const probeSeconds = setting('BENCH_PROBE_SECONDS', 3);
const bcryptCost = setting('BENCH_BCRYPT_COST', 10);
const PIN = '480264';
const WRONG_PIN = '480265';
const FLOOR_SECONDS = 3;
const FLOOR_PARALLEL = 4;
/** Nobody's number, for `settle`. */
const SETTLE_PHONE = '+2348060000000';
/** Bench-only API settings; see the header. */
const LOGIN_LIMIT_PER_PHONE = 1_000_000;
const MAX_FAILED_ATTEMPTS = 100;

type Kind = 'success' | 'wrong PIN' | 'unknown phone';

interface Attempts {
  phones: string[];
  pin: string;
  /** The status every answer must have. */
  status: number;
}

interface LoginFigures extends Figures {
  connections: number;
  /** Answers with the expected status. */
  expected: number;
  /** Answers with another status, plus connection errors. */
  unexpected: number;
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix: `ps-bench-login-${randomBytes(3).toString('hex')}`,
    poolSize,
    extra: {
      BCRYPT_COST: String(bcryptCost),
      RATE_LIMIT_LOGIN_PER_PHONE: String(LOGIN_LIMIT_PER_PHONE),
      PIN_MAX_FAILED_ATTEMPTS: String(MAX_FAILED_ATTEMPTS),
    },
  });
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  if (await answers(baseUrl)) throw new Error(`something already listens on port ${apiPort}; set BENCH_API_PORT`);

  log(`database ${databaseUrl}: recreating`);
  await recreateDatabase(databaseUrl, env);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const known = benchPhones(users);
    const pinHash = await bcrypt.hash(PIN, bcryptCost);
    await insertCustomers(db, known, pinHash);
    const storedCost = await storedBcryptCost(db, known[0]);
    const floor = await bcryptFloor(pinHash);
    log(`floor: ${floor.toFixed(1)} bcrypt comparisons/s at cost ${bcryptCost}, ${FLOOR_PARALLEL} at a time`);
    await startBuilt('dist/src/main.js', env, `${baseUrl}/api/v1/health/ready`);
    log(`API ready at ${baseUrl}; ${users} customers, PIN hashed at bcrypt cost ${storedCost}`);

    const attempts: Record<Kind, Attempts> = {
      success: { phones: known, pin: PIN, status: 200 },
      'wrong PIN': { phones: known, pin: WRONG_PIN, status: 401 },
      // Numbers of the same shape under another prefix: nobody's.
      'unknown phone': { phones: benchPhones(users, '803'), pin: PIN, status: 401 },
    };
    for (const [kind, { phones, pin, status }] of Object.entries(attempts)) {
      await checkAnswer(baseUrl, kind, phones[phones.length - 1], pin, status);
    }

    log(
      `\n${rounds} rounds of correct logins, each ${warmUpSeconds} s warm-up + ${seconds} s at ${connections} ` +
        `connections; then ${failureSeconds} s of each refused kind at ${connections} connections` +
        (probeSeconds > 0 ? `; then ${probeSeconds} s of each kind at 1 connection` : '') +
        '\n',
    );
    const rows: { label: string; figures: LoginFigures }[] = [];
    const record = (label: string, figures: LoginFigures) => {
      rows.push({ label, figures });
      log(`  ${label.padEnd(27)} ${describe(figures)}`);
    };
    for (let round = 1; round <= rounds; round += 1) {
      await drive(baseUrl, attempts.success, connections, warmUpSeconds);
      record(`success, round ${round}`, await drive(baseUrl, attempts.success, connections, seconds));
    }
    const loaded: Record<Kind, LoginFigures> = {
      success: rows[rows.length - 1].figures,
      'wrong PIN': await drive(baseUrl, attempts['wrong PIN'], connections, failureSeconds),
      'unknown phone': await drive(baseUrl, attempts['unknown phone'], connections, failureSeconds),
    };
    record('wrong PIN', loaded['wrong PIN']);
    record('unknown phone', loaded['unknown phone']);
    const single: Partial<Record<Kind, LoginFigures>> = {};
    if (probeSeconds > 0) {
      for (const kind of ['success', 'wrong PIN', 'unknown phone'] as const) {
        single[kind] = await drive(baseUrl, attempts[kind], 1, probeSeconds);
        record(`${kind}, 1 connection`, single[kind]);
      }
    }
    const loadAfter = loadavg();

    const unexpected = rows.reduce((sum, { figures }) => sum + figures.unexpected, 0);
    const p50s = (figures: Partial<Record<Kind, LoginFigures>>) =>
      (['success', 'wrong PIN', 'unknown phone'] as const).map((kind) => `${figures[kind]?.p50} ms`).join(' / ');
    log('');
    log('| run | connections | req/s | p50 | p99 | non-2xx | errors | expected answers | unexpected |');
    log('|---|---|---|---|---|---|---|---|---|');
    for (const { label, figures } of rows) {
      log(
        `| ${label} | ${figures.connections} | ${figures.requestsPerSecond.toFixed(1)} | ${figures.p50} ms | ` +
          `${figures.p99} ms | ${figures.non2xx} | ${figures.errors} | ${figures.expected} | ${figures.unexpected} |`,
      );
    }
    log(
      [
        '',
        `p50 success / wrong PIN / unknown phone at ${connections} connections: ${p50s(loaded)}` +
          ` (success: round ${rounds})`,
        ...(probeSeconds > 0 ? [`p50 success / wrong PIN / unknown phone at 1 connection: ${p50s(single)}`] : []),
        `success req/s / bcrypt floor (${floor.toFixed(1)} comparisons/s), round by round: ` +
          rows
            .slice(0, rounds)
            .map(({ figures }) => (figures.requestsPerSecond / floor).toFixed(2))
            .join(', '),
        `bcrypt cost read back from a stored hash: ${await storedBcryptCost(db, known[0])} ` +
          `(the API's BCRYPT_COST: ${bcryptCost})`,
        `load average (1, 5, 15 min) before: ${describeLoad(loadBefore)}; after: ${describeLoad(loadAfter)}`,
        `unexpected answers and errors (warm-ups left out): ${unexpected}`,
        `command: npx ts-node bench/login.bench.ts   (BENCH_USERS=${users} BENCH_CONNECTIONS=${connections} ` +
          `BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_FAILURE_SECONDS=${failureSeconds} ` +
          `BENCH_PROBE_SECONDS=${probeSeconds} BENCH_BCRYPT_COST=${bcryptCost} BENCH_POOL_SIZE=${poolSize})`,
        '',
      ].join('\n'),
    );
    if (unexpected > 0) process.exitCode = 1;
  } finally {
    await db.end();
  }
}

/**
 * The floor: how many bcrypt comparisons a second this machine does in this process, for
 * FLOOR_SECONDS, FLOOR_PARALLEL at a time (libuv's default thread pool, which the API's bcrypt
 * runs on too). A login costs one comparison, so the API's logins/s can at best come near it.
 */
async function bcryptFloor(hash: string): Promise<number> {
  const end = Date.now() + FLOOR_SECONDS * 1000;
  let compared = 0;
  await Promise.all(
    Array.from({ length: FLOOR_PARALLEL }, async () => {
      while (Date.now() < end) {
        await bcrypt.compare(PIN, hash);
        compared += 1;
      }
    }),
  );
  return compared / FLOOR_SECONDS;
}

/** The cost field of a customer's stored PIN hash (`$2b$<cost>$...`). */
async function storedBcryptCost(db: Client, phone: string): Promise<string> {
  const { rows } = await db.query<{ pin_hash: string }>(`SELECT pin_hash FROM users WHERE phone = $1`, [phone]);
  return rows[0] ? String(Number(rows[0].pin_hash.split('$')[2])) : 'unknown (no such customer)';
}

/** One login that must answer `status` (and, when refused, the code INVALID_CREDENTIALS), or throws. */
async function checkAnswer(baseUrl: string, kind: string, phone: string, pin: string, status: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, pin, deviceName: 'bench' }),
  });
  const text = await response.text();
  const code = status === 200 ? undefined : (JSON.parse(text) as { code?: string }).code;
  if (response.status !== status || (status !== 200 && code !== 'INVALID_CREDENTIALS')) {
    throw new Error(`${kind} login of ${phone}: expected ${status}, got ${response.status} ${text}`);
  }
}

/**
 * Drives the login route for `duration` seconds with `attempts`, phones in turn. Starts once the
 * API has finished what the previous run left in flight: up to a connection count of bcrypt
 * comparisons, which would otherwise add a second or more to the first requests of this run.
 */
async function drive(baseUrl: string, attempts: Attempts, conns: number, duration: number): Promise<LoginFigures> {
  await settle(baseUrl);
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: conns,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const phone = attempts.phones[next++ % attempts.phones.length];
          return { ...request, body: JSON.stringify({ phone, pin: attempts.pin, deviceName: 'bench' }) };
        },
      },
    ],
  });
  const counts = Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => ({
    status: Number(status),
    count: count ?? 0,
  }));
  const expected = counts.filter(({ status }) => status === attempts.status).reduce((sum, { count }) => sum + count, 0);
  const answered = counts.reduce((sum, { count }) => sum + count, 0);
  return { ...figuresOf(result), connections: conns, expected, unexpected: answered - expected + result.errors };
}

/**
 * One login of a phone that is nobody's, which changes no row: bcrypt work runs first come,
 * first served on libuv's thread pool, so when it answers the work queued before it is done.
 */
async function settle(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: SETTLE_PHONE, pin: PIN }),
  });
  await response.text();
}

function describe(figures: LoginFigures): string {
  return (
    `${figures.requestsPerSecond.toFixed(1).padStart(7)} req/s   p50 ${String(figures.p50).padStart(5)} ms   ` +
    `p99 ${String(figures.p99).padStart(5)} ms   non-2xx ${figures.non2xx}   errors ${figures.errors}   ` +
    `expected ${figures.expected}   unexpected ${figures.unexpected}`
  );
}

function describeLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(', ');
}

runBench(main, { label: 'login bench', stack: true });
