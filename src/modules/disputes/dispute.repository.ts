import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Dispute, DisputeReason, DisputeStatus, DisputeTimelineEntry } from './dispute.entity';

const DISPUTE_COLUMNS = `d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id,
  d.resolution_note, d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at`;

const TIMELINE_COLUMNS = `t.id, t.dispute_id, t.kind, t.actor_id, t.actor_role, t.from_status, t.to_status,
  t.assignee_id, t.body, t.internal, t.at`;

type Row = Record<string, unknown>;

function disputeFromRow(row: Row): Dispute {
  return {
    id: row.id as string,
    customerId: row.customer_id as string,
    paymentId: row.payment_id as string,
    reason: row.reason as DisputeReason,
    description: row.description as string,
    status: row.status as DisputeStatus,
    assigneeId: (row.assignee_id as string | null) ?? null,
    resolutionNote: (row.resolution_note as string | null) ?? null,
    dueBy: row.due_by as Date,
    escalatedAt: (row.escalated_at as Date | null) ?? null,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    closedAt: (row.closed_at as Date | null) ?? null,
  };
}

function timelineFromRow(row: Row): DisputeTimelineEntry {
  return {
    id: row.id as string,
    disputeId: row.dispute_id as string,
    kind: row.kind as DisputeTimelineEntry['kind'],
    actorId: (row.actor_id as string | null) ?? null,
    actorRole: row.actor_role as string,
    fromStatus: (row.from_status as DisputeStatus | null) ?? null,
    toStatus: (row.to_status as DisputeStatus | null) ?? null,
    assigneeId: (row.assignee_id as string | null) ?? null,
    body: (row.body as string | null) ?? null,
    internal: row.internal as boolean,
    at: row.at as Date,
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

/** Breached: still open and past the deadline. */
const BREACHED = `(d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < $1)`;

/** The disputes tables, for the disputes service and the SLA check. */
@Injectable()
export class DisputeRepository {
  /** Inserts an OPEN dispute; null when the payment already has an open one (the partial unique index). */
  async insertOpen(manager: EntityManager, dispute: NewDispute, now: Date): Promise<Dispute | null> {
    const rows = (await manager.query(
      `INSERT INTO disputes AS d (id, customer_id, payment_id, reason, description, status, due_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'OPEN', $6, $7, $7)
       ON CONFLICT (payment_id) WHERE status IN ('OPEN', 'UNDER_REVIEW') DO NOTHING
       RETURNING ${DISPUTE_COLUMNS}`,
      [dispute.id, dispute.customerId, dispute.paymentId, dispute.reason, dispute.description, dispute.dueBy, now],
    )) as Row[];
    return rows[0] ? disputeFromRow(rows[0]) : null;
  }

  async openOfPayment(manager: EntityManager, paymentId: string): Promise<Dispute | null> {
    const [row] = (await manager.query(
      `SELECT ${DISPUTE_COLUMNS} FROM disputes d WHERE d.payment_id = $1 AND d.status IN ('OPEN', 'UNDER_REVIEW')`,
      [paymentId],
    )) as Row[];
    return row ? disputeFromRow(row) : null;
  }

  async findById(manager: EntityManager, id: string, lock = false): Promise<Dispute | null> {
    const [row] = (await manager.query(
      `SELECT ${DISPUTE_COLUMNS} FROM disputes d WHERE d.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )) as Row[];
    return row ? disputeFromRow(row) : null;
  }

  async pageOwned(
    manager: EntityManager,
    customerId: string,
    limit: number,
    offset: number,
  ): Promise<{ disputes: Dispute[]; total: number }> {
    const rows = (await manager.query(
      `SELECT ${DISPUTE_COLUMNS}, count(*) OVER () AS total FROM disputes d WHERE d.customer_id = $1
        ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [customerId, limit, offset],
    )) as Row[];
    return {
      disputes: rows.map(disputeFromRow),
      total: await this.totalOf(manager, rows, 'customer_id = $1', [customerId]),
    };
  }

  /** The staff queue, newest first. */
  async pageQueue(
    manager: EntityManager,
    filter: DisputeQueueFilter,
    limit: number,
    offset: number,
  ): Promise<{ disputes: Dispute[]; total: number }> {
    const where = [
      '($2::text IS NULL OR d.status = $2)',
      '($3::uuid IS NULL OR d.assignee_id = $3)',
      '($4::text IS NULL OR d.reason = $4)',
      `($5::boolean IS NULL OR ${BREACHED} = $5)`,
    ].join(' AND ');
    const parameters = [filter.now, filter.status, filter.assigneeId, filter.reason, filter.breached];
    const rows = (await manager.query(
      `SELECT ${DISPUTE_COLUMNS}, count(*) OVER () AS total FROM disputes d WHERE ${where}
        ORDER BY d.created_at DESC, d.id DESC LIMIT $6 OFFSET $7`,
      [...parameters, limit, offset],
    )) as Row[];
    return { disputes: rows.map(disputeFromRow), total: await this.totalOf(manager, rows, where, parameters) };
  }

  async update(manager: EntityManager, id: string, changes: DisputeChanges, now: Date): Promise<Dispute> {
    const [rows] = (await manager.query(
      `UPDATE disputes d
          SET status = coalesce($2, d.status),
              assignee_id = coalesce($3, d.assignee_id),
              resolution_note = CASE WHEN $4 THEN $5 ELSE d.resolution_note END,
              closed_at = coalesce($6, d.closed_at),
              updated_at = $7
        WHERE d.id = $1
        RETURNING ${DISPUTE_COLUMNS}`,
      [
        id,
        changes.status ?? null,
        changes.assigneeId ?? null,
        'resolutionNote' in changes,
        changes.resolutionNote ?? null,
        changes.closedAt ?? null,
        now,
      ],
    )) as [Row[], number];
    return disputeFromRow(rows[0]);
  }

  async addToTimeline(manager: EntityManager, entry: DisputeTimelineEntry): Promise<void> {
    await manager.query(
      `INSERT INTO dispute_timeline (id, dispute_id, kind, actor_id, actor_role, from_status, to_status, assignee_id,
         body, internal, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        entry.id,
        entry.disputeId,
        entry.kind,
        entry.actorId,
        entry.actorRole,
        entry.fromStatus,
        entry.toStatus,
        entry.assigneeId,
        entry.body,
        entry.internal,
        entry.at,
      ],
    );
  }

  /** The dispute's timeline in order; `withInternal` false leaves staff-only comments out. */
  async timeline(manager: EntityManager, disputeId: string, withInternal: boolean): Promise<DisputeTimelineEntry[]> {
    const rows = (await manager.query(
      `SELECT ${TIMELINE_COLUMNS} FROM dispute_timeline t
        WHERE t.dispute_id = $1 AND ($2 OR NOT t.internal) ORDER BY t.at, t.id`,
      [disputeId, withInternal],
    )) as Row[];
    return rows.map(timelineFromRow);
  }

  /**
   * Marks up to `limit` open disputes past their deadline as escalated and answers them; each is
   * answered once across every worker (the row lock and `escalated_at`).
   */
  async claimBreached(manager: EntityManager, now: Date, limit: number): Promise<Dispute[]> {
    const [rows] = (await manager.query(
      `UPDATE disputes d SET escalated_at = $1, updated_at = $1
        WHERE d.id IN (SELECT id FROM disputes
                        WHERE status IN ('OPEN', 'UNDER_REVIEW') AND escalated_at IS NULL AND due_by < $1
                        ORDER BY due_by LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${DISPUTE_COLUMNS}`,
      [now, limit],
    )) as [Row[], number];
    return rows.map(disputeFromRow);
  }

  /** The window count of the page's rows, or a count of its own for a page past the end. */
  private async totalOf(manager: EntityManager, rows: Row[], where: string, parameters: unknown[]): Promise<number> {
    if (rows.length > 0) return Number(rows[0].total);
    const [row] = (await manager.query(`SELECT count(*) AS total FROM disputes d WHERE ${where}`, parameters)) as Row[];
    return Number(row.total);
  }
}
