import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, Matches } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { AccountReferenceField, BillerIdOrSlugField } from '../../billers';
import { IsPhoneNumberE164 } from '../../identity';
import { MinorUnitsAmountField } from '../../payments';

/**
 * A cash payment an agent makes for a walk-in customer, from the agent's float. With
 * `customerPhone` of a registered customer, the payment also shows in their history and they
 * get its notices and receipt.
 */
@ApiSchema({ name: 'AgentPaymentRequest' })
export class AgentPaymentRequestDto {
  /** The walk-in customer's phone, E.164; optional. */
  @ApiProperty({ required: false, example: '+2348031234567' })
  @IsPhoneNumberE164()
  @Omittable()
  customerPhone?: string;

  @BillerIdOrSlugField()
  biller: string;

  @AccountReferenceField()
  accountReference: string;

  @MinorUnitsAmountField({ example: 500000, description: 'Minor units of `currency`: the cash taken, before the fee.' })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code in upper case' })
  currency: string;

  /**
   * `true` pays again although the same biller, account and amount were paid moments ago
   * (409 POSSIBLE_DUPLICATE_PAYMENT otherwise). Optional: absent means `false`.
   */
  @ApiProperty({ required: false, example: false })
  @Omittable()
  @IsBoolean()
  confirmDuplicate?: boolean;
}
