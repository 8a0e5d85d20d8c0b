import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../../platform/database/new-id';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';
import type { AmlFlagStatus, AmlRule, AmlSeverity } from './aml-flag.entity';

const INSERT_FLAG = defineStatement<
  object,
  [id: string, paymentId: string, rule: string, severity: string, reason: string]
>(
  'aml.insert-flag',
  `INSERT INTO aml_flags (id, payment_id, rule, severity, reason, status)
   VALUES ($1, $2, $3, $4, $5, 'OPEN')
   ON CONFLICT (payment_id, rule) DO NOTHING`,
);

export interface FlagOfPayment {
  id: string;
  rule: AmlRule;
  severity: AmlSeverity;
  status: AmlFlagStatus;
}

const LOCK_FLAGS = defineStatement<FlagOfPayment, [paymentId: string]>(
  'aml.lock-flags-of-payment',
  `SELECT id, rule, severity, status FROM aml_flags WHERE payment_id = $1 ORDER BY created_at, id FOR UPDATE`,
);

const REVIEW_FLAGS = defineStatement<object, [ids: string[], status: string, reviewerId: string, note: string]>(
  'aml.review-flags',
  `UPDATE aml_flags SET status = $2, reviewed_by = $3, review_note = $4, reviewed_at = now(), updated_at = now()
    WHERE id = ANY ($1::uuid[])`,
);

const INSERT_REPORT = defineStatement<
  { id: string },
  [id: string, paymentId: string, rules: string[], reportedBy: string, note: string]
>(
  'aml.insert-report',
  `INSERT INTO aml_reports (id, payment_id, rules, reported_by, note) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
);

/** One open flag, as the queue lists it (its payment and customer are read at once beside it). */
export interface QueueRow {
  id: string;
  payment_id: string;
  rule: AmlRule;
  severity: AmlSeverity;
  reason: string;
  status: AmlFlagStatus;
  created_at: Date;
}

/**
 * The queue's order: HIGH first (a HIGH flag holds a captured payment), then MEDIUM, then LOW;
 * oldest first within a severity. The same expression leads `aml_flags_queue_idx` (migration
 * 1795876000000), which must stay textually identical for PostgreSQL to use it for the order.
 */
const SEVERITY_RANK = `(CASE f.severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END)`;

const QUEUE_FILTER = `f.status IN ('OPEN', 'ESCALATED')
      AND ($1::text IS NULL OR f.severity = $1) AND ($2::text IS NULL OR f.rule = $2)`;

/**
 * One page of the queue and the count of every flag matching, in one statement (one snapshot:
 * the count and the page cannot disagree). A page past the end still answers the count, as the
 * row of `total` with no flag. Exported for the spec that checks `aml_flags_queue_idx` serves it.
 */
export const QUEUE_PAGE = defineStatement<
  { total_items: number } & { [K in keyof QueueRow]: QueueRow[K] | null },
  [severity: string | null, rule: string | null, limit: number, offset: number]
>(
  'aml.queue-page',
  `SELECT total.items AS total_items, listed.id, listed.payment_id, listed.rule, listed.severity, listed.reason,
          listed.status, listed.created_at
     FROM (SELECT count(*)::int AS items FROM aml_flags f WHERE ${QUEUE_FILTER}) total
     LEFT JOIN LATERAL (
       SELECT f.id, f.payment_id, f.rule, f.severity, f.reason, f.status, f.created_at
         FROM aml_flags f
        WHERE ${QUEUE_FILTER}
        ORDER BY ${SEVERITY_RANK}, f.created_at, f.id
        LIMIT $3 OFFSET $4
     ) listed ON true`,
);

/** What the queue is filtered by; null for any. */
export interface QueueFilter {
  severity: AmlSeverity | null;
  rule: AmlRule | null;
}

/** Named queries on `aml_flags` and `aml_reports`. */
@Injectable()
export class AmlFlagRepository {
  async insertFlag(
    manager: EntityManager,
    flag: { paymentId: string; rule: AmlRule; severity: AmlSeverity; reason: string },
  ): Promise<void> {
    await run(executorOn(manager), INSERT_FLAG, [newId(), flag.paymentId, flag.rule, flag.severity, flag.reason]);
  }

  /** The payment's flags, locked for a review, oldest first. */
  lockFlagsOf(manager: EntityManager, paymentId: string): Promise<FlagOfPayment[]> {
    return run(executorOn(manager), LOCK_FLAGS, [paymentId]);
  }

  async review(
    manager: EntityManager,
    ids: string[],
    status: AmlFlagStatus,
    reviewerId: string,
    note: string,
  ): Promise<void> {
    await run(executorOn(manager), REVIEW_FLAGS, [ids, status, reviewerId, note]);
  }

  async insertReport(
    manager: EntityManager,
    report: { paymentId: string; rules: string[]; reportedBy: string; note: string },
  ): Promise<string> {
    const [row] = await run(executorOn(manager), INSERT_REPORT, [
      newId(),
      report.paymentId,
      report.rules,
      report.reportedBy,
      report.note,
    ]);
    return row.id;
  }

  /** One page of the open flags matching `filter`, in the queue's order, and how many match. */
  async queue(
    manager: EntityManager,
    filter: QueueFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: QueueRow[]; total: number }> {
    const rows = await run(executorOn(manager), QUEUE_PAGE, [filter.severity, filter.rule, page.limit, page.offset]);
    return {
      rows: rows.filter((row): row is typeof row & QueueRow => row.id !== null),
      total: rows[0]?.total_items ?? 0,
    };
  }
}
