import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { newId } from '../../platform/database/new-id';
import { ApiException } from '../../platform/http/api-error';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { BILL_ERROR_CODES, BillsError, BillsService } from '../bills';
import { PaymentCore, PaymentHistory } from '../payments';
import { FundingAccountCipher } from './funding-account-cipher';
import { catchUp, localDate, periodOf, startOfDay } from './schedule-calendar';
import { ClaimedRunRow, ScheduleRunRepository } from './schedule-run.repository';
import { SCHEDULE_EVENTS, ScheduleRunEventPayload } from './schedules.events';
import { SchedulesConfig } from './schedules.config';

type PaymentState = { id: string; status: string; failureCode: string | null };

const IN_FLIGHT = new Set(['AUTHORIZING', 'PENDING', 'PROCESSING']);
const PAID = new Set(['SUCCEEDED', 'REFUNDED']);

/**
 * Customer-facing reasons, never a connector's text. A Map, not an object literal: a failure
 * code must never reach `constructor` or `__proto__`.
 */
const REASONS: ReadonlyMap<string, string> = new Map([
  ['INSUFFICIENT_FUNDS', 'Your funding account did not have enough funds'],
  ['RAIL_DECLINED', 'Your funding account declined the payment'],
  ['RAIL_NO_CAPTURE', 'Your funding account never confirmed the payment'],
  ['BILLER_REJECTED', 'The biller refused the payment; your funds were returned'],
  ['LIMIT_EXCEEDED', 'The payment was above your payment limit'],
  ['LIMIT_NOT_CONFIGURED', 'Payments in this currency are not available'],
  ['BILLER_UNAVAILABLE', 'The biller was not taking payments'],
  ['RAIL_UNAVAILABLE', 'The biller no longer takes payments by this method'],
  ['AMOUNT_NOT_ALLOWED', 'The amount is outside what the biller accepts'],
  ['ACCOUNT_NOT_PAYABLE', 'The biller account cannot be paid'],
]);

/** The bills context's answer when a bill is paid already: the period is skipped, not failed. */
const BILL_ALREADY_PAID: keyof typeof BILL_ERROR_CODES = 'BILL_ALREADY_PAID';

const reasonOf = (code: string | null) => REASONS.get(code ?? '') ?? 'The payment could not be made';

/** What one runner round did. */
export interface RunnerReport {
  runsCreated: number;
  paymentsAttempted: number;
  runsSettled: number;
}

/**
 * Pays schedules as they fall due, safely with any number of workers and across crashes:
 *
 * 1. Due ACTIVE schedules are claimed in short transactions (`FOR UPDATE SKIP LOCKED`); each
 *    gets its period's run (`ON CONFLICT (schedule_id, period_key) DO NOTHING`) and its next
 *    due date (ONCE, or past the end date: COMPLETED).
 * 2. Due PENDING runs without a payment are claimed with a lease (`locked_until`) and paid with
 *    no transaction open, `SCHEDULE_RUNNER_CONCURRENCY` at a time, through the payment core
 *    (`PaymentCore.pay`, channel SCHEDULE) or, for bills mode, the bills service, which pays
 *    through the same core. Attempt 1's idempotency key is `schedule:{id}:{periodKey}`, attempt
 *    k `...:{k}`, and attempt k+1 starts only once attempt k's payment is FAILED or attempt k
 *    was refused before a payment existed: a period never has two live payments. A crashed
 *    worker's run is claimed again when its lease ends; the same key then answers
 *    DUPLICATE_PAYMENT with the payment made before the crash, which the run follows.
 * 3. Runs whose payment is in flight are followed through `PaymentHistory` until it succeeds
 *    (run SUCCEEDED) or fails (retry with backoff within the period, else FAILED and
 *    `schedule.run_failed`).
 *
 * Every write to a run is guarded by its status and attempt, so two workers recording the same
 * outcome write it once; the outbox event commits with the write.
 */
@Injectable()
export class ScheduleRunner {
  private readonly logger = new Logger(ScheduleRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly settings: SchedulesConfig,
    private readonly clock: Clock,
    private readonly runs: ScheduleRunRepository,
    private readonly core: PaymentCore,
    private readonly history: PaymentHistory,
    private readonly bills: BillsService,
    private readonly outbox: OutboxWriter,
    private readonly cipher: FundingAccountCipher,
  ) {}

  /** One round: make due runs, pay due runs, follow payments in flight, until nothing is left. */
  async tick(): Promise<RunnerReport> {
    const report: RunnerReport = { runsCreated: 0, paymentsAttempted: 0, runsSettled: 0 };
    for (;;) {
      const made = await this.createDueRuns();
      report.runsCreated += made;
      if (made < this.settings.SCHEDULE_RUNNER_BATCH_SIZE) break;
    }
    for (;;) {
      const claimed = await this.dataSource.transaction((manager) => {
        const now = this.clock.now();
        const leaseUntil = new Date(now.getTime() + this.settings.SCHEDULE_RUN_LEASE_MS);
        return this.runs.claimRunsToPay(manager, now, leaseUntil, this.settings.SCHEDULE_RUNNER_BATCH_SIZE);
      });
      if (claimed.length === 0) break;
      await this.inParallel(claimed, (row) => this.pay(row));
      report.paymentsAttempted += claimed.length;
    }
    report.runsSettled += await this.followPayments();
    return report;
  }

  /** Step 1: one transaction's batch of due schedules; answers how many were claimed. */
  async createDueRuns(): Promise<number> {
    const now = this.clock.now();
    const timeZone = this.config.SCHEDULE_TIME_ZONE;
    const today = localDate(now, timeZone);
    return this.dataSource.transaction(async (manager) => {
      const due = await this.runs.claimDueSchedules(manager, today, this.settings.SCHEDULE_RUNNER_BATCH_SIZE);
      const newRuns = [];
      const advances = [];
      for (const schedule of due) {
        const cadence = {
          frequency: schedule.frequency,
          dayOfWeek: schedule.day_of_week,
          dayOfMonth: schedule.day_of_month,
        };
        const { runOn, following } = catchUp(cadence, schedule.next_run_on, today, schedule.end_date);
        const period = periodOf(schedule.frequency, runOn);
        newRuns.push({
          id: newId(),
          scheduleId: schedule.id,
          periodKey: period.key,
          dueOn: runOn,
          startsAt: startOfDay(period.startsOn, timeZone),
          endsAt: startOfDay(period.endsBefore, timeZone),
          amount: schedule.mode === 'FIXED' ? schedule.amount : null,
        });
        advances.push({ id: schedule.id, nextRunOn: following, status: following === null ? 'COMPLETED' : 'ACTIVE' });
      }
      await this.runs.insertRuns(manager, newRuns, now);
      await this.runs.advanceSchedules(manager, advances, now);
      return due.length;
    });
  }

  /** Step 2 for one claimed run. Never throws: a failure leaves the run for a later round. */
  private async pay(row: ClaimedRunRow): Promise<void> {
    const key = keyOf(row);
    try {
      // A run taken over from a crashed worker, or whose schedule stopped, may already have its payment.
      if (row.claims > 1 || row.schedule_status === 'PAUSED' || row.schedule_status === 'CANCELLED') {
        const existing = await this.history.byIdempotencyKey(row.customer_id, key);
        if (existing) return await this.follow(row, existing);
      }
      if (row.schedule_status === 'PAUSED' || row.schedule_status === 'CANCELLED') {
        await this.finish(row, {
          status: 'SKIPPED',
          code: row.schedule_status === 'PAUSED' ? 'SCHEDULE_PAUSED' : 'SCHEDULE_CANCELLED',
          message: `The schedule was ${row.schedule_status.toLowerCase()} before this period was paid`,
        });
        return;
      }
      const fundingAccount = this.cipher.decrypt(row.schedule_id, row.funding_account_encrypted);
      if (row.mode === 'BILLS') return await this.payBill(row, key, fundingAccount);

      const amount = Number(row.amount);
      if (row.attempt === 1) {
        const paid = await this.history.livePaymentSince(
          row.customer_id,
          row.biller_id,
          row.account_reference,
          amount,
          row.period_starts_at,
        );
        if (paid) {
          // Another execution of this run (a worker whose lease ran out) may have made that payment.
          if (await this.followOwnPayment(row)) return;
          await this.finish(row, {
            status: 'SKIPPED',
            paymentId: paid.id,
            code: 'ALREADY_PAID',
            message: 'This period was already paid another way',
          });
          return;
        }
      }
      const payment = await this.core.pay({
        channel: 'SCHEDULE',
        payer: { type: 'CUSTOMER', id: row.customer_id },
        customerId: row.customer_id,
        idempotencyKey: key,
        requestHash: requestHash(row, amount, null),
        biller: row.biller_id,
        accountReference: row.account_reference,
        savedAccountId: row.saved_account_id,
        amount,
        currency: row.currency,
        rail: row.rail,
        fundingAccount,
        // The schedule's consent covers paying again inside the duplicate window; a period
        // already paid another way was skipped above.
        confirmDuplicate: true,
      });
      await this.follow(row, { id: payment.id, status: payment.status, failureCode: payment.failureCode });
    } catch (error) {
      await this.refused(row, error);
    }
  }

  private async payBill(row: ClaimedRunRow, key: string, fundingAccount: string): Promise<void> {
    let billId = row.bill_id;
    let amount = row.amount === null ? null : Number(row.amount);
    if (billId === null) {
      const open = (await this.bills.openBillsFor(row.customer_id, row.biller_id, row.account_reference))
        .filter((bill) => bill.currency === row.currency)
        .sort((first, second) => (first.dueDate < second.dueDate ? -1 : first.dueDate > second.dueDate ? 1 : 0));
      const bill = open[0];
      if (!bill) {
        // No open bill may mean this run's own payment, made by another execution of it, paid it.
        if (await this.followOwnPayment(row)) return;
        await this.finish(row, { status: 'SKIPPED', code: 'NO_BILL_DUE', message: 'No bill was due this period' });
        return;
      }
      const maximum = Number(row.maximum_amount);
      if (bill.amountDue > maximum) {
        await this.finish(
          row,
          {
            status: 'SKIPPED',
            code: 'ABOVE_MAXIMUM',
            message: 'The bill is above the schedule maximum: confirm it to pay',
            billId: bill.id,
            amount: bill.amountDue,
          },
          (manager) =>
            this.outbox.write(manager, {
              eventType: SCHEDULE_EVENTS.confirmationNeeded,
              aggregateType: 'schedule',
              aggregateId: row.schedule_id,
              payload: {
                ...this.eventPayload(row, bill.amountDue, 'The bill is above your schedule maximum'),
                maximumAmount: maximum,
                billId: bill.id,
              },
            }),
        );
        return;
      }
      billId = bill.id;
      amount = bill.amountDue;
      await this.runs.setBill(this.dataSource.manager, row.id, row.attempt, billId, amount, this.clock.now());
    }
    const result = await this.bills.payBill(row.customer_id, billId, {
      amount: amount ?? undefined,
      rail: row.rail,
      fundingAccount,
      idempotencyKey: key,
      channel: 'SCHEDULE',
      // As in fixed mode: the schedule's consent covers paying inside the duplicate window (another
      // bill of the same amount paid moments ago is not this bill; a bill already paid is not open).
      confirmDuplicate: true,
    });
    await this.follow(
      { ...row, bill_id: billId, amount: amount === null ? null : String(amount) },
      {
        id: result.paymentId,
        status: result.status,
        failureCode: null,
      },
    );
  }

  /** A payment call that threw: a duplicate to follow, a refusal (the attempt failed), or a fault to retry. */
  private async refused(row: ClaimedRunRow, error: unknown): Promise<void> {
    try {
      if (error instanceof ApiException) {
        const paymentId = error.details?.find((detail) => detail.field === 'paymentId')?.message;
        if ((error.code === 'DUPLICATE_PAYMENT' || error.code === 'IDEMPOTENCY_KEY_REUSED') && paymentId) {
          const [state] = [...(await this.history.statusesOf([paymentId])).values()];
          if (state) return await this.follow(row, state);
        }
        if (error.code === BILL_ALREADY_PAID) {
          // Paid (or being paid) by this run's own payment, made by another execution of it: followed.
          if (await this.followOwnPayment(row)) return;
          if (BillsError.isPaymentInProgress(error)) {
            // Another payment of the bill is under way: once it is recorded the next round knows.
            await this.runs.release(this.dataSource.manager, row.id, row.attempt, this.clock.now());
            return;
          }
          await this.finish(row, { status: 'SKIPPED', code: 'ALREADY_PAID', message: 'The bill was already paid' });
          return;
        }
        if (error.status < 500) return await this.attemptFailed(row, error.code);
      }
      this.logger.warn({ err: error }, `schedule run ${row.id}: payment call failed; it is tried again`);
      await this.runs.release(this.dataSource.manager, row.id, row.attempt, this.clock.now());
    } catch (inner) {
      this.logger.error({ err: inner }, `schedule run ${row.id}: could not record the outcome`);
    }
  }

  /**
   * Follows the payment this attempt's key made, when one exists and has not failed, and
   * answers whether it did: a run is never skipped as paid by its own payment.
   */
  private async followOwnPayment(row: ClaimedRunRow): Promise<boolean> {
    const own = await this.history.byIdempotencyKey(row.customer_id, keyOf(row));
    if (!own || own.status === 'FAILED') return false;
    await this.follow(row, own);
    return true;
  }

  /** Records what the payment of the run's current attempt is now. */
  private async follow(row: ClaimedRunRow, payment: PaymentState): Promise<void> {
    if (PAID.has(payment.status)) {
      await this.finish(row, { status: 'SUCCEEDED', paymentId: payment.id, code: null, message: null });
    } else if (payment.status === 'FAILED') {
      await this.attemptFailed(row, payment.failureCode ?? 'PAYMENT_FAILED', payment.id);
    } else if (row.payment_id !== payment.id) {
      await this.runs.setPayment(this.dataSource.manager, row.id, row.attempt, payment.id, this.clock.now());
    }
  }

  /** Step 3: runs whose payment is in flight, followed in pages; answers how many settled. */
  private async followPayments(): Promise<number> {
    let settled = 0;
    let afterId = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await this.runs.runsInFlight(
        this.dataSource.manager,
        afterId,
        this.settings.SCHEDULE_RUNNER_BATCH_SIZE,
      );
      if (page.length === 0) return settled;
      afterId = page[page.length - 1].id;
      const states = await this.history.statusesOf(page.map((row) => row.payment_id as string));
      const moving = page.filter((row) => {
        const state = states.get(row.payment_id as string);
        return state !== undefined && !IN_FLIGHT.has(state.status);
      });
      await this.inParallel(moving, async (row) => {
        try {
          await this.follow(row, states.get(row.payment_id as string) as PaymentState);
          settled += 1;
        } catch (error) {
          this.logger.error({ err: error }, `schedule run ${row.id}: could not record its payment's outcome`);
        }
      });
      if (page.length < this.settings.SCHEDULE_RUNNER_BATCH_SIZE) return settled;
    }
  }

  /** The attempt ended without paying: another attempt after backoff within the period, else FAILED. */
  private async attemptFailed(row: ClaimedRunRow, code: string, paymentId?: string): Promise<void> {
    const now = this.clock.now();
    const backoff = this.settings.SCHEDULE_RUN_RETRY_BACKOFF_MS * 2 ** (row.attempt - 1);
    const nextAttemptAt = new Date(now.getTime() + backoff);
    const reason = reasonOf(code);
    if (row.attempt < this.settings.SCHEDULE_RUN_MAX_ATTEMPTS && nextAttemptAt < row.period_ends_at) {
      await this.runs.retry(this.dataSource.manager, row.id, row.attempt, nextAttemptAt, code, reason, now);
      return;
    }
    const amount = row.amount === null ? 0 : Number(row.amount);
    await this.finish(row, { status: 'FAILED', paymentId: paymentId ?? null, code, message: reason }, (manager) =>
      this.outbox.write(manager, {
        eventType: SCHEDULE_EVENTS.runFailed,
        aggregateType: 'schedule',
        aggregateId: row.schedule_id,
        payload: this.eventPayload(row, amount, reason),
      }),
    );
  }

  /** Ends the run in one transaction with its event, if this worker is the one that ends it. */
  private async finish(
    row: ClaimedRunRow,
    outcome: Parameters<ScheduleRunRepository['finish']>[3],
    alsoWrite?: (manager: EntityManager) => Promise<unknown>,
  ): Promise<void> {
    const now = this.clock.now();
    if (!alsoWrite) {
      await this.runs.finish(this.dataSource.manager, row.id, row.attempt, outcome, now);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      if (await this.runs.finish(manager, row.id, row.attempt, outcome, now)) await alsoWrite(manager);
    });
  }

  private eventPayload(row: ClaimedRunRow, amount: number, reason: string): ScheduleRunEventPayload {
    return {
      scheduleId: row.schedule_id,
      runId: row.id,
      customerId: row.customer_id,
      billerId: row.biller_id,
      billerName: row.biller_name,
      accountReference: row.account_reference,
      periodKey: row.period_key,
      amount,
      currency: row.currency,
      reason,
    };
  }

  private async inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const lanes = Array.from(
      { length: Math.min(this.settings.SCHEDULE_RUNNER_CONCURRENCY, items.length) },
      async () => {
        while (next < items.length) {
          const item = items[next];
          next += 1;
          await work(item);
        }
      },
    );
    await Promise.all(lanes);
  }
}

/** The idempotency key of the run's current attempt: `schedule:{id}:{period}`, then `...:{attempt}`. */
function keyOf(row: ClaimedRunRow): string {
  return row.attempt === 1
    ? `schedule:${row.schedule_id}:${row.period_key}`
    : `schedule:${row.schedule_id}:${row.period_key}:${row.attempt}`;
}

/** The fingerprint of an attempt's payment: the same attempt always sends the same request. */
function requestHash(row: ClaimedRunRow, amount: number, billId: string | null): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        row.schedule_id,
        row.period_key,
        row.attempt,
        amount,
        row.currency,
        row.rail,
        row.account_reference,
        billId,
      ]),
    )
    .digest('hex');
}
