import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DISPUTE_REASONS, DISPUTE_STATUSES, type DisputeReason, type DisputeStatus } from '../dispute.entity';

@ApiSchema({ name: 'DisputeSummary' })
export class DisputeSummaryDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a50' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  paymentId: string;

  @ApiProperty({ enum: DISPUTE_REASONS, enumName: 'DisputeReason', example: 'NOT_CREDITED_BY_BILLER' })
  reason: DisputeReason;

  @ApiProperty({ example: 'Paid on Monday but the biller still shows the bill as unpaid.' })
  description: string;

  /**
   * `OPEN` (received), `UNDER_REVIEW` (a support agent has it), `RESOLVED_CUSTOMER` (refunded),
   * `RESOLVED_REJECTED` (see `resolutionNote`), `WITHDRAWN` (by you).
   */
  @ApiProperty({ enum: DISPUTE_STATUSES, enumName: 'DisputeStatus', example: 'UNDER_REVIEW' })
  status: DisputeStatus;

  /** The SUPPORT or ADMIN user handling it, once taken for review. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40' })
  assigneeId: string | null;

  /** The outcome in words, when resolved (always when rejected). */
  @ApiProperty({ type: String, nullable: true, example: null })
  resolutionNote: string | null;

  /** The SLA deadline: the end of the reason's number of business days after opening. */
  @ApiProperty({ format: 'date-time', example: '2026-11-27T23:00:00.000Z' })
  dueBy: string;

  /** Still open after `dueBy`. */
  @ApiProperty({ example: false })
  breached: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T09:30:00.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T11:02:00.000Z' })
  updatedAt: string;

  /** When it was resolved or withdrawn. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  closedAt: string | null;
}

export const TIMELINE_ACTORS = ['CUSTOMER', 'STAFF', 'SYSTEM'] as const;

/** One step of the dispute's history. */
@ApiSchema({ name: 'DisputeTimelineEntry' })
export class DisputeTimelineEntryDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a60' })
  id: string;

  /** `STATUS` (a move, `fromStatus` -> `toStatus`), `ASSIGNMENT` (`assigneeId`), `COMMENT` (`body`). */
  @ApiProperty({ enum: ['STATUS', 'ASSIGNMENT', 'COMMENT'], enumName: 'DisputeTimelineKind', example: 'STATUS' })
  kind: 'STATUS' | 'ASSIGNMENT' | 'COMMENT';

  /** Who: you (`CUSTOMER`), our support team (`STAFF`), or the service itself (`SYSTEM`). */
  @ApiProperty({ enum: TIMELINE_ACTORS, enumName: 'DisputeTimelineActor', example: 'STAFF' })
  actor: (typeof TIMELINE_ACTORS)[number];

  @ApiProperty({ type: String, enum: DISPUTE_STATUSES, nullable: true, example: 'OPEN' })
  fromStatus: DisputeStatus | null;

  @ApiProperty({ type: String, enum: DISPUTE_STATUSES, nullable: true, example: 'UNDER_REVIEW' })
  toStatus: DisputeStatus | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40' })
  assigneeId: string | null;

  /** The comment, or the note of a resolution. */
  @ApiProperty({ type: String, nullable: true, example: null })
  body: string | null;

  /** A staff-only comment; only staff ever see one. */
  @ApiProperty({ example: false })
  internal: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T11:02:00.000Z' })
  at: string;
}

@ApiSchema({ name: 'DisputeDetail' })
export class DisputeDetailDto extends DisputeSummaryDto {
  /** Status changes, assignments and comments, oldest first (internal comments for staff only). */
  @ApiProperty({ type: DisputeTimelineEntryDto, isArray: true })
  timeline: DisputeTimelineEntryDto[];
}

@ApiSchema({ name: 'DisputeCommentResponse' })
export class DisputeCommentResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a70' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a50' })
  disputeId: string;

  @ApiProperty({ enum: TIMELINE_ACTORS, enumName: 'DisputeTimelineActor', example: 'CUSTOMER' })
  actor: (typeof TIMELINE_ACTORS)[number];

  @ApiProperty({ example: 'Attached is the biller statement showing no credit.' })
  body: string;

  @ApiProperty({ example: false })
  internal: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T11:05:00.000Z' })
  createdAt: string;
}
