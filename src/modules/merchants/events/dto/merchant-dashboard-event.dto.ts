import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** What the event is about: the object as webhooks send it. */
@ApiSchema({ name: 'MerchantDashboardEventData' })
export class MerchantDashboardEventDataDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { merchantId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10', status: 'APPROVED', previousStatus: 'UNDER_REVIEW' },
  })
  object: Record<string, unknown>;
}

/**
 * The `data:` of each event of `GET /merchant/events`: the same envelope a webhook endpoint
 * receives for the event (same id, type and object), so one handler serves both.
 */
@ApiSchema({ name: 'MerchantDashboardEventResponse' })
export class MerchantDashboardEventResponseDto {
  /** The event's id, also the frame's `id:` (what `Last-Event-ID` names) and webhooks' `webhook-id`. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e' })
  id: string;

  /** The public event type, also the frame's `event:`. */
  @ApiProperty({ example: 'kyb.status_changed' })
  type: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T02:45:00.000Z' })
  createdAt: string;

  /** The key's mode: a live key's stream carries live events only, a test key's test events only. */
  livemode: boolean;

  @ApiProperty({ example: 'v1' })
  apiVersion: string;

  data: MerchantDashboardEventDataDto;
}
