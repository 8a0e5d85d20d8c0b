import { Client } from 'pg';
import * as payments from '../../src/modules/payments/core/sql/payments.queries';
import * as sandboxOperations from '../../src/modules/payments/rails/sql/sandbox-rail-operations.queries';
import * as screening from '../../src/modules/payments/core/sql/screening.queries';
import type { Statement } from '../../src/platform/database/prepared-statement';
import { sqlStatements } from '../../src/platform/database/sql-query';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

/**
 * What a payment reads does not grow with the payments before it. The statements payments run
 * (a customer's admission with its AML facts, an agent's precheck, the AML facts of the other
 * channels, the sandbox rail's capture) are prepared as the service
 * prepares them, with a generic plan made while the tables are empty, as on a fresh database
 * whose pooled connections planned them before any statistics existed. Then a busy biller
 * account gets 10,000 payments from 600 customers inside the AML window, and each statement
 * must still read a handful of buffers; again once the tables are analysed.
 */
describe('Payment statements against a long history', () => {
  const HOT_ACCOUNT = '45010001234';
  const HISTORY = 10_000;
  const NEW_PAYMENT = '00000000-0000-4000-8000-0000000000aa';
  const PAYERS = 600;
  let database: IsolatedDatabase;
  let db: Client;
  let billerId: string;
  let customerId: string;
  let paymentId: string;

  /** The service's own statements (the same objects its repositories run). */
  const PAYMENTS = sqlStatements('payments', payments);
  const SANDBOX = sqlStatements('payments', sandboxOperations);

  /** Every statement here holds SQL text, not a builder: no data source is needed to read it. */
  const textOf = <Params>(statement: Statement<object, Params>) => statement.text;
  const STATEMENTS = {
    facts: textOf(sqlStatements('payments', screening).screeningActivity),
    precheck: textOf(PAYMENTS.precheckByPayer),
    admit: textOf(PAYMENTS.admitPayment),
    captureOf: textOf(SANDBOX.sandboxCaptureOf),
    recordCapture: textOf(SANDBOX.sandboxRecordCapture),
  };

  const args = () => ({
    // $1… in order of the named parameters' first use in sql/screening.sql.
    facts: [customerId, 60, 'NGN', 450_000_000, 500_000_000, billerId, HOT_ACCOUNT, 25],
    precheck: PAYMENTS.precheckByPayer.valuesOf({
      scopeId: customerId,
      idempotencyKey: 'key-new',
      currency: 'NGN',
      billerId,
      accountReference: HOT_ACCOUNT,
      amount: 123_456,
      duplicateWindowSeconds: 600,
      payerId: customerId,
    }),
    admit: admitValues(HOT_ACCOUNT),
    captureOf: SANDBOX.sandboxCaptureOf.valuesOf({ reference: paymentId }),
    // A capture already recorded: the insert does nothing and the stored one is read back.
    recordCapture: SANDBOX.sandboxRecordCapture.valuesOf({
      rail: 'CARD',
      reference: paymentId,
      decline: null,
      railReference: 'card_cap_x',
      amount: '1000',
      currency: 'NGN',
    }),
  });

  /** A customer's payment admitted and inserted (`PaymentRepository.admit`), with the AML facts' thresholds of `facts`. */
  const admitValues = (accountReference: string, windowMinutes = 60) =>
    PAYMENTS.admitPayment.valuesOf({
      id: NEW_PAYMENT,
      customerId,
      channel: 'APP',
      payerType: 'CUSTOMER',
      payerId: customerId,
      idempotencyKey: 'key-new',
      requestHash: 'f'.repeat(64),
      billerId,
      billerName: 'History Power',
      billerSlug: 'history-power',
      accountReference,
      savedAccountId: null,
      amount: 460_000_000,
      fee: 100,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccountMasked: '************4242',
      note: 'accepted',
      captureFundingSealed: 'sealed',
      duplicateWindowSeconds: 600,
      confirmDuplicate: false,
      perPayment: '1000000000',
      daily: '100000000000',
      windowMinutes,
      screeningCurrency: 'NGN',
      bandFrom: '450000000',
      bandTo: '500000000',
      payersCap: 25,
    });

  const literal = (value: unknown) => (value === null ? 'NULL' : db.escapeLiteral(String(value)));
  const execute = (name: keyof typeof STATEMENTS) => `EXECUTE bounded_${name}(${args()[name].map(literal).join(', ')})`;

  /** Statements that write: run in a transaction rolled back after, so the history stays as loaded. */
  const WRITES: ReadonlySet<keyof typeof STATEMENTS> = new Set(['admit']);

  async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
    await db.query('BEGIN');
    try {
      return await work();
    } finally {
      await db.query('ROLLBACK');
    }
  }

  /** Shared buffers (hit or read) the statement's execution touched, functions it calls included. */
  async function buffersOf(name: keyof typeof STATEMENTS): Promise<number> {
    const explain = async () => {
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ${execute(name)}`,
      );
      const plan = rows[0]['QUERY PLAN'][0].Plan;
      return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    };
    return WRITES.has(name) ? rolledBack(explain) : explain();
  }

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    // Straight to PostgreSQL: the plans are PREPAREd on this session (no pooler between).
    db = new Client({ connectionString: database.directUrl });
    await db.connect();
    const [category] = (
      await db.query<{ id: string }>(
        `INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
         VALUES (gen_random_uuid(), 'history-power', 'History power', 'bolt', 1, true) RETURNING id`,
      )
    ).rows;
    billerId = (
      await db.query<{ id: string }>(
        `INSERT INTO billers (id, slug, name, aliases, category_id, country, currency, accepted_rails, fee_flat,
                              fee_percent_bps, min_amount, max_amount, account_reference_label,
                              account_reference_pattern, amount_rule, validates_directly, connector_base_url,
                              connector_secret_ref, connector_timeout_ms, popularity, search_name, search_text)
         VALUES (gen_random_uuid(), 'history-power', 'History Power', '{}', $1, 'NG', 'NGN', '{CARD}', 100, 50, 100,
                 100000000, 'Meter number', '\\d{11}', 'ANY', true, 'http://127.0.0.1:9', 'simulator', 2000, 0,
                 'history power', 'history power')
         RETURNING id`,
        [category.id],
      )
    ).rows[0].id;
    await db.query(
      `INSERT INTO users (id, phone, role, kyc_tier, pin_hash, pin_set_at, phone_verified_at, created_at)
       SELECT gen_random_uuid(), '+234807' || lpad(g::text, 7, '0'), 'CUSTOMER', 'TIER_1', 'x', now(), now(),
              now() - interval '400 days'
         FROM generate_series(0, $1::int) g`,
      [PAYERS],
    );
    customerId = (await db.query<{ id: string }>(`SELECT id FROM users WHERE phone = '+2348070000000'`)).rows[0].id;

    // Planned now, on empty tables, and kept: a generic plan is what a pooled connection reuses.
    await db.query(`SET plan_cache_mode = force_generic_plan`);
    for (const [name, text] of Object.entries(STATEMENTS)) await db.query(`PREPARE bounded_${name} AS ${text}`);
    paymentId = '00000000-0000-4000-8000-000000000000';
    for (const name of Object.keys(STATEMENTS) as (keyof typeof STATEMENTS)[]) {
      if (WRITES.has(name)) await rolledBack(() => db.query(execute(name)));
      else await db.query(execute(name));
    }

    // The history: the hot account paid by everyone inside the window (a payment every 0.3 s).
    await db.query(
      `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name,
                             biller_slug, account_reference, amount, fee, currency, rail, funding_account_masked,
                             status, created_at)
       SELECT gen_random_uuid(), u.id, u.id, 'history-' || g, repeat('0', 64), $1, 'History Power', 'history-power',
              $2, 1000 + g, 100, 'NGN', 'CARD', '4242', 'SUCCEEDED', now() - g * interval '300 milliseconds'
         FROM generate_series(1, $3::int) g
         JOIN users u ON u.phone = '+234807' || lpad((1 + g % $4::int)::text, 7, '0')`,
      [billerId, HOT_ACCOUNT, HISTORY, PAYERS],
    );
    // The customer's own: twenty payments of the last hours, the newest a minute ago.
    await db.query(
      `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name,
                             biller_slug, account_reference, amount, fee, currency, rail, funding_account_masked,
                             status, created_at)
       SELECT gen_random_uuid(), $1, $1, 'own-' || g, repeat('0', 64), $2, 'History Power', 'history-power',
              CASE WHEN g % 2 = 0 THEN $3 ELSE '45010009999' END, 5000 + g, 100, 'NGN', 'CARD', '4242', 'SUCCEEDED',
              now() - g * interval '9 minutes'
         FROM generate_series(1, 20) g`,
      [customerId, billerId, HOT_ACCOUNT],
    );
    await db.query(
      `INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference, amount, currency)
       SELECT 'CAPTURE', id::text, 'CARD', 'CAPTURED', 'card_cap_' || left(id::text, 8), amount + fee, currency
         FROM payments`,
    );
    paymentId = (await db.query<{ id: string }>(`SELECT id FROM payments ORDER BY created_at LIMIT 1`)).rows[0].id;
  }, 90_000);

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  const BOUNDS: Record<keyof typeof STATEMENTS, number> = {
    // The customer's own window, the users row, and the newest payments of the account until 25 payers.
    facts: 80,
    // The idempotency key's probe and the customer's own last day.
    precheck: 30,
    // The precheck's and the facts' reads (about 40 buffers here with the insert's), and the
    // payment's insert: its heap page and its indexes' leaf paths, its capture instruction and
    // first timeline step with theirs.
    admit: 100,
    // One probe of the primary key each.
    captureOf: 10,
    recordCapture: 20,
  };

  /** The statements that read more than their bound, with what they read. */
  async function overBounds(): Promise<Record<string, number>> {
    const over: Record<string, number> = {};
    for (const name of Object.keys(STATEMENTS) as (keyof typeof STATEMENTS)[]) {
      const buffers = await buffersOf(name);
      if (buffers > BOUNDS[name]) over[name] = buffers;
    }
    return over;
  }

  it('reads a handful of buffers with plans made on empty tables', async () => {
    expect(await overBounds()).toEqual({});
  });

  it('reads as little once the tables are analysed and the statements planned again', async () => {
    await db.query(`ANALYZE payments`);
    await db.query(`ANALYZE sandbox_rail_operations`);
    expect(await overBounds()).toEqual({});
  });

  it('answers the same facts as counting every payment would', async () => {
    const { rows } = await db.query<{ payers: number; count: number }>(STATEMENTS.facts, args().facts);
    expect(rows[0].payers).toBe(25);
    expect(rows[0].count).toBe(
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM payments WHERE customer_id = $1 AND created_at > now() - interval '60 minutes'`,
          [customerId],
        )
      ).rows[0].n,
    );
  });

  it("answers, with the payment it admits, the screener's facts as reading them after the insert does", async () => {
    // The hot account (25 payers and more, the customer one of them) and an account nobody paid.
    for (const account of [HOT_ACCOUNT, '45010005555']) {
      const [admitted, after] = await rolledBack(async () => {
        const { rows } = await db.query<Record<string, unknown>>(STATEMENTS.admit, [...admitValues(account)]);
        const facts = await db.query<Record<string, unknown>>(STATEMENTS.facts, [
          customerId,
          60,
          'NGN',
          450_000_000,
          500_000_000,
          billerId,
          account,
          25,
        ]);
        return [rows[0], facts.rows[0]];
      });
      expect(admitted.created_at).toBeInstanceOf(Date);
      expect({
        count: admitted.screening_count,
        sum: admitted.screening_sum,
        band: admitted.screening_band,
        payers: admitted.screening_payers,
      }).toEqual({ count: after.count, sum: after.sum, band: after.band, payers: after.payers });
      expect(after.payers).toBe(account === HOT_ACCOUNT ? 25 : 1);
      expect(after.band).toBe(1);
    }
  });

  it('reaches as far back as a screening window longer than the rolling day', async () => {
    // The admission reads the customer's payments once, back to the longest of its windows: a
    // two-day screening window counts the customer's payment of 30 hours ago, which the rolling
    // day and the one-hour window leave out.
    const TWO_DAYS = 2880;
    const [admitted, after] = await rolledBack(async () => {
      await db.query(
        `UPDATE payments SET created_at = now() - interval '30 hours'
          WHERE id = (SELECT id FROM payments WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 1)`,
        [customerId],
      );
      const { rows } = await db.query<Record<string, unknown>>(STATEMENTS.admit, [
        ...admitValues('45010005555', TWO_DAYS),
      ]);
      const facts = await db.query<Record<string, unknown>>(STATEMENTS.facts, [
        customerId,
        TWO_DAYS,
        'NGN',
        450_000_000,
        500_000_000,
        billerId,
        '45010005555',
        25,
      ]);
      return [rows[0], facts.rows[0]];
    });
    // The customer's twenty payments (one of them 30 hours old) and the one admitted.
    expect(after.count).toBe(21);
    expect({ count: admitted.screening_count, sum: admitted.screening_sum }).toEqual({
      count: after.count,
      sum: after.sum,
    });
  });
});
