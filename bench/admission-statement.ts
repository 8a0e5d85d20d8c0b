/**
 * The payment core's admission statement (`payments.admit-payment`) on its own, against the
 * acceptance floor's two statements that stand for it (`support/acceptance-floor.ts`), on the
 * database `npm run bench:payments` leaves behind:
 *
 *   BENCH_ROUNDS=2 BENCH_WORKER=0 npm run bench:payments   # fills payment_service_bench_payments
 *   npm run bench:admission
 *
 * It separates what the admission costs PostgreSQL from the rest of a payment, where the bench's
 * `pg_stat_statements` table gives only each statement's total. Nothing it writes stays: every
 * run is rolled back.
 *
 * 1. Picks the customer with the most payments in the rolling day (the day every admission sums)
 *    and the biller account of their newest payment, which each run pays again.
 * 2. Prints `EXPLAIN (ANALYZE, BUFFERS)` of one admission of that customer (rolled back).
 * 3. For BENCH_PASSES (3) passes, runs every variant in turn BENCH_RUNS (500) times on one
 *    connection, interleaved so that all of them meet the same tables and the same machine (the
 *    tables the runs write are vacuumed every 25 turns, untimed), each run between BEGIN and
 *    ROLLBACK, and prints the median and mean time a run of: nothing (BEGIN and ROLLBACK alone),
 *    the admission as a payment runs it, the admission without the distinct-payers walk
 *    (`payersCap` 0: the AML rule's threshold of none), and the floor's precheck and insert (one
 *    round trip more). The first pass warms the connection's plans and caches: read the later
 *    ones. Statements run named, as the service's.
 *
 * BENCH_DATABASE_URL names another database. Not part of the tests.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import * as payments from '../src/modules/payments/core/sql/payments.queries';
import { sqlStatements } from '../src/platform/database/sql-query';
import { FLOOR_INSERT_PAYMENT, FLOOR_PRECHECK } from './support/acceptance-floor';
import { log, setting } from './support/bench-kit';
import { BENCH_ADMISSION_TERMS } from './support/payment-kit';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payment_service_bench_payments';
const runs = setting('BENCH_RUNS', 500);
const passes = setting('BENCH_PASSES', 3);

const SQL = sqlStatements('payments', payments);

/**
 * A rolled-back insert leaves a dead row in every index it touched, and the admission's read of the
 * customer's day walks them: vacuumed this often (untimed), the runs see about the table a
 * committed history leaves.
 */
const VACUUM = 'VACUUM payments, payment_status_events, payment_capture_instructions';
const VACUUM_EVERY = 25;

interface Subject {
  customerId: string;
  billerId: string;
  billerName: string;
  billerSlug: string;
  accountReference: string;
  dayPayments: number;
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const subject = await pickSubject(db);
    log(
      `${databaseUrl}: customer ${subject.customerId}, ${subject.dayPayments} payments in the rolling day; ` +
        `${runs} runs a variant, ${passes} passes`,
    );
    await db.query('BEGIN');
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${SQL.admitPayment.text}`, [
      ...SQL.admitPayment.valuesOf(admission(subject, BENCH_ADMISSION_TERMS.payersCap)),
    ]);
    await db.query('ROLLBACK');
    log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));

    const variants: [string, () => Promise<unknown>][] = [
      ['BEGIN and ROLLBACK alone', () => Promise.resolve()],
      ['payments.admit-payment', () => admit(db, subject, BENCH_ADMISSION_TERMS.payersCap)],
      ['payments.admit-payment, payersCap 0', () => admit(db, subject, 0)],
      ["the floor's precheck and insert", () => floor(db, subject)],
    ];
    log('| pass | variant | median us a run | mean |');
    log('|---|---|---|---|');
    for (let pass = 1; pass <= passes; pass++) {
      const times = variants.map((): number[] => []);
      for (let index = 0; index < runs; index++) {
        if (index % VACUUM_EVERY === 0) await db.query(VACUUM);
        for (const [at, [, run]] of variants.entries()) {
          const started = process.hrtime.bigint();
          await db.query('BEGIN');
          await run();
          await db.query('ROLLBACK');
          times[at].push(Number(process.hrtime.bigint() - started) / 1000);
        }
      }
      for (const [at, [name]] of variants.entries()) {
        const sorted = [...times[at]].sort((left, right) => left - right);
        const mean = sorted.reduce((sum, us) => sum + us, 0) / sorted.length;
        log(`| ${pass} | ${name} | ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} | ${mean.toFixed(0)} |`);
      }
    }
  } finally {
    await db.end();
  }
}

/** The customer with the most payments in the rolling day, and the account of their newest payment. */
async function pickSubject(db: Client): Promise<Subject> {
  const { rows } = await db.query<Subject>(
    `WITH busiest AS (
       SELECT customer_id, count(*)::int AS day_payments
         FROM payments
        WHERE created_at > now() - interval '24 hours' AND status <> 'FAILED' AND customer_id IS NOT NULL
        GROUP BY customer_id ORDER BY day_payments DESC LIMIT 1
     )
     SELECT p.customer_id AS "customerId", p.biller_id AS "billerId", p.biller_name AS "billerName",
            p.biller_slug AS "billerSlug", p.account_reference AS "accountReference",
            busiest.day_payments AS "dayPayments"
       FROM busiest
       JOIN LATERAL (
         SELECT * FROM payments WHERE customer_id = busiest.customer_id AND biller_id IS NOT NULL
          ORDER BY created_at DESC LIMIT 1
       ) p ON true`,
  );
  if (rows.length === 0) {
    throw new Error(`no payments in ${databaseUrl}: run BENCH_WORKER=0 npm run bench:payments first`);
  }
  return rows[0];
}

function admission(subject: Subject, payersCap: number): payments.AdmitPaymentParams {
  return {
    id: randomUUID(),
    customerId: subject.customerId,
    channel: 'APP',
    payerType: 'CUSTOMER',
    payerId: subject.customerId,
    idempotencyKey: randomUUID(),
    requestHash: '0'.repeat(64),
    billerId: subject.billerId,
    billerName: subject.billerName,
    billerSlug: subject.billerSlug,
    accountReference: subject.accountReference,
    savedAccountId: null,
    amount: amountOfRun(),
    fee: 100,
    currency: 'NGN',
    rail: 'CARD',
    fundingAccountMasked: '************4242',
    note: 'Payment accepted; CARD asked to capture the funds',
    captureFundingSealed: 'sealed',
    // Admitted whatever the bench paid in the window: the duplicate check still reads the day.
    confirmDuplicate: true,
    ...BENCH_ADMISSION_TERMS,
    payersCap,
  };
}

async function admit(db: Client, subject: Subject, payersCap: number): Promise<void> {
  const statement = SQL.admitPayment;
  const { rows } = await db.query<payments.AdmitPaymentResult>({
    name: statement.name,
    text: statement.text,
    values: [...statement.valuesOf(admission(subject, payersCap))],
  });
  if (rows.length === 0 || rows[0].created_at === null) throw new Error('the admission refused a bench run');
}

async function floor(db: Client, subject: Subject): Promise<void> {
  const key = randomUUID();
  await db.query({ name: 'floor-3', text: FLOOR_PRECHECK, values: [subject.customerId, key] });
  await db.query({
    name: 'floor-4',
    text: FLOOR_INSERT_PAYMENT,
    values: [randomUUID(), subject.customerId, key, subject.billerId, amountOfRun(), 100, subject.accountReference],
  });
}

/** An amount of its own for each run. */
let runCount = 0;
function amountOfRun(): number {
  runCount += 1;
  return 100_000 + runCount;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
