import {
  basisPoints,
  DAY_MS,
  dayWindow,
  hourWindow,
  NO_PAYER_ROLLUP_EDGE,
  payerRollupPlan,
  type PayerRollupPlan,
  rangeHours,
  seriesWindow,
} from './analytics-range';
import { MerchantAnalyticsError } from './merchant-analytics.errors';

describe('analytics ranges', () => {
  const now = new Date('2026-11-26T10:42:13.000Z');

  it('reads hours and days, 1h to 365d', () => {
    expect(rangeHours('1h')).toBe(1);
    expect(rangeHours('24h')).toBe(24);
    expect(rangeHours('7d')).toBe(168);
    expect(rangeHours('365d')).toBe(8760);
    expect(rangeHours('999h')).toBe(999);
  });

  it.each(['', '0h', '0d', '366d', '8761h', '1000d', '7w', '7D', ' 7d', '7d ', '-1d', '1.5d', 'd'])(
    'refuses %j with INVALID_RANGE',
    (range) => {
      expect(() => rangeHours(range)).toThrow(MerchantAnalyticsError);
      try {
        rangeHours(range);
      } catch (error) {
        expect((error as MerchantAnalyticsError).code).toBe('INVALID_RANGE');
      }
    },
  );

  it('counts whole UTC hours, the current one included, and the period before', () => {
    expect(hourWindow(now, 24)).toEqual({
      from: new Date('2026-11-25T11:00:00.000Z'),
      to: new Date('2026-11-26T11:00:00.000Z'),
      previousFrom: new Date('2026-11-24T11:00:00.000Z'),
    });
  });

  it('buckets a series by hour up to 7 days, by UTC day beyond', () => {
    expect(seriesWindow(now, 168, 'hour').from).toEqual(new Date('2026-11-19T11:00:00.000Z'));
    expect(() => seriesWindow(now, 169, 'hour')).toThrow(MerchantAnalyticsError);
    expect(seriesWindow(now, 7 * 24, 'day')).toMatchObject({
      from: new Date('2026-11-20T00:00:00.000Z'),
      to: new Date('2026-11-27T00:00:00.000Z'),
    });
    // 30 hours by day: two days, today included.
    expect(seriesWindow(now, 30, 'day').from).toEqual(new Date('2026-11-25T00:00:00.000Z'));
  });

  it('gives top customers whole UTC days, today included', () => {
    expect(dayWindow(now, 30 * 24)).toEqual({ fromDay: '2026-10-28', toDay: '2026-11-26' });
    expect(dayWindow(now, 1)).toEqual({ fromDay: '2026-11-26', toDay: '2026-11-26' });
  });

  describe("the payers' rollup rows of a window of days", () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    /** How many times each day is counted by the plan: +1 per month read whole, +-1 per edge day. */
    function countedDays(plan: PayerRollupPlan): Map<number, number> {
      const counted = new Map<number, number>();
      const add = (at: number, sign: number) => counted.set(at, (counted.get(at) ?? 0) + sign);
      for (let month = day(plan.monthFrom); month <= day(plan.monthTo);) {
        const next = new Date(month);
        next.setUTCMonth(next.getUTCMonth() + 1);
        for (let at = month; at < next.getTime(); at += DAY_MS) add(at, 1);
        month = next.getTime();
      }
      for (const edge of plan.edges) {
        for (let at = day(edge.fromDay); at <= day(edge.toDay); at += DAY_MS) add(at, edge.sign);
      }
      return counted;
    }

    it('reads the whole months from the monthly rows and the edges from the days, the shorter way', () => {
      // 365 days to 2026-11-26: 2025-11-27..30 by day, December to November whole, less 2026-11-27..30.
      expect(payerRollupPlan('2025-11-27', '2026-11-26')).toEqual({
        monthFrom: '2025-12-01',
        monthTo: '2026-11-01',
        edges: [
          { fromDay: '2025-11-27', toDay: '2025-11-30', sign: 1 },
          { fromDay: '2026-11-27', toDay: '2026-11-30', sign: -1 },
        ],
        toEnd: new Date('2026-11-27T00:00:00.000Z'),
      });
      // 30 days to 2026-11-26: October's last 4 days, November less its last 4.
      expect(payerRollupPlan('2026-10-28', '2026-11-26')).toMatchObject({
        monthFrom: '2026-11-01',
        monthTo: '2026-11-01',
        edges: [
          { fromDay: '2026-10-28', toDay: '2026-10-31', sign: 1 },
          { fromDay: '2026-11-27', toDay: '2026-11-30', sign: -1 },
        ],
      });
      // Early in a month: its few days by day, no month read.
      expect(payerRollupPlan('2026-11-02', '2026-11-03')).toMatchObject({
        monthFrom: '2026-12-01',
        monthTo: '2026-11-01',
        edges: [{ fromDay: '2026-11-02', toDay: '2026-11-03', sign: 1 }, NO_PAYER_ROLLUP_EDGE],
      });
      // Whole months: no day at all.
      expect(payerRollupPlan('2026-02-01', '2026-03-31')).toMatchObject({
        monthFrom: '2026-02-01',
        monthTo: '2026-03-01',
        edges: [NO_PAYER_ROLLUP_EDGE, NO_PAYER_ROLLUP_EDGE],
      });
    });

    it('counts every day of any window once and no other day, reading at most half a month of days per edge', () => {
      const wrong: string[] = [];
      const first = day('2024-01-20');
      for (let from = first; from < first + 800 * DAY_MS; from += 3 * DAY_MS) {
        for (const length of [1, 2, 7, 14, 15, 16, 28, 29, 30, 31, 45, 60, 90, 180, 365]) {
          const to = from + (length - 1) * DAY_MS;
          const fromDay = new Date(from).toISOString().slice(0, 10);
          const toDay = new Date(to).toISOString().slice(0, 10);
          const plan = payerRollupPlan(fromDay, toDay);
          const counted = countedDays(plan);
          for (const [at, times] of counted) {
            if (times !== (at >= from && at <= to ? 1 : 0)) wrong.push(`${fromDay}..${toDay}: ${at} counted ${times}`);
          }
          for (let at = from; at <= to; at += DAY_MS) {
            if (counted.get(at) !== 1) wrong.push(`${fromDay}..${toDay}: ${at} missing`);
          }
          const edgeDays = plan.edges.reduce(
            (sum, edge) => sum + Math.max(0, (day(edge.toDay) - day(edge.fromDay)) / DAY_MS + 1),
            0,
          );
          if (edgeDays > 31) wrong.push(`${fromDay}..${toDay}: ${edgeDays} edge days`);
          if (plan.toEnd.getTime() !== to + DAY_MS)
            wrong.push(`${fromDay}..${toDay}: ends ${plan.toEnd.toISOString()}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  it('rounds basis points down, 0 of nothing', () => {
    expect(basisPoints(2n, 3n)).toBe(6666);
    expect(basisPoints(5n, 0n)).toBe(0);
    expect(basisPoints(7n, 7n)).toBe(10000);
  });
});
