import type { Dispute, DisputeTimelineEntry } from '../dispute.entity';
import { OPEN_DISPUTE_STATUSES } from '../dispute.entity';
import type {
  DisputeCommentResponseDto,
  DisputeDetailDto,
  DisputeSummaryDto,
  DisputeTimelineEntryDto,
} from './dispute-response.dto';

export function isBreached(dispute: Dispute, now: Date): boolean {
  return OPEN_DISPUTE_STATUSES.includes(dispute.status) && dispute.dueBy.getTime() < now.getTime();
}

export function toDisputeSummary(dispute: Dispute, now: Date): DisputeSummaryDto {
  return {
    id: dispute.id,
    paymentId: dispute.paymentId,
    reason: dispute.reason,
    description: dispute.description,
    status: dispute.status,
    assigneeId: dispute.assigneeId,
    resolutionNote: dispute.resolutionNote,
    dueBy: dispute.dueBy.toISOString(),
    breached: isBreached(dispute, now),
    createdAt: dispute.createdAt.toISOString(),
    updatedAt: dispute.updatedAt.toISOString(),
    closedAt: dispute.closedAt?.toISOString() ?? null,
  };
}

function actorOf(entry: DisputeTimelineEntry): DisputeTimelineEntryDto['actor'] {
  if (entry.actorId === null) return 'SYSTEM';
  return entry.actorRole === 'CUSTOMER' ? 'CUSTOMER' : 'STAFF';
}

export function toTimelineEntry(entry: DisputeTimelineEntry): DisputeTimelineEntryDto {
  return {
    id: entry.id,
    kind: entry.kind,
    actor: actorOf(entry),
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    assigneeId: entry.assigneeId,
    body: entry.body,
    internal: entry.internal,
    at: entry.at.toISOString(),
  };
}

export function toDisputeDetail(dispute: Dispute, timeline: DisputeTimelineEntry[], now: Date): DisputeDetailDto {
  return { ...toDisputeSummary(dispute, now), timeline: timeline.map(toTimelineEntry) };
}

export function toDisputeComment(entry: DisputeTimelineEntry): DisputeCommentResponseDto {
  return {
    id: entry.id,
    disputeId: entry.disputeId,
    actor: actorOf(entry) === 'CUSTOMER' ? 'CUSTOMER' : 'STAFF',
    body: entry.body as string,
    internal: entry.internal,
    createdAt: entry.at.toISOString(),
  };
}
