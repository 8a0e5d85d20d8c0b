import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BillerCategory } from '../../catalogue/biller-category.entity';
import { AMOUNT_RULES, AmountRule, Biller } from '../../catalogue/biller.entity';
import { railFeeRule } from '../../catalogue/biller-fee';
import { PaymentRail } from '../../catalogue/payment-rail.entity';
import { AcceptedRailDto, toAcceptedRail } from '../../catalogue/dto/payment-rail-response.dto';

/**
 * What a payment to the biller by one rail is charged, and the amounts it may be: the biller's
 * fee rule plus the rail's, within both their bounds. The fee of an amount is
 * `feeFlat + amount x feePercentBps / 10,000`, the percent part rounded half up to a whole
 * minor unit; a payment of that amount by that rail is charged exactly that fee on top.
 */
@ApiSchema({ name: 'BillerRailFee' })
export class BillerRailFeeDto {
  /** The rail's code, as in `acceptedRails`. */
  @ApiProperty({ example: 'CARD' })
  rail: string;

  /** Flat part of the fee, in minor units: the biller's plus the rail's. */
  @ApiProperty({ type: 'integer', minimum: 0, example: 10000 })
  feeFlat: number;

  /** Percent part of the fee in basis points (100 = 1%) of the amount: the biller's plus the rail's. */
  @ApiProperty({ type: 'integer', minimum: 0, example: 150 })
  feePercentBps: number;

  /** Smallest amount payable by this rail, in minor units: the larger of the biller's and the rail's minimum. */
  @ApiProperty({ type: 'integer', minimum: 1, example: 100000 })
  minAmount: number;

  /**
   * Largest amount payable by this rail, in minor units: the smaller of the biller's and the
   * rail's maximum. Below `minAmount` when the two ranges do not meet: no amount can be paid by
   * this rail then.
   */
  @ApiProperty({ type: 'integer', minimum: 1, example: 50000000 })
  maxAmount: number;
}

/** Everything a customer needs to pay a biller. */
@ApiSchema({ name: 'BillerDetail' })
export class BillerDetailDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  id: string;

  @ApiProperty({ example: 'ikeja-electric' })
  slug: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  name: string;

  /** Other names the biller is known by. */
  @ApiProperty({ type: [String], example: ['IKEDC', 'Ikeja Electricity Distribution Company'] })
  aliases: string[];

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a02' })
  categoryId: string;

  @ApiProperty({ example: 'electricity' })
  categorySlug: string;

  @ApiProperty({ example: 'Electricity' })
  categoryName: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.example.com/billers/ikeja-electric.png' })
  logoUrl: string | null;

  @ApiProperty({ example: 'NG' })
  country: string;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The active payment rails the biller accepts. */
  @ApiProperty({ type: [AcceptedRailDto] })
  acceptedRails: AcceptedRailDto[];

  /**
   * For each of `acceptedRails`, in the same order, the fee a payment by it is charged and the
   * amounts it may be. Use these, not the biller's own `feeFlat`, `feePercentBps`, `minAmount`
   * and `maxAmount`, to show a customer what a payment costs.
   */
  @ApiProperty({
    type: [BillerRailFeeDto],
    example: [
      { rail: 'BANK_TRANSFER', feeFlat: 15000, feePercentBps: 0, minAmount: 100000, maxAmount: 50000000 },
      { rail: 'CARD', feeFlat: 10000, feePercentBps: 150, minAmount: 100000, maxAmount: 50000000 },
    ],
  })
  railFees: BillerRailFeeDto[];

  /** The biller's own flat fee, in minor units; a payment also pays its rail's (see `railFees`). */
  @ApiProperty({ type: 'integer', minimum: 0, example: 10000 })
  feeFlat: number;

  /** The biller's own percentage fee in basis points (100 = 1%); a payment also pays its rail's (see `railFees`). */
  @ApiProperty({ type: 'integer', minimum: 0, example: 0 })
  feePercentBps: number;

  /** The biller's smallest payment, in minor units; a rail may ask for more (see `railFees`). */
  @ApiProperty({ type: 'integer', minimum: 1, example: 100000 })
  minAmount: number;

  /** The biller's largest payment, in minor units; a rail may allow less (see `railFees`). */
  @ApiProperty({ type: 'integer', minimum: 1, example: 50000000 })
  maxAmount: number;

  /** What the biller calls the account reference. */
  @ApiProperty({ example: 'Meter number' })
  accountReferenceLabel: string;

  /** A regular expression the whole account reference must match. */
  @ApiProperty({ example: '\\d{11}' })
  accountReferencePattern: string;

  /**
   * How the amount relates to the amount due: `EXACT` it, `AT_LEAST` it, `AT_MOST` it, or
   * `ANY` amount between the minimum and the maximum.
   */
  @ApiProperty({ enum: AMOUNT_RULES, enumName: 'AmountRule', example: 'ANY' })
  amountRule: AmountRule;

  /** Whether account validation asks the biller itself (and can show the account holder's name). */
  @ApiProperty({ example: true })
  validatesDirectly: boolean;

  /** False while the biller is in an outage: validation and payments are refused. */
  @ApiProperty({ example: true })
  available: boolean;
}

export function toBillerDetail(biller: Biller, category: BillerCategory, rails: PaymentRail[]): BillerDetailDto {
  return {
    id: biller.id,
    slug: biller.slug,
    name: biller.name,
    aliases: biller.aliases,
    categoryId: category.id,
    categorySlug: category.slug,
    categoryName: category.name,
    logoUrl: biller.logoUrl,
    country: biller.country,
    currency: biller.currency,
    acceptedRails: rails.map(toAcceptedRail),
    railFees: rails.map((rail) => railFeeRule(biller, rail)),
    feeFlat: biller.feeFlat,
    feePercentBps: biller.feePercentBps,
    minAmount: biller.minAmount,
    maxAmount: biller.maxAmount,
    accountReferenceLabel: biller.accountReferenceLabel,
    accountReferencePattern: biller.accountReferencePattern,
    amountRule: biller.amountRule,
    validatesDirectly: biller.validatesDirectly,
    available: biller.available,
  };
}
