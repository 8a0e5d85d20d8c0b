import { basisPointsOf, captureSplit, divideHalfEven, merchantFee } from './merchant-fee';

describe('divideHalfEven', () => {
  it.each([
    [0n, 10n, 0n],
    [14n, 10n, 1n],
    [15n, 10n, 2n], // 1.5 -> 2 (even)
    [25n, 10n, 2n], // 2.5 -> 2 (even)
    [35n, 10n, 4n], // 3.5 -> 4
    [26n, 10n, 3n],
    [24n, 10n, 2n],
    [5000n, 10_000n, 0n], // 0.5 -> 0
    [15000n, 10_000n, 2n], // 1.5 -> 2
    [10_001n, 10_000n, 1n],
  ])('%s / %s = %s', (numerator, denominator, expected) => {
    expect(divideHalfEven(numerator, denominator)).toBe(expected);
  });

  it('refuses a negative numerator and a zero denominator', () => {
    expect(() => divideHalfEven(-1n, 10n)).toThrow(RangeError);
    expect(() => divideHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it('is exact far beyond Number.MAX_SAFE_INTEGER', () => {
    const big = 2n ** 70n + 5n;
    expect(divideHalfEven(big * 10n + 5n, 10n)).toBe(big + 1n); // big is odd: the tie goes to big + 1
  });
});

describe('basisPointsOf', () => {
  it('rounds half to even', () => {
    expect(basisPointsOf(100n, 150)).toBe(2n); // 1.5 -> 2
    expect(basisPointsOf(300n, 150)).toBe(4n); // 4.5 -> 4
    expect(basisPointsOf(1_000_000n, 150)).toBe(15_000n);
  });

  it('refuses fractional or negative basis points', () => {
    expect(() => basisPointsOf(100n, 1.5)).toThrow(RangeError);
    expect(() => basisPointsOf(100n, -1)).toThrow(RangeError);
  });
});

describe('merchantFee', () => {
  // Paystack-like: 1.5% + NGN 100, capped at NGN 2,000 (kobo).
  const paystack = { feeBps: 150, feeFixed: 10_000n, feeCap: 200_000n };

  it('is the percentage plus the fixed part', () => {
    expect(merchantFee(1_000_000n, paystack)).toBe(25_000n); // NGN 10,000: 150 + 100
  });

  it('is capped', () => {
    expect(merchantFee(100_000_000n, paystack)).toBe(200_000n); // NGN 1,000,000 would be 15,100
  });

  it('rounds the percentage half to even before adding the fixed part', () => {
    const terms = { feeBps: 150, feeFixed: 1n, feeCap: null };
    expect(merchantFee(100n, terms)).toBe(3n); // 1.5 -> 2, + 1
    expect(merchantFee(300n, terms)).toBe(5n); // 4.5 -> 4, + 1
  });

  it('is never more than the amount', () => {
    expect(merchantFee(5_000n, paystack)).toBe(5_000n); // 75 + 10,000 would exceed NGN 50
    expect(merchantFee(1n, { feeBps: 0, feeFixed: 0n, feeCap: null })).toBe(0n);
  });

  it('has no cap when the cap is null', () => {
    expect(merchantFee(10n ** 15n, { feeBps: 100, feeFixed: 0n, feeCap: null })).toBe(10n ** 13n);
  });

  it('refuses a non-positive amount', () => {
    expect(() => merchantFee(0n, paystack)).toThrow(RangeError);
  });
});

describe('captureSplit', () => {
  it('holds the reserve out of the net and leaves the rest pending', () => {
    // 10,000 - 250 fee = 9,750 net; 10% = 975 reserve; 8,775 pending.
    expect(captureSplit(10_000n, 250n, 1000)).toEqual({ fee: 250n, reserve: 975n, pending: 8_775n });
  });

  it('always adds up to the amount', () => {
    for (const [amount, fee, bps] of [
      [1n, 0n, 5000],
      [3n, 1n, 5000], // net 2 -> reserve 1
      [7n, 0n, 5000], // 3.5 -> 4
      [999_999n, 15_100n, 733],
    ] as const) {
      const split = captureSplit(amount, fee, bps);
      expect(split.fee + split.reserve + split.pending).toBe(amount);
      expect(split.reserve >= 0n && split.pending >= 0n).toBe(true);
    }
  });

  it('holds nothing without a reserve, and all of a fee-only payment goes to the fee', () => {
    expect(captureSplit(10_000n, 250n, 0)).toEqual({ fee: 250n, reserve: 0n, pending: 9_750n });
    expect(captureSplit(100n, 100n, 1000)).toEqual({ fee: 100n, reserve: 0n, pending: 0n });
  });

  it('refuses a fee above the amount', () => {
    expect(() => captureSplit(100n, 101n, 0)).toThrow(RangeError);
  });
});
