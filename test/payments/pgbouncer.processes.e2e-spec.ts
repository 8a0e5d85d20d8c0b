import request from 'supertest';
import type { SignedInUser } from '../factories/customer.factory';
import { newIdempotencyKey, paymentRequest } from '../factories/payment.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { freePort } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { PgBouncer, startPgBouncer } from '../support/pgbouncer';
import { waitFor } from '../support/wait-for';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { ServiceProcess, startApiProcess, startWorkerProcess } from './support/service-process';

const PAYMENTS = 30;

/**
 * A real API process and a real worker process, both behind a PgBouncer in transaction pooling
 * mode (test/support/pgbouncer.ts: few server connections, handed out in turn) with the settings
 * README "Behind PgBouncer" gives: unnamed statements, the statement timeout's startup parameter
 * ignored by PgBouncer and set on the server instead. A few dozen customers pay at once through
 * the API process; the worker posts each payment, and every one ends SUCCEEDED with the ledger
 * balanced. The spec's own app (setup and checks) goes through PgBouncer too; the migrations went
 * straight to PostgreSQL. With named statements the first registration already fails.
 */
describe('the API and a worker behind PgBouncer in transaction pooling mode', () => {
  let bouncer: PgBouncer;
  let database: IsolatedDatabase;
  let kit: PaymentsApp;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    // Fewer server connections than the API's pool alone (10): transactions queue in PgBouncer.
    bouncer = await startPgBouncer({ poolSize: 4 });
    database = await createIsolatedDatabase();
    // The server-side statement timeout README "Behind PgBouncer" asks for, on the database here
    // (on the role in production: the tests' role is the machine's).
    await database.admin.query(`ALTER DATABASE "${database.name}" SET statement_timeout = '15s'`);
    kit = await createPaymentsApp({
      redisNamespace: 'pgbouncer',
      config: {
        DATABASE_URL: bouncer.url(database.name),
        DATABASE_NAMED_STATEMENTS: 'false',
        POSTING_SWEEP_INTERVAL_MS: '100',
      },
    });
  }, 60_000);

  afterAll(async () => {
    for (const service of processes) {
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
      await service.exited;
    }
    await kit?.close();
    await database?.drop();
    await bouncer?.stop();
  });

  it('takes and posts a few dozen concurrent payments, every one SUCCEEDED, the ledger balanced', async () => {
    // PgBouncer dropped the pool's statement_timeout startup parameter; the server's default holds.
    expect(await kit.db.query(`SHOW statement_timeout`)).toEqual([{ statement_timeout: '15s' }]);
    const port = await freePort();
    processes.push(await startApiProcess(kit.configuration.environment, port));
    processes.push(startWorkerProcess(kit.configuration.environment));
    const api = request(`http://127.0.0.1:${port}`);

    const customers: SignedInUser[] = await Promise.all(Array.from({ length: PAYMENTS }, () => kit.newCustomer()));
    const answers = await Promise.all(
      customers.map((customer, n) =>
        api
          .post('/api/v1/payments')
          .set(customer.headers)
          .set('Idempotency-Key', newIdempotencyKey())
          .send(paymentRequest({ biller: kit.biller.slug, amount: 10_000 + n })),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(answers.map(() => [200, undefined]));
    const ids = answers.map((answer) => answer.body.id as string);

    const rows = await waitFor(
      () => kit.db.query<{ status: string }[]>(`SELECT status FROM payments WHERE id = ANY($1::uuid[])`, [ids]),
      (found) => found.length === PAYMENTS && found.every((row) => row.status === 'SUCCEEDED'),
      'the worker to post every payment',
      60,
    );
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'SUCCEEDED'));
    expect(ids.every((id) => kit.simulator.postsReceived().get(id) === 1)).toBe(true);
    await expectLedgerBalanced(kit);
    // Both processes are still up: nothing on their connections failed them.
    expect(processes.map((service) => service.child.exitCode)).toEqual([null, null]);
  }, 120_000);
});
