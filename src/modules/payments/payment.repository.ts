import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Payment, PaymentStatus } from './payment.entity';
import { PaymentStatusEvent } from './payment-status-event.entity';
import { defineEntityRead, EntityRow, hydrateEntity, readEntity } from '../../platform/database/prepared-entity-read';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { assertTransition, sourcesOf } from './payment-state-machine';

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

const LOCK_CUSTOMER = defineStatement<object, [customerId: string]>(
  'payments.lock-customer',
  `SELECT pg_advisory_xact_lock(hashtextextended('payments:' || $1, 0))`,
);

type PrecheckRow = {
  existing: { id: string; status: PaymentStatus; hash: string } | null;
  used: string;
  duplicate: string | null;
};
type PrecheckParameters = [
  scopeId: string,
  idempotencyKey: string,
  currency: string,
  billerId: string,
  accountReference: string,
  amount: number,
  duplicateWindowSeconds: number,
  payerId: string,
];

/**
 * The precheck of a payment whose limits and duplicate window count by `column`: the customer
 * (`customer_id`: what they paid, whoever the payer) or the payer (`payer_id`: an agent's own
 * limits). The Idempotency-Key is always the payer's.
 *
 * The daily sum and the duplicate both come from one read of the customer's (or payer's) own
 * recent payments (`payments_customer_created_idx` / `payments_payer_created_idx`), over the
 * longer of the 24 hours and the duplicate window: its cost is what that customer paid lately,
 * whatever the biller account. Looked up by the account instead, a duplicate check read every
 * payment of a busy account in the window.
 */
function precheckStatement(name: string, column: 'customer_id' | 'payer_id') {
  return defineStatement<PrecheckRow, PrecheckParameters>(
    name,
    `WITH recent AS MATERIALIZED (
       SELECT id, biller_id, account_reference, amount, currency, created_at
         FROM payments
        WHERE ${column} = $1 AND status <> 'FAILED'
          AND created_at > now() - greatest(interval '24 hours', make_interval(secs => $7))
     )
     SELECT
       (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)
          FROM payments WHERE payer_id = $8 AND idempotency_key = $2) AS existing,
       (SELECT coalesce(sum(amount), 0)::text
          FROM recent
         WHERE created_at > now() - interval '24 hours' AND currency = $3) AS used,
       (SELECT id FROM recent
         WHERE created_at > now() - make_interval(secs => $7)
           AND biller_id = $4 AND account_reference = $5 AND amount = $6
         ORDER BY created_at DESC LIMIT 1) AS duplicate`,
  );
}

/** Exported so an e2e test can `EXPLAIN` exactly what runs. */
export const PRECHECK_BY_CUSTOMER = precheckStatement('payments.precheck', 'customer_id');
const PRECHECK_BY_PAYER = precheckStatement('payments.precheck-by-payer', 'payer_id');

const INSERT = defineStatement<
  { created_at: Date },
  [
    id: string,
    customerId: string,
    channel: string,
    payerType: string,
    payerId: string,
    idempotencyKey: string,
    requestHash: string,
    billerId: string,
    billerName: string,
    billerSlug: string,
    accountReference: string,
    savedAccountId: string | null,
    amount: number,
    fee: number,
    currency: string,
    rail: string,
    fundingAccountMasked: string,
    note: string,
    captureFundingSealed: string | null,
  ]
>(
  'payments.insert',
  `WITH inserted AS (
     INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,
                           biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,
                           currency, rail, funding_account_masked, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'AUTHORIZING')
     RETURNING id, status, created_at
   ), instruction AS (
     INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)
     SELECT id, $19, created_at FROM inserted WHERE $19::text IS NOT NULL
   )
   INSERT INTO payment_status_events (payment_id, status, note, created_at)
   SELECT id, status, $18, created_at FROM inserted
   RETURNING created_at`,
);

const BY_ID = defineEntityRead<Payment, [id: string]>('payments.find-by-id', Payment, 'id = $1');
const OWNED = defineEntityRead<Payment, [id: string, customerId: string]>(
  'payments.find-owned',
  Payment,
  'id = $1 AND customer_id = $2',
);
const LOCK_BY_ID = defineEntityRead<Payment, [id: string]>('payments.lock-by-id', Payment, 'id = $1', {
  forUpdate: true,
});

const CLAIM_STUCK = defineStatement<
  EntityRow & { past_max_age: boolean },
  [olderThanMs: number, limit: number, maxAgeMs: number]
>(
  'payments.claim-stuck-authorizations',
  (schema) => `WITH stuck AS (
     UPDATE payments SET updated_at = now()
      WHERE id IN (SELECT id FROM payments
                    WHERE status = 'AUTHORIZING'
                      AND updated_at < now() - make_interval(secs => $1::double precision / 1000)
                    ORDER BY updated_at LIMIT $2
                      FOR UPDATE SKIP LOCKED)
      RETURNING ${schema.columns(Payment, 'payments')}
   )
   SELECT ${schema.columns(Payment, 'stuck')},
          stuck.created_at < now() - make_interval(secs => $3::double precision / 1000) AS past_max_age
     FROM stuck`,
);

/** A column left out of `changes` keeps its value. */
const TRANSITION = defineStatement<
  EntityRow,
  [
    id: string,
    status: PaymentStatus,
    note: string,
    setFailureCode: boolean,
    failureCode: string | null,
    setFailureMessage: boolean,
    failureMessage: string | null,
    setBillerReference: boolean,
    billerReference: string | null,
    setReversalEntryId: boolean,
    reversalEntryId: string | null,
    completed: boolean,
    from: readonly PaymentStatus[],
    setRailReference: boolean,
    railReference: string | null,
    setJournalEntryId: boolean,
    journalEntryId: string | null,
  ]
>(
  'payments.transition',
  (schema) => `WITH changed AS (
     UPDATE payments
        SET status = $2,
            failure_code = CASE WHEN $4 THEN $5 ELSE failure_code END,
            failure_message = CASE WHEN $6 THEN $7 ELSE failure_message END,
            biller_reference = CASE WHEN $8 THEN $9 ELSE biller_reference END,
            reversal_entry_id = CASE WHEN $10 THEN $11::uuid ELSE reversal_entry_id END,
            rail_reference = CASE WHEN $14 THEN $15 ELSE rail_reference END,
            journal_entry_id = CASE WHEN $16 THEN $17::uuid ELSE journal_entry_id END,
            completed_at = CASE WHEN $12 THEN now() ELSE completed_at END,
            updated_at = now()
      WHERE id = $1 AND status = ANY ($13::text[])
        -- A payment held for a compliance review is never posted until released.
        AND NOT ($2 = 'PROCESSING' AND held_for_review)
      RETURNING ${schema.columns(Payment, 'payments')}
   ), step AS (
     INSERT INTO payment_status_events (payment_id, status, note) SELECT id, $2, $3 FROM changed
   ), capture_done AS (
     -- Only an AUTHORIZING payment keeps its funding account: every move out of it drops it.
     DELETE FROM payment_capture_instructions WHERE payment_id IN (SELECT id FROM changed)
   )
   SELECT ${schema.columns(Payment, 'changed')} FROM changed`,
);

const CAPTURE_FUNDING_OF = defineStatement<{ funding_account_sealed: string }, [paymentId: string]>(
  'payments.capture-funding-of',
  `SELECT funding_account_sealed FROM payment_capture_instructions WHERE payment_id = $1`,
);

const SET_HELD = defineStatement<EntityRow, [id: string, held: boolean]>(
  'payments.set-held-for-review',
  (schema) => `UPDATE payments SET held_for_review = $2, updated_at = now()
    WHERE id = $1 AND held_for_review <> $2
    RETURNING ${schema.columns(Payment, 'payments')}`,
);

const NOTE_STEP = defineStatement<object, [id: string, note: string]>(
  'payments.note-step',
  `INSERT INTO payment_status_events (payment_id, status, note) SELECT id, status, $2 FROM payments WHERE id = $1`,
);

/** Named queries on `payments` and its timeline; every customer read is scoped to its owner. */
@Injectable()
export class PaymentRepository {
  /**
   * Serialises one customer's payments until the transaction ends: the Idempotency-Key check,
   * the rolling-day limit and the duplicate window then cannot be passed by requests running
   * side by side. Other customers are not held up.
   */
  async lockCustomer(manager: EntityManager, customerId: string): Promise<void> {
    await run(executorOn(manager), LOCK_CUSTOMER, [customerId]);
  }

  async precheck(
    manager: EntityManager,
    check: {
      /** Whose limits apply: the customer's, or (an agent) the payer's own. */
      limitsOf: 'CUSTOMER' | 'PAYER';
      customerId: string;
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
    const statement = check.limitsOf === 'PAYER' ? PRECHECK_BY_PAYER : PRECHECK_BY_CUSTOMER;
    const [row] = await run(executorOn(manager), statement, [
      check.limitsOf === 'PAYER' ? check.payerId : check.customerId,
      check.idempotencyKey,
      check.currency,
      check.billerId,
      check.accountReference,
      check.amount,
      check.duplicateWindowSeconds,
      check.payerId,
    ]);
    return {
      existing: row.existing
        ? { id: row.existing.id, status: row.existing.status, requestHash: row.existing.hash }
        : null,
      usedToday: BigInt(row.used),
      recentDuplicateId: row.duplicate,
    };
  }

  /** The payment of this payer and key, if one was made (read after a lost race). */
  async findByKey(
    manager: EntityManager,
    payerId: string,
    idempotencyKey: string,
  ): Promise<{ id: string; status: PaymentStatus; requestHash: string } | null> {
    const payment = await manager.findOne(Payment, {
      where: { payerId, idempotencyKey },
      select: { id: true, status: true, requestHash: true },
    });
    return payment ? { id: payment.id, status: payment.status, requestHash: payment.requestHash } : null;
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
    const [row] = await run(executorOn(manager), INSERT, [
      payment.id,
      payment.customerId,
      payment.channel,
      payment.payerType,
      payment.payerId,
      payment.idempotencyKey,
      payment.requestHash,
      payment.billerId,
      payment.billerName,
      payment.billerSlug,
      payment.accountReference,
      payment.savedAccountId,
      payment.amount,
      payment.fee,
      payment.currency,
      payment.rail,
      payment.fundingAccountMasked,
      note,
      captureFundingSealed,
    ]);
    return row.created_at;
  }

  findOwned(manager: EntityManager, id: string, customerId: string): Promise<Payment | null> {
    return readEntity(executorOn(manager), OWNED, [id, customerId]);
  }

  findById(manager: EntityManager, id: string): Promise<Payment | null> {
    return readEntity(executorOn(manager), BY_ID, [id]);
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
    const rows = await run(executorOn(manager), CLAIM_STUCK, [olderThanMs, limit, maxAgeMs]);
    return rows.map((row) => ({ payment: hydrateEntity(manager, Payment, row), pastMaxAge: row.past_max_age }));
  }

  /** The sealed funding account of a payment still AUTHORIZING (see `insert`), or null. */
  async captureFundingOf(manager: EntityManager, paymentId: string): Promise<string | null> {
    const row = await one(executorOn(manager), CAPTURE_FUNDING_OF, [paymentId]);
    return row?.funding_account_sealed ?? null;
  }

  /** Locks the payment row for a state change. */
  async lockById(manager: EntityManager, id: string): Promise<Payment | null> {
    return readEntity(executorOn(manager), LOCK_BY_ID, [id]);
  }

  /**
   * Moves the payment to `status` and appends the step to its timeline, in one statement, and
   * answers the payment as it now is. The only statement that changes a payment's status: it
   * moves only from `from` (default: every status the state machine lets reach `status`),
   * checked on the locked row, and answers null, changing nothing, when the payment is in
   * another status or missing. A move the state machine does not allow throws before any SQL.
   * A payment held for review (`held_for_review`) does not move to PROCESSING: it is not posted
   * until a review releases it. The posting cycles are the posting attempts' own
   * (`PostingAttemptRepository`): the caller opens the first one in the same transaction.
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
    > & { completed?: boolean } = {},
    from: PaymentStatus | readonly PaymentStatus[] = sourcesOf(status),
  ): Promise<Payment | null> {
    const sources: readonly PaymentStatus[] = typeof from === 'string' ? [from] : from;
    assertTransition(sources, status);
    const row = await one(executorOn(manager), TRANSITION, [
      id,
      status,
      note,
      'failureCode' in changes,
      changes.failureCode ?? null,
      'failureMessage' in changes,
      changes.failureMessage ?? null,
      'billerReference' in changes,
      changes.billerReference ?? null,
      'reversalEntryId' in changes,
      changes.reversalEntryId ?? null,
      changes.completed === true,
      sources,
      'railReference' in changes,
      changes.railReference ?? null,
      'journalEntryId' in changes,
      changes.journalEntryId ?? null,
    ]);
    return row ? hydrateEntity(manager, Payment, row) : null;
  }

  /**
   * Holds the payment for a compliance review, or releases it (`held` false); answers the
   * payment as it now is, or null when it was already so. A held payment's capture opens no
   * posting cycle and `transition` does not move it to PROCESSING.
   */
  async setHeldForReview(manager: EntityManager, id: string, held: boolean): Promise<Payment | null> {
    const row = await one(executorOn(manager), SET_HELD, [id, held]);
    return row ? hydrateEntity(manager, Payment, row) : null;
  }

  /** Appends a step to the payment's timeline without changing its status. */
  async noteStep(manager: EntityManager, id: string, note: string): Promise<void> {
    await run(executorOn(manager), NOTE_STEP, [id, note]);
  }

  async setRailReversalReference(manager: EntityManager, id: string, reference: string): Promise<void> {
    await manager.update(Payment, { id }, { railReversalReference: reference, updatedAt: () => 'now()' });
  }

  async pageOwnedBy(
    manager: EntityManager,
    customerId: string,
    page: number,
    size: number,
  ): Promise<{ rows: Payment[]; total: number }> {
    const [rows, total] = await manager.findAndCount(Payment, {
      where: { customerId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: page * size,
      take: size,
    });
    return { rows, total };
  }

  timeline(manager: EntityManager, paymentId: string): Promise<PaymentStatusEvent[]> {
    return manager.find(PaymentStatusEvent, { where: { paymentId }, order: { id: 'ASC' } });
  }
}
