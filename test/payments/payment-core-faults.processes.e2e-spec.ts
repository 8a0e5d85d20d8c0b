import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PaymentFaults } from '../../src/modules/payments/payment-faults';
import { PaymentRecoveryService } from '../../src/modules/payments/payment-recovery.service';
import { RailConnector } from '../../src/modules/payments/rail-connector';
import { RailReversalService } from '../../src/modules/payments/rail-reversal.service';
import { AppConfig } from '../../src/platform/config/app-config';
import type { SignedInUser } from '../factories/customer.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { freePort } from '../support/disposable-redis';
import { FaultProxy, startDatabaseProxy } from '../support/fault-proxy';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { ServiceProcess, startApiProcess } from './support/service-process';

/** Cuts the database connection right after the rail captured a payment, when armed. */
class ConnectionCuttingFaults extends PaymentFaults {
  cutAfterCapture = false;
  proxy?: FaultProxy;

  constructor(config: AppConfig) {
    super(config);
  }

  override async afterCapture(paymentId: string): Promise<void> {
    await super.afterCapture(paymentId);
    if (!this.cutAfterCapture || !this.proxy) return;
    this.cutAfterCapture = false;
    await this.proxy.setMode('refuse');
  }
}

/**
 * The rail is called between two transactions: the payment is committed AUTHORIZING, the rail
 * captures with the payment id as its reference, and the outcome is recorded after. Whatever
 * happens between the capture and the record (the API process killed, its database connection
 * dropped, the rail's answer lost to a timeout), the recovery job asks the rail and leaves
 * exactly one captured payment with one journal entry, a retry of the same key answers that
 * payment, and the ledger balances.
 */
describe('the payment core when the process or the database fails around the rail call', () => {
  let database: IsolatedDatabase;
  let proxy: FaultProxy;
  let kit: PaymentsApp;
  let faults: ConnectionCuttingFaults;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const through = await startDatabaseProxy(database.url);
    proxy = through.proxy;
    kit = await createPaymentsApp({
      redisNamespace: 'core',
      config: {
        DATABASE_URL: through.url,
        AUTHORIZATION_RECOVERY_AFTER_MS: '1000',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
      },
      override: (builder) =>
        builder
          .overrideProvider(PaymentFaults)
          .useFactory({ factory: (config: AppConfig) => new ConnectionCuttingFaults(config), inject: [AppConfig] }),
    });
    faults = kit.app.get(PaymentFaults) as ConnectionCuttingFaults;
    faults.proxy = proxy;
  }, 60_000);

  afterAll(async () => {
    for (const running of processes) {
      if (running.child.exitCode === null) running.child.kill('SIGKILL');
      await running.exited;
    }
    await proxy?.setMode('forward');
    await kit?.close();
    await proxy?.close();
    await database?.drop();
  });

  const recovery = () => kit.app.get(PaymentRecoveryService);

  /** The payment's row, its journal entries, its events and the rail's record of its capture. */
  async function stateOf(paymentId: string) {
    const [payment] = await kit.db.query(
      `SELECT status, rail_reference, journal_entry_id, failure_code FROM payments WHERE id = $1`,
      [paymentId],
    );
    const entries = await kit.db.query(`SELECT kind FROM journal_entries WHERE reference_id = $1`, [paymentId]);
    const events = await kit.db.query(
      `SELECT event_type FROM outbox_events WHERE aggregate_id = $1 ORDER BY event_type`,
      [paymentId],
    );
    const captures = await kit.db.query(
      `SELECT outcome FROM sandbox_rail_operations WHERE kind = 'CAPTURE' AND reference = $1`,
      [paymentId],
    );
    const cycles = await kit.db.query(`SELECT cycle FROM posting_attempts WHERE payment_id = $1`, [paymentId]);
    return {
      status: payment?.status as string,
      railReference: payment?.rail_reference as string | null,
      failureCode: payment?.failure_code as string | null,
      entries: entries.map((row: { kind: string }) => row.kind),
      events: events.map((row: { event_type: string }) => row.event_type),
      captures: captures.map((row: { outcome: string }) => row.outcome),
      cycles: cycles.length,
    };
  }

  /** Runs the recovery once the payment is old enough for it; answers how many it took. */
  async function recoverAfterThreshold(): Promise<number> {
    await sleep(1100);
    return recovery().recover();
  }

  async function expectRecoveredCapture(
    customer: SignedInUser,
    paymentId: string,
    body: Record<string, unknown>,
    key: string,
  ) {
    expect(await recoverAfterThreshold()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(paymentId)).toEqual({
      status: 'PENDING',
      railReference: expect.stringMatching(/^card_cap_/),
      failureCode: null,
      entries: ['BILL_PAYMENT_CAPTURE'],
      events: ['payment.captured'],
      captures: ['CAPTURED'],
      cycles: 1,
    });
    // Recovery again, and a replay of the key, change nothing: the key answers this payment.
    await recovery().recover();
    const replay = await kit.pay(customer, body, key);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({
      code: 'DUPLICATE_PAYMENT',
      details: [
        { field: 'paymentId', message: paymentId },
        { field: 'status', message: 'PENDING' },
      ],
    });
    expect((await stateOf(paymentId)).entries).toEqual(['BILL_PAYMENT_CAPTURE']);
    await expectLedgerBalanced(kit);
  }

  it('recovers a payment whose API process was killed after the capture, before the outcome was recorded', async () => {
    const port = await freePort();
    const api = await startApiProcess(kit.config, port, { TEST_FAULT_AFTER_CAPTURE: 'exit' });
    processes.push(api);
    const customer = await kit.newCustomer();
    const key = `killed-${randomBytes(4).toString('hex')}`;
    const body = {
      biller: kit.biller.slug,
      accountReference: GOOD_REFERENCE,
      amount: 61_000,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccount: '4242424242424242',
    };
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/payments`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    }).then(
      (response) => response.status,
      () => 'no answer',
    );
    expect(answer).toBe('no answer');
    expect(await api.exited).toBeNull(); // killed by its own SIGKILL, as a crash

    const [stuck] = await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId]);
    expect(await stateOf(stuck.id)).toMatchObject({
      status: 'AUTHORIZING',
      entries: [],
      events: [],
      captures: ['CAPTURED'],
    });
    // A retry before recovery already names the payment, whatever step it reached.
    const early = await kit.pay(customer, body, key);
    expect(early.status).toBe(409);
    expect(early.body.details).toEqual([
      { field: 'paymentId', message: stuck.id },
      { field: 'status', message: 'AUTHORIZING' },
    ]);
    await expectRecoveredCapture(customer, stuck.id, body, key);
  }, 90_000);

  it('recovers a payment whose database connection dropped after the capture', async () => {
    const customer = await kit.newCustomer();
    const key = `dropped-${randomBytes(4).toString('hex')}`;
    const body = { amount: 62_000 };
    faults.cutAfterCapture = true;
    const cut = await kit.pay(customer, body, key);
    expect(cut.status).toBe(503);
    expect(cut.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: [{ field: 'database' }] });
    await proxy.setMode('forward');

    const [stuck] = await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId]);
    expect(await stateOf(stuck.id)).toMatchObject({ status: 'AUTHORIZING', entries: [], captures: ['CAPTURED'] });
    await expectRecoveredCapture(customer, stuck.id, { amount: 62_000 }, key);
  }, 60_000);

  it('records a capture the rail reported only to the status inquiry after its answer timed out', async () => {
    const customer = await kit.newCustomer();
    const key = `lost-answer-${randomBytes(4).toString('hex')}`;
    const body = { amount: 63_000, fundingAccount: '4000000000000259' };
    const timedOut = await kit.pay(customer, body, key);
    expect(timedOut.status).toBe(200);
    expect(timedOut.body).toMatchObject({ status: 'AUTHORIZING', railReference: null });
    await expectRecoveredCapture(customer, timedOut.body.id, body, key);
  });

  it('fails a payment the rail never captured, and voids the reference against a late capture', async () => {
    const customer = await kit.newCustomer();
    const timedOut = await kit.pay(customer, { amount: 64_000, fundingAccount: '4000000000000119' });
    expect(timedOut.body.status).toBe('AUTHORIZING');
    await recoverAfterThreshold();
    expect(await stateOf(timedOut.body.id)).toEqual({
      status: 'FAILED',
      railReference: null,
      failureCode: 'RAIL_NO_CAPTURE',
      entries: [],
      events: ['payment.failed', 'payment.rail_reversal_requested'],
      captures: [],
      cycles: 0,
    });
    const detail = await kit.http.get(`/api/v1/payments/${timedOut.body.id}`).set(customer.headers).expect(200);
    expect(detail.body.statusDescription).toBe(
      'Not paid: The payment rail never confirmed the payment. Nothing was taken from your card.',
    );
    // The cancel reaches the rail; a capture of the reference arriving after it is refused.
    await kit.db.query(`UPDATE rail_reversals SET next_attempt_at = now() WHERE payment_id = $1`, [timedOut.body.id]);
    await kit.app.get(RailReversalService).sweep();
    const [cancel] = await kit.db.query(`SELECT action, status FROM rail_reversals WHERE payment_id = $1`, [
      timedOut.body.id,
    ]);
    expect(cancel).toEqual({ action: 'CANCEL', status: 'COMPLETED' });
    const late = await kit.app.get(RailConnector).capture({
      rail: 'CARD',
      accountNumber: '4242424242424242',
      amount: 64_000n,
      currency: 'NGN',
      reference: timedOut.body.id,
    });
    expect(late).toEqual({ status: 'DECLINED', reason: 'DO_NOT_HONOR' });
    await expectLedgerBalanced(kit);
  });
});
