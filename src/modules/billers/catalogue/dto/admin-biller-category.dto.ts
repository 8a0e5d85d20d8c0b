import { ApiProperty, ApiSchema, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { SLUG_PATTERN } from './slug';

@ApiSchema({ name: 'AdminCategoryRequest' })
export class AdminCategoryRequestDto {
  /** Unique; lower-case words joined by hyphens. */
  @ApiProperty({ example: 'electricity' })
  @IsString()
  @MaxLength(60)
  @Matches(SLUG_PATTERN, { message: 'slug must be lower-case words joined by hyphens' })
  slug: string;

  @ApiProperty({ example: 'Electricity' })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  name: string;

  /** Icon name the apps map to their icon set. */
  @ApiProperty({ example: 'bolt' })
  @IsString()
  @MaxLength(60)
  @Matches(/^[a-z0-9]+([-_][a-z0-9]+)*$/, { message: 'icon must be an icon name such as bolt or water-drop' })
  icon: string;

  /** Ascending display order; defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, example: 10 })
  @Omittable()
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  sortOrder?: number;

  /** Inactive categories are hidden from customers, with their billers; defaults to true. */
  @ApiProperty({ required: false, example: true })
  @Omittable()
  @IsBoolean()
  active?: boolean;
}

/** Any subset of the category's fields. */
@ApiSchema({ name: 'AdminCategoryUpdateRequest' })
export class AdminCategoryUpdateRequestDto extends PartialType(AdminCategoryRequestDto) {}
