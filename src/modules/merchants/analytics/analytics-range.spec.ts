import { basisPoints, dayWindow, hourWindow, rangeHours, seriesWindow } from './analytics-range';
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

  it('rounds basis points down, 0 of nothing', () => {
    expect(basisPoints(2n, 3n)).toBe(6666);
    expect(basisPoints(5n, 0n)).toBe(0);
    expect(basisPoints(7n, 7n)).toBe(10000);
  });
});
