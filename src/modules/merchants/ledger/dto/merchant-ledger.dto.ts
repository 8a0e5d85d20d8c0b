import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { toMinorUnits } from '../../../../platform/database/minor-units.transformer';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { ISO_CURRENCY_CODES } from '../../onboarding/currency-codes';
import type { MerchantLedgerView } from '../merchant-balances.service';

@ApiSchema({ name: 'MerchantLedgerQuery' })
export class MerchantLedgerQueryDto {
  /**
   * ISO 4217, upper case. Left out: the currency of the merchant's settlement account, or NGN (the
   * platform's fee currency) when it has none.
   */
  @ApiPropertyOptional({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @Omittable()
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency?: string;
}

@ApiSchema({ name: 'MerchantNextPayout' })
export class MerchantNextPayoutDto {
  /** The payout day (UTC); a payout pays what is available at the start of it. */
  @ApiProperty({ format: 'date', example: '2026-11-27' })
  date: string;

  /**
   * Available now plus what the scheduled releases make available by that day, minor units; 0 when that
   * is below the schedule's minimum payout amount (the money waits for a later payout).
   */
  @ApiProperty({ type: 'integer', example: 877500 })
  estimatedAmount: number;
}

@ApiSchema({ name: 'MerchantLedgerResponse' })
export class MerchantLedgerResponseDto {
  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** Captured, net of fee and reserve, waiting for the payout delay; minor units. */
  @ApiProperty({ type: 'integer', example: 877500 })
  pending: number;

  /** May be paid out; minor units. */
  @ApiProperty({ type: 'integer', example: 1250000 })
  available: number;

  /** The rolling reserve, each payment's share released to available after the hold; minor units. */
  @ApiProperty({ type: 'integer', example: 97500 })
  reserve: number;

  /** When the balances were read. */
  @ApiProperty({ format: 'date-time', example: '2026-11-26T10:00:00.000Z' })
  asOf: string;

  /** The API key's mode: test keys see the test balances, live keys the live ones. */
  @ApiProperty({ example: true })
  livemode: boolean;

  /**
   * The next automatic payout; null in test mode, on a MANUAL schedule, for a merchant not APPROVED, or
   * without a VERIFIED settlement account in this currency.
   */
  @ApiProperty({ type: MerchantNextPayoutDto, nullable: true })
  nextPayout: MerchantNextPayoutDto | null;
}

export function toMerchantLedgerResponse(view: MerchantLedgerView): MerchantLedgerResponseDto {
  return {
    currency: view.currency,
    pending: toMinorUnits(view.pending.toString()),
    available: toMinorUnits(view.available.toString()),
    reserve: toMinorUnits(view.reserve.toString()),
    asOf: view.asOf.toISOString(),
    livemode: view.livemode,
    nextPayout: view.nextPayout && {
      date: view.nextPayout.date.toISOString().slice(0, 10),
      estimatedAmount: toMinorUnits(view.nextPayout.estimatedAmount.toString()),
    },
  };
}
