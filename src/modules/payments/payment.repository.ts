import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Payment, PaymentStatus } from './payment.entity';
import { PaymentStatusEvent } from './payment-status-event.entity';
import { entityColumns, findEntity, hydrateEntity } from '../../platform/database/prepared-entity-read';
import { prepared } from '../../platform/database/prepared-statement';
import { newId } from '../../platform/database/new-id';

/** What the payment transaction learns in one round trip before it captures funds. */
export interface PaymentPrecheck {
  /** The payment this customer already made with this Idempotency-Key. */
  existing: { id: string; status: PaymentStatus; requestHash: string } | null;
  /** Sum of the customer's payments in the payment's currency over the last 24 hours (not failed). */
  usedToday: bigint;
  /** A payment of the same biller, account and amount inside the duplicate window. */
  recentDuplicateId: string | null;
}

export type NewPayment = Omit<Payment, 'createdAt' | 'updatedAt'>;

/** Named queries on `payments` and its timeline; every customer read is scoped to its owner. */
@Injectable()
export class PaymentRepository {
  /** transition's statement, built once from the entity's columns. */
  private transitionText?: string;

  /**
   * Serialises one customer's payments until the transaction ends: the Idempotency-Key check,
   * the rolling-day limit and the duplicate window then cannot be passed by requests running
   * side by side. Other customers are not held up.
   */
  async lockCustomer(manager: EntityManager, customerId: string): Promise<void> {
    await manager.query(prepared(`SELECT pg_advisory_xact_lock(hashtextextended('payments:' || $1, 0))`), [customerId]);
  }

  async precheck(
    manager: EntityManager,
    check: {
      customerId: string;
      idempotencyKey: string;
      /** The payment's currency: the rolling day counts payments in it only. */
      currency: string;
      billerId: string;
      accountReference: string;
      amount: number;
      duplicateWindowSeconds: number;
    },
  ): Promise<PaymentPrecheck> {
    const [row] = await manager.query<
      { existing: { id: string; status: PaymentStatus; hash: string } | null; used: string; duplicate: string | null }[]
    >(
      prepared(`SELECT
         (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)
            FROM payments WHERE customer_id = $1 AND idempotency_key = $2) AS existing,
         (SELECT coalesce(sum(amount), 0)::text
            FROM payments
           WHERE customer_id = $1 AND created_at > now() - interval '24 hours'
             AND status <> 'FAILED' AND currency = $3) AS used,
         (SELECT id FROM payments
           WHERE customer_id = $1 AND created_at > now() - make_interval(secs => $7)
             AND biller_id = $4 AND account_reference = $5 AND amount = $6 AND status <> 'FAILED'
           ORDER BY created_at DESC LIMIT 1) AS duplicate`),
      [
        check.customerId,
        check.idempotencyKey,
        check.currency,
        check.billerId,
        check.accountReference,
        check.amount,
        check.duplicateWindowSeconds,
      ],
    );
    return {
      existing: row.existing
        ? { id: row.existing.id, status: row.existing.status, requestHash: row.existing.hash }
        : null,
      usedToday: BigInt(row.used),
      recentDuplicateId: row.duplicate,
    };
  }

  /** The payment of this customer and key, if one was made (read after a lost race). */
  async findByKey(
    manager: EntityManager,
    customerId: string,
    idempotencyKey: string,
  ): Promise<{ id: string; status: PaymentStatus; requestHash: string } | null> {
    const payment = await manager.findOne(Payment, {
      where: { customerId, idempotencyKey },
      select: { id: true, status: true, requestHash: true },
    });
    return payment ? { id: payment.id, status: payment.status, requestHash: payment.requestHash } : null;
  }

  /**
   * Inserts the payment and the first step of its timeline in one statement. A plain INSERT:
   * a second payment under the same key fails on the unique constraint instead of becoming
   * an update. Answers the row's creation time.
   *
   * A captured (`PENDING`) payment gets its first posting cycle in the same statement, due
   * `pickupGraceMs` from now: its `payment.captured` job normally claims it at once, and when
   * that job is lost (Redis restarted empty) the worker's sweeper posts the payment once the
   * cycle falls due. Nothing but this row decides that a payment is posted.
   */
  async insert(manager: EntityManager, payment: NewPayment, note: string, pickupGraceMs: number): Promise<Date> {
    const [row] = await manager.query<{ created_at: Date }[]>(
      prepared(`WITH inserted AS (
         INSERT INTO payments (id, customer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
                               account_reference, saved_account_id, amount, fee, currency, rail,
                               funding_account_masked, rail_reference, status, failure_code, failure_message,
                               biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference,
                               completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
         RETURNING id, status, created_at
       ), first_cycle AS (
         INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)
         SELECT $25, id, 1, 'PENDING', 0, created_at + make_interval(secs => $26::double precision / 1000), false
           FROM inserted WHERE status = 'PENDING'
       )
       INSERT INTO payment_status_events (payment_id, status, note, created_at)
       SELECT id, status, $24, created_at FROM inserted
       RETURNING created_at`),
      [
        payment.id,
        payment.customerId,
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
        payment.railReference,
        payment.status,
        payment.failureCode,
        payment.failureMessage,
        payment.billerReference,
        payment.journalEntryId,
        payment.reversalEntryId,
        payment.railReversalReference,
        payment.completedAt,
        note,
        newId(),
        pickupGraceMs,
      ],
    );
    return row.created_at;
  }

  findOwned(manager: EntityManager, id: string, customerId: string): Promise<Payment | null> {
    return findEntity(manager, Payment, 'id = $1 AND customer_id = $2', [id, customerId]);
  }

  findById(manager: EntityManager, id: string): Promise<Payment | null> {
    return findEntity(manager, Payment, 'id = $1', [id]);
  }

  /** Locks the payment row for a state change. */
  async lockById(manager: EntityManager, id: string): Promise<Payment | null> {
    return findEntity(manager, Payment, 'id = $1', [id], { forUpdate: true });
  }

  /**
   * Moves the payment to `status` and appends the step to its timeline, in one statement, and
   * answers the payment as it now is. With `from`, only a payment in that status moves (the
   * row is locked and checked as `lockById` then a check would): null, changing nothing,
   * when the payment is in another status or missing.
   */
  async transition(
    manager: EntityManager,
    id: string,
    status: PaymentStatus,
    note: string,
    changes: Partial<Pick<Payment, 'failureCode' | 'failureMessage' | 'billerReference' | 'reversalEntryId'>> & {
      completed?: boolean;
    } = {},
    from?: PaymentStatus,
  ): Promise<Payment | null> {
    // A column left out of `changes` keeps its value.
    this.transitionText ??= `WITH changed AS (
         UPDATE payments
            SET status = $2,
                failure_code = CASE WHEN $4 THEN $5 ELSE failure_code END,
                failure_message = CASE WHEN $6 THEN $7 ELSE failure_message END,
                biller_reference = CASE WHEN $8 THEN $9 ELSE biller_reference END,
                reversal_entry_id = CASE WHEN $10 THEN $11::uuid ELSE reversal_entry_id END,
                completed_at = CASE WHEN $12 THEN now() ELSE completed_at END,
                updated_at = now()
          WHERE id = $1 AND ($13::text IS NULL OR status = $13)
          RETURNING *
       ), step AS (
         INSERT INTO payment_status_events (payment_id, status, note) SELECT id, $2, $3 FROM changed
       )
       SELECT ${entityColumns(manager, Payment, 'changed')} FROM changed`;
    const [row] = await manager.query<Record<string, unknown>[]>(prepared(this.transitionText), [
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
      from ?? null,
    ]);
    return row ? hydrateEntity(manager, Payment, row) : null;
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
