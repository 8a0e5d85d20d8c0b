import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';

export const FUNNEL_STEPS = [
  'REGISTERED',
  'VERIFIED',
  'PIN_SET',
  'KYC_TIER_1',
  'FIRST_PAYMENT',
  'SECOND_PAYMENT',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** A calendar date or an ISO 8601 instant with its offset; the service checks the date is real. */
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const DATE_OR_INSTANT_MESSAGE = 'must be a date (YYYY-MM-DD) or an ISO 8601 instant with its offset';

export class FunnelMetricsQueryDto {
  /**
   * Start of the registration window: a calendar date (`YYYY-MM-DD`, from its midnight in the
   * business time zone) or an ISO 8601 instant with its offset. Default: 30 days before `to`.
   */
  @ApiProperty({ required: false, example: '2026-11-01', pattern: DATE_OR_INSTANT.source })
  @Omittable()
  @IsString()
  @MaxLength(40)
  @Matches(DATE_OR_INSTANT, { message: `from ${DATE_OR_INSTANT_MESSAGE}` })
  from?: string;

  /**
   * End of the window: a calendar date (included: up to the next midnight in the business time
   * zone) or an ISO 8601 instant (excluded). Default: now.
   */
  @ApiProperty({ required: false, example: '2026-11-24', pattern: DATE_OR_INSTANT.source })
  @Omittable()
  @IsString()
  @MaxLength(40)
  @Matches(DATE_OR_INSTANT, { message: `to ${DATE_OR_INSTANT_MESSAGE}` })
  to?: string;
}

@ApiSchema({ name: 'FunnelStepMetric' })
export class FunnelStepMetricDto {
  @ApiProperty({ enum: FUNNEL_STEPS, enumName: 'FunnelStep', example: 'PIN_SET' })
  step: FunnelStep;

  /** Members of the cohort who reached this step and every step before it. */
  @ApiProperty({ type: 'integer', example: 640 })
  count: number;

  /** `count` over the previous step's count (1 for the first step), to 4 decimals; null when that is 0. */
  @ApiProperty({ type: Number, nullable: true, example: 0.8 })
  conversionFromPrevious: number | null;

  /** `count` over the first step's count, to 4 decimals; null when that is 0. */
  @ApiProperty({ type: Number, nullable: true, example: 0.64 })
  conversionFromFirst: number | null;
}

@ApiSchema({ name: 'FunnelMetricsResponse' })
export class FunnelMetricsResponseDto {
  /** The registration window's start (included). */
  @ApiProperty({ format: 'date-time', example: '2026-10-31T23:00:00.000Z' })
  from: string;

  /** The registration window's end (excluded). */
  @ApiProperty({ format: 'date-time', example: '2026-11-24T23:00:00.000Z' })
  to: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T21:30:00.000Z' })
  asOf: string;

  /** REGISTERED, VERIFIED, PIN_SET, KYC_TIER_1, FIRST_PAYMENT, SECOND_PAYMENT, in that order. */
  @ApiProperty({ type: [FunnelStepMetricDto] })
  steps: FunnelStepMetricDto[];
}
