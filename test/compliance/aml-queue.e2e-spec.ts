import { createAgent, postAgentPayment } from '../factories/agent.factory';
import { SignedInUser } from '../factories/customer.factory';
import {
  AmlFlagBody,
  amlFlagsOf,
  getAmlQueue,
  heldPaymentOf,
  reviewAml,
  wholeAmlQueue,
} from '../factories/aml-flag.factory';
import { PaymentBody, postPayment } from '../factories/payment.factory';
import { businessToday, createSchedule } from '../factories/schedule.factory';
import { ScheduleRunner } from '../../src/modules/schedules';
import { newId } from '../../src/platform/database/new-id';
import { expectApiError, expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { ComplianceApp, createComplianceApp } from './support/compliance-kit';

/** The hold of HIGH-flagged payments, the review queue and its decisions. */
describe('AML queue and review', () => {
  let kit: ComplianceApp;

  beforeAll(async () => {
    // Every payment here pays the kit's biller account, some twice a customer: keep the distinct-payers and
    // velocity rules out of the way (aml-rules.e2e-spec.ts tests them).
    kit = await createComplianceApp({ AML_DISTINCT_PAYERS_MAX: '100000', AML_VELOCITY_MAX_AMOUNT: '100000000' });
  }, 90_000);

  afterAll(() => kit?.close());

  /** A payment above the single threshold: SINGLE_AMOUNT (HIGH) and NEW_ACCOUNT, held. */
  const heldPayment = async (customer?: SignedInUser): Promise<PaymentBody> => {
    const response = await kit.pay(customer ?? (await kit.newCustomer()), 300_001);
    expect(response.status).toBe(200);
    return response.body as PaymentBody;
  };
  const paymentRow = (id: string) => heldPaymentOf(kit, id);
  const capturedEvents = async (id: string) =>
    (
      await kit.db.query(
        `SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.captured'`,
        [id],
      )
    )[0].n as number;
  const attempts = async (id: string) =>
    (await kit.db.query(`SELECT count(*)::int AS n FROM posting_attempts WHERE payment_id = $1`, [id]))[0].n as number;
  const queueOf = async (txnId: string): Promise<AmlFlagBody[]> =>
    (await wholeAmlQueue(kit, kit.compliance)).filter((flag) => flag.txnId === txnId);

  it('holds a HIGH-flagged payment: not posted by start or the sweep, shown under review, released by CLEAR to SUCCEEDED', async () => {
    const customer = await kit.newCustomer();
    const payment = await heldPayment(customer);
    expect(payment.status).toBe('PENDING');
    expect(payment.statusDescription).toMatch(/^Under review:/);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: true });
    expect(await capturedEvents(payment.id)).toBe(0);
    expect(await attempts(payment.id)).toBe(0);

    await kit.posting.start(payment.id);
    await kit.posting.sweep();
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: true });
    const seen = await kit.http.get(`/api/v1/payments/${payment.id}`).set(customer.headers).expect(200);
    expect(seen.body.status).toBe('PENDING');
    expect(seen.body.statusDescription).toMatch(/under review|being reviewed/i);

    await reviewAml(kit, kit.compliance, payment.id, { decision: 'CLEAR', note: 'Known customer.' }).expect(204);
    expect((await amlFlagsOf(kit, payment.id)).map((flag) => flag.status)).toEqual(['CLEARED', 'CLEARED']);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: false });
    expect(await capturedEvents(payment.id)).toBe(1);
    expect(await queueOf(payment.id)).toEqual([]);

    await kit.posting.start(payment.id);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'SUCCEEDED' });
    const audit = await kit.db.query(
      `SELECT action, actor_user_id FROM admin_audit_log WHERE entity_id = $1 AND action = 'aml_flag.reviewed'`,
      [payment.id],
    );
    expect(audit).toEqual([{ action: 'aml_flag.reviewed', actor_user_id: kit.compliance.userId }]);

    // A second review of the closed flags is refused.
    const again = await reviewAml(kit, kit.compliance, payment.id, { decision: 'REPORT', note: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expectCataloguedApiError(again.body, 'AML_FLAG_CLOSED');
  });

  it('REPORT fails a held payment, reverses its entry, refunds it on the rail and records a report', async () => {
    const payment = await heldPayment();
    await reviewAml(kit, kit.admin, payment.id, { decision: 'REPORT', note: 'Filed with the FIU.' }).expect(204);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ status: 'FAILED', held_for_review: false, failure_code: 'COMPLIANCE_REJECTED' });
    expect(row.reversal_entry_id).not.toBeNull();
    // The reversal undoes the capture line for line: every account nets to zero over the two entries.
    const nets = await kit.db.query(
      `SELECT account_id, sum(amount)::text AS net FROM journal_lines WHERE entry_id = ANY ($1::uuid[]) GROUP BY account_id`,
      [[row.journal_entry_id, row.reversal_entry_id]],
    );
    expect(nets.length).toBeGreaterThan(0);
    for (const net of nets as { net: string }[]) expect(net.net).toBe('0');
    expect(
      await kit.db.query(`SELECT action, amount::text FROM rail_reversals WHERE payment_id = $1`, [payment.id]),
    ).toEqual([{ action: 'REFUND', amount: String(300_001 + Number(payment.fee)) }]);
    expect(
      await kit.db.query(`SELECT rules, reported_by, note FROM aml_reports WHERE payment_id = $1`, [payment.id]),
    ).toEqual([
      {
        rules: expect.arrayContaining(['SINGLE_AMOUNT', 'NEW_ACCOUNT']),
        reported_by: kit.admin.userId,
        note: 'Filed with the FIU.',
      },
    ]);
    expect((await amlFlagsOf(kit, payment.id)).map((flag) => flag.status)).toEqual(['REPORTED', 'REPORTED']);
    const events = await kit.db.query(
      `SELECT event_type FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at, id`,
      [payment.id],
    );
    expect(events.map((event: { event_type: string }) => event.event_type)).toEqual([
      'payment.failed',
      'payment.rail_reversal_requested',
    ]);
    // Never posted: start does nothing to a failed payment.
    await kit.posting.start(payment.id);
    expect((await paymentRow(payment.id)).status).toBe('FAILED');
    await expectLedgerBalanced(kit);
    const second = await reviewAml(kit, kit.compliance, payment.id, { decision: 'CLEAR', note: 'x' });
    expect(second.status).toBe(409);
    expectApiError(second.body, 'AML_FLAG_CLOSED');
  });

  it('screens agent payments too: a held cash payment is not posted, and REPORT puts the float back', async () => {
    const agent = await createAgent(kit, { float: 1_000_000 });
    const response = await postAgentPayment(kit, agent, { biller: kit.biller.slug, amount: 300_001 });
    expect(response.status).toBe(200);
    const payment = response.body as PaymentBody;
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: true });
    expect(await capturedEvents(payment.id)).toBe(0);
    await kit.posting.start(payment.id);
    expect((await paymentRow(payment.id)).status).toBe('PENDING');

    await reviewAml(kit, kit.compliance, payment.id, { decision: 'REPORT', note: 'Cash structuring.' }).expect(204);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ status: 'FAILED', failure_code: 'COMPLIANCE_REJECTED' });
    expect(row.reversal_entry_id).not.toBeNull();
    // Paid from the float, not a rail: the reversal itself puts the float back, nothing goes to a rail.
    expect(await kit.db.query(`SELECT id FROM rail_reversals WHERE payment_id = $1`, [payment.id])).toEqual([]);
    await expectLedgerBalanced(kit);
  });

  it('ESCALATE keeps the payment held and the flags queued as ESCALATED; a second ESCALATE is 409; CLEAR then releases it', async () => {
    const payment = await heldPayment();
    await reviewAml(kit, kit.compliance, payment.id, { decision: 'ESCALATE', note: 'Senior review.' }).expect(204);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: true });
    expect((await queueOf(payment.id)).map((flag) => flag.status)).toEqual(['ESCALATED', 'ESCALATED']);
    const twice = await reviewAml(kit, kit.compliance, payment.id, { decision: 'ESCALATE', note: 'Again.' });
    expect(twice.status).toBe(409);
    expectApiError(twice.body, 'AML_FLAG_CLOSED');
    await kit.posting.start(payment.id);
    expect((await paymentRow(payment.id)).status).toBe('PENDING');

    await reviewAml(kit, kit.admin, payment.id, { decision: 'CLEAR', note: 'Cleared by the MLRO.' }).expect(204);
    await kit.posting.start(payment.id);
    expect((await paymentRow(payment.id)).status).toBe('SUCCEEDED');
  });

  it('CLEAR of a payment with only a lower-severity flag closes the flag and leaves the payment as it was', async () => {
    const customer = await kit.newCustomer();
    const response = await kit.pay(customer, 200_001); // NEW_ACCOUNT (MEDIUM) only
    const payment = response.body as PaymentBody;
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: false });
    expect(await capturedEvents(payment.id)).toBe(1);
    await reviewAml(kit, kit.compliance, payment.id, { decision: 'CLEAR', note: 'Fine.' }).expect(204);
    expect(await capturedEvents(payment.id)).toBe(1);
    expect((await amlFlagsOf(kit, payment.id)).map((flag) => flag.status)).toEqual(['CLEARED']);
  });

  it('REPORT of a payment that was never held records the report and leaves the payment to its course', async () => {
    const customer = await kit.newCustomer();
    const payment = (await kit.pay(customer, 200_002)).body as PaymentBody; // NEW_ACCOUNT (MEDIUM) only
    await reviewAml(kit, kit.compliance, payment.id, { decision: 'REPORT', note: 'Reported for the record.' }).expect(
      204,
    );
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: false });
    expect((await amlFlagsOf(kit, payment.id)).map((flag) => flag.status)).toEqual(['REPORTED']);
    expect(await kit.db.query(`SELECT rules FROM aml_reports WHERE payment_id = $1`, [payment.id])).toEqual([
      { rules: ['NEW_ACCOUNT'] },
    ]);
    await kit.posting.start(payment.id);
    expect((await paymentRow(payment.id)).status).toBe('SUCCEEDED');
  });

  it('REPORT of a held payment whose capture the rail never answered fails it and voids the capture', async () => {
    const customer = await kit.newCustomer();
    // The sandbox rail answers nothing for this card: the payment stays AUTHORIZING, held.
    const response = await postPayment(kit, customer, {
      biller: kit.biller.slug,
      amount: 300_001,
      fundingAccount: '4000000000000119',
    }).expect(200);
    const payment = response.body as PaymentBody;
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'AUTHORIZING', held_for_review: true });
    await reviewAml(kit, kit.compliance, payment.id, { decision: 'REPORT', note: 'Reported before capture.' }).expect(
      204,
    );
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'FAILED',
      failure_code: 'COMPLIANCE_REJECTED',
      journal_entry_id: null,
    });
    expect(await kit.db.query(`SELECT action FROM rail_reversals WHERE payment_id = $1`, [payment.id])).toEqual([
      { action: 'CANCEL' },
    ]);
    await expectLedgerBalanced(kit);
  });

  it('screens scheduled payments: a period paying above the threshold is held like any payment', async () => {
    const customer = await kit.newCustomer();
    const schedule = await createSchedule(kit, customer, {
      biller: kit.biller.slug,
      amount: 300_001,
      frequency: 'ONCE',
      dayOfMonth: undefined,
      startDate: businessToday(new Date()),
    });
    await kit.app.get(ScheduleRunner, { strict: false }).tick();
    const [payment] = (await kit.db.query(`SELECT id, channel FROM payments WHERE idempotency_key LIKE $1`, [
      `schedule:${schedule.id}:%`,
    ])) as { id: string; channel: string }[];
    expect(payment.channel).toBe('SCHEDULE');
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'PENDING', held_for_review: true });
    expect((await amlFlagsOf(kit, payment.id)).map((flag) => flag.rule).sort()).toEqual([
      'NEW_ACCOUNT',
      'SINGLE_AMOUNT',
    ]);
    await kit.posting.start(payment.id);
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
  });

  it('lists open flags HIGH first, then oldest, with the payment and customer summary', async () => {
    const customer = await kit.newCustomer();
    const first = await heldPayment(customer);
    const second = await heldPayment(customer);
    const flags = await wholeAmlQueue(kit, kit.admin);
    const rank = { HIGH: 0, MEDIUM: 1, LOW: 2 } as Record<string, number>;
    const order = flags.map((flag) => [rank[flag.severity], Date.parse(flag.createdAt)]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // Each payment has a HIGH SINGLE_AMOUNT and a MEDIUM NEW_ACCOUNT flag: both HIGH ones come first.
    const mine = flags.filter((flag) => flag.txnId === first.id || flag.txnId === second.id);
    expect(mine.map((flag) => [flag.txnId, flag.rule])).toEqual([
      [first.id, 'SINGLE_AMOUNT'],
      [second.id, 'SINGLE_AMOUNT'],
      [first.id, 'NEW_ACCOUNT'],
      [second.id, 'NEW_ACCOUNT'],
    ]);
    const single = mine.find((flag) => flag.rule === 'SINGLE_AMOUNT');
    expect(single).toEqual({
      id: expect.any(String),
      txnId: first.id,
      rule: 'SINGLE_AMOUNT',
      severity: 'HIGH',
      reason: expect.any(String),
      createdAt: expect.any(String),
      status: 'OPEN',
      payment: {
        amount: 300_001,
        fee: Number(first.fee),
        currency: 'NGN',
        billerId: kit.biller.id,
        billerName: kit.biller.name,
        status: 'PENDING',
        heldForReview: true,
        channel: 'APP',
      },
      customer: {
        id: customer.userId,
        phone: `${customer.phone.slice(0, 4)}${'*'.repeat(customer.phone.length - 8)}${customer.phone.slice(-4)}`,
        kycTier: 'TIER_0',
      },
    });
  });

  it('lets COMPLIANCE and ADMIN in, refuses customers and SUPPORT (403) and anonymous callers (401)', async () => {
    const customer = await kit.newCustomer();
    const payment = await heldPayment(customer);
    await getAmlQueue(kit, kit.compliance).expect(200);
    await getAmlQueue(kit, kit.admin).expect(200);
    for (const caller of [customer, kit.support]) {
      const queue = await getAmlQueue(kit, caller);
      expect(queue.status).toBe(403);
      expectApiError(queue.body, 'FORBIDDEN');
      const review = await reviewAml(kit, caller, payment.id);
      expect(review.status).toBe(403);
      expectApiError(review.body, 'FORBIDDEN');
    }
    expect((await getAmlQueue(kit)).status).toBe(401);
    expect((await reviewAml(kit, undefined, payment.id)).status).toBe(401);
    expect(await paymentRow(payment.id)).toMatchObject({ held_for_review: true });
  });

  it('answers 404 for an unknown txnId or a payment without flags, and 400 for bad input', async () => {
    const unknown = await reviewAml(kit, kit.compliance, newId());
    expect(unknown.status).toBe(404);
    expectApiError(unknown.body, 'NOT_FOUND');

    const customer = await kit.newCustomer();
    const plain = (await kit.pay(customer, 1_000)).body as PaymentBody;
    expect((await reviewAml(kit, kit.compliance, plain.id)).status).toBe(404);

    const payment = await heldPayment();
    expect((await reviewAml(kit, kit.compliance, 'not-a-uuid')).status).toBe(400);
    for (const body of [
      { decision: 'APPROVE', note: 'x' },
      { decision: 'CLEAR' },
      { decision: 'CLEAR', note: '   ' },
      { decision: 'CLEAR', note: 'x', extra: true },
    ]) {
      const response = await reviewAml(kit, kit.compliance, payment.id, body);
      expect(response.status).toBe(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
    }
    expect(await paymentRow(payment.id)).toMatchObject({ held_for_review: true });
  });
});
