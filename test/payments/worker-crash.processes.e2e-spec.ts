import type { ChildProcess } from 'node:child_process';
import { expectLedgerBalanced } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { startWorkerProcess } from './support/service-process';

/**
 * A real worker process (src/worker.ts) is killed with SIGKILL while the biller is still
 * answering its post. A second worker then takes the attempt over when its lease runs out,
 * asks the biller first, and records the payment SUCCEEDED: nothing lost, nothing posted twice.
 */
describe('a worker killed in the middle of a post', () => {
  let database: IsolatedDatabase;
  let kit: PaymentsApp;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    kit = await createPaymentsApp({
      // The slow reference keeps the biller busy for 3 s, long enough to kill the worker mid-call.
      slowResponseMs: 3000,
      redisNamespace: 'crash',
      config: {
        DATABASE_URL: database.url,
        // Longer than the biller's delay, as the lease should outlast any connector timeout.
        POSTING_LEASE_MS: '4000',
        POSTING_SWEEP_INTERVAL_MS: '100',
        OUTBOX_POLL_INTERVAL_MS: '50',
      },
    });
    // The biller gives the worker 5 s, longer than the simulator's delay.
    await kit.db.query(`UPDATE billers SET connector_timeout_ms = 5000 WHERE id = $1`, [kit.biller.id]);
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await kit?.close();
    await database?.drop();
  });

  function startWorker(): ChildProcess {
    const worker = startWorkerProcess(kit.configuration.environment).child;
    workers.push(worker);
    return worker;
  }

  it('recovers the payment without a second post', async () => {
    const posts = () => kit.simulatorReceived.filter((line) => line.startsWith('POST ') && line.endsWith('/payments'));
    const first = startWorker();
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { accountReference: '45010001150', amount: 45_000 });
    expect(paid.status).toBe(200);
    const id = paid.body.id as string;

    // The worker has claimed the attempt, and its post has reached the biller, which is still
    // working on it.
    await waitFor(
      () => kit.db.query(`SELECT outcome_unknown, tries FROM posting_attempts WHERE payment_id = $1`, [id]),
      (rows) => rows[0]?.outcome_unknown === true && rows[0]?.tries === 1,
      'the first worker to claim the attempt',
    );
    await waitFor(
      async () => posts().length,
      (count) => count === 1,
      'the post to reach the biller',
    );
    first.kill('SIGKILL');
    await new Promise((done) => first.once('exit', done));

    startWorker();
    const [payment] = await waitFor(
      () => kit.db.query(`SELECT status, biller_reference FROM payments WHERE id = $1`, [id]),
      (rows) => rows[0]?.status === 'SUCCEEDED',
      'the second worker to record the payment',
    );
    expect(payment.biller_reference).toEqual(expect.any(String));
    const [attempt] = await kit.db.query(`SELECT status, tries FROM posting_attempts WHERE payment_id = $1`, [id]);
    expect(attempt).toEqual({ status: 'CONFIRMED', tries: 2 });
    // The biller received one post, the first worker's; the second worker only asked.
    expect(posts()).toHaveLength(1);
    expect(kit.simulatorReceived.filter((line) => line.startsWith('GET ') && line.includes(id))).toHaveLength(1);
    await expectLedgerBalanced(kit);
  }, 120_000);
});
