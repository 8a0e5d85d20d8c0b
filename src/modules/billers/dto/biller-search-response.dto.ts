import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BillerSummaryDto } from './biller-summary.dto';

/** One page of the biller directory. */
@ApiSchema({ name: 'BillerSearchResponse' })
export class BillerSearchResponseDto {
  @ApiProperty({ type: [BillerSummaryDto] })
  items: BillerSummaryDto[];

  @ApiProperty({ example: 0 })
  page: number;

  @ApiProperty({ example: 20 })
  size: number;

  @ApiProperty({ example: 42 })
  totalItems: number;

  @ApiProperty({ example: 3 })
  totalPages: number;
}
