import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The windows a metric is computed over; `NOW` is a point-in-time gauge (outbox lag, queue depth). */
export const METRIC_WINDOWS = ['LAST_HOUR', 'TODAY', 'LAST_7_DAYS', 'NOW'] as const;
export type MetricWindow = (typeof METRIC_WINDOWS)[number];

export const METRIC_UNITS = ['count', 'minor_units', 'ratio', 'seconds', 'jobs'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/**
 * One figure of the operations dashboard. The names are stable:
 * `payments.count` and `payments.volume` (per `currency`), `payments.success_rate`,
 * `postings.failure_rate`, `postings.confirmation_seconds.p50` and `.p95`, `customers.active`
 * (per window), `outbox.lag_seconds` and `queue.depth` (per `queue`, window `NOW`).
 */
@ApiSchema({ name: 'AdminMetric' })
export class AdminMetricDto {
  @ApiProperty({ example: 'payments.volume' })
  name: string;

  /** The figure; null when it is undefined for the window (a rate with nothing to divide) or could not be read. */
  @ApiProperty({ type: Number, nullable: true, example: 2526000 })
  value: number | null;

  @ApiProperty({ enum: METRIC_UNITS, enumName: 'AdminMetricUnit', example: 'minor_units' })
  unit: MetricUnit;

  @ApiProperty({ enum: METRIC_WINDOWS, enumName: 'AdminMetricWindow', example: 'TODAY' })
  window: MetricWindow;

  /** When the figure was computed (the end of its window). */
  @ApiProperty({ format: 'date-time', example: '2026-11-24T21:30:00.000Z' })
  asOf: string;

  /** ISO 4217 currency of `payments.count` and `payments.volume`; null for the others. */
  @ApiProperty({ type: String, nullable: true, example: 'NGN' })
  currency: string | null;

  /** The Bull queue of `queue.depth`; null for the others. */
  @ApiProperty({ type: String, nullable: true, example: null })
  queue: string | null;
}
