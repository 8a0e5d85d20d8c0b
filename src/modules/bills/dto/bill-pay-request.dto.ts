import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { FundingAccountField, MinorUnitsAmountField, RailField } from '../../payments';

/**
 * Pays one of your bills. The amount defaults to the amount due; the biller's amount rule
 * applies to it against the amount due (`EXACT`, `AT_LEAST`, `AT_MOST`, `ANY`). The fee is
 * added on top and shown in the response.
 */
@ApiSchema({ name: 'BillPayRequest' })
export class BillPayRequestDto {
  @MinorUnitsAmountField({
    optional: true,
    example: 1500000,
    description: "Minor units; defaults to the bill's amount due.",
  })
  amount?: number;

  @RailField({ description: 'How you pay: `CARD`, `BANK_TRANSFER`, `MOBILE_MONEY`, `WALLET`, or another active rail.' })
  rail: string;

  @FundingAccountField({
    description:
      'The card, bank account, mobile money number or wallet id to take the funds from; only its last four characters are shown back.',
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
