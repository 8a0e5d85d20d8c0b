import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAuditWriter } from '../../platform/audit/admin-audit.writer';
import { Page, toPage } from '../../platform/http/pagination';
import { CustomerStanding, type CustomerStandingOf } from '../identity';
import { PaymentHolds, PaymentScreeningReads, type PaymentUnderReview } from '../payments';
import type { AmlFlagStatus } from './aml-flag.entity';
import { AmlFlagRepository, QueueFilter, QueueRow } from './aml-flag.repository';
import { ComplianceError } from './compliance.errors';
import type { AmlDecision } from './dto/aml-review-request.dto';

/** The status each decision gives the flags it reviews, and the statuses it may review. */
const DECISIONS: Record<AmlDecision, { to: AmlFlagStatus; from: readonly AmlFlagStatus[] }> = {
  CLEAR: { to: 'CLEARED', from: ['OPEN', 'ESCALATED'] },
  ESCALATE: { to: 'ESCALATED', from: ['OPEN'] },
  REPORT: { to: 'REPORTED', from: ['OPEN', 'ESCALATED'] },
};

/** What a review did. */
export interface AmlReviewOutcome {
  flags: number;
  payment: string;
  reportId: string | null;
}

/** A flag of the queue with its payment and customer as they are now (null: no such user). */
export interface QueueEntry {
  flag: QueueRow;
  payment: PaymentUnderReview;
  customer: CustomerStandingOf | null;
}

/**
 * The compliance review queue: AML flags still open (OPEN, ESCALATED), HIGH first then oldest,
 * paged, and the review of a transaction, which decides every one of its open flags together.
 */
@Injectable()
export class ComplianceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flags: AmlFlagRepository,
    private readonly holds: PaymentHolds,
    private readonly payments: PaymentScreeningReads,
    private readonly customers: CustomerStanding,
    private readonly audit: AdminAuditWriter,
  ) {}

  /**
   * One page of the open flags matching the filter: HIGH first (they hold captured payments),
   * then MEDIUM, then LOW, oldest first within each; with the count of every match. Each flag
   * comes with its payment and customer as they are now (status, hold and KYC tier change after
   * screening), read through their owners' ports, one statement each for the page.
   */
  async queue(filter: QueueFilter, page: { page: number; size: number }): Promise<Page<QueueEntry>> {
    const { rows, total } = await this.flags.queue(this.dataSource.manager, filter, {
      limit: page.size,
      offset: page.page * page.size,
    });
    const payments = await this.payments.underReview(rows.map((row) => row.payment_id));
    const customers = await this.customers.standingOf(
      [...payments.values()].flatMap((payment) => (payment.customerId === null ? [] : [payment.customerId])),
    );
    const entries = rows.flatMap((flag): QueueEntry[] => {
      // A flag's payment is never deleted (aml_flags.payment_id references it), so none is skipped.
      const payment = payments.get(flag.payment_id);
      if (!payment) return [];
      return [
        { flag, payment, customer: payment.customerId === null ? null : (customers.get(payment.customerId) ?? null) },
      ];
    });
    return toPage(entries, total, page);
  }

  /**
   * Reviews the transaction's open flags in one transaction, under the payment's row lock then
   * its flags' locks (a second review waits and then finds them closed: 409):
   * - CLEAR: the flags CLEARED; a held payment is released to posting (a checkout payment
   *   completes its session and is SUCCEEDED).
   * - ESCALATE: OPEN flags ESCALATED (still in the queue); a held payment stays held.
   * - REPORT: the flags REPORTED, a report entry recorded; a held payment fails and its funds
   *   are returned (a payment already posted is left as it is: only the report is recorded).
   * 404 when the transaction has no flags (or no payment); 409 AML_FLAG_CLOSED when none of its
   * flags is open for the decision. Recorded in the audit trail.
   */
  async review(actorUserId: string, paymentId: string, decision: AmlDecision, note: string): Promise<AmlReviewOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const payment = await this.holds.lock(manager, paymentId);
      if (!payment) throw ComplianceError.notFound();
      const all = await this.flags.lockFlagsOf(manager, paymentId);
      if (all.length === 0) throw ComplianceError.notFound();
      const rule = DECISIONS[decision];
      const reviewed = all.filter((flag) => rule.from.includes(flag.status));
      if (reviewed.length === 0) throw ComplianceError.closed(all.map((flag) => flag.status));
      await this.flags.review(
        manager,
        reviewed.map((flag) => flag.id),
        rule.to,
        actorUserId,
        note,
      );
      let outcome = 'HELD';
      let reportId: string | null = null;
      if (decision === 'CLEAR') outcome = await this.holds.release(manager, paymentId);
      if (decision === 'REPORT') {
        outcome = await this.holds.reject(manager, paymentId);
        reportId = await this.flags.insertReport(manager, {
          paymentId,
          rules: reviewed.map((flag) => flag.rule),
          reportedBy: actorUserId,
          note,
        });
      }
      await this.audit.record(manager, {
        actorUserId,
        action: 'aml_flag.reviewed',
        entityType: 'payment',
        entityId: paymentId,
        before: { flags: reviewed.map(({ id, rule: name, status }) => ({ id, rule: name, status })) },
        after: { decision, status: rule.to, note, payment: outcome, reportId },
      });
      return { flags: reviewed.length, payment: outcome, reportId };
    });
  }
}
