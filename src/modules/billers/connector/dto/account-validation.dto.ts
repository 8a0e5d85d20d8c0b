import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AccountReferenceField } from '../../catalogue/dto/biller-request-fields';

@ApiSchema({ name: 'BillerAccountValidationRequest' })
export class BillerAccountValidationRequestDto {
  @AccountReferenceField({
    description: "The account reference (meter number, smartcard number, ...) in the biller's format.",
  })
  accountReference: string;
}

export const ACCOUNT_INVALID_REASONS = ['ACCOUNT_NOT_FOUND', 'ACCOUNT_REJECTED'] as const;
export type AccountInvalidReason = (typeof ACCOUNT_INVALID_REASONS)[number];

@ApiSchema({ name: 'BillerAccountValidationResponse' })
export class BillerAccountValidationResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  /** Whether the account exists and can be paid. */
  @ApiProperty({ example: true })
  valid: boolean;

  /** Why the account cannot be paid, when `valid` is false. */
  @ApiProperty({
    enum: ACCOUNT_INVALID_REASONS,
    enumName: 'AccountInvalidReason',
    nullable: true,
    example: null,
    type: String,
  })
  reason: AccountInvalidReason | null;

  /** The account holder's name as the biller reports it, masked (first letter of each word). */
  @ApiProperty({ type: String, nullable: true, example: 'J*** D**' })
  customerName: string | null;

  /** What the account owes, in minor units, when the biller reports it. */
  @ApiProperty({ type: 'integer', nullable: true, example: 1250000 })
  outstandingAmount: number | null;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /**
   * True when the biller itself was asked; false for billers that do not validate directly,
   * whose references are only checked against their format.
   */
  @ApiProperty({ example: true })
  checkedWithBiller: boolean;
}
