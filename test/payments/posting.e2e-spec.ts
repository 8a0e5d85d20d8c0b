import { BillerConnector } from '../../src/modules/billers/connector/biller-connector';
import { PaymentRepository } from '../../src/modules/payments/core/payment.repository';
import { PaymentPostingProcessor } from '../../src/modules/payments/posting/payment-posting.processor';
import { PostingAttemptRepository } from '../../src/modules/payments/posting/posting-attempt.repository';
import { RailReversalService } from '../../src/modules/payments/rails/rail-reversal.service';
import { withBillerUnreachable } from '../factories/biller.factory';
import { createPostingAttempt } from '../factories/posting-attempt.factory';
import { expectApiError, expectLedgerBalanced } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { withProcessDateAhead } from '../support/process-date';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';

/**
 * Faults at the biller: the simulator's magic references, an unreachable biller, a worker dying
 * mid-call. A database of its own: a sweep takes the oldest due attempts of the whole database,
 * and the payments other specs leave unposted would crowd this spec's out of it.
 */
describe('posting payments to billers', () => {
  let database: IsolatedDatabase;
  let kit: PaymentsApp;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    // Slow references answer after 800 ms; the biller's connector gives up after 300 ms.
    kit = await createPaymentsApp({
      slowResponseMs: 800,
      confirmAfterMs: 400,
      config: { DATABASE_URL: database.url, POSTING_MAX_TRIES: '3' },
    });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
    await database?.drop();
  });

  afterEach(async () => {
    await expectLedgerBalanced(kit);
  });

  /** Calls to the biller's posting endpoint for the payment (the spy sees every one the service makes). */
  let postSpy: jest.SpyInstance;
  beforeAll(() => {
    postSpy = jest.spyOn(kit.app.get(BillerConnector), 'postPayment');
  });
  const postsFor = (paymentId: string) =>
    postSpy.mock.calls.filter(([, posting]) => (posting as { reference: string }).reference === paymentId).length;

  async function payment(id: string) {
    const [row] = await kit.db.query(
      `SELECT status, failure_code, biller_reference, reversal_entry_id, rail_reversal_reference FROM payments WHERE id = $1`,
      [id],
    );
    return row as Record<string, string | null>;
  }

  async function attempts(paymentId: string) {
    return kit.db.query(
      `SELECT id, cycle, status, tries, outcome_unknown, last_outcome FROM posting_attempts WHERE payment_id = $1 ORDER BY cycle`,
      [paymentId],
    );
  }

  /** Makes the attempt due now (skips its backoff) and runs the sweep. */
  async function sweepNow(paymentId: string) {
    await kit.db.query(
      `UPDATE posting_attempts SET next_attempt_at = now(), lease_until = NULL WHERE payment_id = $1`,
      [paymentId],
    );
    await kit.posting.sweep();
  }

  it('after a timeout asks the biller for the status instead of posting again, then confirms', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { accountReference: '45010001150', amount: 20_000 });
    expect(paid.status).toBe(200);
    await kit.posting.start(paid.body.id);
    expect(await attempts(paid.body.id)).toEqual([
      expect.objectContaining({
        status: 'RETRYING',
        tries: 1,
        outcome_unknown: true,
        last_outcome: 'TRANSIENT_FAILURE',
      }),
    ]);
    expect((await payment(paid.body.id)).status).toBe('PROCESSING');

    await new Promise((resolve) => setTimeout(resolve, 700)); // the slow biller has now recorded it
    await sweepNow(paid.body.id);
    expect(await payment(paid.body.id)).toMatchObject({ status: 'SUCCEEDED', biller_reference: expect.any(String) });
    expect(postsFor(paid.body.id)).toBe(1);
    const statusInquiries = kit.simulatorLog.filter((line) => line.startsWith(`GET `) && line.includes(paid.body.id));
    expect(statusInquiries).toHaveLength(1);
  });

  it("counts a confirmed payment toward its biller's popularity on the database's day, not the process's", async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 21_000 });
    expect(paid.status).toBe(200);
    // This process's clock runs 40 days ahead of the database's.
    await withProcessDateAhead(40 * 86_400_000, () => kit.posting.start(paid.body.id));
    expect((await payment(paid.body.id)).status).toBe('SUCCEEDED');
    const days = await kit.db.query(
      `SELECT DISTINCT p.day::text AS day, (pay.completed_at AT TIME ZONE 'UTC')::date::text AS completed
         FROM biller_popularity p, payments pay
        WHERE p.biller_id = $1 AND pay.id = $2`,
      [kit.biller.id, paid.body.id],
    );
    expect(days).toHaveLength(1);
    expect(days[0].day).toBe(days[0].completed);
  });

  it('retries an unreachable biller with backoff, gives up into FAILED, and an operator retry finishes it', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 30_000 });
    await withBillerUnreachable(kit, kit.biller, async () => {
      await kit.posting.start(paid.body.id);
      await sweepNow(paid.body.id);
      await sweepNow(paid.body.id);
    });
    const [failed] = await attempts(paid.body.id);
    expect(failed).toMatchObject({ status: 'FAILED', tries: 3, last_outcome: 'GAVE_UP' });
    expect((await payment(paid.body.id)).status).toBe('PROCESSING');
    // The customer sees a safe, delayed state; the connector's words are for staff only.
    const seen = await kit.http.get(`/api/v1/payments/${paid.body.id}`).set(customer.headers).expect(200);
    expect(seen.body).toMatchObject({ status: 'PROCESSING', delayed: true, posting: { status: 'FAILED' } });
    expect(seen.body.statusDescription).toMatch(
      /^Delayed: .+ has not confirmed the payment yet\. We are looking into it and will either confirm it or return NGN 304\.00 to your card/,
    );
    expect(JSON.stringify(seen.body)).not.toMatch(/gave up|unreachable|status 5\d\d|127\.0\.0\.1/);

    const listed = await kit.http
      .get('/api/v1/admin/posting-attempts?status=FAILED&size=100')
      .set(kit.admin.headers)
      .expect(200);
    expect(listed.body.map((item: { id: string }) => item.id)).toContain(failed.id);
    await kit.http.get('/api/v1/admin/posting-attempts').set(customer.headers).expect(403);

    const retried = await kit.http
      .post(`/api/v1/admin/posting-attempts/${failed.id}/retry`)
      .set(kit.admin.headers)
      .expect(200);
    expect(retried.body).toMatchObject({
      paymentId: paid.body.id,
      cycle: 2,
      status: 'PENDING',
      requestedBy: kit.admin.userId,
    });
    const again = await kit.http.post(`/api/v1/admin/posting-attempts/${retried.body.id}/retry`).set(kit.admin.headers);
    expect(again.status).toBe(409);
    expectApiError(again.body, 'NOT_RETRYABLE');
    await kit.http
      .post('/api/v1/admin/posting-attempts/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a99/retry')
      .set(kit.admin.headers)
      .expect(404);

    await kit.posting.sweep();
    expect((await payment(paid.body.id)).status).toBe('SUCCEEDED');
    expect(await attempts(paid.body.id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'FAILED' }),
      expect.objectContaining({ cycle: 2, status: 'CONFIRMED', tries: 1 }),
    ]);
    const audit = await kit.db.query(`SELECT action FROM admin_audit_log WHERE entity_id = $1`, [failed.id]);
    expect(audit).toEqual([{ action: 'posting_attempt.retried' }]);
  });

  it('fails a payment the biller refuses: reversing entry, funds refunded on the rail, events written', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { accountReference: '45010001422', amount: 40_000 });
    await kit.posting.start(paid.body.id);
    const failed = await payment(paid.body.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      failure_code: 'BILLER_REJECTED',
      reversal_entry_id: expect.any(String),
    });
    const [balance] = await kit.db.query(
      `SELECT coalesce(sum(l.amount), 0)::text AS sum FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.reference_id = $1`,
      [paid.body.id],
    );
    expect(balance.sum).toBe('0');
    const events = await kit.db.query(
      `SELECT event_type FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at, event_type`,
      [paid.body.id],
    );
    expect(events.map((event: { event_type: string }) => event.event_type)).toEqual([
      'payment.captured',
      'payment.failed',
      'payment.rail_reversal_requested',
    ]);

    const [owed] = await kit.db.query(`SELECT action, amount::int, status FROM rail_reversals WHERE payment_id = $1`, [
      paid.body.id,
    ]);
    expect(owed).toEqual({ action: 'REFUND', amount: 40_000 + 100 + 400, status: 'PENDING' });
    const reversals = kit.app.get(RailReversalService);
    await reversals.reverse(paid.body.id);
    await reversals.reverse(paid.body.id); // a redelivered job changes nothing
    expect((await payment(paid.body.id)).rail_reversal_reference).toMatch(/^card_ref_/);
    const [done] = await kit.db.query(
      `SELECT status, rail_reference, tries FROM rail_reversals WHERE payment_id = $1`,
      [paid.body.id],
    );
    expect(done).toEqual({ status: 'COMPLETED', rail_reference: expect.stringMatching(/^card_ref_/), tries: 1 });
    const refunded = await kit.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.refunded'`,
      [paid.body.id],
    );
    expect(refunded[0].n).toBe(1);

    const detail = await kit.http.get(`/api/v1/payments/${paid.body.id}`).set(customer.headers).expect(200);
    expect(detail.body.timeline.map((step: { status: string }) => step.status)).toEqual([
      'AUTHORIZING',
      'PENDING',
      'PROCESSING',
      'FAILED',
    ]);
    expect(detail.body.reversalEntryId).toBe(failed.reversal_entry_id);
  });

  it('waits for a biller that accepts a payment PENDING, then records it confirmed', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { accountReference: '45010001202', amount: 50_000 });
    await kit.posting.start(paid.body.id);
    expect(await attempts(paid.body.id)).toEqual([
      expect.objectContaining({ status: 'PENDING', last_outcome: 'AWAITING_CONFIRMATION', outcome_unknown: true }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    await sweepNow(paid.body.id);
    expect((await payment(paid.body.id)).status).toBe('SUCCEEDED');
    expect(postsFor(paid.body.id)).toBe(1);
  });

  it('loses nothing and posts nothing twice when a worker dies in the middle of a post', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 60_000 });
    const id = paid.body.id as string;
    // The worker moves the payment to PROCESSING and opens its first cycle already claimed,
    // and calls the biller, which takes the payment; the worker dies before it records the answer.
    const repository = kit.app.get(PostingAttemptRepository);
    const started = await kit.posting.begin(id, 60_000);
    expect(started).toMatchObject({
      payment: { id, status: 'PROCESSING' },
      claimed: { wasUnknown: false, attempt: { paymentId: id, cycle: 1, status: 'PENDING', tries: 1 } },
    });
    expect(started!.claimed!.attempt.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await payment(id)).status).toBe('PROCESSING');
    const [{ biller_name: billerName }] = await kit.db.query(`SELECT biller_name FROM payments WHERE id = $1`, [id]);
    const timeline = await kit.db.query(
      `SELECT status, note FROM payment_status_events WHERE payment_id = $1 ORDER BY id`,
      [id],
    );
    expect(timeline).toEqual([
      expect.objectContaining({ status: 'AUTHORIZING' }),
      expect.objectContaining({ status: 'PENDING' }),
      { status: 'PROCESSING', note: `Posting to ${billerName}` },
    ]);
    // A redelivered event changes nothing and opens no second cycle, and nobody else claims this one.
    expect(await kit.posting.begin(id, 60_000)).toBeNull();
    expect(await attempts(id)).toHaveLength(1);
    const attempt = started!.claimed!.attempt;
    expect(await repository.claim(kit.db.manager, attempt.id, 60_000)).toBeNull();
    const biller = (await kit.db.query(`SELECT connector_base_url FROM billers WHERE id = $1`, [kit.biller.id]))[0];
    const outcome = await kit.app
      .get(BillerConnector)
      .postPayment(
        { baseUrl: biller.connector_base_url, secretRef: 'simulator', timeoutMs: 1000 },
        { reference: id, accountReference: '45010001234', amount: 60_000, currency: 'NGN' },
      );
    expect(outcome.kind).toBe('ACCEPTED');

    // While its lease lasts, no other worker touches it.
    await kit.posting.sweep();
    expect(await attempts(id)).toEqual([
      expect.objectContaining({ status: 'PENDING', tries: 1, outcome_unknown: true }),
    ]);

    // The lease runs out; the next worker asks the biller first, finds the payment, confirms it.
    await kit.db.query(`UPDATE posting_attempts SET lease_until = now() - interval '1 second' WHERE id = $1`, [
      attempt.id,
    ]);
    await kit.posting.sweep();
    expect((await payment(id)).status).toBe('SUCCEEDED');
    expect(await attempts(id)).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', tries: 2, outcome_unknown: false }),
    ]);
    expect(postsFor(id)).toBe(1);
  });

  it('posts a payment.captured job with the biller name it carries, without reading the payment first', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 80_000 });
    const id = paid.body.id as string;
    const [{ payload, id: eventId }] = await kit.db.query(
      `SELECT id, payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.captured'`,
      [id],
    );
    const processor = new PaymentPostingProcessor(kit.posting);
    const job = (data: Record<string, unknown>) =>
      ({
        data: { eventId, eventType: 'payment.captured', aggregateType: 'payment', aggregateId: id, ...data },
      }) as never;
    const reads = jest.spyOn(kit.app.get(PaymentRepository), 'findById');
    try {
      await processor.handle(job({ payload }));
      expect(reads).not.toHaveBeenCalled();
      // A redelivery finds the payment past PENDING and changes nothing.
      await processor.handle(job({ payload }));
    } finally {
      reads.mockRestore();
    }
    expect((await payment(id)).status).toBe('SUCCEEDED');
    expect(postsFor(id)).toBe(1);
    expect(await attempts(id)).toEqual([expect.objectContaining({ status: 'CONFIRMED', tries: 1 })]);
    const timeline = await kit.db.query(
      `SELECT status, note FROM payment_status_events WHERE payment_id = $1 ORDER BY id`,
      [id],
    );
    expect(timeline.slice(2)).toEqual([
      { status: 'PROCESSING', note: `Posting to ${payload.billerName}` },
      expect.objectContaining({ status: 'SUCCEEDED' }),
    ]);
  });

  it('reads the payment for its biller name when the job carries none', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 90_000 });
    const id = paid.body.id as string;
    const [{ biller_name: billerName }] = await kit.db.query(`SELECT biller_name FROM payments WHERE id = $1`, [id]);
    const processor = new PaymentPostingProcessor(kit.posting);
    await processor.handle({
      data: { eventId: id, eventType: 'payment.captured', aggregateType: 'payment', aggregateId: id, payload: {} },
    } as never);
    expect((await payment(id)).status).toBe('SUCCEEDED');
    const [processing] = await kit.db.query(
      `SELECT note FROM payment_status_events WHERE payment_id = $1 AND status = 'PROCESSING'`,
      [id],
    );
    expect(processing).toEqual({ note: `Posting to ${billerName}` });
  });

  it('starts a PENDING payment that has a cycle already by trying that cycle, opening no other', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 70_000 });
    const id = paid.body.id as string;
    const opened = await createPostingAttempt(kit, id);
    await kit.posting.start(id);
    expect((await payment(id)).status).toBe('SUCCEEDED');
    expect(await attempts(id)).toEqual([expect.objectContaining({ id: opened.id, status: 'CONFIRMED', tries: 1 })]);
    expect(postsFor(id)).toBe(1);
  });

  it('opens no second cycle when the worker holding the first has recorded the answer before the job looks', async () => {
    const customer = await kit.newCustomer();
    const paid = await kit.pay(customer, { amount: 60_000 });
    const id = paid.body.id as string;
    // The job's transaction moves the payment to PROCESSING but finds the first cycle leased by
    // another worker's sweeper, which then records the biller's answer and closes the cycle
    // before this worker looks for it again.
    const repository = kit.app.get(PostingAttemptRepository);
    const claim = jest.spyOn(repository, 'claimFirstCycle').mockImplementationOnce(async () => {
      await kit.db.query(
        `UPDATE posting_attempts SET status = 'CONFIRMED', last_outcome = 'CONFIRMED', completed_at = now()
          WHERE payment_id = $1`,
        [id],
      );
      return null;
    });
    try {
      await kit.posting.start(id);
    } finally {
      claim.mockRestore();
    }
    expect(await attempts(id)).toEqual([expect.objectContaining({ cycle: 1, status: 'CONFIRMED' })]);
    expect(postsFor(id)).toBe(0);
  });
});
