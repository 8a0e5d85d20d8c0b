import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AMOUNT_RULES, AmountRule } from '../../catalogue/biller.entity';

/** A biller as the directory lists it. */
@ApiSchema({ name: 'BillerSummary' })
export class BillerSummaryDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  id: string;

  @ApiProperty({ example: 'ikeja-electric' })
  slug: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  name: string;

  @ApiProperty({ example: 'electricity' })
  categorySlug: string;

  @ApiProperty({ example: 'Electricity' })
  categoryName: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.example.com/billers/ikeja-electric.png' })
  logoUrl: string | null;

  /** ISO 3166-1 alpha-2. */
  @ApiProperty({ example: 'NG' })
  country: string;

  /** ISO 4217; the biller's amounts are in its minor unit. */
  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** What the biller calls the account reference. */
  @ApiProperty({ example: 'Meter number' })
  accountReferenceLabel: string;

  @ApiProperty({ enum: AMOUNT_RULES, enumName: 'AmountRule', example: 'ANY' })
  amountRule: AmountRule;

  /** False while the biller is in an outage: listed, but validation and payments are refused. */
  @ApiProperty({ example: true })
  available: boolean;
}
