import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../../platform/http/pagination';
import { POSTING_ATTEMPT_STATUSES, PostingAttemptStatus } from '../posting-attempt.entity';

@ApiSchema({ name: 'BillerPostingAttemptResponse' })
export class PostingAttemptResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  paymentId: string;

  /** 1 for the automatic cycle; each operator retry opens the next. */
  @ApiProperty({ type: 'integer', example: 1 })
  cycle: number;

  @ApiProperty({ enum: POSTING_ATTEMPT_STATUSES, enumName: 'PostingAttemptStatus', example: 'RETRYING' })
  status: PostingAttemptStatus;

  /**
   * Whether `POST /admin/posting-attempts/{id}/retry` accepts this attempt now: it is `FAILED`,
   * it is its payment's latest cycle, and the payment is still `PROCESSING`.
   */
  @ApiProperty({ example: false })
  retryable: boolean;

  @ApiProperty({ type: 'integer', example: 2 })
  tries: number;

  /** When the next try is due, while the attempt is open. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-23T10:16:00.000Z' })
  nextAttemptAt: string | null;

  /** `CONFIRMED`, `AWAITING_CONFIRMATION`, `TRANSIENT_FAILURE`, `GAVE_UP`, `BILLER_REJECTED`, `ACCOUNT_NOT_FOUND`. */
  @ApiProperty({ type: String, nullable: true, example: 'TRANSIENT_FAILURE' })
  lastOutcome: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'the biller did not answer in time' })
  lastError: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  billerReference: string | null;

  /** The operator who opened this cycle; null for the automatic one. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  requestedBy: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:15:31.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:15:40.000Z' })
  updatedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  completedAt: string | null;
}

export class PostingAttemptListQueryDto extends PageQueryDto {
  @ApiProperty({ required: false, enum: POSTING_ATTEMPT_STATUSES, enumName: 'PostingAttemptStatus' })
  @Omittable()
  @IsIn(POSTING_ATTEMPT_STATUSES)
  status?: PostingAttemptStatus;
}
