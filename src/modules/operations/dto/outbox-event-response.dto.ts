import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';
import { OUTBOX_STATUSES, OutboxEvent, OutboxStatus } from '../../../platform/outbox/outbox-event.entity';

@ApiSchema({ name: 'OutboxEventResponse' })
export class OutboxEventResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40' })
  id: string;

  @ApiProperty({ example: 'payment.captured' })
  eventType: string;

  @ApiProperty({ example: 'payment' })
  aggregateType: string;

  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  aggregateId: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' },
  })
  payload: Record<string, unknown>;

  @ApiProperty({ enum: OUTBOX_STATUSES, enumName: 'OutboxStatus', example: 'FAILED' })
  status: OutboxStatus;

  /** Publish attempts so far. */
  @ApiProperty({ type: 'integer', example: 8 })
  attempts: number;

  /** When the relay next tries a PENDING row. */
  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:20:00.000Z' })
  nextAttemptAt: string;

  @ApiProperty({ type: String, nullable: true, example: 'Connection is closed.' })
  lastError: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:15:30.000Z' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  publishedAt: string | null;

  /** Times an operator requeued the event after it had been published. */
  @ApiProperty({ type: 'integer', example: 0 })
  redeliveries: number;
}

export class OutboxEventListQueryDto extends PageQueryDto {
  @ApiProperty({ required: false, enum: OUTBOX_STATUSES, enumName: 'OutboxStatus' })
  @Omittable()
  @IsIn(OUTBOX_STATUSES)
  status?: OutboxStatus;
}

export function toOutboxEventResponse(event: OutboxEvent): OutboxEventResponseDto {
  return {
    id: event.id,
    eventType: event.eventType,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: event.payload,
    status: event.status,
    attempts: event.attempts,
    nextAttemptAt: event.nextAttemptAt.toISOString(),
    lastError: event.lastError,
    createdAt: event.createdAt.toISOString(),
    publishedAt: event.publishedAt?.toISOString() ?? null,
    redeliveries: event.redeliveries,
  };
}

@ApiSchema({ name: 'OutboxEventRetryRequest' })
export class OutboxEventRetryRequestDto {
  /**
   * Why the event is requeued; kept in the audit trail. Required to requeue a PUBLISHED event
   * (its jobs were lost, e.g. Redis restarted without its data); optional for a FAILED one.
   * The body may be left out when there is no reason to give.
   */
  @ApiProperty({ required: false, example: 'Redis restarted empty at 10:14; posting jobs lost', minLength: 3 })
  @Omittable()
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason?: string;
}
