import { Logger } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { newId } from '../../src/platform/database/new-id';
import { ReplicaReads } from '../../src/platform/database/replica-reads';
import { BillersApp, createBillersApp } from '../billers/support/billers-kit';
import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { plantPayment } from '../factories/reconciliation.factory';
import { CLI_RUN_TIMEOUT_MS, compiledCli } from '../support/compiled-cli';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { responseText } from '../support/response-text';

/**
 * `DATABASE_REPLICA_URL`, routing seen through its data: the "replica" here is a second migrated
 * database holding none of the spec's rows, so a read that answers from it is told from one that
 * answers from the primary (the run's database) by what it finds. The biller directory, the merchant
 * payments CSV, the merchant statements list and the reconciliation export answer from the replica; the admin list, the API
 * key check and a payment's biller stay on the primary. A replica that refuses connections sends
 * those reads to the primary and leaves the service ready (`checks.replica: down`), until it
 * answers again. The real thing, a streaming standby, is in read-replica.processes.e2e-spec.ts.
 */
describe('read replica (DATABASE_REPLICA_URL)', () => {
  let replica: IsolatedDatabase;
  let kit: BillersApp;
  let category: { id: string; slug: string };
  let biller: { id: string; slug: string };
  let merchantId: string;
  let apiKey: string;
  /** A payment stuck in PROCESSING without a posting attempt: a break of the reconciliation export. */
  let stuckPaymentId: string;
  /** When the stuck payment was made: two hours ago, so that it is stuck. */
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  /**
   * The export's window: the two minutes around the stuck payment, not the last hours. The primary is the run's
   * shared database, and over the last three hours the export read every payment the run had made, the 40,000 that
   * merchant-payments.e2e-spec.ts seeds an hour back included once that spec had run: 7.3 s of PostgreSQL once.
   */
  const exportWindow = {
    from: new Date(twoHoursAgo.getTime() - 60_000).toISOString(),
    to: new Date(twoHoursAgo.getTime() + 60_000).toISOString(),
  };

  const directory = () => kit.http.get('/api/v1/billers').query({ categorySlug: category.slug });
  const csv = () => kit.http.get('/api/v1/merchant/payments.csv').set({ Authorization: `Bearer ${apiKey}` });
  const reconciliation = async () =>
    (
      await kit.http
        .get('/api/v1/admin/reconciliation/export')
        .set(kit.admin.headers)
        .query(exportWindow)
        .buffer(true)
        .parse(responseText)
        .expect(200)
    ).body as string;
  const statements = () => kit.http.get('/api/v1/merchant/statements').set({ Authorization: `Bearer ${apiKey}` });

  async function refuseReplica(refuse: boolean): Promise<void> {
    await replica.admin.query(`ALTER DATABASE "${replica.name}" WITH ALLOW_CONNECTIONS ${refuse ? 'false' : 'true'}`);
    if (refuse) {
      await replica.admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [
        replica.name,
      ]);
    }
  }

  beforeAll(async () => {
    replica = await createIsolatedDatabase();
    kit = await createBillersApp({ config: { DATABASE_REPLICA_URL: replica.url } });
    category = await createBillerCategory(kit);
    biller = await createBiller(kit, { categoryId: category.id });

    const { merchant } = await approvedMerchant(kit);
    merchantId = merchant.id;
    const owner = await merchantOwnerOf(kit, merchant);
    apiKey = (await createApiKey(kit, owner, false)).secret;
    // A paid checkout session and its payment, as checkout and the payment core leave them.
    const sessionId = newId();
    const paymentId = newId();
    await kit.db.query(
      `INSERT INTO merchant_checkout_sessions (id, merchant_id, livemode, status, source, amount, currency,
          merchant_reference, success_url, cancel_url, metadata, payment_id, expires_at, completed_at, created_at)
       VALUES ($1, $2, false, 'COMPLETE', 'API', 250000, 'NGN', 'order-1', 'https://shop.example/paid',
          'https://shop.example/cart', '{}', $3, now() + interval '1 day', now(), now() - interval '1 hour')`,
      [sessionId, merchantId, paymentId],
    );
    await kit.db.query(
      `INSERT INTO payments (id, channel, payer_type, payer_id, idempotency_key, request_hash, amount, fee, currency,
          rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id, merchant_fee,
          refunded_amount, created_at, updated_at, completed_at)
       VALUES ($1, 'CHECKOUT', 'CHECKOUT_PAYER', $2, $3, repeat('0', 64), 250000, 0, 'NGN', 'CARD',
          '424242******4242', 'SUCCEEDED', $4, false, $2, 3750, 0, now() - interval '1 hour', now(), now())`,
      [paymentId, sessionId, newId(), merchantId],
    );
    await kit.db.query(
      `INSERT INTO merchant_statements (id, merchant_id, livemode, period, currency, period_start, period_end, status)
       VALUES ($1, $2, false, '2026-09', 'NGN', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z', 'PENDING')`,
      [newId(), merchantId],
    );
    stuckPaymentId = await plantPayment(kit, {
      customerId: kit.customer.userId,
      biller,
      status: 'PROCESSING',
      createdAt: twoHoursAgo,
      updatedAt: twoHoursAgo,
    });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
    await replica?.drop();
  });

  it('answers the directory, the payments CSV, the statements list and the reconciliation export from the replica, the rest from the primary', async () => {
    expect((await directory().expect(200)).body).toMatchObject({ items: [], totalItems: 0 });
    const categories = (await kit.http.get('/api/v1/billers/categories').expect(200)).body as { slug: string }[];
    expect(categories.map((item) => item.slug)).not.toContain(category.slug);
    await kit.http.get(`/api/v1/billers/${biller.slug}`).expect(404);

    // The API key was checked on the primary (the replica has no merchant); the rows come from the replica.
    const file = await csv().expect(200);
    expect(file.text.trimEnd().split('\r\n')).toHaveLength(1);
    expect((await statements().expect(200)).body).toMatchObject({ items: [], totalItems: 0 });
    expect(await reconciliation()).not.toContain(stuckPaymentId);

    // What stays on the primary sees the biller.
    const admin = await kit.http
      .get('/api/v1/admin/billers')
      .query({ categorySlug: category.slug })
      .set(kit.admin.headers)
      .expect(200);
    expect((admin.body as { id: string }[]).map((item) => item.id)).toEqual([biller.id]);

    // The replica's connections are its own pool's.
    const sessions = await replica.admin.query<{ application_name: string }>(
      `SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = $1 AND application_name <> ''`,
      [replica.name],
    );
    expect(sessions.rows.map((row) => row.application_name)).toContain('payment-service-replica');
  });

  it('sends those reads to the primary while the replica refuses connections, and stays ready', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await refuseReplica(true);
    try {
      const found = await directory().expect(200);
      expect((found.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([biller.id]);
      expect(kit.app.get(ReplicaReads).state).toBe('down');
      await kit.http.get(`/api/v1/billers/${biller.slug}`).expect(200);
      const categories = (await kit.http.get('/api/v1/billers/categories').expect(200)).body as { slug: string }[];
      expect(categories.map((item) => item.slug)).toContain(category.slug);
      expect((await csv().expect(200)).text.trimEnd().split('\r\n')).toHaveLength(2);
      expect((await statements().expect(200)).body).toMatchObject({ totalItems: 1 });
      expect(await reconciliation()).toContain(stuckPaymentId);

      const ready = await kit.http.get('/api/v1/health/ready').expect(200);
      expect(ready.body).toEqual({
        status: 'up',
        checks: { database: 'up', redis: 'up', migrations: 'up', replica: 'down' },
      });
      expect((await kit.http.get('/metrics').expect(200)).text).toMatch(/^database_replica_up 0$/m);
      // One warning for the outage, however many reads met it.
      const outage = warn.mock.calls.filter(([message]) => String(message).startsWith('the read replica'));
      expect(outage).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await refuseReplica(false);
    }

    // Back: the readiness check asks it at once, and the reads go to it again.
    const ready = await kit.http.get('/api/v1/health/ready').expect(200);
    expect(ready.body).toMatchObject({ checks: { replica: 'up' } });
    expect((await directory().expect(200)).body).toMatchObject({ items: [], totalItems: 0 });
    expect((await kit.http.get('/metrics').expect(200)).text).toMatch(/^database_replica_up 1$/m);
  });

  it(
    'runs `npm run ledger:check` on the replica, and on the primary while the replica refuses connections',
    async () => {
      // The primary: a database of its own whose (empty) ledger balances. The replica: an entry that does not.
      const primary = await createIsolatedDatabase();
      try {
        const accountId = newId();
        const onReplica = new Client({ connectionString: replica.directUrl });
        await onReplica.connect();
        try {
          await onReplica.query('BEGIN');
          await onReplica.query('ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_balanced');
          await onReplica.query(
            `INSERT INTO ledger_accounts (id, code, type, currency) VALUES ($1, $2, 'ASSET', 'NGN')`,
            [accountId, `test:unbalanced:${accountId}`],
          );
          const entryId = newId();
          await onReplica.query(
            `INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, memo)
           VALUES ($1, 'TEST_UNBALANCED', 'payment', $2, 'NGN', 'planted by the replica spec')`,
            [entryId, newId()],
          );
          await onReplica.query(
            `INSERT INTO journal_lines (entry_id, account_id, amount, currency) VALUES ($1, $2, 321, 'NGN')`,
            [entryId, accountId],
          );
          await onReplica.query('ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_balanced');
          await onReplica.query('COMMIT');
        } finally {
          await onReplica.end();
        }

        const cli = compiledCli('ledger-check');
        const env = { ...process.env, DATABASE_URL: primary.url, DATABASE_REPLICA_URL: replica.url };
        const check = () =>
          promisify(execFile)(cli.command, cli.args, { cwd: cli.cwd, env, timeout: CLI_RUN_TIMEOUT_MS }).then(
            ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
            (error: { code: number; stdout: string; stderr: string }) => error,
          );

        const onTheReplica = await check();
        expect(onTheReplica).toMatchObject({ code: 1, stdout: expect.stringContaining('NOT BALANCED') });

        await refuseReplica(true);
        try {
          const onThePrimary = await check();
          expect(onThePrimary).toMatchObject({ code: 0, stdout: expect.stringContaining('balanced') });
          expect(onThePrimary.stderr).toContain('the replica cannot be reached; reading the primary');
        } finally {
          await refuseReplica(false);
        }
      } finally {
        await primary.drop();
      }
    },
    2 * CLI_RUN_TIMEOUT_MS + 30_000,
  );
});
