import { bucketReleaseAt, firstBreach, minuteOf, remainingOf, VelocityCapRule, windowStart } from './velocity-rules';

const cap = (overrides: Partial<VelocityCapRule>): VelocityCapRule => ({
  scope: 'MERCHANT',
  window: 'HOUR',
  currency: 'NGN',
  maxCount: null,
  maxAmount: null,
  ...overrides,
});

describe('velocity rules', () => {
  it('buckets by UTC minute and starts a window at the minute of its start', () => {
    const at = new Date('2026-11-20T10:30:15.500Z');
    expect(minuteOf(at).toISOString()).toBe('2026-11-20T10:30:00.000Z');
    expect(windowStart(at, 'HOUR').toISOString()).toBe('2026-11-20T09:30:00.000Z');
    expect(windowStart(at, 'DAY').toISOString()).toBe('2026-11-19T10:30:00.000Z');
    expect(bucketReleaseAt(new Date('2026-11-20T09:30:00.000Z'), 'HOUR').toISOString()).toBe(
      '2026-11-20T10:31:00.000Z',
    );
  });

  it('breaks a count cap on the payment one too many, an amount cap past the total', () => {
    const count = cap({ maxCount: 3 });
    expect(firstBreach([count], 1n, () => ({ count: 2, amount: 0n }))).toBeNull();
    expect(firstBreach([count], 1n, () => ({ count: 3, amount: 0n }))).toMatchObject({
      remainingCount: 0,
      remainingAmount: null,
    });
    const amount = cap({ maxAmount: 10_000n });
    expect(firstBreach([amount], 4000n, () => ({ count: 9, amount: 6000n }))).toBeNull();
    expect(firstBreach([amount], 4001n, () => ({ count: 9, amount: 6000n }))).toMatchObject({
      remainingCount: null,
      remainingAmount: 4000n,
    });
  });

  it('skips caps that do not apply and answers the first one broken', () => {
    const customer = cap({ scope: 'CUSTOMER', maxCount: 1 });
    const merchant = cap({ window: 'DAY', maxCount: 1 });
    const breach = firstBreach([customer, merchant], 1n, (c) =>
      c.scope === 'CUSTOMER' ? null : { count: 1, amount: 5n },
    );
    expect(breach?.cap).toBe(merchant);
  });

  it('never reports negative headroom', () => {
    expect(remainingOf({ maxCount: 2, maxAmount: 100n }, { count: 5, amount: 300n })).toEqual({
      remainingCount: 0,
      remainingAmount: 0n,
    });
  });
});
