import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  MerchantWebhookEndpoint,
  WEBHOOK_ATTEMPT_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_ENDPOINT_STATUSES,
  WebhookAttemptStatus,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEndpointStatus,
} from '../merchant-webhook.entities';
import type { DeliveryView } from '../merchant-webhook-endpoints.service';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { MAX_PAGE_SIZE, PageQueryDto } from '../../../../platform/http/pagination';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../webhook-events';
import { MAX_WEBHOOK_URL_LENGTH } from '../webhook-url';

const ENABLED_EVENT_VALUES = [ALL_EVENTS, ...WEBHOOK_EVENT_TYPES];

/** Deliveries per page when `size` is left out: the 50 the list answered before it had pages. */
export const DEFAULT_DELIVERY_PAGE_SIZE = 50;

/**
 * `GET /merchant/webhook-endpoints/{id}/deliveries`: `page` (from 0) and `size` (1 to 100, 50 when
 * left out, so the first page is the latest 50, as before paging), and an optional `status`.
 */
@ApiSchema({ name: 'MerchantWebhookDeliveryListQuery' })
export class MerchantWebhookDeliveryListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Deliveries per page.',
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_DELIVERY_PAGE_SIZE,
    example: 50,
  })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  override size: number = DEFAULT_DELIVERY_PAGE_SIZE;

  /** Only the deliveries in this state. */
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES, enumName: 'WebhookDeliveryStatus', example: 'FAILED' })
  @Omittable()
  @IsIn(WEBHOOK_DELIVERY_STATUSES)
  status?: WebhookDeliveryStatus;
}

@ApiSchema({ name: 'MerchantWebhookEndpointRequest' })
export class MerchantWebhookEndpointRequestDto {
  /**
   * Where deliveries go: `https://`, no user information or fragment. Its host must resolve to
   * public addresses only (checked now and before every delivery).
   */
  @ApiProperty({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, example: 'https://shop.example.com/hooks/paysvc' })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url: string;

  /** The event types to send, or `["*"]` for every type (present and future). */
  @ApiProperty({
    type: [String],
    enum: ENABLED_EVENT_VALUES,
    minItems: 1,
    maxItems: 50,
    example: ['kyb.status_changed'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  enabledEvents: string[];

  @ApiPropertyOptional({ type: String, maxLength: 500, nullable: true, example: 'Order service' })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(500)
  description?: string | null;

  /**
   * The mode whose events the endpoint gets (fixed once created): `false` for test-mode events,
   * `true` for live ones. Absent: `false`.
   */
  @ApiPropertyOptional({ example: false })
  @ValidateIf((_object, value) => value !== undefined)
  @IsBoolean()
  livemode?: boolean;
}

@ApiSchema({ name: 'MerchantWebhookEndpointUpdateRequest' })
export class MerchantWebhookEndpointUpdateRequestDto {
  /** A new URL, checked as at registration. */
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    example: 'https://shop.example.com/hooks/v2',
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: ENABLED_EVENT_VALUES,
    minItems: 1,
    maxItems: 50,
    example: ['*'],
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  enabledEvents?: string[];

  @ApiPropertyOptional({ type: String, maxLength: 500, nullable: true, example: null })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(500)
  description?: string | null;

  /** `DISABLED` stops deliveries (pending retries end as FAILED); `ENABLED` starts them again. */
  @ApiPropertyOptional({ enum: WEBHOOK_ENDPOINT_STATUSES, enumName: 'MerchantWebhookEndpointStatus' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(WEBHOOK_ENDPOINT_STATUSES)
  status?: WebhookEndpointStatus;
}

@ApiSchema({ name: 'MerchantWebhookEndpointResponse' })
export class MerchantWebhookEndpointResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9ac0' })
  id: string;

  @ApiProperty({ example: 'https://shop.example.com/hooks/paysvc' })
  url: string;

  @ApiProperty({ type: String, nullable: true, example: 'Order service' })
  description: string | null;

  @ApiProperty({ type: [String], example: ['kyb.status_changed'] })
  enabledEvents: string[];

  /** The mode whose events the endpoint gets. */
  @ApiProperty({ example: false })
  livemode: boolean;

  @ApiProperty({ enum: WEBHOOK_ENDPOINT_STATUSES, enumName: 'MerchantWebhookEndpointStatus', example: 'ENABLED' })
  status: WebhookEndpointStatus;

  /**
   * Why it is DISABLED: `MERCHANT` (a member), `GONE` (it answered 410), `FAILING` (no
   * successful delivery for 5 days); null when ENABLED.
   */
  @ApiProperty({
    type: String,
    enum: WEBHOOK_DISABLED_REASONS,
    enumName: 'MerchantWebhookDisabledReason',
    nullable: true,
    example: null,
  })
  disabledReason: WebhookDisabledReason | null;

  /** Until when the secret before the last rotation still signs; null outside a rotation. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  previousSecretExpiresAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  updatedAt: string;
}

@ApiSchema({ name: 'MerchantWebhookEndpointWithSecretResponse' })
export class MerchantWebhookEndpointWithSecretResponseDto extends MerchantWebhookEndpointResponseDto {
  /**
   * The signing secret (Standard Webhooks: `whsec_` and 32 bytes in base64), shown this once:
   * only a sealed copy is kept. Verify deliveries with it (`standardwebhooks` or `svix`).
   */
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/8mHsIsOrG0=' })
  secret: string;
}

@ApiSchema({ name: 'MerchantWebhookAttempt' })
export class MerchantWebhookAttemptDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  attemptNumber: number;

  /** A retry asked for, or the test event: outside the schedule. */
  @ApiProperty({ example: false })
  manual: boolean;

  /** `SUCCEEDED` only for a 2xx answer; a redirect is a failure (never followed). */
  @ApiProperty({ enum: WEBHOOK_ATTEMPT_STATUSES, enumName: 'MerchantWebhookAttemptStatus', example: 'FAILED' })
  status: WebhookAttemptStatus;

  /** The HTTP status; null when no answer came. */
  @ApiProperty({ type: 'integer', nullable: true, example: 500 })
  responseStatus: number | null;

  /** The answer's first kilobyte, as text. */
  @ApiProperty({ type: String, nullable: true, maxLength: 1024, example: 'upstream unavailable' })
  responseBodySnippet: string | null;

  /** Why no answer came (timeout, refused address, TLS...), never naming an address. */
  @ApiProperty({ type: String, nullable: true, example: null })
  failure: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 182 })
  durationMs: number;

  /** When the next scheduled attempt is due; null when none follows. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-25T09:31:00.000Z' })
  nextAttemptAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  attemptedAt: string;
}

@ApiSchema({ name: 'MerchantWebhookDelivery' })
export class MerchantWebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9ad0' })
  id: string;

  /** The event's id: the `webhook-id` header and the body's `id`, the same on every attempt. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9ae0' })
  eventId: string;

  @ApiProperty({ enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT], example: 'kyb.status_changed' })
  eventType: string;

  /** `PENDING` while attempts remain, then `SUCCEEDED` or `FAILED`. */
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES, enumName: 'MerchantWebhookDeliveryStatus', example: 'PENDING' })
  status: WebhookDeliveryStatus;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1 })
  attemptCount: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-25T09:31:00.000Z' })
  nextAttemptAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-25T09:30:00.000Z' })
  lastAttemptAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  createdAt: string;

  @ApiProperty({ type: [MerchantWebhookAttemptDto] })
  attempts: MerchantWebhookAttemptDto[];
}

export function toEndpointResponse(endpoint: MerchantWebhookEndpoint): MerchantWebhookEndpointResponseDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    enabledEvents: endpoint.enabledEvents,
    livemode: endpoint.livemode,
    status: endpoint.status,
    disabledReason: endpoint.disabledReason,
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export function toDeliveryResponse({ delivery, attempts }: DeliveryView): MerchantWebhookDeliveryDto {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      attemptNumber: attempt.attemptNumber,
      manual: attempt.manual,
      status: attempt.status,
      responseStatus: attempt.responseStatus,
      responseBodySnippet: attempt.responseBodySnippet,
      failure: attempt.failure,
      durationMs: attempt.durationMs,
      nextAttemptAt: attempt.nextAttemptAt?.toISOString() ?? null,
      attemptedAt: attempt.attemptedAt.toISOString(),
    })),
  };
}
