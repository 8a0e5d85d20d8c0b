import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf, oneOfOrNull } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import {
  type Dispute,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeReason,
  type DisputeStatus,
  type DisputeTimelineEntry,
  TIMELINE_KINDS,
} from './dispute.entity';
import * as disputes from './sql/disputes.queries';

const SQL = sqlStatements('disputes', disputes);

function disputeFromRow(row: disputes.FindDisputeResult): Dispute {
  return {
    id: row.id,
    customerId: row.customer_id,
    paymentId: row.payment_id,
    reason: oneOf(DISPUTE_REASONS, row.reason, 'disputes.reason'),
    description: row.description,
    status: oneOf(DISPUTE_STATUSES, row.status, 'disputes.status'),
    assigneeId: row.assignee_id,
    resolutionNote: row.resolution_note,
    dueBy: row.due_by,
    escalatedAt: row.escalated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
  };
}

function timelineFromRow(row: disputes.DisputeTimelineResult): DisputeTimelineEntry {
  return {
    id: row.id,
    disputeId: row.dispute_id,
    kind: oneOf(TIMELINE_KINDS, row.kind, 'dispute_timeline.kind'),
    actorId: row.actor_id,
    actorRole: row.actor_role,
    fromStatus: oneOfOrNull(DISPUTE_STATUSES, row.from_status, 'dispute_timeline.from_status'),
    toStatus: oneOfOrNull(DISPUTE_STATUSES, row.to_status, 'dispute_timeline.to_status'),
    assigneeId: row.assignee_id,
    body: row.body,
    internal: row.internal,
    at: row.at,
  };
}

export type NewDispute = Pick<Dispute, 'id' | 'customerId' | 'paymentId' | 'reason' | 'description' | 'dueBy'>;

/** What a dispute's handling changes. */
export interface DisputeChanges {
  status?: DisputeStatus;
  assigneeId?: string;
  resolutionNote?: string | null;
  closedAt?: Date;
}

/** The staff queue's filters; null leaves a filter out. */
export interface DisputeQueueFilter {
  status: DisputeStatus | null;
  assigneeId: string | null;
  reason: DisputeReason | null;
  /** true: only open disputes past their deadline; false: only the others. */
  breached: boolean | null;
  now: Date;
}

/** The disputes tables, for the disputes service and the SLA check. */
@Injectable()
export class DisputeRepository {
  /** Inserts an OPEN dispute; null when the payment already has an open one (the partial unique index). */
  async insertOpen(manager: EntityManager, dispute: NewDispute, now: Date): Promise<Dispute | null> {
    const row = await one(executorOn(manager), SQL.insertOpenDispute, { ...dispute, now });
    return row ? disputeFromRow(row) : null;
  }

  async openOfPayment(manager: EntityManager, paymentId: string): Promise<Dispute | null> {
    const row = await one(executorOn(manager), SQL.openDisputeOfPayment, { paymentId });
    return row ? disputeFromRow(row) : null;
  }

  async findById(manager: EntityManager, id: string, lock = false): Promise<Dispute | null> {
    const row = await one(executorOn(manager), lock ? SQL.lockDispute : SQL.findDispute, { id });
    return row ? disputeFromRow(row) : null;
  }

  async pageOwned(
    manager: EntityManager,
    customerId: string,
    limit: number,
    offset: number,
  ): Promise<{ disputes: Dispute[]; total: number }> {
    const executor = executorOn(manager);
    const rows = await run(executor, SQL.ownedDisputePage, { customerId, limit, offset });
    // The window count of the page's rows, or a count of its own for a page past the end.
    const total = rows[0]?.total ?? (await run(executor, SQL.ownedDisputeCount, { customerId }))[0].total;
    return { disputes: rows.map(disputeFromRow), total: Number(total) };
  }

  /** The staff queue, newest first. */
  async pageQueue(
    manager: EntityManager,
    filter: DisputeQueueFilter,
    limit: number,
    offset: number,
  ): Promise<{ disputes: Dispute[]; total: number }> {
    const executor = executorOn(manager);
    const rows = await run(executor, SQL.queueDisputePage, { ...filter, limit, offset });
    const total = rows[0]?.total ?? (await run(executor, SQL.queueDisputeCount, filter))[0].total;
    return { disputes: rows.map(disputeFromRow), total: Number(total) };
  }

  async update(manager: EntityManager, id: string, changes: DisputeChanges, now: Date): Promise<Dispute> {
    const [row] = await run(executorOn(manager), SQL.updateDispute, {
      id,
      status: changes.status ?? null,
      assigneeId: changes.assigneeId ?? null,
      setResolutionNote: 'resolutionNote' in changes,
      resolutionNote: changes.resolutionNote ?? null,
      closedAt: changes.closedAt ?? null,
      now,
    });
    return disputeFromRow(row);
  }

  async addToTimeline(manager: EntityManager, entry: DisputeTimelineEntry): Promise<void> {
    await run(executorOn(manager), SQL.insertTimelineEntry, entry);
  }

  /** The dispute's timeline in order; `withInternal` false leaves staff-only comments out. */
  async timeline(manager: EntityManager, disputeId: string, withInternal: boolean): Promise<DisputeTimelineEntry[]> {
    const rows = await run(executorOn(manager), SQL.disputeTimeline, { disputeId, withInternal });
    return rows.map(timelineFromRow);
  }

  /**
   * Marks up to `limit` open disputes past their deadline as escalated and answers them; each is
   * answered once across every worker (the row lock and `escalated_at`).
   */
  async claimBreached(manager: EntityManager, now: Date, limit: number): Promise<Dispute[]> {
    const rows = await run(executorOn(manager), SQL.claimBreachedDisputes, { now, limit });
    return rows.map(disputeFromRow);
  }
}
