import { MerchantAnalyticsError } from './merchant-analytics.errors';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The longest range: 365 days. */
export const MAX_RANGE_HOURS = 365 * 24;
/** The longest range hourly buckets are for: 7 days. */
export const MAX_HOURLY_RANGE_HOURS = 7 * 24;

export const ANALYTICS_BUCKETS = ['hour', 'day'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** A half-open UTC window [from, to) and the one just before it, of the same length. */
export interface AnalyticsWindow {
  from: Date;
  to: Date;
  previousFrom: Date;
}

/** `range` (`24h`, `30d`: `^\d{1,3}[hd]$`, 1 hour to 365 days) in hours; 400 INVALID_RANGE otherwise. */
export function rangeHours(range: string): number {
  const match = /^(\d{1,3})([hd])$/.exec(range);
  const hours = match ? Number(match[1]) * (match[2] === 'd' ? 24 : 1) : 0;
  if (hours < 1 || hours > MAX_RANGE_HOURS) {
    throw new MerchantAnalyticsError(
      'INVALID_RANGE',
      'range must be a number of hours or days such as 24h or 30d, from 1h to 365d',
      [{ field: 'range', message: range }],
    );
  }
  return hours;
}

function floorTo(at: Date, stepMs: number): number {
  return Math.floor(at.getTime() / stepMs) * stepMs;
}

/**
 * The last `hours` whole UTC hours up to now, the current hour included ([start of the current hour + 1h -
 * hours, start of the current hour + 1h)): the overview, rails and funnel count over it.
 */
export function hourWindow(now: Date, hours: number): AnalyticsWindow {
  const to = floorTo(now, HOUR_MS) + HOUR_MS;
  return windowOf(to, hours * HOUR_MS);
}

/**
 * The window of a series: `bucket=hour`, the last `hours` UTC hours (at most 7 days; 400 INVALID_BUCKET
 * beyond); `bucket=day`, the last ceil(hours / 24) UTC days, today included.
 */
export function seriesWindow(now: Date, hours: number, bucket: AnalyticsBucket): AnalyticsWindow {
  if (bucket === 'hour') {
    if (hours > MAX_HOURLY_RANGE_HOURS) {
      throw new MerchantAnalyticsError('INVALID_BUCKET', 'bucket=hour is for ranges of at most 7 days (168h)', [
        { field: 'bucket', message: 'hour' },
      ]);
    }
    return hourWindow(now, hours);
  }
  return windowOf(floorTo(now, DAY_MS) + DAY_MS, Math.ceil(hours / 24) * DAY_MS);
}

/** The UTC days of top customers: the last ceil(hours / 24) days, today included (first and last day, ISO dates). */
export function dayWindow(now: Date, hours: number): { fromDay: string; toDay: string } {
  const today = floorTo(now, DAY_MS);
  const from = today - (Math.ceil(hours / 24) - 1) * DAY_MS;
  return { fromDay: new Date(from).toISOString().slice(0, 10), toDay: new Date(today).toISOString().slice(0, 10) };
}

function windowOf(to: number, lengthMs: number): AnalyticsWindow {
  return { from: new Date(to - lengthMs), to: new Date(to), previousFrom: new Date(to - 2 * lengthMs) };
}

/** `part` of `whole` in basis points, rounded down; 0 when `whole` is 0. */
export function basisPoints(part: bigint, whole: bigint): number {
  return whole > 0n ? Number((part * 10_000n) / whole) : 0;
}
