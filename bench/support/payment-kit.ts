import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { RunningBillerSimulator, startBillerSimulator } from '../../src/simulators/biller-simulator';
import {
  benchPhones,
  databaseTicks,
  figuresOf,
  Figures,
  insertCustomers,
  log,
  postgresTicks,
  processTicks,
  productionEnvironment,
  recreateDatabase,
  stopChildren,
} from './bench-kit';

/**
 * What the payment benches share (payments.bench.ts, settled-payments.bench.ts,
 * schedules.bench.ts, checkout.bench.ts, scale-out.bench.ts): their start (`runPaymentBench`: the
 * environment, the in-process biller simulator, a recreated database with the catalogue they pay:
 * the CARD rail, a category, one biller on the simulator), customers logged in with one PIN,
 * `POST /payments` driven by autocannon with a unique Idempotency-Key and an amount unique per
 * customer, a floor's `POST /pay` driven alike, the waits for the worker to settle, and CPU per
 * payment from /proc.
 */

export const PIN = '480264';
export const BILLER_SLUG = 'bench-power';
/** A valid account of the simulator (no magic suffix): it validates and takes payments at once. */
export const ACCOUNT_REFERENCE = '45010001234';
/** A card the sandbox rail captures. */
export const FUNDING_CARD = '4242424242424242';

/**
 * The admission statement's (`payments.admit-payment`) limits and screening terms as the service
 * passes them by default: PAYMENT_DUPLICATE_WINDOW_SECONDS, and the AML window, structuring band
 * and distinct-payers cap of compliance.config.ts; the limits are ones a floor never reaches (it
 * reads the day's total as the service does, and pays within it).
 */
export const BENCH_ADMISSION_TERMS = {
  duplicateWindowSeconds: 600,
  perPayment: '1000000000000',
  daily: '1000000000000',
  windowMinutes: 60,
  screeningCurrency: 'NGN',
  bandFrom: '450000000',
  bandTo: '500000000',
  payersCap: 25,
} as const;

export interface Customer {
  id: string;
  phone: string;
  token: string;
}

export interface SentPayment {
  customer: Customer;
  key: string;
  body: string;
}

/** The CARD rail, a category and the biller `BILLER_SLUG` (amount rule ANY, fee 100 + 0.5 %); answers its id. */
export async function loadCatalogue(db: Client, connectorUrl: string): Promise<string> {
  await db.query(
    `INSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)
     VALUES (gen_random_uuid(), 'CARD', 'Card', true, 0, 0, 1, 1000000000)`,
  );
  const [category] = (
    await db.query<{ id: string }>(
      `INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
       VALUES (gen_random_uuid(), 'bench-electricity', 'Bench electricity', 'bolt', 1, true) RETURNING id`,
    )
  ).rows;
  const [biller] = (
    await db.query<{ id: string }>(
      `INSERT INTO billers (id, slug, name, aliases, category_id, country, currency, accepted_rails, fee_flat,
                            fee_percent_bps, min_amount, max_amount, account_reference_label,
                            account_reference_pattern, amount_rule, validates_directly, connector_base_url,
                            connector_secret_ref, connector_timeout_ms, popularity, search_name, search_text)
       VALUES (gen_random_uuid(), $1, 'Bench Power', '{}', $2, 'NG', 'NGN', '{CARD}', 100, 50, 100, 100000000,
               'Meter number', '\\d{11}', 'ANY', true, $3, 'simulator', 2000, 0, 'bench power', 'bench power')
       RETURNING id`,
      [BILLER_SLUG, category.id, connectorUrl],
    )
  ).rows;
  return biller.id;
}

/** What `runPaymentBench` hands a payment bench once its database is ready. */
export interface PaymentBench {
  /** The environment of the bench's API, worker and CLI. */
  env: NodeJS.ProcessEnv;
  /** A connection to the bench's database. */
  db: Client;
  simulator: RunningBillerSimulator;
  /** The biller `BILLER_SLUG`: its id, and its URL on the simulator. */
  billerId: string;
  billerUrl: string;
}

/**
 * The start and the end every payment bench shares. Builds the environment of its processes
 * (`productionEnvironment` with the bench's API port, database and pool size, Redis keys under
 * `ps-bench-<name>-` and a random suffix, the outbox relay polling every 50 ms, then `extra`),
 * starts the biller simulator in this process with that environment's secret, recreates the
 * database (logged, `note` appended to the line), connects to it (as `applicationName`, when
 * given) and loads the catalogue (`loadCatalogue`). Then runs `work`; whatever happens, closes the
 * connection, stops the bench's children and closes the simulator.
 */
export async function runPaymentBench(
  settings: {
    name: string;
    apiPort: number;
    databaseUrl: string;
    poolSize: number;
    extra?: Record<string, string>;
    note?: string;
    applicationName?: string;
  },
  work: (bench: PaymentBench) => Promise<void>,
): Promise<void> {
  const { databaseUrl } = settings;
  const env = productionEnvironment({
    port: settings.apiPort,
    databaseUrl,
    redisKeyPrefix: `ps-bench-${settings.name}-${randomBytes(3).toString('hex')}`,
    poolSize: settings.poolSize,
    extra: { OUTBOX_POLL_INTERVAL_MS: '50', ...settings.extra },
  });
  const simulator = await startBillerSimulator({ secret: env.BILLER_SIMULATOR_SECRET as string });
  try {
    log(`database ${databaseUrl}: recreating${settings.note ?? ''}`);
    await recreateDatabase(databaseUrl, env);
    const db = new Client({ connectionString: databaseUrl, application_name: settings.applicationName });
    await db.connect();
    try {
      const billerUrl = simulator.billerUrl(BILLER_SLUG);
      const billerId = await loadCatalogue(db, billerUrl);
      await work({ env, db, simulator, billerId, billerUrl });
    } finally {
      await db.end();
    }
  } finally {
    await stopChildren();
    await simulator.close();
  }
}

/** A bcrypt hash of `PIN` at cost 10 (the server's default BCRYPT_COST), as a customer's stored PIN. */
export async function hashPin(): Promise<string> {
  const { hash } = await import('bcrypt');
  return hash(PIN, 10);
}

/**
 * `count` verified TIER_1 customers, phones `benchPhones(count, prefix)`, PIN `PIN` (stored as
 * `pinHash`, or a hash made for them); answers their ids and phones.
 */
export async function insertBenchCustomers(
  db: Client,
  count: number,
  prefix = '809',
  pinHash?: string,
): Promise<{ id: string; phone: string }[]> {
  return insertCustomers(db, benchPhones(count, prefix), pinHash ?? (await hashPin()));
}

/** Logs every customer in through `POST /auth/login` (PIN `PIN`), 16 at a time, for its token. */
export async function logIn(baseUrl: string, rows: { id: string; phone: string }[]): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let start = 0; start < rows.length; start += 16) {
    const batch = await Promise.all(
      rows.slice(start, start + 16).map(async (row) => {
        const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: row.phone, pin: PIN, deviceName: 'bench' }),
        });
        if (!response.ok) throw new Error(`login of ${row.phone}: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as { accessToken: string };
        return { id: row.id, phone: row.phone, token: body.accessToken };
      }),
    );
    customers.push(...batch);
  }
  return customers;
}

let counter = 0;

/** The next number of the bench's one counter (requests to the API and to a floor draw from it). */
export function nextCount(): number {
  counter += 1;
  return counter;
}

/**
 * The account customer `index` pays: the one hot account `ACCOUNT_REFERENCE`, or with
 * `spreadAccounts` one of its own, eleven digits as the biller's pattern asks, ending in 1 so that
 * no simulator behaviour applies. The API's payments and the floor's both take it from here.
 */
export function accountOf(index: number, spreadAccounts: boolean): string {
  return spreadAccounts ? `4501${String(index).padStart(6, '0')}1` : ACCOUNT_REFERENCE;
}

/**
 * The next payment: customers in turn, a unique key, an amount unique per customer, the account
 * `accountOf` gives.
 */
export function nextPayment(customers: Customer[], spreadAccounts = false): SentPayment {
  const count = nextCount();
  const index = count % customers.length;
  const customer = customers[index];
  const body = JSON.stringify({
    biller: BILLER_SLUG,
    accountReference: accountOf(index, spreadAccounts),
    amount: 1000 + Math.floor(count / customers.length),
    currency: 'NGN',
    rail: 'CARD',
    fundingAccount: FUNDING_CARD,
  });
  return { customer, key: `bench-${count}-${randomBytes(4).toString('hex')}`, body };
}

/**
 * `POST /api/v1/payments` with `connections` connections for `duration` s, each request the
 * next payment (`spreadAccounts` as `nextPayment` takes it); `onSent` sees every payment sent.
 */
export async function drivePayments(
  baseUrl: string,
  customers: Customer[],
  settings: {
    connections: number;
    duration: number;
    onSent?: (payment: SentPayment) => void;
    spreadAccounts?: boolean;
    /** Where the payments go: `/api/v1/payments` unless given. */
    path?: string;
    /** Requests a second over all connections (autocannon's `overallRate`); as fast as answered unless given. */
    rate?: number;
  },
): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: settings.connections,
    duration: settings.duration,
    ...(settings.rate ? { overallRate: settings.rate } : {}),
    requests: [
      {
        method: 'POST',
        path: settings.path ?? '/api/v1/payments',
        setupRequest: (request) => {
          const payment = nextPayment(customers, settings.spreadAccounts);
          settings.onSent?.(payment);
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${payment.customer.token}`,
              'idempotency-key': payment.key,
            },
            body: payment.body,
          };
        },
      },
    ],
  });
  return figuresOf(result);
}

/**
 * `POST /pay` of a floor server at `url` with `connections` connections for `duration` s (at
 * `rate` requests a second in all, when given): each
 * request takes the next number of the bench's counter (`nextCount`) and a unique key
 * (`floor-<count>-` and random hex), and sends the JSON body `order` makes of them.
 */
export async function driveFloorPayments(
  url: string,
  settings: { connections: number; duration: number; rate?: number },
  order: (count: number, key: string) => Record<string, unknown>,
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.duration,
    ...(settings.rate ? { overallRate: settings.rate } : {}),
    requests: [
      {
        method: 'POST',
        path: '/pay',
        setupRequest: (request) => {
          const count = nextCount();
          return {
            ...request,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(order(count, `floor-${count}-${randomBytes(4).toString('hex')}`)),
          };
        },
      },
    ],
  });
  return figuresOf(result);
}

/** What is left to settle: payments in flight and outbox rows to publish, as a bench counts them. */
export interface Unsettled {
  payments: number;
  events: number;
}

/**
 * Runs `count` (a statement answering `payments` and `events`: what the bench waits for the
 * worker to settle) every `pollMs` until both are 0 or `limitMs` have passed; answers the last
 * count (-1 each when the limit left no time to run it) and the seconds waited.
 */
export async function waitUntilSettled(
  db: Client,
  count: { text: string; values?: unknown[] },
  limits: { limitMs: number; pollMs: number },
): Promise<{ left: Unsettled; seconds: number }> {
  const started = Date.now();
  let left: Unsettled = { payments: -1, events: -1 };
  while (Date.now() - started < limits.limitMs) {
    left = (await db.query<Unsettled>(count.text, count.values)).rows[0];
    if (left.payments === 0 && left.events === 0) break;
    await new Promise((done) => setTimeout(done, limits.pollMs));
  }
  return { left, seconds: (Date.now() - started) / 1000 };
}

/**
 * Logs how `waitUntilSettled` ended, under `label`: `settled` (given the seconds waited) when
 * nothing was left, else what was still unsettled after how long.
 */
export function logSettling(
  label: string,
  outcome: { left: Unsettled; seconds: number },
  settled: (seconds: string) => string,
): void {
  const { left } = outcome;
  const waited = outcome.seconds.toFixed(1);
  log(
    left.payments === 0 && left.events === 0
      ? `${label}: ${settled(waited)}`
      : `${label}: after ${waited} s, ${left.payments} payments and ${left.events} events still unsettled`,
  );
}

/**
 * Waits up to 30 s for every outbox row to be PUBLISHED, reading every 250 ms; rows of an event
 * type LIKE `exceptTypesLike` (a floor's, never due) are left out. Answers how many are not.
 */
export async function awaitOutboxPublished(db: Client, exceptTypesLike?: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  let pending = -1;
  while (Date.now() < deadline) {
    const { rows } =
      exceptTypesLike === undefined
        ? await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_events WHERE status <> 'PUBLISHED'`)
        : await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox_events WHERE status <> 'PUBLISHED' AND event_type NOT LIKE $1`,
            [exceptTypesLike],
          );
    pending = rows[0].n;
    if (pending === 0) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  return pending;
}

/** CPU milliseconds per payment of each named process and of the PostgreSQL server. */
export type CpuPerPayment = Record<string, number>;

/**
 * Starts counting the CPU time of the given processes and of the PostgreSQL server; the
 * function it returns gives the time used since, per payment, in ms (from /proc, Linux only).
 * With `database`, also `PostgreSQL (database)`: the server's processes serving that database
 * only, which leaves out what other databases on a shared server cost meanwhile.
 */
export function cpuCounter(
  processes: Record<string, number | undefined>,
  database?: string,
): (payments: number) => CpuPerPayment {
  const pids = Object.entries(processes).filter((entry): entry is [string, number] => entry[1] !== undefined);
  const before = { processes: pids.map(([, pid]) => processTicks(pid)), postgres: postgresTicks() };
  const ofDatabase = database === undefined ? undefined : databaseTicks(database);
  return (payments) => {
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    const perPayment = (ticks: number) => (ticks * 10) / Math.max(payments, 1);
    const figures: CpuPerPayment = {};
    pids.forEach(([name, pid], index) => (figures[name] = perPayment(processTicks(pid) - before.processes[index])));
    figures.PostgreSQL = perPayment(postgresTicks() - before.postgres);
    if (ofDatabase) figures['PostgreSQL (database)'] = perPayment(ofDatabase.stop());
    return figures;
  };
}

export function describeCpu(figures: CpuPerPayment): string {
  return Object.entries(figures)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`)
    .join(', ');
}

/** `cpuCounter` described: `API 1.23 ms, worker 0.45 ms, PostgreSQL 0.67 ms`. */
export function cpuMeter(
  processes: Record<string, number | undefined>,
  database?: string,
): (payments: number) => string {
  const count = cpuCounter(processes, database);
  return (payments) => describeCpu(count(payments));
}
