import { IsString } from 'class-validator';
import {
  EventCurrency,
  EventId,
  EventMinorUnits,
  EventOneOf,
  EventText,
  OptionalEventId,
  OptionalEventOneOf,
  OptionalEventText,
} from '../../platform/outbox/event-payload-fields';
import { DISPUTE_REASONS, DISPUTE_STATUSES, type DisputeReason, type DisputeStatus } from './dispute.entity';

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

export class DisputeEventPayload {
  @EventId()
  disputeId: string;

  @EventId()
  customerId: string;

  @EventId()
  paymentId: string;

  @EventOneOf(DISPUTE_REASONS)
  reason: DisputeReason;

  @EventOneOf(DISPUTE_STATUSES)
  status: DisputeStatus;

  /** The status before the change (`dispute.status_changed`), else null. */
  @OptionalEventOneOf(DISPUTE_STATUSES)
  previousStatus: DisputeStatus | null;

  /** What the customer reads about the outcome (always set when rejected). */
  @OptionalEventText()
  resolutionNote: string | null;

  @OptionalEventId()
  assigneeId: string | null;

  /** ISO instant of the SLA deadline. */
  @EventText({ max: 40 })
  dueBy: string;

  @EventText({ max: 120 })
  billerName: string;

  @IsString()
  accountReference: string;

  @EventMinorUnits()
  amount: number;

  @EventCurrency()
  currency: string;
}

export type DisputeEventType = (typeof DISPUTE_EVENTS)[keyof typeof DISPUTE_EVENTS];

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [DISPUTE_EVENTS.opened]: DisputeEventPayload;
    [DISPUTE_EVENTS.statusChanged]: DisputeEventPayload;
    [DISPUTE_EVENTS.slaBreached]: DisputeEventPayload;
  }
}

/** The disputes context's Bull queue: the SLA check's repeatable tick. */
export const DISPUTE_QUEUES = {
  sla: 'dispute-sla',
} as const;

export const DISPUTE_SLA_JOB = 'check';
