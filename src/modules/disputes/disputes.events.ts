import type { DisputeReason, DisputeStatus } from './dispute.entity';

/**
 * The disputes context's outbox events. Money in minor units as integers.
 *
 * - `dispute.opened`: a customer raised a dispute; they are told it was received and when it is
 *   due.
 * - `dispute.status_changed`: the dispute moved (taken for review, resolved either way,
 *   withdrawn); the customer is told, with the resolution note when rejected.
 * - `dispute.sla_breached`: an open dispute passed its deadline; raised once per dispute, for
 *   operations (the escalation), not the customer.
 */
export const DISPUTE_EVENTS = {
  opened: 'dispute.opened',
  statusChanged: 'dispute.status_changed',
  slaBreached: 'dispute.sla_breached',
} as const;

export interface DisputeEventPayload {
  disputeId: string;
  customerId: string;
  paymentId: string;
  reason: DisputeReason;
  status: DisputeStatus;
  /** The status before the change (`dispute.status_changed`), else null. */
  previousStatus: DisputeStatus | null;
  /** What the customer reads about the outcome (always set when rejected). */
  resolutionNote: string | null;
  assigneeId: string | null;
  /** ISO instant of the SLA deadline. */
  dueBy: string;
  billerName: string;
  accountReference: string;
  amount: number;
  currency: string;
}

/** The disputes context's Bull queue: the SLA check's repeatable tick. */
export const DISPUTE_QUEUES = {
  sla: 'dispute-sla',
} as const;

export const DISPUTE_SLA_JOB = 'check';
