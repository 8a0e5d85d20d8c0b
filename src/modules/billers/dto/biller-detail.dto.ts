import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BillerCategory } from '../biller-category.entity';
import { AMOUNT_RULES, AmountRule, Biller } from '../biller.entity';
import { PaymentRail } from '../payment-rail.entity';
import { AcceptedRailDto, toAcceptedRail } from './payment-rail-response.dto';

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

  /** Flat fee per payment, in minor units. */
  @ApiProperty({ example: 10000 })
  feeFlat: number;

  /** Percentage fee in basis points (100 = 1%), added to the flat fee. */
  @ApiProperty({ example: 0 })
  feePercentBps: number;

  /** Smallest payment, in minor units. */
  @ApiProperty({ example: 100000 })
  minAmount: number;

  /** Largest payment, in minor units. */
  @ApiProperty({ example: 50000000 })
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
