import type { ClaimedRunRow } from '../../src/modules/schedules/schedule-run.repository';
import { PostingService } from '../../src/modules/payments/posting/posting.service';
import type { SignedInUser } from '../factories/customer.factory';
import { postPayment } from '../factories/payment.factory';
import { businessToday } from '../factories/schedule.factory';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { claimDueRun, payClaimedRun } from './support/claimed-run';
import { useScheduleRunnerBed } from './support/runner-bed';

const HOUR = 3_600_000;

/**
 * The runner in process, on a database of its own (it claims every due schedule), with a clock
 * the spec moves: each period pays once through the payment core, failed attempts are retried
 * within the period then reported, and a period already paid another way is skipped.
 */
describe('schedule runs', () => {
  const clock = new FakeClock();
  const bed = useScheduleRunnerBed(clock);

  /** The runs as GET /schedules/{id}/runs answers them (through the API while tokens are valid). */
  const runsOf = async (customer: SignedInUser, id: string, viaApi = false): Promise<Record<string, unknown>[]> => {
    if (viaApi) {
      return (await bed.kit.http.get(`/api/v1/schedules/${id}/runs`).set(customer.headers).expect(200)).body;
    }
    // Moving the clock hours ahead expires access tokens: read the rows the route reads.
    return bed.kit.db.query(
      `SELECT id, status, period_key AS "periodKey", due_on::text AS "dueOn", attempt, payment_id AS "paymentId",
              outcome_code AS "outcomeCode", outcome_message AS "outcomeMessage", amount::int AS amount
         FROM schedule_runs WHERE schedule_id = $1 ORDER BY due_on DESC, id DESC`,
      [id],
    );
  };

  const paymentsOf = (scheduleId: string) =>
    bed.kit.db.query(
      `SELECT id, status, idempotency_key, channel, failure_code FROM payments
        WHERE idempotency_key LIKE $1 ORDER BY created_at`,
      [`schedule:${scheduleId}:%`],
    ) as Promise<{ id: string; status: string; idempotency_key: string; channel: string; failure_code: string }[]>;

  const claimedRunOf = (scheduleId: string) => claimDueRun(bed.kit, bed.runner, clock, scheduleId);
  const payRun = (row: ClaimedRunRow) => payClaimedRun(bed.runner, row);

  it('two executions of one run pay the period once, and the run keeps its own payment (never SKIPPED)', async () => {
    const customer = await bed.kit.newCustomer();
    const created = await bed.kit
      .schedule(customer, {
        accountReference: '45010002009',
        amount: 90_000,
        frequency: 'ONCE',
        dayOfMonth: undefined,
        startDate: businessToday(clock.now()),
      })
      .expect(201);
    const id = created.body.id as string;
    const run = await claimedRunOf(id);

    // Two workers on one run at once (a lease that ran out mid-payment), then one more, late.
    await Promise.all([payRun(run), payRun(run)]);
    await payRun(run);
    const payments = await paymentsOf(id);
    expect(payments).toEqual([expect.objectContaining({ status: 'PENDING', idempotency_key: `schedule:${id}:once` })]);
    let [shown] = await runsOf(customer, id);
    expect(shown).toMatchObject({ status: 'PENDING', paymentId: payments[0].id, outcomeCode: null });

    await bed.kit.app.get(PostingService).start(payments[0].id);
    await bed.runner.tick();
    [shown] = await runsOf(customer, id);
    expect(shown).toMatchObject({ status: 'SUCCEEDED', paymentId: payments[0].id, outcomeCode: null });
  });

  it('skips a period already paid another way', async () => {
    const customer = await bed.kit.newCustomer();
    const paid = await postPayment(bed.kit, customer, {
      biller: bed.kit.biller.slug,
      accountReference: '45010002004',
      amount: 70_000,
    }).expect(200);
    const created = await bed.kit
      .schedule(customer, {
        accountReference: '45010002004',
        amount: 70_000,
        frequency: 'ONCE',
        dayOfMonth: undefined,
        startDate: businessToday(clock.now()),
      })
      .expect(201);
    await bed.runner.tick();
    const [run] = await runsOf(customer, created.body.id, true);
    expect(run).toMatchObject({ status: 'SKIPPED', outcomeCode: 'ALREADY_PAID', paymentId: paid.body.id });
    expect(await paymentsOf(created.body.id)).toHaveLength(0);
  });

  it('pays a due period once through the payment core, and the run succeeds when the payment does', async () => {
    const customer = await bed.kit.newCustomer();
    const today = businessToday(clock.now());
    const created = await bed.kit
      .schedule(customer, { accountReference: '45010002001', dayOfMonth: Number(today.slice(8)), startDate: today })
      .expect(201);
    const id = created.body.id as string;
    expect(created.body.nextRunOn).toBe(today);

    await bed.runner.tick();
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ channel: 'SCHEDULE', idempotency_key: `schedule:${id}:${today.slice(0, 7)}` });
    expect(payment.status).toBe('PENDING');
    let [run] = await runsOf(customer, id, true);
    expect(run).toMatchObject({
      status: 'PENDING',
      periodKey: today.slice(0, 7),
      dueOn: today,
      paymentId: payment.id,
      attempt: 1,
    });

    await bed.kit.app.get(PostingService).start(payment.id);
    await bed.runner.tick();
    [run] = await runsOf(customer, id, true);
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      amount: 100_000,
      currency: 'NGN',
      completedAt: expect.any(String),
    });
    const schedule = await bed.kit.http.get(`/api/v1/schedules/${id}`).set(customer.headers).expect(200);
    expect(schedule.body.nextRunOn > today).toBe(true);

    // More rounds the same day pay nothing more.
    await bed.runner.tick();
    await bed.runner.tick();
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await runsOf(customer, id)).toHaveLength(1);
    await expectLedgerBalanced(bed.kit);
  });

  it('completes a ONCE schedule after its run', async () => {
    const customer = await bed.kit.newCustomer();
    const created = await bed.kit
      .schedule(customer, {
        accountReference: '45010002002',
        frequency: 'ONCE',
        dayOfMonth: undefined,
        startDate: businessToday(clock.now()),
      })
      .expect(201);
    await bed.runner.tick();
    const schedule = await bed.kit.http.get(`/api/v1/schedules/${created.body.id}`).set(customer.headers).expect(200);
    expect(schedule.body).toMatchObject({ status: 'COMPLETED', nextRunOn: null });
    const [run] = await runsOf(customer, created.body.id);
    expect(run).toMatchObject({ periodKey: 'once', status: 'PENDING' });
  });

  it('retries a failed payment within the period with a new key per attempt, then fails the run and tells the customer', async () => {
    const customer = await bed.kit.newCustomer();
    const created = await bed.kit
      .schedule(customer, {
        accountReference: '45010002003',
        frequency: 'ONCE',
        dayOfMonth: undefined,
        startDate: businessToday(clock.now()),
        fundingAccount: '4000000000009995',
      })
      .expect(201);
    const id = created.body.id as string;
    await bed.runner.tick();
    let [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'PENDING', attempt: 2, outcomeCode: 'INSUFFICIENT_FUNDS', paymentId: null });
    // Not due again until the backoff has passed.
    await bed.runner.tick();
    expect(await paymentsOf(id)).toHaveLength(1);

    clock.advance(HOUR);
    await bed.runner.tick();
    [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'PENDING', attempt: 3 });
    clock.advance(2 * HOUR);
    await bed.runner.tick();
    [run] = await runsOf(customer, id);
    expect(run).toMatchObject({
      status: 'FAILED',
      attempt: 3,
      outcomeCode: 'INSUFFICIENT_FUNDS',
      outcomeMessage: 'Your funding account did not have enough funds',
    });
    const payments = await paymentsOf(id);
    expect(payments.map((payment) => payment.idempotency_key)).toEqual([
      `schedule:${id}:once`,
      `schedule:${id}:once:2`,
      `schedule:${id}:once:3`,
    ]);
    expect(payments.every((payment) => payment.status === 'FAILED')).toBe(true);
    const events = await bed.kit.db.query(
      `SELECT payload FROM outbox_events WHERE event_type = 'schedule.run_failed' AND aggregate_id = $1`,
      [id],
    );
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      scheduleId: id,
      runId: run.id,
      periodKey: 'once',
      amount: 100_000,
      currency: 'NGN',
      billerId: bed.kit.biller.id,
      accountReference: '45010002003',
      reason: 'Your funding account did not have enough funds',
    });
    await expectLedgerBalanced(bed.kit);
  });

  it('skips a pending run of a schedule cancelled before it was paid, and hides runs from other customers', async () => {
    const customer = await bed.kit.newCustomer();
    const stranger = await bed.kit.newCustomer();
    const created = await bed.kit
      .schedule(customer, {
        accountReference: '45010002005',
        frequency: 'ONCE',
        dayOfMonth: undefined,
        startDate: businessToday(clock.now()),
      })
      .expect(201);
    const id = created.body.id as string;
    await bed.runner.createDueRuns();
    await bed.kit.http.delete(`/api/v1/schedules/${id}`).set(customer.headers).expect(204);
    await bed.runner.tick();
    const [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'SKIPPED', outcomeCode: 'SCHEDULE_CANCELLED' });
    expect(await paymentsOf(id)).toHaveLength(0);
    const hidden = await bed.kit.http.get(`/api/v1/schedules/${id}/runs`).set(stranger.headers).expect(404);
    expectCataloguedApiError(hidden.body, 'NOT_FOUND');
  });

  it('lists runs newest first, one per period', async () => {
    const customer = await bed.kit.newCustomer();
    const today = businessToday(clock.now());
    const created = await bed.kit
      .schedule(customer, {
        accountReference: '45010002006',
        frequency: 'WEEKLY',
        dayOfMonth: undefined,
        dayOfWeek: isoDay(today),
        startDate: today,
      })
      .expect(201);
    const id = created.body.id as string;
    await bed.runner.tick();
    clock.advance(7 * 24 * HOUR);
    await bed.runner.tick();
    // Back to the time the access token was issued, to read the runs through the API.
    clock.advance(-7 * 24 * HOUR);
    const runs = await runsOf(customer, id, true);
    expect(runs).toHaveLength(2);
    expect((runs[0].dueOn as string) > (runs[1].dueOn as string)).toBe(true);
    expect(runs[0].periodKey).toMatch(/^\d{4}-W\d{2}$/);
    expect(new Set((await paymentsOf(id)).map((payment) => payment.idempotency_key)).size).toBe(2);
  });
});

function isoDay(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
