import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import type { SavedAccountRow } from '../saved-account.repository';
import { AccountReferenceField } from '../../catalogue/dto/biller-request-fields';

@ApiSchema({ name: 'SavedAccountRequest' })
export class SavedAccountRequestDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  @IsUUID()
  billerId: string;

  @AccountReferenceField()
  accountReference: string;

  /** A name the customer recognises the account by. */
  @ApiProperty({ required: false, example: 'Home meter' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  nickname?: string;
}

@ApiSchema({ name: 'SavedAccountUpdateRequest' })
export class SavedAccountUpdateRequestDto {
  /** The new name; `null` removes it. */
  @ApiProperty({ type: String, nullable: true, example: 'Mum’s meter' })
  @ValidateIf((_request: unknown, value: unknown) => value !== null)
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  nickname: string | null;
}

@ApiSchema({ name: 'SavedBillerAccountResponse' })
export class SavedBillerAccountResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a04' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: 'ikeja-electric' })
  billerSlug: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  billerName: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.example.com/billers/ikeja-electric.png' })
  billerLogoUrl: string | null;

  /** False when the biller has left the directory; the saved account can then only be deleted. */
  @ApiProperty({ example: true })
  billerActive: boolean;

  /** False while the biller is in an outage. */
  @ApiProperty({ example: true })
  billerAvailable: boolean;

  @ApiProperty({ example: 'electricity' })
  categorySlug: string;

  @ApiProperty({ example: 'Meter number' })
  accountReferenceLabel: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  @ApiProperty({ type: String, nullable: true, example: 'Home meter' })
  nickname: string | null;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

export function toSavedBillerAccountResponse(row: SavedAccountRow): SavedBillerAccountResponseDto {
  return {
    id: row.id,
    billerId: row.billerId,
    billerSlug: row.billerSlug,
    billerName: row.billerName,
    billerLogoUrl: row.billerLogoUrl,
    billerActive: row.billerActive,
    billerAvailable: row.billerAvailable,
    categorySlug: row.categorySlug,
    accountReferenceLabel: row.accountReferenceLabel,
    accountReference: row.accountReference,
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
