import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { BooleanQuery } from '../../../platform/http/boolean-query.decorator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';
import { DISPUTE_REASONS, DISPUTE_STATUSES, type DisputeReason, type DisputeStatus } from '../dispute.entity';

/** GET /admin/disputes: every dispute, newest first, filtered. */
export class DisputeQueueQueryDto extends PageQueryDto {
  @ApiProperty({ required: false, enum: DISPUTE_STATUSES, enumName: 'DisputeStatus', example: 'UNDER_REVIEW' })
  @Omittable()
  @IsIn(DISPUTE_STATUSES)
  status?: DisputeStatus;

  /** Only disputes assigned to this user. */
  @ApiProperty({ required: false, format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40' })
  @Omittable()
  @IsUUID()
  assigneeId?: string;

  @ApiProperty({ required: false, enum: DISPUTE_REASONS, enumName: 'DisputeReason', example: 'WRONG_AMOUNT' })
  @Omittable()
  @IsIn(DISPUTE_REASONS)
  reason?: DisputeReason;

  /** true: only open disputes past their SLA deadline; false: only the others. */
  @BooleanQuery()
  breached?: boolean;
}
