import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, Matches } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { AccountReferenceField, BillerIdOrSlugField, SavedAccountIdField } from '../../../billers';
import { FundingAccountField, MinorUnitsAmountField, RailField } from './payment-request-fields';

/**
 * A one-time bill payment. Name the account either by `accountReference` or by one of your
 * `savedAccountId`s (not both). The amount is in the currency's minor unit and must be in the
 * biller's currency; the fee is added on top and shown in the response.
 */
@ApiSchema({ name: 'PaymentRequest' })
export class PaymentRequestDto {
  @BillerIdOrSlugField()
  biller: string;

  @AccountReferenceField({ optional: true })
  accountReference?: string;

  @SavedAccountIdField()
  savedAccountId?: string;

  @MinorUnitsAmountField({ example: 500000, description: 'Minor units (kobo for NGN).' })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code in upper case' })
  currency: string;

  @RailField({
    description: 'How the customer pays: `CARD`, `BANK_TRANSFER`, `MOBILE_MONEY`, `WALLET`, or another active rail.',
  })
  rail: string;

  @FundingAccountField({
    description:
      'The card number, bank account number, mobile money number or wallet id to take the funds\n' +
      'from. Only its last four characters are ever shown back. Sandbox test numbers force\n' +
      'outcomes (README, "Rail simulator").',
  })
  fundingAccount: string;

  /**
   * `true` pays again although the same biller, account and amount were paid moments ago
   * (409 POSSIBLE_DUPLICATE_PAYMENT otherwise). Optional: absent means `false`.
   */
  @ApiProperty({ required: false, example: false })
  @Omittable()
  @IsBoolean()
  confirmDuplicate?: boolean;
}
