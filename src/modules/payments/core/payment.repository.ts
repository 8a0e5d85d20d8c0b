import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillerSnapshot } from '../../billers';
import { jsonObject, oneOf } from '../../../platform/database/column-values';
import { toMinorUnits } from '../../../platform/database/minor-units.transformer';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { newId } from '../../../platform/database/new-id';
import {
  BillPayment,
  billPaymentOf,
  CheckoutPaymentTerms,
  PAYER_TYPES,
  Payment,
  PAYMENT_CHANNELS,
  PAYMENT_STATUSES,
  PaymentChannel,
  PaymentStatus,
} from './payment.entity';
import { assertTransition, sourcesOf } from './payment-state-machine';
import { PaymentStatusEvent } from './payment-status-event.entity';
import type { ScreeningActivity, ScreeningActivityQuery } from './payment-screening-reads.service';
import * as paymentKeys from './sql/payment-keys.queries';
import * as paymentPages from './sql/payment-pages.queries';
import * as payments from './sql/payments.queries';

/** What the payment transaction learns in one round trip before it captures funds. */
export interface PaymentPrecheck {
  /** The payment this customer already made with this Idempotency-Key. */
  existing: { id: string; status: PaymentStatus; requestHash: string } | null;
  /** Sum of the customer's (or, for an agent, the payer's) payments in the payment's currency over the last 24 hours (not failed). */
  usedToday: bigint;
  /** A payment of the same biller, account and amount inside the duplicate window. */
  recentDuplicateId: string | null;
}

export type NewPayment = Omit<Payment, 'createdAt' | 'updatedAt'>;

/** A payment the recovery job claimed (`claimStuckAuthorizations`). */
export interface StuckAuthorization {
  payment: Payment;
  /** Accepted longer ago than the recovery's maximum age: too old to capture now. */
  pastMaxAge: boolean;
}

const SQL = sqlStatements('payments', payments);
const KEYS_SQL = sqlStatements('payments', paymentKeys);
const PAGES = sqlStatements('payments', paymentPages);

/** Named queries on `payments` and its timeline; every customer read is scoped to its owner. */
@Injectable()
export class PaymentRepository {
  /**
   * Serialises one payer's payments until the transaction ends (an agent's, a checkout
   * session's: a customer's queue on their row instead, `CustomerLimitsService.lockLimitsOf`):
   * the Idempotency-Key check, the rolling-day limit and the duplicate window then cannot be
   * passed by requests running side by side. Other payers are not held up.
   */
  async lockCustomer(manager: EntityManager, customerId: string): Promise<void> {
    await run(executorOn(manager), SQL.lockCustomer, { customerId });
  }

  /**
   * An agent's payment's admission facts (`payments.precheck-by-payer`), limits counted by the
   * payer: the daily sum and the duplicate both come from one read of the payer's own recent
   * payments (`payments_payer_created_idx`), over the longer of the 24 hours and the duplicate
   * window, so its cost is what the payer paid lately, whatever the biller account; the key is
   * the payer's. A customer's payment reads the same facts in `admit`.
   */
  async precheck(
    manager: EntityManager,
    check: {
      payerId: string;
      idempotencyKey: string;
      /** The payment's currency: the rolling day counts payments in it only. */
      currency: string;
      billerId: string;
      accountReference: string;
      amount: number;
      duplicateWindowSeconds: number;
    },
  ): Promise<PaymentPrecheck> {
    const [row] = await run(executorOn(manager), SQL.precheckByPayer, {
      scopeId: check.payerId,
      idempotencyKey: check.idempotencyKey,
      currency: check.currency,
      billerId: check.billerId,
      accountReference: check.accountReference,
      amount: check.amount,
      duplicateWindowSeconds: check.duplicateWindowSeconds,
      payerId: check.payerId,
    });
    return {
      existing: row.existing === null ? null : existingPayment(row.existing),
      usedToday: BigInt(row.used),
      recentDuplicateId: row.duplicate,
    };
  }

  /**
   * Step 1 of a customer's payment after the customer's lock, in one round trip (`payments.admit-payment`):
   * the precheck's facts, the `AUTHORIZING` payment inserted with its capture instruction and the
   * first step of its timeline only when the facts admit it (the key unused, no duplicate in the
   * window unless `confirmDuplicate`, within `limits`), and the screener's facts about it, asked
   * by `screening` and counting the payment itself. `createdAt` is null when nothing was inserted:
   * the caller raises the refusal the facts give (and checks them again either way). A plain
   * INSERT, as `insert`'s: a second payment under the key fails on the unique constraint.
   */
  async admit(
    manager: EntityManager,
    payment: NewPayment & { customerId: string; biller: BillerSnapshot; accountReference: string },
    admission: {
      duplicateWindowSeconds: number;
      confirmDuplicate: boolean;
      limits: { perPayment: bigint; daily: bigint };
      note: string;
      captureFundingSealed: string;
    },
    screening: ScreeningActivityQuery,
  ): Promise<{ check: PaymentPrecheck; createdAt: Date | null; activity: ScreeningActivity }> {
    const [row] = await run(executorOn(manager), SQL.admitPayment, {
      id: payment.id,
      customerId: payment.customerId,
      channel: payment.channel,
      payerType: payment.payerType,
      payerId: payment.payerId,
      idempotencyKey: payment.idempotencyKey,
      requestHash: payment.requestHash,
      billerId: payment.biller.id,
      billerName: payment.biller.name,
      billerSlug: payment.biller.slug,
      accountReference: payment.accountReference,
      savedAccountId: payment.savedAccountId,
      amount: payment.amount,
      fee: payment.fee,
      currency: payment.currency,
      rail: payment.rail,
      fundingAccountMasked: payment.fundingAccountMasked,
      note: admission.note,
      captureFundingSealed: admission.captureFundingSealed,
      duplicateWindowSeconds: admission.duplicateWindowSeconds,
      confirmDuplicate: admission.confirmDuplicate,
      perPayment: admission.limits.perPayment.toString(),
      daily: admission.limits.daily.toString(),
      windowMinutes: screening.windowMinutes,
      screeningCurrency: screening.currency,
      bandFrom: screening.band.from.toString(),
      bandTo: screening.band.to.toString(),
      payersCap: screening.payersCap,
    });
    return {
      check: {
        existing: row.existing === null ? null : existingPayment(row.existing),
        usedToday: BigInt(row.used),
        recentDuplicateId: row.duplicate,
      },
      createdAt: row.created_at,
      activity: {
        count: row.screening_count,
        sum: BigInt(row.screening_sum),
        inBand: row.screening_band,
        distinctPayers: row.screening_payers,
      },
    };
  }

  /** The payment of this payer and key, if one was made (read after a lost race). */
  async findByKey(
    manager: EntityManager,
    payerId: string,
    idempotencyKey: string,
  ): Promise<{ id: string; status: PaymentStatus; requestHash: string } | null> {
    const row = await one(executorOn(manager), KEYS_SQL.paymentByPayerKey, { payerId, idempotencyKey });
    if (row === null) return null;
    return {
      id: row.id,
      status: oneOf(PAYMENT_STATUSES, row.status, 'payments.status'),
      requestHash: row.request_hash,
    };
  }

  /**
   * Inserts an `AUTHORIZING` payment and the first step of its timeline in one statement: the
   * first transaction of the payment core, committed before the rail is called. A plain
   * INSERT: a second payment under the same key fails on the unique constraint instead of
   * becoming an update. `captureFundingSealed` (the funding account, sealed) is kept beside it
   * while it is AUTHORIZING, for the recovery job to complete the capture. Answers the row's
   * creation time.
   */
  async insert(
    manager: EntityManager,
    payment: NewPayment,
    note: string,
    captureFundingSealed: string | null = null,
  ): Promise<Date> {
    const [row] = await run(executorOn(manager), SQL.insertPayment, {
      id: payment.id,
      customerId: payment.customerId,
      channel: payment.channel,
      payerType: payment.payerType,
      payerId: payment.payerId,
      idempotencyKey: payment.idempotencyKey,
      requestHash: payment.requestHash,
      billerId: payment.biller?.id ?? null,
      billerName: payment.biller?.name ?? null,
      billerSlug: payment.biller?.slug ?? null,
      accountReference: payment.accountReference,
      savedAccountId: payment.savedAccountId,
      amount: payment.amount,
      fee: payment.fee,
      currency: payment.currency,
      rail: payment.rail,
      fundingAccountMasked: payment.fundingAccountMasked,
      note,
      captureFundingSealed,
      merchantId: payment.checkout?.merchantId ?? null,
      livemode: payment.checkout?.livemode ?? null,
      checkoutSessionId: payment.checkout?.sessionId ?? null,
      merchantFee: payment.checkout?.merchantFee ?? null,
      merchantPricingVersionId: payment.checkout?.merchantPricingVersionId ?? null,
    });
    return row.created_at;
  }

  /** The customer's payment (a bill payment: a checkout payment has no customer). */
  async findOwned(manager: EntityManager, id: string, customerId: string): Promise<BillPayment | null> {
    const row = await one(executorOn(manager), SQL.findOwnedPayment, { id, customerId });
    return row === null ? null : billPaymentOf(toPayment(row));
  }

  async findById(manager: EntityManager, id: string): Promise<Payment | null> {
    const row = await one(executorOn(manager), SQL.findPayment, { id });
    return row === null ? null : toPayment(row);
  }

  /**
   * Takes up to `limit` payments left `AUTHORIZING` for longer than `olderThanMs` (the process
   * that called the rail died, lost its database connection, or the rail timed out), and
   * stamps them, so another worker leaves them alone for as long again. Each comes with whether
   * it was accepted more than `maxAgeMs` ago. Both ages are measured on the database's `now()`.
   */
  async claimStuckAuthorizations(
    manager: EntityManager,
    olderThanMs: number,
    limit: number,
    maxAgeMs: number,
  ): Promise<StuckAuthorization[]> {
    const rows = await run(executorOn(manager), SQL.claimStuckAuthorizations, { olderThanMs, limit, maxAgeMs });
    return rows.map((row) => ({ payment: toPayment(row), pastMaxAge: row.past_max_age }));
  }

  /** The sealed funding account of a payment still AUTHORIZING (see `insert`), or null. */
  async captureFundingOf(manager: EntityManager, paymentId: string): Promise<string | null> {
    const row = await one(executorOn(manager), SQL.captureFundingOf, { paymentId });
    return row?.funding_account_sealed ?? null;
  }

  /** Locks the payment row for a state change. */
  async lockById(manager: EntityManager, id: string): Promise<Payment | null> {
    const row = await one(executorOn(manager), SQL.lockPayment, { id });
    return row === null ? null : toPayment(row);
  }

  /**
   * Moves the payment to `status` and appends the step to its timeline, in one statement, and
   * answers the payment as it now is. The only statement that changes a payment's status: it
   * moves only from `from` (default: every status the state machine lets reach `status`),
   * checked on the locked row, and answers null, changing nothing, when the payment is in
   * another status or missing. A move the state machine does not allow throws before any SQL.
   * A payment held for review (`held_for_review`) does not move to PROCESSING: it is not posted
   * until a review releases it. The posting cycles are the posting attempts' own
   * (`PostingAttemptRepository`), but for the first: a capture's move to PENDING with
   * `firstPostingCycleDueInMs` opens it in the same statement, due that long from now, unless the
   * payment is held for review (one round trip fewer on the capture's path).
   */
  async transition(
    manager: EntityManager,
    id: string,
    status: PaymentStatus,
    note: string,
    changes: Partial<
      Pick<
        Payment,
        'failureCode' | 'failureMessage' | 'billerReference' | 'reversalEntryId' | 'railReference' | 'journalEntryId'
      >
    > & {
      completed?: boolean;
      /** The payment's channel, for a move that channel alone makes (`CHANNEL_TRANSITIONS`). */
      channel?: PaymentChannel;
      /** A capture's move to PENDING: open the first posting cycle, due this long from now (not while held). */
      firstPostingCycleDueInMs?: number;
    } = {},
    from: PaymentStatus | readonly PaymentStatus[] = sourcesOf(status),
  ): Promise<Payment | null> {
    const sources: readonly PaymentStatus[] = typeof from === 'string' ? [from] : from;
    assertTransition(sources, status, changes.channel);
    const opensFirstCycle = changes.firstPostingCycleDueInMs !== undefined;
    if (opensFirstCycle && status !== 'PENDING') {
      throw new Error(`a move to ${status} opens no posting cycle: only a capture's move to PENDING does`);
    }
    const row = await one(executorOn(manager), SQL.transitionPayment, {
      id,
      status,
      note,
      setFailureCode: 'failureCode' in changes,
      failureCode: changes.failureCode ?? null,
      setFailureMessage: 'failureMessage' in changes,
      failureMessage: changes.failureMessage ?? null,
      setBillerReference: 'billerReference' in changes,
      billerReference: changes.billerReference ?? null,
      setReversalEntryId: 'reversalEntryId' in changes,
      reversalEntryId: changes.reversalEntryId ?? null,
      completed: changes.completed === true,
      from: [...sources],
      setRailReference: 'railReference' in changes,
      railReference: changes.railReference ?? null,
      setJournalEntryId: 'journalEntryId' in changes,
      journalEntryId: changes.journalEntryId ?? null,
      firstCycleId: opensFirstCycle ? newId() : null,
      firstCycleDueInMs: changes.firstPostingCycleDueInMs ?? null,
    });
    return row ? toPayment(row) : null;
  }

  /**
   * Holds the payment for a compliance review, or releases it (`held` false); answers the
   * payment as it now is, or null when it was already so. A held payment's capture opens no
   * posting cycle and `transition` does not move it to PROCESSING.
   */
  async setHeldForReview(manager: EntityManager, id: string, held: boolean): Promise<Payment | null> {
    const row = await one(executorOn(manager), SQL.setHeldForReview, { id, held });
    return row ? toPayment(row) : null;
  }

  /**
   * Records the capture entry of a payment whose capture leaves it PENDING without a posting
   * cycle (a checkout payment held for review); answers the payment, or null when it had one.
   */
  async setJournalEntry(manager: EntityManager, id: string, journalEntryId: string): Promise<Payment | null> {
    const row = await one(executorOn(manager), SQL.setJournalEntry, { id, journalEntryId });
    return row ? toPayment(row) : null;
  }

  /** Appends a step to the payment's timeline without changing its status. */
  async noteStep(manager: EntityManager, id: string, note: string): Promise<void> {
    await run(executorOn(manager), SQL.notePaymentStep, { id, note });
  }

  /**
   * Adds a part refund to the payment's `refunded_amount` (the caller holds its lock and checked
   * the amount; the table's check refuses a sum past `amount` regardless). Answers the new sum.
   */
  async addRefundedAmount(manager: EntityManager, id: string, amount: bigint): Promise<bigint> {
    const [row] = await run(executorOn(manager), SQL.addRefundedAmount, { id, amount: amount.toString() });
    return BigInt(row.refunded_amount);
  }

  /** Takes a part refund the rail refused back off `refunded_amount`. Answers the new sum. */
  async returnRefundedAmount(manager: EntityManager, id: string, amount: bigint): Promise<bigint> {
    const [row] = await run(executorOn(manager), SQL.returnRefundedAmount, { id, amount: amount.toString() });
    return BigInt(row.refunded_amount);
  }

  /** Amount, refunded amount, currency and status of these checkout payments of one merchant and mode. */
  async checkoutRefundStates(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    ids: readonly string[],
  ): Promise<{ id: string; amount: bigint; refundedAmount: bigint; currency: string; status: PaymentStatus }[]> {
    if (ids.length === 0) return [];
    const rows = await run(executorOn(manager), SQL.checkoutPaymentRefundStates, {
      ids: [...ids],
      merchantId,
      livemode,
    });
    return rows.map((row) => ({
      id: row.id,
      amount: BigInt(row.amount),
      refundedAmount: BigInt(row.refunded_amount),
      currency: row.currency,
      status: oneOf(PAYMENT_STATUSES, row.status, 'payments.status'),
    }));
  }

  async setRailReversalReference(manager: EntityManager, id: string, reference: string): Promise<void> {
    await manager.update(Payment, { id }, { railReversalReference: reference, updatedAt: () => 'now()' });
  }

  /**
   * One page of the customer's payments, newest first, and how many they have in all: one
   * statement (`payments.history-customer-page`), whose total is right on a page past the end too.
   */
  async pageOwnedBy(
    manager: EntityManager,
    customerId: string,
    page: number,
    size: number,
  ): Promise<{ rows: Payment[]; total: number }> {
    const rows = await run(executorOn(manager), PAGES.historyCustomerPage, {
      customerId,
      limit: size,
      offset: page * size,
    });
    return pageOf(rows);
  }

  /** One page of the payments a payer (an agent) made, newest first, and how many in all; as `pageOwnedBy`. */
  async pageByPayer(
    manager: EntityManager,
    payerId: string,
    page: number,
    size: number,
  ): Promise<{ rows: Payment[]; total: number }> {
    const rows = await run(executorOn(manager), PAGES.historyPayerPage, { payerId, limit: size, offset: page * size });
    return pageOf(rows);
  }

  timeline(manager: EntityManager, paymentId: string): Promise<PaymentStatusEvent[]> {
    return manager.find(PaymentStatusEvent, { where: { paymentId }, order: { id: 'ASC' } });
  }
}

/** A `payments` row, as every statement here answers it whole. */
function toPayment(row: payments.FindPaymentResult): Payment {
  return Object.assign(new Payment(), {
    id: row.id,
    customerId: row.customer_id,
    channel: oneOf(PAYMENT_CHANNELS, row.channel, 'payments.channel'),
    payerType: oneOf(PAYER_TYPES, row.payer_type, 'payments.payer_type'),
    payerId: row.payer_id,
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    biller:
      row.biller_id === null
        ? null
        : BillerSnapshot.of({ id: row.biller_id, name: row.biller_name ?? '', slug: row.biller_slug ?? '' }),
    accountReference: row.account_reference,
    savedAccountId: row.saved_account_id,
    amount: toMinorUnits(row.amount),
    fee: toMinorUnits(row.fee),
    currency: row.currency,
    rail: row.rail,
    fundingAccountMasked: row.funding_account_masked,
    railReference: row.rail_reference,
    status: oneOf(PAYMENT_STATUSES, row.status, 'payments.status'),
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    billerReference: row.biller_reference,
    journalEntryId: row.journal_entry_id,
    reversalEntryId: row.reversal_entry_id,
    railReversalReference: row.rail_reversal_reference,
    refundedAmount: toMinorUnits(row.refunded_amount),
    heldForReview: row.held_for_review,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    checkout: checkoutTermsOf(row),
  } satisfies Payment);
}

type PageRow = paymentPages.HistoryCustomerPageResult;

/**
 * A page statement's rows as the page's payments and total: every row carries the total, and a
 * page past the end is one row with no payment (its id null). Rows are mapped as they come.
 */
function pageOf(rows: readonly PageRow[]): { rows: Payment[]; total: number } {
  const listed: Payment[] = [];
  for (const row of rows) if (isListed(row)) listed.push(toPayment(row));
  return { rows: listed, total: rows[0]?.total_items ?? 0 };
}

function isListed(row: PageRow): row is PageRow & { id: string } {
  return row.id !== null;
}

/** The checkout columns of a `payments` row, or null for a payment of another channel. */
function checkoutTermsOf(row: payments.FindPaymentResult): CheckoutPaymentTerms | null {
  if (row.merchant_id === null || row.checkout_session_id === null || row.livemode === null) return null;
  return Object.assign(new CheckoutPaymentTerms(), {
    merchantId: row.merchant_id,
    livemode: row.livemode,
    sessionId: row.checkout_session_id,
    merchantFee: row.merchant_fee === null ? 0 : toMinorUnits(row.merchant_fee),
    merchantPricingVersionId: row.merchant_pricing_version_id,
  } satisfies CheckoutPaymentTerms);
}

/** The precheck's `existing`: the payment already made under the key, as `json_build_object` answers it. */
function existingPayment(value: unknown): NonNullable<PaymentPrecheck['existing']> {
  const existing = jsonObject(value, 'payments precheck existing');
  const { id, status, hash } = existing;
  if (typeof id !== 'string' || typeof status !== 'string' || typeof hash !== 'string') {
    throw new Error('payments precheck existing: expected id, status and hash');
  }
  return { id, status: oneOf(PAYMENT_STATUSES, status, 'payments.status'), requestHash: hash };
}
