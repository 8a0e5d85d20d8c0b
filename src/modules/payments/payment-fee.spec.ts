import fc from 'fast-check';
import { feeOf, paymentFee } from './payment-fee';

describe('payment fees', () => {
  it('adds the flat part and rounds the percent part half up', () => {
    expect(feeOf({ feeFlat: 10_000, feePercentBps: 0 }, 500_000n)).toBe(10_000n);
    expect(feeOf({ feeFlat: 0, feePercentBps: 150 }, 1_000n)).toBe(15n);
    expect(feeOf({ feeFlat: 0, feePercentBps: 50 }, 101n)).toBe(1n); // 0.505 -> 1
    expect(feeOf({ feeFlat: 0, feePercentBps: 50 }, 99n)).toBe(0n); // 0.495 -> 0
    expect(feeOf({ feeFlat: 0, feePercentBps: 50 }, 100n)).toBe(1n); // 0.5 -> 1
  });

  it('sums the biller and rail rules', () => {
    expect(paymentFee({ feeFlat: 10_000, feePercentBps: 0 }, { feeFlat: 0, feePercentBps: 150 }, 1_000_000n)).toBe(
      25_000n,
    );
  });

  it('is exact for amounts far beyond float precision', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const fee = feeOf({ feeFlat: 0, feePercentBps: bps }, amount);
        const exactTimesTenThousand = amount * BigInt(bps);
        // |fee x 10,000 - amount x bps| <= 5,000: the rounding moves at most half a minor unit.
        const error = fee * 10_000n - exactTimesTenThousand;
        return error <= 5_000n && error > -5_000n;
      }),
    );
  });
});
