import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  PAYOUT_INTERVALS,
  SETTLEMENT_ACCOUNT_STATUSES,
  VELOCITY_SCOPES,
  VELOCITY_WINDOWS,
  WEEKDAYS,
  type MerchantPricingVersion,
  type MerchantSettlementAccount,
  type MerchantVelocityCap,
  type PayoutInterval,
  type SettlementAccountStatus,
  type VelocityScope,
  type VelocityWindow,
  type Weekday,
} from '../merchant-terms.entities';
import { RISK_TIERS, type Merchant, type RiskTier } from '../merchant.entity';

@ApiSchema({ name: 'MerchantPayoutScheduleView' })
export class PayoutScheduleViewDto {
  @ApiProperty({ enum: PAYOUT_INTERVALS, enumName: 'MerchantPayoutInterval', example: 'WEEKLY' })
  interval: PayoutInterval;

  @ApiProperty({ type: 'integer', example: 1 })
  delayDays: number;

  @ApiProperty({ type: String, enum: WEEKDAYS, nullable: true, example: 'FRIDAY' })
  weeklyAnchor: Weekday | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  monthlyAnchor: number | null;
}

@ApiSchema({ name: 'MerchantPricing' })
export class MerchantPricingDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a50' })
  id: string;

  @ApiProperty({ type: 'integer', example: 150 })
  feeBps: number;

  @ApiProperty({ type: 'integer', example: 10000 })
  feeFixed: number;

  @ApiProperty({ type: 'integer', nullable: true, example: 200000 })
  feeCap: number | null;

  @ApiProperty({ example: 'NGN' })
  feeCurrency: string;

  @ApiProperty({ type: 'integer', example: 500 })
  reserveBps: number;

  @ApiProperty({ type: 'integer', example: 90 })
  reserveHoldDays: number;

  @ApiProperty({ type: PayoutScheduleViewDto })
  payoutSchedule: PayoutScheduleViewDto;

  @ApiProperty({ type: 'integer', example: 100000 })
  minimumPayoutAmount: number;

  @ApiProperty({ format: 'date-time', example: '2026-12-01T00:00:00.000Z' })
  effectiveAt: string;
}

/** The settlement account, masked: the full number never leaves the service. */
@ApiSchema({ name: 'MerchantSettlementAccount' })
export class MerchantSettlementAccountDto {
  @ApiProperty({ example: '058' })
  bankCode: string;

  @ApiProperty({ example: '6789' })
  accountNumberLast4: string;

  @ApiProperty({ example: 'ACME FOODS LTD' })
  accountName: string;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({
    enum: SETTLEMENT_ACCOUNT_STATUSES,
    enumName: 'MerchantSettlementAccountStatus',
    example: 'PENDING_VERIFICATION',
  })
  status: SettlementAccountStatus;

  /** Payouts wait until then after a change (72 hours). */
  @ApiProperty({ format: 'date-time', example: '2026-11-28T10:00:00.000Z' })
  payoutsHeldUntil: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:00:00.000Z' })
  updatedAt: string;
}

@ApiSchema({ name: 'MerchantVelocityCapView' })
export class VelocityCapViewDto {
  @ApiProperty({ enum: VELOCITY_SCOPES, enumName: 'MerchantVelocityScope', example: 'MERCHANT' })
  scope: VelocityScope;

  @ApiProperty({ enum: VELOCITY_WINDOWS, enumName: 'MerchantVelocityWindow', example: 'DAY' })
  window: VelocityWindow;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 500 })
  maxCount: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 500000000 })
  maxAmount: number | null;
}

@ApiSchema({ name: 'MerchantRiskProfileResponse' })
export class MerchantRiskProfileResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  merchantId: string;

  @ApiProperty({ enum: RISK_TIERS, enumName: 'MerchantRiskTier', example: 'STANDARD' })
  tier: RiskTier;

  @ApiProperty({ type: String, nullable: true, example: null })
  reason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  tierUpdatedAt: string | null;

  /** Enforced on the merchant's payments, each mode counted apart (see GET /merchant/risk/limits). */
  @ApiProperty({ type: [VelocityCapViewDto] })
  velocityCaps: VelocityCapViewDto[];
}

export function toPricing(version: MerchantPricingVersion): MerchantPricingDto {
  return {
    id: version.id,
    feeBps: version.feeBps,
    feeFixed: version.feeFixed,
    feeCap: version.feeCap,
    feeCurrency: version.feeCurrency,
    reserveBps: version.reserveBps,
    reserveHoldDays: version.reserveHoldDays,
    payoutSchedule: {
      interval: version.payoutInterval,
      delayDays: version.payoutDelayDays,
      weeklyAnchor: version.payoutWeeklyAnchor,
      monthlyAnchor: version.payoutMonthlyAnchor,
    },
    minimumPayoutAmount: version.minimumPayoutAmount,
    effectiveAt: version.effectiveAt.toISOString(),
  };
}

export function toSettlementAccount(account: MerchantSettlementAccount): MerchantSettlementAccountDto {
  return {
    bankCode: account.bankCode,
    accountNumberLast4: account.accountNumberLast4,
    accountName: account.accountName,
    currency: account.currency,
    status: account.status,
    payoutsHeldUntil: account.payoutsHeldUntil.toISOString(),
    updatedAt: account.createdAt.toISOString(),
  };
}

export function toRiskProfile(
  merchant: Merchant,
  caps: readonly MerchantVelocityCap[],
): MerchantRiskProfileResponseDto {
  return {
    merchantId: merchant.id,
    tier: merchant.riskTier,
    reason: merchant.riskReason,
    tierUpdatedAt: merchant.riskUpdatedAt?.toISOString() ?? null,
    velocityCaps: caps.map((cap) => ({
      scope: cap.scope,
      window: cap.window,
      currency: cap.currency,
      maxCount: cap.maxCount,
      maxAmount: cap.maxAmount,
    })),
  };
}
