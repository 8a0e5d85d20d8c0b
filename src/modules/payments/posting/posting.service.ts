import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';
import { AdminAuditWriter } from '../../../platform/audit/admin-audit.writer';
import { Page } from '../../../platform/http/pagination';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { PAYMENT_EVENTS } from '../payments.events';
import { PaymentQuoteService, BillerPopularityService, BillerConnector, PaymentPostingOutcome } from '../../billers';
import { BillerCircuitBreaker } from './biller-circuit-breaker';
import { BillPayment, billPaymentOf, Payment } from '../core/payment.entity';
import { PaymentFailures } from '../core/payment-failures.service';
import { PaymentRepository } from '../core/payment.repository';
import { PaymentError } from '../payments.errors';
import { paymentEventPayload } from '../core/payment-event-payload';
import { PostingAttempt } from './posting-attempt.entity';
import { ClaimedAttempt, PostingAttemptRepository } from './posting-attempt.repository';
import { listPostingAttempts, PostingAttemptListFilter, PostingAttemptListItem } from './posting-attempt-list.query';
import { postingRetryRefusal } from './posting-retry-rule';
import { PaymentsConfig } from '../payments.config';

/** What one try learned from the biller. */
type TryResult =
  | { kind: 'CONFIRMED'; billerReference: string }
  | { kind: 'AWAITING_CONFIRMATION'; billerReference: string | null }
  | { kind: 'REJECTED'; code: string; error: string }
  | { kind: 'TRANSIENT'; error: string }
  | { kind: 'INTERRUPTED' };

/**
 * Posts captured payments to their billers, in the worker.
 *
 * Every payment is posted under one biller-side idempotency key, the payment id, in every try
 * of every cycle: the biller takes it at most once. Before each call the attempt is marked
 * `outcome_unknown` (committed); once the answer is recorded the mark is cleared. A try that
 * finds the mark set (the last call timed out, or a worker died mid-call) asks the biller for
 * the payment's status first and posts only when the biller has never seen it. Transient
 * failures retry with bounded exponential backoff; after POSTING_MAX_TRIES the cycle is
 * `FAILED` and the payment stays `PROCESSING` for an operator's retry. A rejection by the biller
 * fails the payment: its journal entry is reversed and the funds go back on the rail.
 */
@Injectable()
export class PostingService {
  private readonly logger = new Logger(PostingService.name);
  /** Set by `drain`: this worker starts no new try. */
  private draining = false;
  /** Aborted when a drain runs out of time: calls still in flight are cut short and released. */
  private readonly interruption = new AbortController();
  /** Tries in progress in this process, so a shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PaymentsConfig,
    private readonly payments: PaymentRepository,
    private readonly attempts: PostingAttemptRepository,
    private readonly quotes: PaymentQuoteService,
    private readonly connector: BillerConnector,
    private readonly outbox: OutboxWriter,
    private readonly popularity: BillerPopularityService,
    private readonly circuit: BillerCircuitBreaker,
    private readonly audit: AdminAuditWriter,
    private readonly failures: PaymentFailures,
  ) {}

  /**
   * Moves a captured payment to PROCESSING and opens its first posting cycle, then tries it.
   * Safe to call again for the same payment (a redelivered event): it then does nothing new.
   */
  async start(paymentId: string, billerName?: string): Promise<void> {
    if (this.draining) {
      // Taken as the worker stops: another worker's sweeper posts it at once instead.
      await this.attempts.makeDue(this.dataSource.manager, paymentId);
      return;
    }
    return this.tracked(() => this.startNow(paymentId, billerName));
  }

  /**
   * Stops this worker's posting for a graceful shutdown: no new try starts, tries in flight may
   * finish for up to `budgetMs`, and any still running then are cut short and released (due at
   * once, asking the biller first) without counting against their biller, which did nothing
   * wrong. Answers how many were cut short.
   */
  async drain(budgetMs: number): Promise<number> {
    this.draining = true;
    const timer = new AbortController();
    const finished = await Promise.race([
      Promise.allSettled([...this.inFlight]).then(() => true),
      sleep(budgetMs, false, { signal: timer.signal }).catch(() => false),
    ]);
    timer.abort();
    if (finished) return 0;
    const cut = this.inFlight.size;
    this.logger.warn(`${cut} posting tries still running after ${budgetMs} ms: cutting them short for retry`);
    this.interruption.abort();
    await Promise.allSettled([...this.inFlight]);
    return cut;
  }

  private async tracked<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.inFlight.add(running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(running);
    }
  }

  private async startNow(paymentId: string, billerName?: string): Promise<void> {
    const started = await this.begin(paymentId, this.config.POSTING_LEASE_MS, billerName);
    if (!started) return;
    if (!started.claimed) {
      // Another worker's sweeper holds the first cycle: its open attempt is tried as the sweeper
      // would (which does nothing while the lease holds). None open means that worker has
      // already recorded the biller's answer; opening a cycle here would only add a second one.
      const open = await this.attempts.findOpen(this.dataSource.manager, paymentId);
      if (open) await this.tryAttempt(open.id);
      return;
    }
    const payment = billPaymentOf(started.payment);
    const result = await this.tryOnce(payment, started.claimed.wasUnknown);
    await this.record(payment, started.claimed.attempt, result);
  }

  /**
   * Starts posting a captured payment in one transaction: moves it from PENDING to PROCESSING
   * (`PaymentRepository.transition`, with its timeline step) and claims its first cycle for the
   * first try, so the cycle commits already leased to this worker: if it dies before the biller
   * answers, the lease runs out and the sweeper's next try asks the biller first. Answers null,
   * changing nothing, when the payment is not PENDING or is held for a review (a redelivered
   * event, or a sweeper got there first); `claimed` is null when another worker holds the cycle.
   *
   * `billerName` (the payment's biller as `payment.captured` carries it) names the biller in the
   * timeline step without reading the payment first: the transition alone decides, as it moves
   * only a PENDING payment that is not held. Without it the payment is read for its biller's name.
   */
  async begin(
    paymentId: string,
    leaseMs: number,
    billerName?: string,
  ): Promise<{ payment: Payment; claimed: ClaimedAttempt | null } | null> {
    return this.dataSource.transaction(async (manager) => {
      let name = billerName;
      if (name === undefined) {
        const pending = await this.payments.findById(manager, paymentId);
        if (!pending || pending.status !== 'PENDING' || pending.heldForReview) return null;
        name = billPaymentOf(pending).biller.name;
      }
      const payment = await this.payments.transition(
        manager,
        paymentId,
        'PROCESSING',
        `Posting to ${name}`,
        {},
        'PENDING',
      );
      if (!payment) return null;
      return { payment, claimed: await this.attempts.claimFirstCycle(manager, paymentId, leaseMs) };
    });
  }

  /** One try of an open, due attempt; does nothing when another worker holds it or it is not due. */
  async tryAttempt(attemptId: string): Promise<void> {
    if (this.draining) return;
    return this.tracked(() => this.tryAttemptNow(attemptId));
  }

  private async tryAttemptNow(attemptId: string): Promise<void> {
    const claimed = await this.attempts.claim(this.dataSource.manager, attemptId, this.config.POSTING_LEASE_MS);
    if (!claimed) return;
    const { attempt } = claimed;
    let payment = await this.payments.findById(this.dataSource.manager, attempt.paymentId);
    if (!payment) return;
    // Held for a compliance review: never posted until released (a held payment has no cycle;
    // this guards one opened by hand).
    if (payment.status === 'PENDING' && payment.heldForReview) return;
    if (payment.status === 'PENDING') {
      // The first cycle fell due before any job started it (the job was lost with Redis).
      payment =
        (await this.payments.transition(
          this.dataSource.manager,
          payment.id,
          'PROCESSING',
          `Posting to ${billPaymentOf(payment).biller.name}`,
          {},
          'PENDING',
        )) ?? (await this.payments.findById(this.dataSource.manager, payment.id));
      if (!payment) return;
    }
    if (payment.status !== 'PROCESSING') {
      // The payment was settled by another path (an operator, a dispute): nothing to post.
      await this.dataSource.transaction((manager) =>
        this.attempts.close(manager, attempt.id, {
          status: payment.status === 'SUCCEEDED' ? 'CONFIRMED' : 'FAILED',
          outcome: 'PAYMENT_SETTLED',
          error: null,
        }),
      );
      return;
    }
    // Only a bill payment has posting cycles: a checkout payment completes in its capture's transaction.
    const billPayment = billPaymentOf(payment);
    const result = await this.tryOnce(billPayment, claimed.wasUnknown);
    await this.record(billPayment, attempt, result);
  }

  /** Tries every due attempt once; the worker's sweeper calls it on a timer. Answers how many it took. */
  async sweep(limit = 50): Promise<number> {
    if (this.draining) return 0;
    const due = await this.attempts.due(this.dataSource.manager, limit);
    for (const id of due) await this.tryAttempt(id);
    return due.length;
  }

  /** An operator's retry of a FAILED cycle: opens the next cycle, which asks the biller before posting. */
  async retry(actorUserId: string, attemptId: string): Promise<PostingAttempt> {
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.attempts.lockById(manager, attemptId);
      if (!attempt) throw new PaymentError('NOT_FOUND', 'Posting attempt not found');
      const payment = await this.payments.lockById(manager, attempt.paymentId);
      // Read under the payment's lock: a concurrent retry that opened the next cycle is seen.
      const latest = await this.attempts.latestOf(manager, attempt.paymentId);
      // The same rule the admin list's `retryable` shows.
      const refusal = postingRetryRefusal({
        attemptStatus: attempt.status,
        cycle: attempt.cycle,
        latestCycle: latest?.cycles ?? attempt.cycle,
        paymentStatus: payment?.status ?? null,
      });
      if (refusal || !payment) throw new PaymentError('NOT_RETRYABLE', refusal ?? 'The payment is gone');
      const next = await this.attempts.openCycle(manager, payment.id, {
        requestedBy: actorUserId,
        outcomeUnknown: true,
      });
      await this.audit.record(manager, {
        actorUserId,
        action: 'posting_attempt.retried',
        entityType: 'posting_attempt',
        entityId: attempt.id,
        before: { status: attempt.status, cycle: attempt.cycle },
        after: { nextAttemptId: next.id, cycle: next.cycle },
      });
      return next;
    });
  }

  /** A page of posting cycles, newest first, each saying whether an operator may retry it now. */
  async list(filter: PostingAttemptListFilter): Promise<Page<PostingAttemptListItem>> {
    return listPostingAttempts(this.dataSource.manager, filter);
  }

  private async tryOnce(payment: BillPayment, outcomeUnknown: boolean): Promise<TryResult> {
    const endpoint = await this.quotes.postingEndpoint(payment.biller.id);
    if (!endpoint) return { kind: 'TRANSIENT', error: 'the biller has no connector configured' };
    const signal = this.interruption.signal;
    if (outcomeUnknown) {
      const status = await this.connector.paymentStatus(endpoint, payment.id, signal);
      if (signal.aborted && status.kind !== 'FOUND' && status.kind !== 'NOT_FOUND') return { kind: 'INTERRUPTED' };
      switch (status.kind) {
        case 'FOUND':
          if (status.status === 'CONFIRMED') return { kind: 'CONFIRMED', billerReference: status.billerReference };
          if (status.status === 'PENDING') {
            return { kind: 'AWAITING_CONFIRMATION', billerReference: status.billerReference };
          }
          return { kind: 'REJECTED', code: 'BILLER_REJECTED', error: 'the biller reports the payment failed' };
        case 'NOT_FOUND':
          break; // never reached the biller: post it
        case 'TIMEOUT':
          return { kind: 'TRANSIENT', error: 'status inquiry timed out' };
        case 'UNAVAILABLE':
          return { kind: 'TRANSIENT', error: `status inquiry failed: ${status.reason}` };
      }
    }
    if (signal.aborted) return { kind: 'INTERRUPTED' };
    const outcome = await this.connector.postPayment(
      endpoint,
      {
        reference: payment.id,
        accountReference: payment.accountReference,
        amount: payment.amount,
        currency: payment.currency,
      },
      signal,
    );
    // Cut short by our own shutdown: no answer, and nothing the biller did wrong.
    if (signal.aborted && (outcome.kind === 'UNAVAILABLE' || outcome.kind === 'TIMEOUT'))
      return { kind: 'INTERRUPTED' };
    return postingResult(outcome);
  }

  private async record(payment: BillPayment, attempt: PostingAttempt, result: TryResult): Promise<void> {
    switch (result.kind) {
      case 'CONFIRMED':
        await this.confirm(payment, attempt, result.billerReference);
        await this.circuit.recordSuccess(payment.biller.id);
        return;
      case 'AWAITING_CONFIRMATION':
        await this.circuit.recordSuccess(payment.biller.id);
        await this.dataSource.transaction((manager) =>
          this.attempts.reschedule(manager, attempt.id, {
            status: attempt.status === 'RETRYING' ? 'RETRYING' : 'PENDING',
            delayMs: this.backoff(attempt.tries),
            outcome: 'AWAITING_CONFIRMATION',
            error: null,
            unknown: true,
          }),
        );
        return;
      case 'REJECTED':
        await this.reject(payment, attempt, result.code, result.error);
        return;
      case 'INTERRUPTED':
        // Due again at once for another worker, which asks the biller before posting; the try
        // is given back, and the circuit breaker is not told.
        await this.dataSource.transaction((manager) =>
          this.attempts.reschedule(manager, attempt.id, {
            status: attempt.status === 'RETRYING' ? 'RETRYING' : 'PENDING',
            delayMs: 0,
            outcome: 'INTERRUPTED',
            error: 'the worker shut down during the call',
            unknown: true,
            giveBackTry: true,
          }),
        );
        return;
      case 'TRANSIENT':
        await this.circuit.recordFailure(payment.biller.id);
        await this.dataSource.transaction(async (manager) => {
          if (attempt.tries >= this.config.POSTING_MAX_TRIES) {
            await this.attempts.close(manager, attempt.id, {
              status: 'FAILED',
              outcome: 'GAVE_UP',
              error: `gave up after ${attempt.tries} tries: ${result.error}`,
            });
            this.logger.warn(`posting of payment ${payment.id} gave up after ${attempt.tries} tries: ${result.error}`);
            return;
          }
          await this.attempts.reschedule(manager, attempt.id, {
            status: 'RETRYING',
            delayMs: this.backoff(attempt.tries),
            outcome: 'TRANSIENT_FAILURE',
            error: result.error,
            // A failed call may still have reached the biller: the next try asks first.
            unknown: true,
          });
        });
        return;
    }
  }

  private async confirm(payment: BillPayment, attempt: PostingAttempt, billerReference: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Only a payment still PROCESSING succeeds (an operator or a dispute may have settled it).
      const succeeded = await this.payments.transition(
        manager,
        payment.id,
        'SUCCEEDED',
        `Confirmed by ${payment.biller.name}`,
        { billerReference, completed: true },
        'PROCESSING',
      );
      if (succeeded) {
        await this.outbox.write(manager, {
          eventType: PAYMENT_EVENTS.succeeded,
          aggregateType: 'payment',
          aggregateId: payment.id,
          payload: paymentEventPayload(succeeded, 'SUCCEEDED'),
        });
      }
      await this.attempts.close(manager, attempt.id, {
        status: 'CONFIRMED',
        outcome: 'CONFIRMED',
        error: null,
        billerReference,
      });
      // Last, so the biller's shared popularity row is held for as little of the transaction as can be;
      // counted on this transaction's now(), the payment's completed_at.
      if (succeeded) await this.popularity.countSuccessfulPayment(manager, payment.biller.id);
    });
  }

  /** The biller refused the payment: fail it, reverse its entry, and return the funds on the rail. */
  private async reject(payment: BillPayment, attempt: PostingAttempt, code: string, error: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.payments.lockById(manager, payment.id);
      if (locked?.status === 'PROCESSING') await this.failPayment(manager, billPaymentOf(locked), code);
      await this.attempts.close(manager, attempt.id, { status: 'FAILED', outcome: code, error });
    });
  }

  private async failPayment(manager: EntityManager, payment: BillPayment, code: string): Promise<void> {
    // The customer reads failureMessage and the timeline; the biller's own words stay on the attempt, for staff.
    await this.failures.failCaptured(manager, payment, {
      code,
      message: refusalMessage(code),
      note: `Refused by ${payment.biller.name}`,
      memo: `Biller refused: ${code}`,
    });
  }

  private backoff(tries: number): number {
    const delay = this.config.POSTING_BACKOFF_BASE_MS * 2 ** Math.max(tries - 1, 0);
    return Math.min(delay, this.config.POSTING_BACKOFF_MAX_MS);
  }
}

/** Why the biller refused, in the customer's terms. */
function refusalMessage(code: string): string {
  return code === 'ACCOUNT_NOT_FOUND'
    ? 'The biller does not recognise this account reference'
    : 'The biller refused the payment for this account';
}

function postingResult(outcome: PaymentPostingOutcome): TryResult {
  switch (outcome.kind) {
    case 'ACCEPTED':
      return outcome.status === 'CONFIRMED'
        ? { kind: 'CONFIRMED', billerReference: outcome.billerReference }
        : { kind: 'AWAITING_CONFIRMATION', billerReference: outcome.billerReference };
    case 'NOT_FOUND':
      return { kind: 'REJECTED', code: 'ACCOUNT_NOT_FOUND', error: 'the biller does not know the account' };
    case 'REJECTED':
      return { kind: 'REJECTED', code: 'BILLER_REJECTED', error: outcome.reason };
    case 'TIMEOUT':
      return { kind: 'TRANSIENT', error: 'the biller did not answer in time' };
    case 'UNAVAILABLE':
      return { kind: 'TRANSIENT', error: outcome.reason };
  }
}
