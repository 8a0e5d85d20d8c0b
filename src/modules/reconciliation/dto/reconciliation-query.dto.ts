import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsISO8601 } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';
import { RECONCILIATION_BREAK_TYPES, type ReconciliationBreakType } from '../reconciliation-break';

/** The window and break filter of a reconciliation run, shared by the JSON report and the CSV export. */
export class ReconciliationWindowQueryDto {
  /** Start of the window, inclusive. Give both ends or neither: neither is the current business day (SCHEDULE_TIME_ZONE). */
  @ApiProperty({ required: false, format: 'date-time', example: '2026-11-21T23:00:00Z' })
  @Omittable()
  @IsISO8601({ strict: true })
  from?: string;

  /** End of the window, exclusive; after `from` and at most 32 days after it. */
  @ApiProperty({ required: false, format: 'date-time', example: '2026-11-22T23:00:00Z' })
  @Omittable()
  @IsISO8601({ strict: true })
  to?: string;

  /** Only breaks of this type (`HELD_FOR_REVIEW`: only the payments held for AML review). */
  @ApiProperty({
    required: false,
    enum: RECONCILIATION_BREAK_TYPES,
    enumName: 'ReconciliationBreakType',
    example: 'STUCK_PROCESSING',
  })
  @Omittable()
  @IsIn(RECONCILIATION_BREAK_TYPES)
  type?: ReconciliationBreakType;
}

/** GET /admin/reconciliation: the window, the break filter, and the page of breaks. */
export class ReconciliationQueryDto extends IntersectionType(PageQueryDto, ReconciliationWindowQueryDto) {}
