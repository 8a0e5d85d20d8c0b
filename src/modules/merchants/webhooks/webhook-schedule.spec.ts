import { JITTER, LIVE_SCHEDULE_MS, retryDelay, TEST_SCHEDULE_MS } from './webhook-schedule';

describe('webhook retry schedule', () => {
  it('spreads live attempts over about three days and test attempts over about an hour', () => {
    const sum = (delays: readonly number[]) => delays.reduce((total, delay) => total + delay, 0);
    expect(LIVE_SCHEDULE_MS).toHaveLength(9);
    expect(sum(LIVE_SCHEDULE_MS) / 3_600_000).toBeCloseTo(68.6, 1);
    expect(TEST_SCHEDULE_MS).toHaveLength(3);
    expect(sum(TEST_SCHEDULE_MS)).toBe(3_600_000);
  });

  it('jitters each delay by at most 20% either way, and has nothing after the last attempt', () => {
    expect(retryDelay(true, 1, () => 0)).toBe(60_000 * (1 - JITTER));
    expect(retryDelay(true, 1, () => 1)).toBe(60_000 * (1 + JITTER));
    expect(retryDelay(true, 1, () => 0.5)).toBe(60_000);
    expect(retryDelay(false, 2, () => 0.5)).toBe(50 * 60_000);
    expect(retryDelay(true, 9)).toBeNull();
    expect(retryDelay(false, 3)).toBeNull();
    for (let index = 0; index < 200; index += 1) {
      const delay = retryDelay(true, 7) as number;
      expect(delay).toBeGreaterThanOrEqual(24 * 3_600_000 * 0.8);
      expect(delay).toBeLessThanOrEqual(24 * 3_600_000 * 1.2);
    }
  });
});
