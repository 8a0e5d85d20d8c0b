import type { INestApplicationContext } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { Configuration } from '../../src/platform/config/configuration';
import { WorkerModule } from '../../src/worker.module';
import { expectLedgerBalanced } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';

/**
 * The whole pipeline with the real worker application: the API captures a payment, the
 * worker's outbox relay publishes `payment.captured`, the posting processor posts it to the
 * biller simulator, and the notifications processor tells the customer. Its own database and
 * Redis prefix, so no other spec's rows or jobs reach this worker.
 */
describe('payment pipeline through the worker', () => {
  let database: IsolatedDatabase;
  let kit: PaymentsApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    kit = await createPaymentsApp({
      redisNamespace: 'pipeline',
      config: { DATABASE_URL: database.url, OUTBOX_POLL_INTERVAL_MS: '50', POSTING_SWEEP_INTERVAL_MS: '100' },
    });
    const workerModule = await Test.createTestingModule({ imports: [WorkerModule] })
      .overrideProvider(Configuration)
      .useValue(kit.configuration)
      .compile();
    worker = await workerModule.init();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await kit?.close();
    await database?.drop();
  });

  it('runs its per-process loops on intervals registered in the scheduler registry', () => {
    expect(worker.get(SchedulerRegistry).getIntervals().sort()).toEqual([
      'biller-directory-upkeep',
      'outbox-relay',
      'posting-sweep',
      'repeatable-ticks-check',
    ]);
  });

  it('posts a captured payment to SUCCEEDED and notifies the customer, with every outbox row published', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 12_345 });
    expect(paid.status).toBe(200);
    const id = paid.body.id as string;

    const detail = await waitFor(
      async () => (await kit.http.get(`/api/v1/payments/${id}`).set(customer.headers)).body,
      (body) => body.status === 'SUCCEEDED',
      'the payment to succeed',
      30,
      50,
    );
    expect(detail.posting).toMatchObject({ status: 'CONFIRMED', tries: 1 });

    const notifications = await waitFor(
      async () => (await kit.http.get('/api/v1/notifications').set(customer.headers)).body,
      (body) => body.totalItems >= 1,
      'the notification',
      30,
      50,
    );
    expect(JSON.stringify(notifications.items[0])).toContain(id);

    const unpublished = await waitFor(
      () =>
        kit.db.query(`SELECT event_type, status FROM outbox_events WHERE aggregate_id = $1 AND status <> 'PUBLISHED'`, [
          id,
        ]),
      (rows) => rows.length === 0,
      'every outbox row to be published',
      30,
      50,
    );
    expect(unpublished).toEqual([]);
    await expectLedgerBalanced(kit);
  }, 90_000);

  it('refunds a payment the biller refuses on the rail, through the reversal queue', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { accountReference: '45010001422', amount: 23_456 });
    const id = paid.body.id as string;
    const [row] = await waitFor(
      () => kit.db.query(`SELECT status, rail_reversal_reference FROM payments WHERE id = $1`, [id]),
      (rows) => rows[0]?.rail_reversal_reference !== null,
      'the refund on the rail',
      30,
      50,
    );
    expect(row).toEqual({ status: 'FAILED', rail_reversal_reference: expect.stringMatching(/^card_ref_/) });
    await expectLedgerBalanced(kit);
  }, 90_000);
});
