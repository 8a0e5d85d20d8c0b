import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../../platform/database/new-id';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import type { AmlFlagStatus, AmlRule, AmlSeverity } from './aml-flag.entity';

/** What the rules need to know about a payment's neighbours, read in one round trip. */
export interface ScreeningFacts {
  /** The customer's payments (not failed) in the window, this one included. */
  count: number;
  /** Their sum in LIMITS_CURRENCY, minor units. */
  sum: bigint;
  /** Those in LIMITS_CURRENCY between the structuring bounds, this one included. */
  nearThreshold: number;
  /** The customer registered less than AML_NEW_ACCOUNT_DAYS ago. */
  newAccount: boolean;
  /**
   * Distinct customers paying the biller account in the window (not failed), this one included,
   * counted up to AML_DISTINCT_PAYERS_MAX and no further: the rule only asks whether the
   * threshold is reached, and the count's cost stays the threshold's.
   */
  distinctPayers: number;
}

/** Exported so an e2e test can `EXPLAIN` exactly what runs. */
export const SCREENING_FACTS = defineStatement<
  { count: number; sum: string; near: number; new_account: boolean | null; payers: number },
  [
    customerId: string,
    windowMinutes: number,
    currency: string,
    nearFrom: string,
    nearTo: string,
    newAccountDays: number,
    billerId: string,
    accountReference: string,
    distinctPayersMax: number,
  ]
>(
  'aml.screening-facts',
  `WITH mine AS (
     SELECT amount, currency FROM payments
      WHERE customer_id = $1 AND created_at > now() - make_interval(mins => $2) AND status <> 'FAILED'
   )
   SELECT (SELECT count(*) FROM mine)::int AS count,
          (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = $3)::text AS sum,
          (SELECT count(*) FROM mine WHERE currency = $3 AND amount BETWEEN $4::bigint AND $5::bigint)::int AS near,
          (SELECT created_at > now() - make_interval(days => $6) FROM users WHERE id = $1) AS new_account,
          aml_distinct_payers($7, $8, now() - make_interval(mins => $2), $9) AS payers`,
);

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

/** One open flag with its payment and customer, as the queue shows it. */
export interface QueueRow {
  id: string;
  payment_id: string;
  rule: AmlRule;
  severity: AmlSeverity;
  reason: string;
  status: AmlFlagStatus;
  created_at: Date;
  amount: string;
  fee: string;
  currency: string;
  biller_id: string;
  biller_name: string;
  payment_status: string;
  held_for_review: boolean;
  channel: string;
  customer_id: string;
  phone: string | null;
  kyc_tier: string | null;
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
          listed.status, listed.created_at, listed.amount, listed.fee, listed.currency, listed.biller_id,
          listed.biller_name, listed.payment_status, listed.held_for_review, listed.channel, listed.customer_id,
          listed.phone, listed.kyc_tier
     FROM (SELECT count(*)::int AS items FROM aml_flags f WHERE ${QUEUE_FILTER}) total
     LEFT JOIN LATERAL (
       SELECT f.id, f.payment_id, f.rule, f.severity, f.reason, f.status, f.created_at,
              p.amount::text AS amount, p.fee::text AS fee, p.currency, p.biller_id, p.biller_name,
              p.status AS payment_status, p.held_for_review, p.channel, p.customer_id, u.phone, u.kyc_tier
         FROM aml_flags f
         JOIN payments p ON p.id = f.payment_id
         LEFT JOIN users u ON u.id = p.customer_id
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
  async facts(
    manager: EntityManager,
    query: {
      customerId: string;
      windowMinutes: number;
      currency: string;
      nearFrom: bigint;
      nearTo: bigint;
      newAccountDays: number;
      billerId: string;
      accountReference: string;
      /** Where the distinct-payers count stops. */
      distinctPayersMax: number;
    },
  ): Promise<ScreeningFacts> {
    const row = await one(executorOn(manager), SCREENING_FACTS, [
      query.customerId,
      query.windowMinutes,
      query.currency,
      query.nearFrom.toString(),
      query.nearTo.toString(),
      query.newAccountDays,
      query.billerId,
      query.accountReference,
      query.distinctPayersMax,
    ]);
    return {
      count: row?.count ?? 0,
      sum: BigInt(row?.sum ?? '0'),
      nearThreshold: row?.near ?? 0,
      newAccount: row?.new_account === true,
      distinctPayers: row?.payers ?? 0,
    };
  }

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
