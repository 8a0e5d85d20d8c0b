import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../../platform/http/pagination';
import { SLUG_PATTERN } from '../../catalogue/dto/slug';

export const BILLER_SORTS = ['popular', 'name'] as const;
export const MAX_SEARCH_QUERY_LENGTH = 100;

export class BillerSearchQueryDto extends PageQueryDto {
  /**
   * Words to look for in biller names and aliases; typo-tolerant ("electrcity" finds
   * electricity billers). Results then rank by relevance before `sort`.
   */
  @ApiProperty({ required: false, example: 'ikeja electric', maxLength: MAX_SEARCH_QUERY_LENGTH })
  @Omittable()
  @IsString()
  @MaxLength(MAX_SEARCH_QUERY_LENGTH)
  q?: string;

  /** Only billers of this category (its slug). */
  @ApiProperty({ required: false, example: 'electricity' })
  @Omittable()
  @IsString()
  @MaxLength(60)
  @Matches(SLUG_PATTERN, { message: 'categorySlug must be lower-case words joined by hyphens' })
  categorySlug?: string;

  /** `popular`: most paid in the last 30 days first; `name`: alphabetical. */
  @ApiProperty({ required: false, enum: BILLER_SORTS, enumName: 'BillerSort', default: 'popular' })
  @Omittable()
  @IsIn(BILLER_SORTS)
  sort: (typeof BILLER_SORTS)[number] = 'popular';
}
