import { Column, Entity, PrimaryColumn } from 'typeorm';

export const DISPUTE_REASONS = [
  'NOT_CREDITED_BY_BILLER',
  'WRONG_AMOUNT',
  'WRONG_ACCOUNT',
  'DUPLICATE_PAYMENT',
  'SERVICE_NOT_RENDERED',
  'OTHER',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = [
  'OPEN',
  'UNDER_REVIEW',
  'RESOLVED_CUSTOMER',
  'RESOLVED_REJECTED',
  'WITHDRAWN',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The statuses in which a dispute is still being handled (and its SLA clock runs). */
export const OPEN_DISPUTE_STATUSES: readonly DisputeStatus[] = ['OPEN', 'UNDER_REVIEW'];

/**
 * A customer's dispute of one of their payments. `OPEN` until a SUPPORT or ADMIN user takes it
 * (`UNDER_REVIEW`, with `assigneeId`); then `RESOLVED_CUSTOMER` (the payment refunded) or
 * `RESOLVED_REJECTED` (with `resolutionNote`, which the customer reads); the customer may
 * `WITHDRAW` it while it is open. `dueBy` is the SLA deadline; `escalatedAt` when its breach
 * was raised.
 */
@Entity({ name: 'disputes' })
export class Dispute {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'varchar', length: 32 })
  reason: DisputeReason;

  @Column({ type: 'varchar', length: 2000 })
  description: string;

  @Column({ type: 'varchar', length: 20 })
  status: DisputeStatus;

  @Column({ name: 'assignee_id', type: 'uuid', nullable: true })
  assigneeId: string | null;

  @Column({ name: 'resolution_note', type: 'varchar', length: 2000, nullable: true })
  resolutionNote: string | null;

  @Column({ name: 'due_by', type: 'timestamptz' })
  dueBy: Date;

  @Column({ name: 'escalated_at', type: 'timestamptz', nullable: true })
  escalatedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}

export const TIMELINE_KINDS = ['STATUS', 'ASSIGNMENT', 'COMMENT'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One step of a dispute's history: a status change, an assignment or a comment. */
@Entity({ name: 'dispute_timeline' })
export class DisputeTimelineEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'dispute_id', type: 'uuid' })
  disputeId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: TimelineKind;

  /** Null for the system (the SLA job). */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  /** The actor's role then (`CUSTOMER`, `SUPPORT`, `ADMIN`), or `SYSTEM`. */
  @Column({ name: 'actor_role', type: 'varchar', length: 16 })
  actorRole: string;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus: DisputeStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20, nullable: true })
  toStatus: DisputeStatus | null;

  @Column({ name: 'assignee_id', type: 'uuid', nullable: true })
  assigneeId: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  body: string | null;

  @Column({ type: 'boolean' })
  internal: boolean;

  @Column({ type: 'timestamptz' })
  at: Date;
}
