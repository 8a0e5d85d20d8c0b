import type { ClaimedRunRow } from '../../src/modules/schedules/schedule-run.repository';
import { PostingService } from '../../src/modules/payments/posting/posting.service';
import { billInput, pushBills, randomAccountReference } from '../factories/bill.factory';
import type { SignedInUser } from '../factories/customer.factory';
import { createPayment, GOOD_CARD } from '../factories/payment.factory';
import { createSavedAccount } from '../factories/saved-account.factory';
import { businessToday } from '../factories/schedule.factory';
import { expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { claimDueRun, payClaimedRun } from './support/claimed-run';
import { useScheduleRunnerBed } from './support/runner-bed';

/**
 * Bills mode (`mode: BILLS`, `maximumAmount`): each period the runner pays the account's open
 * pushed bill (the earliest due) through `BillsService.payBill`, skips with `NO_BILL_DUE` when
 * none is open, and skips with `ABOVE_MAXIMUM` (plus `schedule.confirmation_needed`) when the
 * bill is above the maximum. The runner runs in process on a database of its own (it claims
 * every due schedule); the clock stands still so access tokens stay valid for the API reads.
 */
describe('schedule runs: bills mode', () => {
  const clock = new FakeClock();
  const bed = useScheduleRunnerBed(clock);

  /**
   * A customer with the account saved: bills pushed for it with their phone as a hint are matched
   * to them at ingestion (account history + an agreeing hint = two signals).
   */
  const customerWithAccount = async (): Promise<{ customer: SignedInUser; account: string }> => {
    const customer = await bed.kit.newCustomer();
    const account = randomAccountReference();
    await createSavedAccount(bed.kit, customer, { billerId: bed.kit.biller.id, accountReference: account });
    return { customer, account };
  };

  /** Pushes bills of the account for the customer; answers their ids in order, each matched. */
  const pushMatched = async (
    customer: SignedInUser,
    account: string,
    bills: Record<string, unknown>[],
  ): Promise<string[]> => {
    const report = await pushBills(
      bed.kit,
      bed.kit.biller.slug,
      bills.map((overrides) =>
        billInput({ accountReference: account, customer: { phone: customer.phone }, ...overrides }),
      ),
    );
    expect(report.items.map((item) => [item.outcome, item.matched])).toEqual(bills.map(() => ['CREATED', true]));
    return report.items.map((item) => item.billId);
  };

  /** A ONCE bills-mode schedule due today for the account. */
  const billsSchedule = async (customer: SignedInUser, account: string, maximumAmount: number): Promise<string> => {
    const created = await bed.kit
      .schedule(customer, {
        accountReference: account,
        mode: 'BILLS',
        amount: undefined,
        maximumAmount,
        frequency: 'ONCE',
        dayOfMonth: undefined,
        startDate: businessToday(clock.now()),
      })
      .expect(201);
    expect(created.body).toMatchObject({ mode: 'BILLS', maximumAmount, amount: null });
    return created.body.id as string;
  };

  const runsOf = async (customer: SignedInUser, id: string): Promise<Record<string, unknown>[]> =>
    (await bed.kit.http.get(`/api/v1/schedules/${id}/runs`).set(customer.headers).expect(200)).body;

  /** Every payment to the account, whatever its channel or key. */
  const paymentsTo = (account: string) =>
    bed.kit.db.query(
      `SELECT id, status, channel, amount::int AS amount, idempotency_key FROM payments
        WHERE biller_id = $1 AND account_reference = $2 ORDER BY created_at`,
      [bed.kit.biller.id, account],
    ) as Promise<{ id: string; status: string; channel: string; amount: number; idempotency_key: string }[]>;

  const billRow = async (id: string) =>
    (
      await bed.kit.db.query(`SELECT status, payment_id, amount_due::int AS amount_due FROM bills WHERE id = $1`, [id])
    )[0] as { status: string; payment_id: string | null; amount_due: number };

  const claimedRunOf = (scheduleId: string) => claimDueRun(bed.kit, bed.runner, clock, scheduleId);
  const payRun = (row: ClaimedRunRow) => payClaimedRun(bed.runner, row);

  const confirmationEvents = (scheduleId: string) =>
    bed.kit.db.query(
      `SELECT payload FROM outbox_events WHERE event_type = 'schedule.confirmation_needed' AND aggregate_id = $1`,
      [scheduleId],
    ) as Promise<{ payload: Record<string, unknown> }[]>;

  it('pays the matched open bill within the maximum once, with channel SCHEDULE, and the run succeeds when it posts', async () => {
    const { customer, account } = await customerWithAccount();
    const [billId] = await pushMatched(customer, account, [{ amountDue: 180_000 }]);
    // A bill equal to the maximum is within it.
    const id = await billsSchedule(customer, account, 180_000);

    await bed.runner.tick();
    let payments = await paymentsTo(account);
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment).toMatchObject({
      channel: 'SCHEDULE',
      amount: 180_000,
      status: 'PENDING',
      idempotency_key: `schedule:${id}:once`,
    });
    let [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'PENDING', billId, amount: 180_000, paymentId: payment.id, attempt: 1 });
    // The bill is PAID as soon as a live payment exists (BillsService.payBill marks it).
    expect(await billRow(billId)).toEqual({ status: 'PAID', payment_id: payment.id, amount_due: 180_000 });

    await bed.kit.app.get(PostingService).start(payment.id);
    await bed.runner.tick();
    [run] = await runsOf(customer, id);
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      billId,
      amount: 180_000,
      currency: 'NGN',
      paymentId: payment.id,
      outcomeCode: null,
      completedAt: expect.any(String),
    });
    const shownPayment = await bed.kit.http.get(`/api/v1/payments/${payment.id}`).set(customer.headers).expect(200);
    expect(shownPayment.body).toMatchObject({
      id: payment.id,
      channel: 'SCHEDULE',
      amount: 180_000,
      status: 'SUCCEEDED',
      accountReference: account,
    });
    const shownBill = await bed.kit.http.get(`/api/v1/bills/${billId}`).set(customer.headers).expect(200);
    expect(shownBill.body).toMatchObject({ id: billId, status: 'PAID', paymentId: payment.id, amountDue: 180_000 });

    // More rounds pay nothing more and change nothing.
    const before = { runs: await runsOf(customer, id), bill: await billRow(billId) };
    await bed.runner.tick();
    await bed.runner.tick();
    payments = await paymentsTo(account);
    expect(payments).toEqual([{ ...payment, status: 'SUCCEEDED' }]);
    expect(await runsOf(customer, id)).toEqual(before.runs);
    expect(await billRow(billId)).toEqual(before.bill);
    expect(await confirmationEvents(id)).toHaveLength(0);
    await expectLedgerBalanced(bed.kit);
  });

  it('skips the period as NO_BILL_DUE when the account has no open bill', async () => {
    const { customer, account } = await customerWithAccount();
    const id = await billsSchedule(customer, account, 200_000);

    await bed.runner.tick();
    const runs = await runsOf(customer, id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'SKIPPED',
      outcomeCode: 'NO_BILL_DUE',
      paymentId: null,
      billId: null,
      amount: null,
      completedAt: expect.any(String),
    });
    expect(await paymentsTo(account)).toHaveLength(0);
    expect(await confirmationEvents(id)).toHaveLength(0);
  });

  it('skips a bill above the maximum as ABOVE_MAXIMUM and asks the customer to confirm it, once', async () => {
    const { customer, account } = await customerWithAccount();
    const [billId] = await pushMatched(customer, account, [{ amountDue: 250_001 }]);
    const id = await billsSchedule(customer, account, 250_000);

    await bed.runner.tick();
    await bed.runner.tick();
    const [run] = await runsOf(customer, id);
    expect(run).toMatchObject({
      status: 'SKIPPED',
      outcomeCode: 'ABOVE_MAXIMUM',
      billId,
      amount: 250_001,
      paymentId: null,
    });
    expect(await paymentsTo(account)).toHaveLength(0);
    expect(await billRow(billId)).toMatchObject({ status: 'UNVIEWED', payment_id: null });
    const events = await confirmationEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      scheduleId: id,
      runId: run.id,
      customerId: customer.userId,
      billerId: bed.kit.biller.id,
      accountReference: account,
      periodKey: 'once',
      billId,
      maximumAmount: 250_000,
      amount: 250_001,
      currency: 'NGN',
    });
  });

  it('pays the open bill due first and leaves the other open', async () => {
    const { customer, account } = await customerWithAccount();
    // The later-due bill is pushed (and so created) first: the due date decides, not the order.
    const [later, earlier] = await pushMatched(customer, account, [
      { amountDue: 120_000, billDate: '2026-11-01', dueDate: '2030-12-20' },
      { amountDue: 90_000, billDate: '2026-10-01', dueDate: '2030-11-15' },
    ]);
    const id = await billsSchedule(customer, account, 200_000);

    await bed.runner.tick();
    const payments = await paymentsTo(account);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ channel: 'SCHEDULE', amount: 90_000 });
    await bed.kit.app.get(PostingService).start(payments[0].id);
    await bed.runner.tick();

    const [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'SUCCEEDED', billId: earlier, amount: 90_000, paymentId: payments[0].id });
    expect(await billRow(earlier)).toMatchObject({ status: 'PAID', payment_id: payments[0].id });
    expect(await billRow(later)).toMatchObject({ status: 'UNVIEWED', payment_id: null });
    const open = await bed.kit.http.get(`/api/v1/bills/${later}`).set(customer.headers).expect(200);
    expect(open.body).toMatchObject({ status: 'VIEWED', paymentId: null });
    expect(await paymentsTo(account)).toHaveLength(1);
  });

  it('does not pay a bill again that the customer already paid from the inbox: NO_BILL_DUE', async () => {
    const { customer, account } = await customerWithAccount();
    const [billId] = await pushMatched(customer, account, [{ amountDue: 150_000 }]);
    const paid = await bed.kit.http
      .post(`/api/v1/bills/${billId}/pay`)
      .set(customer.headers)
      .send({ rail: 'CARD', fundingAccount: GOOD_CARD })
      .expect(200);
    expect(paid.body).toMatchObject({ channel: 'BILL', amount: 150_000 });
    const id = await billsSchedule(customer, account, 200_000);

    await bed.runner.tick();
    await bed.runner.tick();
    const [run] = await runsOf(customer, id);
    // The paid bill is no longer open, so nothing is due (ALREADY_PAID is fixed mode's outcome).
    expect(run).toMatchObject({ status: 'SKIPPED', outcomeCode: 'NO_BILL_DUE', paymentId: null, billId: null });
    const payments = await paymentsTo(account);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: paid.body.id, channel: 'BILL' });
    expect(await billRow(billId)).toMatchObject({ status: 'PAID', payment_id: paid.body.id });
  });

  it('pays the next open bill although a bill of the same amount was just paid from the inbox', async () => {
    const { customer, account } = await customerWithAccount();
    const [first, second] = await pushMatched(customer, account, [
      { amountDue: 110_000, billDate: '2026-10-01', dueDate: '2030-10-30' },
      { amountDue: 110_000, billDate: '2026-11-01', dueDate: '2030-11-30' },
    ]);
    const paid = await bed.kit.http
      .post(`/api/v1/bills/${first}/pay`)
      .set(customer.headers)
      .send({ rail: 'CARD', fundingAccount: GOOD_CARD })
      .expect(200);
    const id = await billsSchedule(customer, account, 200_000);

    // A distinct bill, paid with the schedule's consent: the duplicate window does not apply.
    await bed.runner.tick();
    const [pending] = await runsOf(customer, id);
    expect(pending).toMatchObject({ status: 'PENDING', attempt: 1, outcomeCode: null, billId: second });
    const payments = await paymentsTo(account);
    expect(payments.map((payment) => [payment.channel, payment.amount])).toEqual([
      ['BILL', 110_000],
      ['SCHEDULE', 110_000],
    ]);
    const scheduled = payments[1];
    await bed.kit.app.get(PostingService).start(scheduled.id);
    await bed.runner.tick();
    const [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'SUCCEEDED', billId: second, paymentId: scheduled.id, attempt: 1 });
    expect(await billRow(first)).toMatchObject({ status: 'PAID', payment_id: paid.body.id });
    expect(await billRow(second)).toMatchObject({ status: 'PAID', payment_id: scheduled.id });
  });

  it('two executions of one run pay the bill once, and the run keeps its own payment (never SKIPPED)', async () => {
    const { customer, account } = await customerWithAccount();
    const [billId] = await pushMatched(customer, account, [{ amountDue: 160_000 }]);
    const id = await billsSchedule(customer, account, 200_000);
    const run = await claimedRunOf(id);

    // Two workers on one run at once (a lease that ran out mid-payment), then one more, late.
    await Promise.all([payRun(run), payRun(run)]);
    await payRun(run);
    const payments = await paymentsTo(account);
    expect(payments).toEqual([expect.objectContaining({ status: 'PENDING', idempotency_key: `schedule:${id}:once` })]);
    const [payment] = payments;
    expect(await billRow(billId)).toMatchObject({ status: 'PAID', payment_id: payment.id });
    let [shown] = await runsOf(customer, id);
    expect(shown).toMatchObject({ status: 'PENDING', billId, paymentId: payment.id, outcomeCode: null });

    await bed.kit.app.get(PostingService).start(payment.id);
    await bed.runner.tick();
    [shown] = await runsOf(customer, id);
    expect(shown).toMatchObject({ status: 'SUCCEEDED', billId, paymentId: payment.id, outcomeCode: null });
  });

  it('does not pay a bill the customer paid another way while that payment is still in flight: ALREADY_PAID', async () => {
    const { customer, account } = await customerWithAccount();
    const [billId] = await pushMatched(customer, account, [{ amountDue: 170_000 }]);
    // A plain payment of the same amount: the bill is marked PAID only once it succeeds and its
    // event reaches the bills context, so the bill is still open when the run comes.
    const plain = await createPayment(bed.kit, customer, {
      biller: bed.kit.biller.slug,
      accountReference: account,
      amount: 170_000,
    });
    expect(await billRow(billId)).toMatchObject({ status: 'UNVIEWED', payment_id: null });
    const id = await billsSchedule(customer, account, 200_000);

    await bed.runner.tick();
    const [run] = await runsOf(customer, id);
    expect(run).toMatchObject({ status: 'SKIPPED', outcomeCode: 'ALREADY_PAID' });
    const payments = await paymentsTo(account);
    expect(payments.map((payment) => [payment.id, payment.channel])).toEqual([[plain.id, 'APP']]);
  });
});
