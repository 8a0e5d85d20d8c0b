import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import type { CreatedKey } from '../merchant-api-keys.service';
import type { MerchantApiKey } from '../merchant-api-key.entity';

export const API_KEY_STATUSES = ['ACTIVE', 'REVOKED'] as const;

@ApiSchema({ name: 'MerchantApiKeyRequest' })
export class MerchantApiKeyRequestDto {
  /** A label for people ("Checkout server"); default "Live key" or "Test key". */
  @ApiPropertyOptional({ minLength: 1, maxLength: 100, example: 'Checkout server' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name?: string;

  /** `true`: an `sk_live_` key (the merchant must be APPROVED). Optional: `false` or absent, an `sk_test_` sandbox key. */
  @ApiPropertyOptional({ example: false })
  @ValidateIf((_object, value) => value !== undefined)
  @IsBoolean()
  livemode?: boolean;
}

@ApiSchema({ name: 'MerchantApiKeySummaryResponse' })
export class MerchantApiKeySummaryResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9aa0' })
  id: string;

  @ApiProperty({ example: 'Checkout server' })
  name: string;

  @ApiProperty({ example: false })
  livemode: boolean;

  /** The mode and the first characters of the secret, to recognise the key by. */
  @ApiProperty({ example: 'sk_test_Xa81kQ' })
  prefix: string;

  @ApiProperty({ minLength: 4, maxLength: 4, example: 'f3Zc' })
  last4: string;

  @ApiProperty({ enum: API_KEY_STATUSES, enumName: 'MerchantApiKeyStatus', example: 'ACTIVE' })
  status: (typeof API_KEY_STATUSES)[number];

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  createdAt: string;

  /** USER: a member of the team (`createdByUserId`); STAFF: platform operations. */
  @ApiProperty({ enum: ['USER', 'STAFF'], enumName: 'MerchantApiKeyCreator', example: 'USER' })
  createdBy: 'USER' | 'STAFF';

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a90' })
  createdByUserId: string | null;

  /** The last authenticated use; written in batches, so it may lag by up to a quarter of a minute. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  lastUsedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  revokedAt: string | null;
}

@ApiSchema({ name: 'MerchantApiKeyResponse' })
export class MerchantApiKeyResponseDto extends MerchantApiKeySummaryResponseDto {
  /** The key itself, shown this once: store it now, it cannot be read again. */
  @ApiProperty({ example: 'sk_test_Xa81kQm0c1Jx7pL2yV9bT4nR6sW8dF0gH2jK4lZf3Zc' })
  secret: string;
}

export function toApiKeySummary(key: MerchantApiKey): MerchantApiKeySummaryResponseDto {
  return {
    id: key.id,
    name: key.name,
    livemode: key.livemode,
    prefix: key.prefix,
    last4: key.last4,
    status: key.revokedAt ? 'REVOKED' : 'ACTIVE',
    createdAt: key.createdAt.toISOString(),
    createdBy: key.createdByType,
    createdByUserId: key.createdByUserId,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

export function toApiKeyResponse(created: CreatedKey): MerchantApiKeyResponseDto {
  return { ...toApiKeySummary(created.key), secret: created.secret };
}
