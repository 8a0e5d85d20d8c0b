import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { ISO_CURRENCY_CODES } from '../../onboarding/currency-codes';
import { MerchantRiskProfileResponseDto } from '../../onboarding/dto/merchant-terms-response.dto';
import {
  VELOCITY_SCOPES,
  VELOCITY_WINDOWS,
  type VelocityScope,
  type VelocityWindow,
} from '../../onboarding/merchant-terms.entities';

/** The rolling reserve of the pricing version in force. */
@ApiSchema({ name: 'MerchantReservePolicy' })
export class MerchantReservePolicyDto {
  /** Share of each payment held back, in basis points (500 = 5%). */
  @ApiProperty({ type: 'integer', example: 500 })
  reserveBps: number;

  /** Days a reserved amount is held before it is released. */
  @ApiProperty({ type: 'integer', example: 90 })
  reserveHoldDays: number;

  /** Since when this pricing version applies. */
  @ApiProperty({ format: 'date-time', example: '2026-11-01T00:00:00.000Z' })
  effectiveAt: string;
}

/**
 * The merchant's risk profile as the merchant sees it: the profile operations set (tier, reason,
 * caps; the admin routes' `MerchantRiskProfileResponse`) with the reserve policy in force and the
 * mode the caller reads.
 */
@ApiSchema({ name: 'MerchantRiskProfileView' })
export class MerchantRiskProfileViewDto extends MerchantRiskProfileResponseDto {
  /** Null until operations set a pricing version that is in force. */
  @ApiProperty({ type: MerchantReservePolicyDto, nullable: true })
  reservePolicy: MerchantReservePolicyDto | null;

  /** The mode the caller reads: an API key's own, live for a person of the team. */
  @ApiProperty({ example: false })
  livemode: boolean;
}

@ApiSchema({ name: 'MerchantVelocityLimit' })
export class MerchantVelocityLimitDto {
  @ApiProperty({ enum: VELOCITY_SCOPES, enumName: 'MerchantVelocityScope', example: 'MERCHANT' })
  scope: VelocityScope;

  @ApiProperty({ enum: VELOCITY_WINDOWS, enumName: 'MerchantVelocityWindow', example: 'HOUR' })
  window: VelocityWindow;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 100 })
  maxCount: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 50000000 })
  maxAmount: number | null;

  /** Payments counted in the trailing window; null for a CUSTOMER cap (each customer has their own). */
  @ApiProperty({ type: 'integer', nullable: true, example: 12 })
  usedCount: number | null;

  /** Their amount in minor units; null for a CUSTOMER cap. */
  @ApiProperty({ type: 'integer', nullable: true, example: 6000000 })
  usedAmount: number | null;

  /** max(0, maxCount - usedCount); null when the cap sets no count, or for a CUSTOMER cap. */
  @ApiProperty({ type: 'integer', nullable: true, example: 88 })
  remainingCount: number | null;

  /** max(0, maxAmount - usedAmount); null when the cap sets no amount, or for a CUSTOMER cap. */
  @ApiProperty({ type: 'integer', nullable: true, example: 44000000 })
  remainingAmount: number | null;

  /**
   * When the oldest payment still counted leaves the window (headroom comes back then); null when
   * nothing is counted, or for a CUSTOMER cap.
   */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-25T11:03:00.000Z' })
  nextReleaseAt: string | null;
}

@ApiSchema({ name: 'MerchantVelocityLimitsResponse' })
export class MerchantVelocityLimitsResponseDto {
  /** The moment the figures were computed at. */
  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:15:42.000Z' })
  asOf: string;

  /** The mode counted: an API key's own, live for a person of the team. */
  @ApiProperty({ example: true })
  livemode: boolean;

  @ApiProperty({ type: [MerchantVelocityLimitDto] })
  caps: MerchantVelocityLimitDto[];
}

export const KPI_MAX_DAYS = 90;

@ApiSchema({ name: 'MerchantRiskKpisQuery' })
export class MerchantRiskKpisQueryDto {
  /** The last N UTC days, today included: `1d` to `90d`. */
  @ApiProperty({ pattern: '^\\d{1,3}d$', example: '30d' })
  @IsString()
  @Matches(/^\d{1,3}d$/, { message: 'range must be a number of days such as 30d (1d to 90d)' })
  range: string;

  /** The currency counted; default the fee currency of the pricing in force, else NGN. */
  @ApiPropertyOptional({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @Omittable()
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency?: string;
}

/** One UTC day of the merchant's payments in one currency and mode. */
@ApiSchema({ name: 'MerchantRiskKpiDay' })
export class MerchantRiskKpiDayDto {
  @ApiProperty({ format: 'date', example: '2026-11-24' })
  date: string;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** Payments admitted that day and not declined (in flight ones included). */
  @ApiProperty({ type: 'integer', example: 42 })
  paymentCount: number;

  /** Their total, in minor units. */
  @ApiProperty({ type: 'integer', example: 21000000 })
  volume: number;

  /** volume / paymentCount, rounded half up to the minor unit; 0 on a day without payments. */
  @ApiProperty({ type: 'integer', example: 500000 })
  averageTicket: number;

  /**
   * Refunds per payment of the day, in basis points. Null: refunds of merchant payments are not
   * recorded anywhere yet (see the merchants README), so no rate is claimed.
   */
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  refundRateBps: number | null;

  /** Disputes per payment of the day, in basis points. Null for the same reason as refunds. */
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  disputeRateBps: number | null;
}
