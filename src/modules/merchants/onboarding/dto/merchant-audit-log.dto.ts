import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import {
  MERCHANT_ACTOR_ROLES,
  MERCHANT_AUDIT_ACTIONS,
  type MerchantActorRole,
  type MerchantActorType,
  type MerchantAuditAction,
  type MerchantAuditEntry,
} from '../merchant-audit-entry.entity';

@ApiSchema({ name: 'MerchantAuditLogQuery' })
export class MerchantAuditLogQueryDto {
  /** The previous page's `nextCursor`; omit for the newest entries. */
  @ApiPropertyOptional({ maxLength: 200, example: 'WyIyMDI2LTExLTI1VDEwOjAwOjAwLjAwMFoiLCIwMTkzIl0' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ enum: MERCHANT_AUDIT_ACTIONS, enumName: 'MerchantAuditAction', example: 'API_KEY_CREATED' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(MERCHANT_AUDIT_ACTIONS)
  action?: MerchantAuditAction;

  /** The actor's role: a member's role, API_KEY, PLATFORM_STAFF or SYSTEM. */
  @ApiPropertyOptional({ enum: MERCHANT_ACTOR_ROLES, enumName: 'MerchantActorRole', example: 'OWNER' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(MERCHANT_ACTOR_ROLES)
  actor?: MerchantActorRole;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50, example: 50 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  size: number = 50;
}

@ApiSchema({ name: 'MerchantAuditActor' })
export class MerchantAuditActorDto {
  @ApiProperty({ enum: ['USER', 'API_KEY', 'STAFF', 'SYSTEM'], enumName: 'MerchantActorType', example: 'USER' })
  type: MerchantActorType;

  @ApiProperty({ enum: MERCHANT_ACTOR_ROLES, enumName: 'MerchantActorRole', example: 'OWNER' })
  role: MerchantActorRole;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a60' })
  userId: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  apiKeyId: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'owner@acme.example' })
  email: string | null;
}

@ApiSchema({ name: 'MerchantAuditTarget' })
export class MerchantAuditTargetDto {
  @ApiProperty({ example: 'api_key' })
  type: string;

  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a70' })
  id: string;
}

@ApiSchema({ name: 'MerchantAuditLogEntry' })
export class MerchantAuditLogEntryDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a80' })
  id: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:00:00.000Z' })
  occurredAt: string;

  @ApiProperty({ enum: MERCHANT_AUDIT_ACTIONS, enumName: 'MerchantAuditAction', example: 'API_KEY_CREATED' })
  action: MerchantAuditAction;

  @ApiProperty({ type: MerchantAuditActorDto })
  actor: MerchantAuditActorDto;

  @ApiProperty({ type: MerchantAuditTargetDto })
  target: MerchantAuditTargetDto;

  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' })
  ip: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Mozilla/5.0' })
  userAgent: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  requestId: string | null;

  /** What changed; never secrets. */
  @ApiProperty({ type: 'object', additionalProperties: true, example: { prefix: 'sk_test_AbCd', livemode: false } })
  details: Record<string, unknown>;
}

@ApiSchema({ name: 'MerchantAuditLogPageResponse' })
export class MerchantAuditLogPageResponseDto {
  /** Newest first. */
  @ApiProperty({ type: [MerchantAuditLogEntryDto] })
  items: MerchantAuditLogEntryDto[];

  /** Pass as `cursor` for the next (older) page; null on the last page. */
  @ApiProperty({ type: String, nullable: true, example: null })
  nextCursor: string | null;
}

export function toAuditLogEntry(entry: MerchantAuditEntry): MerchantAuditLogEntryDto {
  return {
    id: entry.id,
    occurredAt: entry.occurredAt.toISOString(),
    action: entry.action,
    actor: {
      type: entry.actorType,
      role: entry.actorRole,
      userId: entry.actorUserId,
      apiKeyId: entry.actorApiKeyId,
      email: entry.actorEmail,
    },
    target: { type: entry.targetType, id: entry.targetId },
    ip: entry.ip,
    userAgent: entry.userAgent,
    requestId: entry.requestId,
    details: entry.details,
  };
}
