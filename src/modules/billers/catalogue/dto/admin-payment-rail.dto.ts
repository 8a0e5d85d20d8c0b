import { ApiProperty, ApiSchema, OmitType, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';

export const MAX_BASIS_POINTS = 10_000;

@ApiSchema({ name: 'AdminRailRequest' })
export class AdminRailRequestDto {
  /** UPPER_SNAKE, unique; cannot change once created (billers refer to rails by code). */
  @ApiProperty({ example: 'USSD' })
  @IsString()
  @Matches(/^[A-Z][A-Z0-9_]{1,31}$/, { message: 'code must be 2-32 characters of A-Z, 0-9 and _' })
  code: string;

  @ApiProperty({ example: 'USSD bank transfer' })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  name: string;

  /** Defaults to true. Billers stop offering an inactive rail. */
  @ApiProperty({ required: false, example: true })
  @Omittable()
  @IsBoolean()
  active?: boolean;

  /** Flat fee in the payment currency's minor unit; defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, maximum: Number.MAX_SAFE_INTEGER, example: 5000 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  feeFlat?: number;

  /** Percentage fee in basis points (100 = 1%); defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, maximum: MAX_BASIS_POINTS, example: 50 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_BASIS_POINTS)
  feePercentBps?: number;

  /** Smallest payment, in minor units. */
  @ApiProperty({ type: 'integer', maximum: Number.MAX_SAFE_INTEGER, example: 100 })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  minAmount: number;

  /** Largest payment, in minor units; at least `minAmount`. */
  @ApiProperty({ type: 'integer', maximum: Number.MAX_SAFE_INTEGER, example: 50000000 })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  maxAmount: number;
}

/** Any subset of the rail's fields except its code. */
@ApiSchema({ name: 'AdminRailUpdateRequest' })
export class AdminRailUpdateRequestDto extends PartialType(OmitType(AdminRailRequestDto, ['code'] as const)) {}
