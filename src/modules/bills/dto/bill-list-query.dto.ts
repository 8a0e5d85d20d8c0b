import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';
import { BILL_STATUSES, BillStatus } from '../bill-status';

/** GET /bills: your bills, newest first, optionally of one status. */
export class BillListQueryDto extends PageQueryDto {
  /** Only bills shown with this status (`OVERDUE`: unpaid after the due date). */
  @ApiProperty({ enum: BILL_STATUSES, enumName: 'BillStatus', required: false, example: 'UNVIEWED' })
  @Omittable()
  @IsIn(BILL_STATUSES)
  status?: BillStatus;
}
