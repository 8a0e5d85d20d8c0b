import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PAYMENT_STATUSES, PaymentStatus } from '../payment.entity';
import { POSTING_ATTEMPT_STATUSES, PostingAttemptStatus } from '../../posting/posting-attempt.entity';
import { PaymentResponseDto } from './payment-response.dto';

@ApiSchema({ name: 'PaymentTimelineStep' })
export class PaymentTimelineStepDto {
  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus', example: 'PENDING' })
  status: PaymentStatus;

  @ApiProperty({ type: String, nullable: true, example: 'Funds captured by CARD' })
  note: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:15:30.000Z' })
  at: string;
}

/**
 * The latest posting cycle to the biller, when the payment reached one. The biller's raw
 * errors are for staff (`GET /admin/posting-attempts`); `statusDescription` says what they mean.
 */
@ApiSchema({ name: 'PaymentPostingOutcome' })
export class PaymentPostingDto {
  @ApiProperty({ enum: POSTING_ATTEMPT_STATUSES, enumName: 'PostingAttemptStatus', example: 'CONFIRMED' })
  status: PostingAttemptStatus;

  /** Posting cycles so far (an operator's retry opens another). */
  @ApiProperty({ type: 'integer', example: 1 })
  cycles: number;

  /** Tries in the latest cycle. */
  @ApiProperty({ type: 'integer', example: 1 })
  tries: number;

  @ApiProperty({ type: String, nullable: true, example: 'IKEDC-7F3A91' })
  billerReference: string | null;
}

@ApiSchema({ name: 'TransactionDetail' })
export class TransactionDetailDto extends PaymentResponseDto {
  @ApiProperty({ type: [PaymentTimelineStepDto] })
  timeline: PaymentTimelineStepDto[];

  /** Absent until the payment reaches the biller (declined captures never do). */
  @ApiProperty({ type: PaymentPostingDto, required: false })
  posting?: PaymentPostingDto;

  /** The journal entry that recorded the captured funds. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a20' })
  journalEntryId: string | null;

  /** The entry that reversed it, when the payment failed after capture. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  reversalEntryId: string | null;
}
