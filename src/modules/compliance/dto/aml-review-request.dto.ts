import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export const AML_DECISIONS = ['CLEAR', 'ESCALATE', 'REPORT'] as const;
export type AmlDecision = (typeof AML_DECISIONS)[number];

/**
 * A reviewer's decision on every open AML flag of one transaction: `CLEAR` (no concern: a
 * held payment is released to posting), `ESCALATE` (kept in the queue for a senior review; a
 * held payment stays held), `REPORT` (reported: a held payment fails and its funds are
 * returned; a report entry is recorded).
 */
@ApiSchema({ name: 'AmlReviewRequest' })
export class AmlReviewRequestDto {
  @ApiProperty({ enum: AML_DECISIONS, enumName: 'AmlDecision', example: 'CLEAR' })
  @IsIn(AML_DECISIONS)
  decision: AmlDecision;

  /** Why, for the audit trail and any report. */
  @ApiProperty({
    minLength: 1,
    maxLength: 2000,
    example: 'Salary-day payment of a known business customer; matches their usual pattern.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @Matches(/\S/, { message: 'note must not be blank' })
  note: string;
}
