import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { KycSubmission } from '../kyc-submission.entity';
import type { TierLimits } from '../tier-limits';
import { KYC_TIERS, KycTier } from '../user.entity';

@ApiSchema({ name: 'PaymentLimits' })
export class PaymentLimitsDto {
  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The largest single payment, in the currency's minor unit. */
  @ApiProperty({ type: 'integer', example: 5000000 })
  perPayment: number;

  /** The most the customer may pay in a rolling day, in the currency's minor unit. */
  @ApiProperty({ type: 'integer', example: 20000000 })
  daily: number;
}

@ApiSchema({ name: 'KycTierResponse' })
export class KycTierResponseDto {
  @ApiProperty({ enum: KYC_TIERS, enumName: 'KycTier', example: 'TIER_1' })
  tier: KycTier;

  /** What the tier lets the customer pay in the home currency (the first of `limitsByCurrency`). */
  @ApiProperty({ type: PaymentLimitsDto })
  limits: PaymentLimitsDto;

  /** What the tier lets the customer pay in each currency that has limits; payments in any other currency are refused. */
  @ApiProperty({ type: [PaymentLimitsDto] })
  limitsByCurrency: PaymentLimitsDto[];

  /** The submission on record (a resubmission with different details gets a new id). */
  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01', format: 'uuid' })
  submissionId: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', format: 'date-time' })
  submittedAt: string;
}

export function toKycTierResponse(tier: KycTier, limits: TierLimits[], submission: KycSubmission): KycTierResponseDto {
  const byCurrency = limits.map((limit) => ({
    currency: limit.currency,
    perPayment: limit.perPayment,
    daily: limit.daily,
  }));
  return {
    tier,
    limits: byCurrency[0],
    limitsByCurrency: byCurrency,
    submissionId: submission.id,
    submittedAt: submission.createdAt.toISOString(),
  };
}
