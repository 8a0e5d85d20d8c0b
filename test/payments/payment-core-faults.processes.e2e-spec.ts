import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentsConfig } from '../../src/modules/payments/payments.config';
import { Clock } from '../../src/platform/clock/clock';
import { PaymentRecoveryService } from '../../src/modules/payments/core/payment-recovery.service';
import { AmlScreening } from '../../src/modules/compliance/aml-screening.service';
import { PaymentScreening, ScreeningCandidate, ScreeningHit } from '../../src/modules/payments/core/payment-screening';
import type {
  ScreeningActivity,
  ScreeningActivityQuery,
} from '../../src/modules/payments/core/payment-screening-reads.service';
import { CaptureRequest, CaptureResult, RailConnector } from '../../src/modules/payments/rails/rail-connector';
import { RailReversalService } from '../../src/modules/payments/rails/rail-reversal.service';
import { SandboxRailConnector } from '../../src/modules/payments/rails/sandbox-rail.connector';
import type { SignedInUser } from '../factories/customer.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { freePort } from '../support/disposable-redis';
import { FaultProxy, startDatabaseProxy } from '../support/fault-proxy';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { withProcessDateAhead } from '../support/process-date';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { ServiceProcess, startApiProcess } from './support/service-process';

/**
 * The sandbox rail, counting the captures asked of it by reference, and cutting the database
 * connection when armed: right before a capture, so the rail call itself (the sandbox rail keeps
 * its record in the database) fails as it does when the pool is exhausted, or right after the
 * rail captured, before the payment core records the outcome.
 */
class CountingRail extends SandboxRailConnector {
  readonly captures = new Map<string, number>();
  cutBeforeCapture = false;
  cutAfterCapture = false;
  proxy?: FaultProxy;

  override async capture(request: CaptureRequest): Promise<CaptureResult> {
    this.captures.set(request.reference, (this.captures.get(request.reference) ?? 0) + 1);
    if (this.cutBeforeCapture) {
      this.cutBeforeCapture = false;
      await this.proxy?.setMode('refuse');
    }
    const result = await super.capture(request);
    if (this.cutAfterCapture) {
      this.cutAfterCapture = false;
      await this.proxy?.setMode('refuse');
    }
    return result;
  }
}

/**
 * Screening as configured, except that when armed it has the payment's own backend terminated
 * from another connection while the payment transaction is open, as a failover does, and goes
 * on once TypeORM has noticed and released the transaction's connection.
 */
class TerminatingScreening extends PaymentScreening {
  terminateNext = false;
  db?: DataSource;

  constructor(private readonly configured: AmlScreening) {
    super();
  }

  activityQuery(candidate: ScreeningCandidate): ScreeningActivityQuery | null {
    return this.configured.activityQuery(candidate);
  }

  async screen(
    manager: EntityManager,
    candidate: ScreeningCandidate,
    activity?: ScreeningActivity,
  ): Promise<ScreeningHit[]> {
    if (this.terminateNext && this.db) {
      this.terminateNext = false;
      const [{ pid }] = await manager.query(`SELECT pg_backend_pid() AS pid`);
      await this.db.query(`SELECT pg_terminate_backend($1)`, [pid]);
      while (!manager.queryRunner?.isReleased) await sleep(10);
    }
    return this.configured.screen(manager, candidate, activity);
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
  let rail: CountingRail;
  let screening: TerminatingScreening;
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
          .overrideProvider(RailConnector)
          .useFactory({
            factory: (dataSource: DataSource, clock: Clock, settings: PaymentsConfig) =>
              new CountingRail(dataSource, clock, settings),
            inject: [DataSource, Clock, PaymentsConfig],
          })
          .overrideProvider(PaymentScreening)
          .useFactory({
            factory: (configured: AmlScreening) => new TerminatingScreening(configured),
            inject: [AmlScreening],
          }),
    });
    rail = kit.app.get(RailConnector) as CountingRail;
    rail.proxy = proxy;
    screening = kit.app.get(PaymentScreening) as TerminatingScreening;
    screening.db = kit.db;
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
    const api = await startApiProcess(kit.configuration.environment, port, {}, { crashAfterCapture: true });
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
    rail.cutAfterCapture = true;
    const cut = await kit.pay(customer, body, key);
    // The payment was committed before the rail was called: the customer gets it as it
    // stands, to poll or replay, not a 503 that reads as "not paid".
    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({ status: 'AUTHORIZING', railReference: null, failureCode: null });
    await proxy.setMode('forward');

    const [stuck] = await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId]);
    expect(cut.body.id).toBe(stuck.id);
    expect(await stateOf(stuck.id)).toMatchObject({ status: 'AUTHORIZING', entries: [], captures: ['CAPTURED'] });
    await expectRecoveredCapture(customer, stuck.id, { amount: 62_000 }, key);
    // The recovery learned of the capture by inquiry: the rail was asked to capture once.
    expect(rail.captures.get(stuck.id)).toBe(1);
  }, 60_000);

  it('completes the capture of a payment whose database failed before the rail took it, and captures it once', async () => {
    const customer = await kit.newCustomer();
    const key = `uncaptured-${randomBytes(4).toString('hex')}`;
    const body = { amount: 62_500 };
    rail.cutBeforeCapture = true;
    const cut = await kit.pay(customer, body, key);
    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({ status: 'AUTHORIZING', railReference: null, failureCode: null });
    await proxy.setMode('forward');

    const paymentId = cut.body.id as string;
    // The rail call met the dead database: nothing was taken yet.
    expect(await stateOf(paymentId)).toMatchObject({ status: 'AUTHORIZING', entries: [], captures: [] });
    expect(rail.captures.get(paymentId)).toBe(1);

    // Recovery captures under the payment id instead of failing it; again, it asks nothing more.
    await expectRecoveredCapture(customer, paymentId, body, key);
    expect(rail.captures.get(paymentId)).toBe(2);
    const [instruction] = await kit.db.query(
      `SELECT count(*)::int AS n FROM payment_capture_instructions WHERE payment_id = $1`,
      [paymentId],
    );
    expect(instruction.n).toBe(0);

    // And the payment takes the normal path to the biller.
    await kit.posting.start(paymentId);
    expect(await stateOf(paymentId)).toMatchObject({ status: 'SUCCEEDED', captures: ['CAPTURED'] });
    await expectLedgerBalanced(kit);
  }, 60_000);

  it('answers 503 naming the database, not 500, when the connection is terminated inside the payment transaction', async () => {
    const customer = await kit.newCustomer();
    screening.terminateNext = true;
    const answer = await kit.pay(customer, { amount: 62_700 });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: [{ field: 'database' }] });
    expect(answer.headers['retry-after']).toBeDefined();
    // Nothing was committed: a retry of the same key is a first payment.
    expect(await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId])).toEqual([]);
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

  it("judges a payment too old to capture by the database's clock, as it was accepted, not by the process's", async () => {
    const customer = await kit.newCustomer();
    const timedOut = await kit.pay(customer, { amount: 63_500, fundingAccount: '4000000000000119' });
    expect(timedOut.body.status).toBe('AUTHORIZING');
    await sleep(1100);
    // This process's clock runs two hours ahead of the database's: the payment is still young.
    expect(await withProcessDateAhead(2 * 3_600_000, () => recovery().recover())).toBeGreaterThanOrEqual(1);
    // Asked to capture again (this account never answers), not failed as too old.
    expect(await stateOf(timedOut.body.id)).toMatchObject({ status: 'AUTHORIZING', failureCode: null });
    expect(rail.captures.get(timedOut.body.id)).toBe(2);
  });

  it('fails a payment the rail never captured once it is too old to capture, and voids the reference against a late capture', async () => {
    const customer = await kit.newCustomer();
    const timedOut = await kit.pay(customer, { amount: 64_000, fundingAccount: '4000000000000119' });
    expect(timedOut.body.status).toBe('AUTHORIZING');
    // Young enough: recovery asks the rail to capture it again (this account never answers).
    await recoverAfterThreshold();
    expect(await stateOf(timedOut.body.id)).toMatchObject({ status: 'AUTHORIZING', captures: [] });
    expect(rail.captures.get(timedOut.body.id)).toBe(2);
    // Past AUTHORIZATION_RECOVERY_MAX_AGE_MS: failed, with the reason on its timeline.
    await kit.db.query(
      `UPDATE payments SET created_at = created_at - interval '2 hours', updated_at = updated_at - interval '2 hours'
        WHERE id = $1`,
      [timedOut.body.id],
    );
    expect(await recovery().recover()).toBeGreaterThanOrEqual(1);
    expect(rail.captures.get(timedOut.body.id)).toBe(2);
    const [step] = await kit.db.query(
      `SELECT note FROM payment_status_events WHERE payment_id = $1 AND status = 'FAILED'`,
      [timedOut.body.id],
    );
    expect(step.note).toBe('CARD has no capture of this payment: not captured within 3600 s of acceptance');
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
