import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { ISO_CURRENCY_CODES } from '../../onboarding/currency-codes';
import { ANALYTICS_BUCKETS, type AnalyticsBucket } from '../analytics-range';

export const ANALYTICS_METRICS = ['volume', 'count', 'fees', 'refunds', 'net'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

export const TOP_CUSTOMERS_DEFAULT_LIMIT = 10;
export const TOP_CUSTOMERS_MAX_LIMIT = 50;

const RANGE_DESCRIPTION =
  'The last N hours or days (`24h`, `30d`), up to 365 days; 400 INVALID_RANGE otherwise. UTC, the current hour (or day) included.';
const CURRENCY_DESCRIPTION =
  "ISO 4217, upper case. Left out: the currency of the merchant's settlement account, else NGN (the platform's fee currency).";

/** `range` and `currency` of the money routes; `range` is checked by the service (400 INVALID_RANGE). */
@ApiSchema({ name: 'MerchantAnalyticsQuery' })
export class MerchantAnalyticsQueryDto {
  @ApiPropertyOptional({ description: RANGE_DESCRIPTION, pattern: '^\\d{1,3}[hd]$', example: '7d' })
  @Omittable()
  @IsString()
  @MaxLength(10)
  range?: string;

  @ApiPropertyOptional({ description: CURRENCY_DESCRIPTION, enum: ISO_CURRENCY_CODES, example: 'NGN' })
  @Omittable()
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency?: string;
}

@ApiSchema({ name: 'MerchantAnalyticsTimeseriesQuery' })
export class MerchantAnalyticsTimeseriesQueryDto extends MerchantAnalyticsQueryDto {
  /** What each point sums: `net` is volume - fees - refunds. */
  @ApiPropertyOptional({ enum: ANALYTICS_METRICS, default: 'volume', example: 'volume' })
  @Omittable()
  @IsIn(ANALYTICS_METRICS, { message: `metric must be one of ${ANALYTICS_METRICS.join(', ')}` })
  metric?: AnalyticsMetric;

  /** One point per UTC hour (ranges up to 7 days; 400 INVALID_BUCKET beyond) or per UTC day. */
  @ApiPropertyOptional({ enum: ANALYTICS_BUCKETS, default: 'hour', example: 'day' })
  @Omittable()
  @IsIn(ANALYTICS_BUCKETS, { message: 'bucket must be hour or day' })
  bucket?: AnalyticsBucket;
}

/** `range` of the funnel (every currency counted). */
@ApiSchema({ name: 'MerchantAnalyticsFunnelQuery' })
export class MerchantAnalyticsFunnelQueryDto {
  @ApiPropertyOptional({ description: RANGE_DESCRIPTION, pattern: '^\\d{1,3}[hd]$', example: '30d' })
  @Omittable()
  @IsString()
  @MaxLength(10)
  range?: string;
}

@ApiSchema({ name: 'MerchantTopCustomersQuery' })
export class MerchantTopCustomersQueryDto extends MerchantAnalyticsQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: TOP_CUSTOMERS_MAX_LIMIT,
    default: TOP_CUSTOMERS_DEFAULT_LIMIT,
    example: 10,
  })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(TOP_CUSTOMERS_MAX_LIMIT, { message: `limit must be at most ${TOP_CUSTOMERS_MAX_LIMIT}` })
  limit?: number;
}

/** The figures of one period; money in minor units of `currency`. */
@ApiSchema({ name: 'MerchantAnalyticsPeriod' })
export class MerchantAnalyticsPeriodDto {
  /** Start of the period (UTC, inclusive). */
  @ApiProperty({ format: 'date-time', example: '2026-11-19T11:00:00.000Z' })
  from: string;

  /** End of the period (UTC, exclusive). */
  @ApiProperty({ format: 'date-time', example: '2026-11-26T11:00:00.000Z' })
  to: string;

  /** Succeeded payments' amounts. */
  @ApiProperty({ type: 'integer', example: 12500000 })
  gross: number;

  /** gross - fees - refunds. */
  @ApiProperty({ type: 'integer', example: 12237500 })
  net: number;

  /** The merchant's fees on those payments. */
  @ApiProperty({ type: 'integer', example: 262500 })
  fees: number;

  /** Succeeded payments. */
  @ApiProperty({ type: 'integer', example: 25 })
  count: number;

  /** Refunded to payers in the period: the refunds the rail confirmed, each at the time it confirmed it. */
  @ApiProperty({ type: 'integer', example: 0 })
  refunds: number;

  /** gross / count, rounded half up to the minor unit; 0 without payments. */
  @ApiProperty({ type: 'integer', example: 500000 })
  averageTicket: number;

  /** Succeeded out of succeeded and failed payments, basis points rounded down; 0 without payments. */
  @ApiProperty({ type: 'integer', example: 9615 })
  successRateBps: number;
}

@ApiSchema({ name: 'MerchantAnalyticsOverviewResponse' })
export class MerchantAnalyticsOverviewResponseDto extends MerchantAnalyticsPeriodDto {
  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The API key's mode. */
  @ApiProperty({ example: true })
  livemode: boolean;

  /** The same figures over the period of the same length just before. */
  @ApiProperty({ type: MerchantAnalyticsPeriodDto })
  previousPeriod: MerchantAnalyticsPeriodDto;
}

@ApiSchema({ name: 'MerchantAnalyticsPoint' })
export class MerchantAnalyticsPointDto {
  /** Start of the bucket (UTC). */
  @ApiProperty({ format: 'date-time', example: '2026-11-26T00:00:00.000Z' })
  t: string;

  /** The metric over the bucket: minor units, or a number of payments for `count`; 0 for a bucket without any. */
  @ApiProperty({ type: 'integer', example: 1250000 })
  value: number;
}

@ApiSchema({ name: 'MerchantAnalyticsTimeseriesResponse' })
export class MerchantAnalyticsTimeseriesResponseDto {
  @ApiProperty({ enum: ANALYTICS_METRICS, example: 'volume' })
  metric: AnalyticsMetric;

  @ApiProperty({ enum: ANALYTICS_BUCKETS, example: 'day' })
  bucket: AnalyticsBucket;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** Every bucket of the range, oldest first, zero-filled. */
  @ApiProperty({ type: [MerchantAnalyticsPointDto] })
  points: MerchantAnalyticsPointDto[];
}

@ApiSchema({ name: 'MerchantRailMixResponse' })
export class MerchantRailMixDto {
  @ApiProperty({ example: 'CARD' })
  rail: string;

  /** Succeeded payments on the rail. */
  @ApiProperty({ type: 'integer', example: 20 })
  count: number;

  /** Their amounts, minor units. */
  @ApiProperty({ type: 'integer', example: 10000000 })
  volume: number;

  /** The rail's share of the volume, basis points rounded down (the shares may add up to a little under 10000). */
  @ApiProperty({ type: 'integer', example: 8000 })
  shareBps: number;
}

@ApiSchema({ name: 'MerchantFunnelApi' })
export class MerchantFunnelApiDto {
  /** Sessions the merchant's server opened through the API. */
  @ApiProperty({ type: 'integer', example: 40 })
  opened: number;

  @ApiProperty({ type: 'integer', example: 31 })
  completed: number;
}

@ApiSchema({ name: 'MerchantFunnelResponse' })
export class MerchantFunnelResponseDto {
  /** Views of the merchant's payment links' pages (one per visitor and link every 30 minutes). */
  @ApiProperty({ type: 'integer', example: 200 })
  linkViews: number;

  /** Sessions opened from payment links. */
  @ApiProperty({ type: 'integer', example: 120 })
  sessionsOpened: number;

  /** Of payment links' sessions, those paid (counted when paid, whenever opened). */
  @ApiProperty({ type: 'integer', example: 90 })
  sessionsCompleted: number;

  /** sessionsOpened / linkViews, basis points rounded down; 0 without views. */
  @ApiProperty({ type: 'integer', example: 6000 })
  viewToOpenBps: number;

  /** sessionsCompleted / sessionsOpened, basis points rounded down; 0 without sessions. */
  @ApiProperty({ type: 'integer', example: 7500 })
  openToCompleteBps: number;

  @ApiProperty({ type: MerchantFunnelApiDto })
  api: MerchantFunnelApiDto;
}

@ApiSchema({ name: 'MerchantTopCustomersResponse' })
export class MerchantTopCustomerDto {
  /**
   * A stable key of the payer: a digest of the session's customer e-mail when the merchant gave one, else of the
   * payment's masked funding account (payers with the same masked card count as one).
   */
  @ApiProperty({ example: '5f0c3a9e1b7d4e2a8c6f0b1d3e5a7c9f' })
  customerKey: string;

  /** `j***@example.com`, or the masked funding account (`Visa ****4242`). */
  @ApiProperty({ example: 'j***@example.com' })
  displayMasked: string;

  @ApiProperty({ type: 'integer', example: 4 })
  paymentCount: number;

  /** Minor units. */
  @ApiProperty({ type: 'integer', example: 2000000 })
  volume: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T14:03:11.000Z' })
  lastPaidAt: string;
}

@ApiSchema({ name: 'MerchantSettlementAccountSummary' })
export class MerchantSettlementAccountSummaryDto {
  /** The bank's name for its CBN code; null for a code this service does not name. */
  @ApiProperty({ type: String, nullable: true, example: 'Access Bank' })
  bankName: string | null;

  @ApiProperty({ example: '0042' })
  last4: string;

  @ApiProperty({ enum: ['PENDING_VERIFICATION', 'VERIFIED', 'REJECTED'], example: 'VERIFIED' })
  status: string;
}

@ApiSchema({ name: 'MerchantPayoutScheduleResponse' })
export class MerchantPayoutScheduleResponseDto {
  @ApiProperty({ enum: ['DAILY', 'WEEKLY', 'MONTHLY', 'MANUAL'], example: 'DAILY' })
  interval: string;

  /** Days a captured payment's net stays pending. */
  @ApiProperty({ type: 'integer', example: 1 })
  delayDays: number;

  /** The weekday of a WEEKLY schedule, or the day of the month of a MONTHLY one; empty otherwise. */
  @ApiProperty({ type: [String], example: [] })
  anchors: string[];

  /** Minor units of `currency`. */
  @ApiProperty({ type: 'integer', example: 0 })
  minimumPayoutAmount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** As `GET /merchant/ledger` gives it; null in test mode, on a MANUAL schedule, without an APPROVED merchant or a VERIFIED settlement account. */
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-11-27' })
  nextPayoutDate: string | null;

  /** What that payout would pay, minor units; null when there is no next payout. */
  @ApiProperty({ type: 'integer', nullable: true, example: 877500 })
  estimatedAmount: number | null;

  @ApiProperty({ type: MerchantSettlementAccountSummaryDto, nullable: true })
  settlementAccount: MerchantSettlementAccountSummaryDto | null;

  /** The latest payouts, newest first: empty until payouts are made. */
  @ApiProperty({ type: [Object], example: [] })
  recentPayouts: Record<string, unknown>[];
}
