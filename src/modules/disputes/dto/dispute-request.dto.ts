import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { DISPUTE_REASONS, type DisputeReason } from '../dispute.entity';

/** Dispute one of your payments: a SUCCEEDED one, or a FAILED one whose funds were taken. */
@ApiSchema({ name: 'DisputeRequest' })
export class DisputeRequestDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  @IsUUID()
  paymentId: string;

  @ApiProperty({ enum: DISPUTE_REASONS, enumName: 'DisputeReason', example: 'NOT_CREDITED_BY_BILLER' })
  @IsIn(DISPUTE_REASONS)
  reason: DisputeReason;

  /** What went wrong, in your words (10 to 2000 characters). */
  @ApiProperty({
    minLength: 10,
    maxLength: 2000,
    example: 'Paid on Monday but the biller still shows the bill as unpaid.',
  })
  @IsString()
  @MinLength(10)
  @MaxLength(2000)
  @Matches(/\S/, { message: 'description must not be blank' })
  description: string;
}
