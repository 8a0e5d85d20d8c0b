import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { ACCOUNT_REFERENCE_CHARACTERS, MAX_ACCOUNT_REFERENCE_LENGTH } from '../../billers';

/**
 * A one-time bill payment. Name the account either by `accountReference` or by one of your
 * `savedAccountId`s (not both). The amount is in the currency's minor unit and must be in the
 * biller's currency; the fee is added on top and shown in the response.
 */
@ApiSchema({ name: 'PaymentRequest' })
export class PaymentRequestDto {
  /** The biller's id or slug. */
  @ApiProperty({ example: 'ikeja-electric' })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  @Matches(/^[A-Za-z0-9-]+$/, { message: 'biller must be a biller id or slug' })
  biller: string;

  /** Must have the biller's format (its `accountReferencePattern`). */
  @ApiProperty({ required: false, example: '45010001234' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_ACCOUNT_REFERENCE_LENGTH)
  @Matches(ACCOUNT_REFERENCE_CHARACTERS, { message: 'accountReference must contain printable characters only' })
  accountReference?: string;

  /** One of your saved accounts, instead of `accountReference`. */
  @ApiProperty({ required: false, format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a04' })
  @Omittable()
  @IsUUID()
  savedAccountId?: string;

  /** Minor units (kobo for NGN). */
  @ApiProperty({ type: 'integer', example: 500000, minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount: number;

  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code in upper case' })
  currency: string;

  /** How the customer pays: `CARD`, `BANK_TRANSFER`, `MOBILE_MONEY`, `WALLET`, or another active rail. */
  @ApiProperty({ example: 'CARD' })
  @Matches(/^[A-Z][A-Z0-9_]{1,31}$/, { message: 'rail must be a rail code such as CARD' })
  rail: string;

  /**
   * The card number, bank account number, mobile money number or wallet id to take the funds
   * from. Only its last four characters are ever shown back. Sandbox test numbers force
   * outcomes (README, "Rail simulator").
   */
  @ApiProperty({ example: '4242424242424242' })
  @IsString()
  @Matches(/^\+?[0-9A-Za-z-]{4,34}$/, { message: 'fundingAccount must be 4-34 letters, digits or dashes' })
  fundingAccount: string;

  /** Pay again although the same biller, account and amount were paid moments ago. */
  @ApiProperty({ required: false, example: false })
  @Omittable()
  @IsBoolean()
  confirmDuplicate?: boolean;
}
