import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf } from '../../platform/database/column-values';
import { newId } from '../../platform/database/new-id';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { AML_FLAG_STATUSES, AML_RULES, AML_SEVERITIES } from './aml-flag.entity';
import type { AmlFlagStatus, AmlRule, AmlSeverity } from './aml-flag.entity';
import * as amlFlags from './sql/aml-flags.queries';

/** The queries of sql/aml-flags.sql, as `compliance.<query>`. */
const SQL = sqlStatements('compliance', amlFlags);

export interface FlagOfPayment {
  id: string;
  rule: AmlRule;
  severity: AmlSeverity;
  status: AmlFlagStatus;
}

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

/** What the queue is filtered by; null for any. */
export interface QueueFilter {
  severity: AmlSeverity | null;
  rule: AmlRule | null;
}

const ruleOf = (value: string) => oneOf(AML_RULES, value, 'aml_flags.rule');
const severityOf = (value: string) => oneOf(AML_SEVERITIES, value, 'aml_flags.severity');
const statusOf = (value: string) => oneOf(AML_FLAG_STATUSES, value, 'aml_flags.status');

/** Named queries on `aml_flags` and `aml_reports`. */
@Injectable()
export class AmlFlagRepository {
  /**
   * Records the flags one screening raised for the payment, all in one statement (a flag the
   * payment already has for its rule is kept as it is); none, no statement.
   */
  async insertFlags(
    manager: EntityManager,
    paymentId: string,
    flags: readonly { rule: AmlRule; severity: AmlSeverity; reason: string }[],
  ): Promise<void> {
    if (flags.length === 0) return;
    await run(executorOn(manager), SQL.oneTripInsertFlags, {
      paymentId,
      ids: flags.map(() => newId()),
      rules: flags.map((flag) => flag.rule),
      severities: flags.map((flag) => flag.severity),
      reasons: flags.map((flag) => flag.reason),
    });
  }

  /** The payment's flags, locked for a review, oldest first. */
  async lockFlagsOf(manager: EntityManager, paymentId: string): Promise<FlagOfPayment[]> {
    const rows = await run(executorOn(manager), SQL.lockFlagsOfPayment, { paymentId });
    return rows.map((row) => ({
      id: row.id,
      rule: ruleOf(row.rule),
      severity: severityOf(row.severity),
      status: statusOf(row.status),
    }));
  }

  async review(
    manager: EntityManager,
    ids: string[],
    status: AmlFlagStatus,
    reviewerId: string,
    note: string,
  ): Promise<void> {
    await run(executorOn(manager), SQL.reviewFlags, { ids, status, reviewerId, note });
  }

  async insertReport(
    manager: EntityManager,
    report: { paymentId: string; rules: string[]; reportedBy: string; note: string },
  ): Promise<string> {
    const [row] = await run(executorOn(manager), SQL.insertReport, { id: newId(), ...report });
    return row.id;
  }

  /** One page of the open flags matching `filter`, in the queue's order, and how many match. */
  async queue(
    manager: EntityManager,
    filter: QueueFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: QueueRow[]; total: number }> {
    const rows = await run(executorOn(manager), SQL.queuePage, { ...filter, ...page });
    return {
      rows: rows.flatMap(listedFlag),
      total: rows[0]?.total_items ?? 0,
    };
  }
}

/** The flag a queue row lists; none in the row of the count alone (a page past the end). */
function listedFlag(row: amlFlags.QueuePageResult): QueueRow[] {
  const { id, payment_id, rule, severity, reason, status, created_at } = row;
  if (id === null || payment_id === null || rule === null || severity === null) return [];
  if (reason === null || status === null || created_at === null) return [];
  return [
    {
      id,
      payment_id,
      rule: ruleOf(rule),
      severity: severityOf(severity),
      reason,
      status: statusOf(status),
      created_at,
    },
  ];
}
