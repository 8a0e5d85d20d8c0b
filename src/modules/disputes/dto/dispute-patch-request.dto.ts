import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';

/** The statuses staff move a dispute to (the customer withdraws with POST /disputes/{id}/withdraw). */
export const STAFF_DISPUTE_STATUSES = ['UNDER_REVIEW', 'RESOLVED_CUSTOMER', 'RESOLVED_REJECTED'] as const;
export type StaffDisputeStatus = (typeof STAFF_DISPUTE_STATUSES)[number];

/**
 * Staff handling of a dispute: an assignment, a status, or both; send at least one.
 * `assigneeId` alone on an OPEN dispute takes it for review (UNDER_REVIEW); on one under review
 * it reassigns it; with a resolution it records who resolved it. `status: UNDER_REVIEW` without
 * `assigneeId` assigns the dispute to you.
 * `RESOLVED_CUSTOMER` refunds the payment; `RESOLVED_REJECTED` needs `resolutionNote`, which the
 * customer reads.
 */
@ApiSchema({ name: 'DisputePatchRequest' })
export class DisputePatchRequestDto {
  /** An active SUPPORT or ADMIN user. */
  @ApiProperty({ required: false, format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40' })
  @Omittable()
  @IsUUID()
  assigneeId?: string;

  @ApiProperty({
    required: false,
    enum: STAFF_DISPUTE_STATUSES,
    enumName: 'DisputePatchStatus',
    example: 'RESOLVED_REJECTED',
  })
  @Omittable()
  @IsIn(STAFF_DISPUTE_STATUSES)
  status?: StaffDisputeStatus;

  /** The outcome as the customer reads it; required to reject. */
  @ApiProperty({
    required: false,
    minLength: 1,
    maxLength: 2000,
    example: 'The biller confirmed the payment was credited on 2026-11-20 (reference BLR-99812).',
  })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @Matches(/\S/, { message: 'resolutionNote must not be blank' })
  resolutionNote?: string;
}
