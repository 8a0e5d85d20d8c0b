import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '../../../platform/database/new-id';
import { dependencyOutageOf } from '../../../platform/http/dependency-outage';
import { OutboxMessage, OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { PAYMENT_EVENTS } from '../payments.events';
import { PaymentQuote, PaymentQuoteService } from '../../billers';
import { CustomerLimitsService } from '../../identity';
import { LedgerService } from '../../ledger';
import { BillerCircuitBreaker } from '../posting/biller-circuit-breaker';
import { CaptureFundingSeal } from './capture-funding-seal';
import { toPaymentResponse } from './dto/payment-mappers';
import { paymentEvent, railReversalRequested } from './payment-event-payload';
import { agentAccounts, agentCaptureEntry, captureEntry, paymentAccounts } from './payment-ledger';
import { billPaymentOf, PayerType, Payment, PaymentChannel } from './payment.entity';
import { CheckoutChannelHook, PaymentChannelHooks } from './payment-channel-hooks';
import { NewPayment, PaymentPrecheck, PaymentRepository } from './payment.repository';
import { PaymentError } from '../payments.errors';
import { holdsPayment, PaymentScreening, type ScreeningCandidate } from './payment-screening';
import type { ScreeningActivity, ScreeningActivityQuery } from './payment-screening-reads.service';
import {
  CaptureResult,
  CaptureStatusResult,
  DeclineReason,
  RAIL_CODES,
  RailCode,
  RailConnector,
} from '../rails/rail-connector';
import { RailReversalService } from '../rails/rail-reversal.service';
import { maskFundingAccount } from './request-fingerprint';
import { PaymentsConfig } from '../payments.config';

/** One payment, as any channel asks for it. */
export interface PaymentOrder {
  channel: PaymentChannel;
  /** Who pays: the customer themselves, an agent taking cash, a checkout payer. */
  payer: { type: PayerType; id: string };
  /** The customer whose limits apply and whose history shows the payment. */
  customerId: string;
  /** Scoped to the customer; the channel decides how it is made (a header, `schedule:{id}:{period}`). */
  idempotencyKey: string;
  /** SHA-256 of the request as the channel received it, to tell a replay from a reused key. */
  requestHash: string;
  /** The biller's id or slug. */
  biller: string;
  accountReference: string;
  savedAccountId: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  rail: string;
  fundingAccount: string;
  /** Pay again although the same biller, account and amount were paid moments ago. */
  confirmDuplicate: boolean;
  /** What the payer owes when the channel knows it (a pushed bill): the amount rule applies to it. */
  amountDue?: number | null;
}

/**
 * A payer's payment of a merchant's checkout session (channel CHECKOUT, payer CHECKOUT_PAYER:
 * the session). What is charged comes from the session, through the checkout channel's hook
 * (`PaymentChannelHooks`), inside the payment's first transaction.
 */
export interface CheckoutPaymentOrder {
  sessionId: string;
  /** Scoped to the session (the payer): the same key answers the same payment again. */
  idempotencyKey: string;
  /** SHA-256 of the pay request as the channel received it, to tell a replay from a reused key. */
  requestHash: string;
  rail: string;
  fundingAccount: string;
}

/**
 * An agent's cash payment: the agent (the payer) takes cash from a walk-in customer and pays
 * from their float. No rail is called; the agent's own limits apply, not the customer's.
 */
export interface AgentPaymentOrder extends Omit<PaymentOrder, 'channel' | 'payer' | 'rail' | 'fundingAccount'> {
  agentId: string;
  /** Minor units of `currency`, over a rolling 24 hours for `daily`. */
  limits: { perPayment: number; daily: number };
}

/** What admission counts a payment against: whose limits, and how far they go. */
interface Admission {
  payerId: string;
  idempotencyKey: string;
  requestHash: string;
  confirmDuplicate: boolean;
  amount: number;
  limits: { perPayment: bigint; daily: bigint };
}

/**
 * What the rail said about a capture: its answer to the capture, or to a later inquiry that
 * found one. An inquiry that finds none is the recovery job's to settle (`completeCapture`,
 * `abandonCapture`).
 */
type CaptureOutcome = CaptureResult | Exclude<CaptureStatusResult, { status: 'UNAVAILABLE' | 'NOT_FOUND' }>;

/** Thrown inside a recording transaction to roll it back when another path recorded the outcome first. */
class AlreadyRecorded extends Error {}

const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  INSUFFICIENT_FUNDS: 'The funding account has insufficient funds',
  DO_NOT_HONOR: 'The funding account was declined',
  ACCOUNT_CLOSED: 'The funding account is closed',
  LIMIT: "The funding account's own limit was reached",
};

/**
 * The payment core: the one door through which every channel moves money (the customer app,
 * pushed bills, schedules, agents, checkout, the sandbox). It owns idempotency, limits, the
 * rail call, the ledger entry, the first posting cycle and the outbox events; channels record
 * themselves and their payer on the payment and add nothing of their own to this path.
 *
 * Money moves in steps, and no network call runs while a transaction or lock is held
 * (DESIGN.md section 2):
 *
 * 1. `authorize`: in one transaction under the customer's row lock, the Idempotency-Key,
 *    the duplicate window and the limits (which count payments still AUTHORIZING), then the
 *    payment is inserted `AUTHORIZING`, screened (PaymentScreening: the AML rules record their
 *    flags in this transaction, and a HIGH one holds the payment for review) and committed.
 * 2. The rail captures `amount + fee` with the payment id as its idempotency reference.
 * 3. `recordCapture`, a second transaction: captured -> `PENDING` with its journal entry, its
 *    first posting cycle and `payment.captured` (neither while held for review); declined -> `FAILED`; no answer -> the payment
 *    stays `AUTHORIZING` for the recovery job, which asks the rail (`PaymentRecoveryService`).
 *
 * Once step 1 has committed, the customer has asked for the payment: a database outage in
 * steps 2-3 answers the payment as it stands (`AUTHORIZING`), not an error. A crash or a lost
 * connection between the steps leaves an `AUTHORIZING` payment that the recovery job settles by
 * inquiry, capturing it under the same reference when the rail never took it (the funding
 * account is kept sealed while the payment is `AUTHORIZING`); a retry of the same key answers
 * DUPLICATE_PAYMENT with its id at every step; the rail never captures a reference twice.
 */
@Injectable()
export class PaymentCore {
  private readonly logger = new Logger(PaymentCore.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PaymentsConfig,
    private readonly payments: PaymentRepository,
    private readonly quotes: PaymentQuoteService,
    private readonly customerLimits: CustomerLimitsService,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly rails: RailConnector,
    private readonly circuit: BillerCircuitBreaker,
    private readonly reversals: RailReversalService,
    private readonly screening: PaymentScreening,
    private readonly captureFunding: CaptureFundingSeal,
    private readonly hooks: PaymentChannelHooks,
  ) {}

  async pay(order: PaymentOrder): Promise<Payment> {
    const quote = await this.quotes.quote({
      biller: order.biller,
      accountReference: order.accountReference,
      amount: order.amount,
      currency: order.currency,
      rail: order.rail,
      amountDue: order.amountDue,
    });
    if (!this.customerLimits.hasLimitsIn(quote.currency)) throw PaymentError.limitNotConfigured(quote.currency);
    if (await this.circuit.isOpen(quote.biller.id)) throw PaymentError.billerUnavailable('the biller is not answering');
    // Before the transaction: a posting inside one must never wait for a second connection.
    const accounts = paymentAccounts(quote);
    await this.ledger.openAccounts([accounts.railClearing, accounts.billerPayable, accounts.feeRevenue]);

    const payment = await this.authorize(order, quote);
    return this.captureAccepted(payment, order.fundingAccount);
  }

  /**
   * Pays a merchant's checkout session (channel CHECKOUT) by the same two steps as any payment.
   * Step 1, under the session's payer lock: the session's Idempotency-Key (the same key and
   * request answer the payment it made, as it stands now, not an error: the hosted page binds a
   * key to each rendered form, so a double submit is a replay; another request under it is 409
   * IDEMPOTENCY_KEY_REUSED), then the checkout hook admits the session (it must be OPEN, unexpired
   * and not being paid) and says what to charge; the payment is inserted AUTHORIZING and
   * screened. No customer limits apply (the payer is not our customer). Step 2 captures the
   * session's amount; step 3 (`recordCapture`) completes the session through the hook.
   */
  async payCheckout(order: CheckoutPaymentOrder): Promise<Payment> {
    if (!(RAIL_CODES as readonly string[]).includes(order.rail)) {
      throw new PaymentError('RAIL_UNAVAILABLE', `Payments by ${order.rail} are not taken`, [
        { field: 'rail', message: `one of ${RAIL_CODES.join(', ')}` },
      ]);
    }
    const hook = this.hooks.checkout();
    const { payment, replayed } = await this.authorizeCheckout(order, hook);
    if (replayed) return payment;
    return this.captureAccepted(payment, order.fundingAccount);
  }

  /**
   * Steps 2 and 3 of a payment step 1 committed: the rail's capture and its record. The payment
   * is committed: the payer asked for it and the recovery job completes it (capturing under the
   * payment id if the rail never took it), so an outage from here on answers the payment as it
   * stands, AUTHORIZING, never a 503 that reads as "not paid".
   */
  private async captureAccepted(payment: Payment, fundingAccount: string): Promise<Payment> {
    try {
      const outcome = await this.captureOnRail(payment, fundingAccount);
      return await this.recordCapture(payment, outcome);
    } catch (error) {
      const outage = dependencyOutageOf(error);
      if (!outage) throw error;
      this.logger.warn(
        `payment ${payment.id} is accepted but not settled (${outage.dependency} ${outage.reason}): the recovery job completes it`,
      );
      return payment;
    }
  }

  /**
   * The recovery job's capture of an `AUTHORIZING` payment the rail never took (the request lost
   * its database or its process before or during the rail call): the same call under the same
   * reference, the payment id, so a capture already made is answered again, never made twice,
   * then recorded as the request would have. Null when the funding account is not known (it
   * was never kept, or no longer opens): the rail cannot be asked to take anything.
   */
  async completeCapture(payment: Payment): Promise<Payment | null> {
    const sealed = await this.payments.captureFundingOf(this.dataSource.manager, payment.id);
    const fundingAccount = sealed === null ? null : this.captureFunding.open(payment.id, sealed);
    if (fundingAccount === null) return null;
    return this.recordCapture(payment, await this.captureOnRail(payment, fundingAccount));
  }

  /**
   * Gives up on an `AUTHORIZING` payment the rail never took, for `reason` (too old to charge
   * now, or no funding account to charge): FAILED (`RAIL_NO_CAPTURE`) with a cancel that voids
   * the reference, so a capture still on its way is refused. Answers the payment as it now is.
   */
  async abandonCapture(payment: Payment, reason: string): Promise<Payment> {
    try {
      return await this.fail(
        payment,
        'RAIL_NO_CAPTURE',
        'The payment rail never confirmed the payment',
        `${payment.rail} has no capture of this payment: ${reason}`,
        true,
      );
    } catch (error) {
      if (!(error instanceof AlreadyRecorded)) throw error;
      return (await this.payments.findById(this.dataSource.manager, payment.id)) ?? payment;
    }
  }

  private captureOnRail(payment: Payment, fundingAccount: string): Promise<CaptureResult> {
    return this.rails.capture({
      rail: payment.rail as RailCode,
      accountNumber: fundingAccount,
      amount: BigInt(payment.amount) + BigInt(payment.fee),
      currency: payment.currency,
      reference: payment.id,
    });
  }

  /**
   * Records the rail's answer about an `AUTHORIZING` payment in one transaction and answers the
   * payment as it now is. Idempotent: only a payment still `AUTHORIZING` moves, so the request
   * that called the rail and the recovery job may both record the same outcome safely. A
   * capture that timed out leaves the payment `AUTHORIZING` for the recovery job.
   */
  async recordCapture(payment: Payment, outcome: CaptureOutcome): Promise<Payment> {
    try {
      switch (outcome.status) {
        case 'CAPTURED':
          if (payment.channel === 'CHECKOUT') return await this.recordCheckoutCapture(payment, outcome.railReference);
          return await this.dataSource.transaction(async (manager) => {
            const journalEntryId = await this.ledger.post(manager, captureEntry(billPaymentOf(payment)));
            const moved = await this.payments.transition(
              manager,
              payment.id,
              'PENDING',
              `Funds captured by ${payment.rail}`,
              {
                railReference: outcome.railReference,
                journalEntryId,
                firstPostingCycleDueInMs: this.config.JOB_PICKUP_GRACE_MS,
              },
              'AUTHORIZING',
            );
            if (!moved) throw new AlreadyRecorded();
            await this.announceCapture(manager, moved);
            return moved;
          });
        case 'DECLINED':
          return await this.fail(
            payment,
            outcome.reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'RAIL_DECLINED',
            DECLINE_MESSAGES[outcome.reason],
            `Declined by ${payment.rail}: ${outcome.reason}`,
          );
        case 'TIMEOUT':
          this.logger.warn(`capture of payment ${payment.id} timed out: the recovery job will ask ${payment.rail}`);
          return payment;
      }
    } catch (error) {
      if (!(error instanceof AlreadyRecorded)) throw error;
      return (await this.payments.findById(this.dataSource.manager, payment.id)) ?? payment;
    }
  }

  /**
   * A checkout payment's capture, in one transaction: AUTHORIZING -> PENDING (only from
   * AUTHORIZING, so the request and the recovery job never both record it), then the checkout
   * hook completes the session (OPEN -> COMPLETE with the payment), posts the merchant's entry
   * and writes the merchant's events, and the payment is SUCCEEDED: there is no biller to post
   * to. A payment held for a compliance review stays PENDING with its entry; its session stays
   * OPEN, held by the payment, until the review.
   */
  private async recordCheckoutCapture(payment: Payment, railReference: string): Promise<Payment> {
    const hook = this.hooks.checkout();
    return this.dataSource.transaction(async (manager) => {
      const captured = await this.payments.transition(
        manager,
        payment.id,
        'PENDING',
        `Funds captured by ${payment.rail}`,
        { railReference },
        'AUTHORIZING',
      );
      if (!captured) throw new AlreadyRecorded();
      const { journalEntryId } = await hook.captured(manager, captured);
      if (captured.heldForReview) {
        return (await this.payments.setJournalEntry(manager, payment.id, journalEntryId)) ?? captured;
      }
      const succeeded = await this.payments.transition(
        manager,
        payment.id,
        'SUCCEEDED',
        'Checkout session completed; the merchant is credited',
        { journalEntryId, completed: true, channel: 'CHECKOUT' },
        'PENDING',
      );
      if (!succeeded) throw new Error(`checkout payment ${payment.id} did not move PENDING -> SUCCEEDED`);
      return succeeded;
    });
  }

  /** Step 1 of a checkout payment (`payCheckout`): the payment AUTHORIZING, or the one its key made already. */
  private async authorizeCheckout(
    order: CheckoutPaymentOrder,
    hook: CheckoutChannelHook,
  ): Promise<{ payment: Payment; replayed: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      // The session is the payer: its pays queue here, one after another.
      await this.payments.lockCustomer(manager, order.sessionId);
      const existing = await this.payments.findByKey(manager, order.sessionId, order.idempotencyKey);
      if (existing) {
        if (existing.requestHash !== order.requestHash) throw PaymentError.keyReused(existing.id);
        const original = await this.payments.findById(manager, existing.id);
        if (!original) throw PaymentError.notFound();
        return { payment: original, replayed: true };
      }
      const id = newId();
      const charge = await hook.admit(manager, { sessionId: order.sessionId, paymentId: id, rail: order.rail });
      const payment: NewPayment = {
        ...blankPayment(),
        id,
        customerId: null,
        channel: 'CHECKOUT',
        payerType: 'CHECKOUT_PAYER',
        payerId: order.sessionId,
        idempotencyKey: order.idempotencyKey,
        requestHash: order.requestHash,
        biller: null,
        accountReference: null,
        savedAccountId: null,
        amount: charge.amount,
        fee: 0,
        currency: charge.currency,
        rail: order.rail,
        fundingAccountMasked: maskFundingAccount(order.fundingAccount),
        checkout: {
          merchantId: charge.merchantId,
          livemode: charge.livemode,
          sessionId: order.sessionId,
          merchantFee: charge.merchantFee,
          merchantPricingVersionId: charge.merchantPricingVersionId,
        },
      };
      const createdAt = await this.payments.insert(
        manager,
        payment,
        `Checkout payment accepted; ${payment.rail} asked to capture the funds`,
        this.captureFunding.seal(payment.id, order.fundingAccount),
      );
      const heldForReview = await this.screen(manager, payment);
      return { payment: { ...payment, heldForReview, createdAt, updatedAt: createdAt }, replayed: false };
    });
  }

  /**
   * An agent's cash payment, in one transaction under the agent's lock: the same admission as
   * any payment (idempotency by the agent's key, the duplicate window, the agent's limits),
   * then the float must cover amount + fee (422 INSUFFICIENT_FLOAT with the headroom), and the
   * payment is captured from the float at once: PENDING with its journal entry (float, biller,
   * fee, the agent's commission), its first posting cycle and `payment.captured`. It then takes
   * the same posting path as any payment. The lock makes concurrent payments of one agent draw
   * the float one after another, so it never goes below zero.
   */
  async payFromAgentFloat(order: AgentPaymentOrder): Promise<Payment> {
    const quote = await this.quotes.cashQuote({
      biller: order.biller,
      accountReference: order.accountReference,
      amount: order.amount,
      currency: order.currency,
      amountDue: order.amountDue,
    });
    if (await this.circuit.isOpen(quote.biller.id)) throw PaymentError.billerUnavailable('the biller is not answering');
    const agent = agentAccounts(order.agentId, quote.currency);
    const accounts = paymentAccounts(quote);
    await this.ledger.openAccounts([
      agent.float,
      agent.commission,
      agent.commissionExpense,
      accounts.billerPayable,
      accounts.feeRevenue,
    ]);
    return this.dataSource.transaction(async (manager) => {
      await this.payments.lockCustomer(manager, order.agentId);
      await this.admit(manager, quote, {
        payerId: order.agentId,
        idempotencyKey: order.idempotencyKey,
        requestHash: order.requestHash,
        confirmDuplicate: order.confirmDuplicate,
        amount: order.amount,
        limits: { perPayment: BigInt(order.limits.perPayment), daily: BigInt(order.limits.daily) },
      });
      // The float is a liability: its lines sum negative while we owe the agent.
      const floatBalance = -(await this.ledger.balance(agent.float.code, manager));
      const required = BigInt(order.amount) + BigInt(quote.fee);
      if (floatBalance < required) throw PaymentError.insufficientFloat(floatBalance, required, quote.currency);
      const payment: NewPayment = {
        ...newPayment(
          {
            ...order,
            channel: 'AGENT',
            payer: { type: 'AGENT', id: order.agentId },
            rail: quote.rail,
            fundingAccount: '',
          },
          quote,
        ),
        fundingAccountMasked: 'Agent float',
      };
      await this.payments.insert(manager, payment, 'Cash taken by an agent; paid from their float');
      await this.screen(manager, payment);
      const journalEntryId = await this.ledger.post(
        manager,
        agentCaptureEntry({ ...payment, biller: quote.biller, payerId: order.agentId }, quote.agentCommission),
      );
      const moved = (await this.payments.transition(
        manager,
        payment.id,
        'PENDING',
        "Funds taken from the agent's float",
        { journalEntryId, firstPostingCycleDueInMs: this.config.JOB_PICKUP_GRACE_MS },
        'AUTHORIZING',
      )) as Payment;
      await this.announceCapture(manager, moved);
      return moved;
    });
  }

  /**
   * Step 1: the payment and its idempotency record, committed `AUTHORIZING` before the rail is
   * called. After the customer's lock and tier (one statement, identity's), one statement (`PaymentRepository.admit`) reads
   * the admission's facts, inserts the payment when they admit it, and reads the screener's facts
   * about it; the refusals are raised from the facts as `admit` raises them.
   */
  private async authorize(order: PaymentOrder, quote: PaymentQuote): Promise<Payment> {
    return this.dataSource.transaction(async (manager) => {
      // The customer's row lock, taken with their tier in one round trip: the customer's payments
      // queue here, and the admission below (a statement of its own, so its snapshot is taken
      // after the lock) sees every payment of theirs committed before.
      const customer = await this.customerLimits.lockLimitsOf(manager, order.customerId, quote.currency);
      if (!customer) throw PaymentError.notFound();
      if (!customer.limits) throw PaymentError.limitNotConfigured(quote.currency);
      const admission: Admission = {
        payerId: order.payer.id,
        idempotencyKey: order.idempotencyKey,
        requestHash: order.requestHash,
        confirmDuplicate: order.confirmDuplicate,
        amount: order.amount,
        limits: { perPayment: BigInt(customer.limits.perPayment), daily: BigInt(customer.limits.daily) },
      };
      const payment = {
        ...newPayment(order, quote),
        customerId: order.customerId,
        biller: quote.biller,
        accountReference: quote.accountReference,
      };
      const candidate = screeningCandidateOf(payment);
      const query = this.screening.activityQuery(candidate);
      if (
        query !== null &&
        (query.customerId !== candidate.customerId ||
          query.billerId !== candidate.billerId ||
          query.accountReference !== candidate.accountReference)
      ) {
        throw new Error(`the screener asked about other payments than payment ${payment.id}'s neighbours`);
      }
      const admitted = await this.payments.admit(
        manager,
        payment,
        {
          duplicateWindowSeconds: this.config.PAYMENT_DUPLICATE_WINDOW_SECONDS,
          confirmDuplicate: admission.confirmDuplicate,
          limits: admission.limits,
          note: `Payment accepted; ${payment.rail} asked to capture the funds`,
          captureFundingSealed: this.captureFunding.seal(payment.id, order.fundingAccount),
        },
        // A screener that reads nothing still costs no statement: the window is empty.
        query ?? NO_ACTIVITY,
      );
      // The refusal the facts give, if any (an inserted payment then rolls back with the transaction).
      await this.refuseUnadmitted(manager, quote.currency, admission, admitted.check);
      if (admitted.createdAt === null) throw new Error(`payment ${payment.id} was admitted but not inserted`);
      const createdAt = admitted.createdAt;
      const heldForReview = await this.screen(manager, payment, query === null ? undefined : admitted.activity);
      return { ...payment, heldForReview, createdAt, updatedAt: createdAt };
    });
  }

  /**
   * Admission, inside the payment's transaction under the scope's lock: the payer's
   * Idempotency-Key (409 DUPLICATE_PAYMENT or IDEMPOTENCY_KEY_REUSED), the duplicate window
   * (409 POSSIBLE_DUPLICATE), and the limits (422 LIMIT_EXCEEDED), which count payments still
   * in flight, so two payments at once cannot share the headroom.
   */
  private async admit(manager: EntityManager, quote: PaymentQuote, admission: Admission): Promise<void> {
    const check = await this.payments.precheck(manager, {
      payerId: admission.payerId,
      idempotencyKey: admission.idempotencyKey,
      currency: quote.currency,
      billerId: quote.biller.id,
      accountReference: quote.accountReference,
      amount: admission.amount,
      duplicateWindowSeconds: this.config.PAYMENT_DUPLICATE_WINDOW_SECONDS,
    });
    await this.refuseUnadmitted(manager, quote.currency, admission, check);
  }

  /** Throws the refusal the precheck's facts give the admission, in the order `admit` documents; returns when admitted. */
  private async refuseUnadmitted(
    manager: EntityManager,
    currency: string,
    admission: Admission,
    check: PaymentPrecheck,
  ): Promise<void> {
    const amount = BigInt(admission.amount);
    if (check.existing) {
      if (check.existing.requestHash !== admission.requestHash) throw PaymentError.keyReused(check.existing.id);
      // The refusal carries the original payment: a retry after a timeout gets its answer in it.
      const original = await this.payments.findById(manager, check.existing.id);
      throw PaymentError.duplicate(
        check.existing.id,
        check.existing.status,
        original ? toPaymentResponse(original) : undefined,
      );
    }
    if (check.recentDuplicateId && !admission.confirmDuplicate) {
      throw PaymentError.possibleDuplicate(check.recentDuplicateId, this.config.PAYMENT_DUPLICATE_WINDOW_SECONDS);
    }
    const { perPayment, daily } = admission.limits;
    if (amount > perPayment) throw PaymentError.limitExceeded('per-payment', perPayment, 0n, amount, currency);
    if (check.usedToday + amount > daily) {
      throw PaymentError.limitExceeded('daily', daily, check.usedToday, amount, currency);
    }
  }

  /**
   * Screens the payment just inserted, in its admission transaction (PaymentScreening): the
   * screener records its flags through `manager`, and a HIGH hit holds the payment, so its
   * capture opens no posting cycle and writes no `payment.captured`. Answers whether it is held.
   */
  private async screen(manager: EntityManager, payment: NewPayment, activity?: ScreeningActivity): Promise<boolean> {
    const hits = await this.screening.screen(manager, screeningCandidateOf(payment), activity);
    if (!holdsPayment(hits)) return false;
    await this.payments.setHeldForReview(manager, payment.id, true);
    await this.payments.noteStep(manager, payment.id, 'Held for a compliance review before it is sent to the biller');
    return true;
  }

  private async fail(
    payment: Payment,
    failureCode: string,
    failureMessage: string,
    note: string,
    voidOnRail = false,
  ): Promise<Payment> {
    return this.dataSource.transaction(async (manager) => {
      const moved = await this.payments.transition(
        manager,
        payment.id,
        'FAILED',
        note,
        { failureCode, failureMessage, completed: true },
        'AUTHORIZING',
      );
      if (!moved) throw new AlreadyRecorded();
      if (moved.channel === 'CHECKOUT') {
        // The merchant's events, not `payment.*` (whose consumers are the customer's); the cancel
        // is the reversal row's, which the sweeper takes after the pickup grace.
        await this.hooks.checkout().failed(manager, moved);
        if (voidOnRail) await this.reversals.request(manager, moved, 'CANCEL');
        return moved;
      }
      const events: OutboxMessage[] = [paymentEvent(PAYMENT_EVENTS.failed, moved)];
      if (voidOnRail) {
        await this.reversals.request(manager, moved, 'CANCEL');
        events.push(railReversalRequested(moved, 'CANCEL'));
      }
      await this.outbox.write(manager, ...events);
      return moved;
    });
  }

  /**
   * `payment.captured` of a payment just captured, in the capture's transaction: its move to
   * PENDING opened its first posting cycle (due after the job's pickup grace), and the event
   * makes the posting job that claims it at once. Held for a compliance review, it has neither:
   * captured, but posting starts only when it is released.
   */
  private async announceCapture(manager: EntityManager, payment: Payment): Promise<void> {
    if (payment.heldForReview) return;
    await this.outbox.write(manager, paymentEvent(PAYMENT_EVENTS.captured, payment));
  }
}

/** A payment as screening sees it. */
function screeningCandidateOf(payment: NewPayment): ScreeningCandidate {
  return {
    paymentId: payment.id,
    customerId: payment.customerId,
    payerType: payment.payerType,
    payerId: payment.payerId,
    channel: payment.channel,
    billerId: payment.biller?.id ?? null,
    accountReference: payment.accountReference,
    amount: payment.amount,
    currency: payment.currency,
  };
}

/** The activity query of a screener that reads none: an empty window, no distinct payers counted. */
const NO_ACTIVITY: ScreeningActivityQuery = {
  customerId: null,
  payerId: '',
  windowMinutes: 0,
  currency: '',
  band: { from: 1n, to: 0n },
  billerId: null,
  accountReference: null,
  payersCap: 0,
};

/** The columns every new payment starts with, whatever its channel. */
function blankPayment(): Pick<
  NewPayment,
  | 'status'
  | 'railReference'
  | 'failureCode'
  | 'failureMessage'
  | 'billerReference'
  | 'journalEntryId'
  | 'reversalEntryId'
  | 'railReversalReference'
  | 'refundedAmount'
  | 'heldForReview'
  | 'completedAt'
  | 'checkout'
> {
  return {
    status: 'AUTHORIZING',
    railReference: null,
    failureCode: null,
    failureMessage: null,
    billerReference: null,
    journalEntryId: null,
    reversalEntryId: null,
    railReversalReference: null,
    refundedAmount: 0,
    heldForReview: false,
    completedAt: null,
    checkout: null,
  };
}

function newPayment(order: PaymentOrder, quote: PaymentQuote): NewPayment {
  return {
    ...blankPayment(),
    id: newId(),
    customerId: order.customerId,
    channel: order.channel,
    payerType: order.payer.type,
    payerId: order.payer.id,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    biller: quote.biller,
    accountReference: quote.accountReference,
    savedAccountId: order.savedAccountId,
    amount: order.amount,
    fee: quote.fee,
    currency: quote.currency,
    rail: quote.rail,
    fundingAccountMasked: maskFundingAccount(order.fundingAccount),
  };
}
