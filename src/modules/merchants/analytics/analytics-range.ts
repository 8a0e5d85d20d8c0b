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

/** A range of the payers' daily rows added (+1) or taken off (-1); an unused one is empty (first day after last). */
export interface PayerRollupEdge {
  fromDay: string;
  toDay: string;
  sign: number;
}

/** Which payers' rollup rows make up the days [fromDay, toDay] of top customers (`AnalyticsTopCustomers`). */
export interface PayerRollupPlan {
  /** The months read whole from the monthly rollup, first and last (first day of each); none when from > to. */
  monthFrom: string;
  monthTo: string;
  /** Days of the daily rollup added (+1: inside the window, of an edge month not read whole) or taken off (-1:
   * outside the window, of an edge month read whole): two ranges at most, the unused ones empty. */
  edges: [PayerRollupEdge, PayerRollupEdge];
  /** The instant the window ends (midnight after toDay). */
  toEnd: Date;
}

/** An edge that reads nothing. */
export const NO_PAYER_ROLLUP_EDGE: PayerRollupEdge = { fromDay: '1970-01-02', toDay: '1970-01-01', sign: 0 };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthStart = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
const nextMonth = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() + 1, 1);
const previousMonth = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() - 1, 1);

/**
 * The rollup rows of a window of UTC days: every month the window covers whole from the monthly rollup; a month it
 * covers in part (at most two, its edges) either from its days inside the window, or whole from the monthly rollup
 * less its days outside the window, whichever reads fewer days. So a request reads payers x months plus at most
 * about half a month of payers' days at each edge, however long the range (the month of today is read whole
 * less the days after today, which hold nothing).
 */
export function payerRollupPlan(fromDay: string, toDay: string): PayerRollupPlan {
  const from = Date.parse(`${fromDay}T00:00:00Z`);
  const to = Date.parse(`${toDay}T00:00:00Z`);
  const edges: PayerRollupEdge[] = [];
  const edge = (first: number, last: number, sign: number) => {
    if (first <= last) edges.push({ fromDay: isoDay(first), toDay: isoDay(last), sign });
  };
  const firstMonth = monthStart(from);
  const lastMonth = monthStart(to);
  let monthFrom = firstMonth;
  let monthTo = lastMonth;
  if (firstMonth === lastMonth) {
    const inside = (to - from) / DAY_MS + 1;
    const outside = (nextMonth(firstMonth) - firstMonth) / DAY_MS - inside;
    if (outside < inside) {
      edge(firstMonth, from - DAY_MS, -1);
      edge(to + DAY_MS, nextMonth(firstMonth) - DAY_MS, -1);
    } else {
      edge(from, to, 1);
      monthFrom = nextMonth(firstMonth);
    }
  } else {
    // The first month: from `from` to its end inside, its days before `from` outside.
    const firstInside = (nextMonth(firstMonth) - from) / DAY_MS;
    const firstOutside = (from - firstMonth) / DAY_MS;
    if (firstOutside < firstInside) edge(firstMonth, from - DAY_MS, -1);
    else {
      edge(from, nextMonth(firstMonth) - DAY_MS, 1);
      monthFrom = nextMonth(firstMonth);
    }
    // The last month: from its start to `to` inside, its days after `to` outside.
    const lastInside = (to - lastMonth) / DAY_MS + 1;
    const lastOutside = (nextMonth(lastMonth) - lastMonth) / DAY_MS - lastInside;
    if (lastOutside < lastInside) edge(to + DAY_MS, nextMonth(lastMonth) - DAY_MS, -1);
    else {
      edge(lastMonth, to, 1);
      monthTo = previousMonth(lastMonth);
    }
  }
  return {
    monthFrom: isoDay(monthFrom),
    monthTo: isoDay(monthTo),
    edges: [edges[0] ?? NO_PAYER_ROLLUP_EDGE, edges[1] ?? NO_PAYER_ROLLUP_EDGE],
    toEnd: new Date(to + DAY_MS),
  };
}

function windowOf(to: number, lengthMs: number): AnalyticsWindow {
  return { from: new Date(to - lengthMs), to: new Date(to), previousFrom: new Date(to - 2 * lengthMs) };
}

/** `part` of `whole` in basis points, rounded down; 0 when `whole` is 0. */
export function basisPoints(part: bigint, whole: bigint): number {
  return whole > 0n ? Number((part * 10_000n) / whole) : 0;
}
