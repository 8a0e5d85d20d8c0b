import fc from 'fast-check';
import { chargedFee, feeOfAmount, FeeSettings, railFeeRule } from './biller-fee';

const biller: FeeSettings = { feeFlat: 10_000, feePercentBps: 0, minAmount: 100_000, maxAmount: 50_000_000 };
const card = { code: 'CARD', feeFlat: 0, feePercentBps: 150, minAmount: 100, maxAmount: 1_000_000_000 };

describe('biller fees', () => {
  describe('feeOfAmount', () => {
    it('adds the flat part and rounds the percent part half up', () => {
      expect(feeOfAmount({ feeFlat: 10_000, feePercentBps: 0 }, 500_000n)).toBe(10_000n);
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 150 }, 1_000n)).toBe(15n);
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 50 }, 101n)).toBe(1n); // 0.505 -> 1
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 50 }, 99n)).toBe(0n); // 0.495 -> 0
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 50 }, 100n)).toBe(1n); // 0.5 -> 1
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 50 }, 300n)).toBe(2n); // 1.5 -> 2
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 1 }, 4_999n)).toBe(0n); // 0.4999 -> 0
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 1 }, 5_000n)).toBe(1n); // 0.5 -> 1
    });

    it('charges nothing under a zero rule, and the flat part alone on the smallest amount', () => {
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 0 }, 123_456_789n)).toBe(0n);
      expect(feeOfAmount({ feeFlat: 2_500, feePercentBps: 10_000 }, 1n)).toBe(2_501n); // 100% of 1
    });

    it('is exact for amounts far beyond float precision', () => {
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 1 }, 9_007_199_254_740_993n)).toBe(900_719_925_474n);
      fc.assert(
        fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
          const fee = feeOfAmount({ feeFlat: 0, feePercentBps: bps }, amount);
          const exactTimesTenThousand = amount * BigInt(bps);
          // |fee x 10,000 - amount x bps| <= 5,000: the rounding moves at most half a minor unit, up on a tie.
          const error = fee * 10_000n - exactTimesTenThousand;
          return error <= 5_000n && error > -5_000n;
        }),
      );
    });

    it('never falls as the amount grows', () => {
      fc.assert(
        fc.property(
          fc.bigInt({ min: 1n, max: 10n ** 12n }),
          fc.bigInt({ min: 0n, max: 10n ** 6n }),
          fc.integer({ min: 0, max: 10_000 }),
          (amount, more, bps) =>
            feeOfAmount({ feeFlat: 7, feePercentBps: bps }, amount + more) >=
            feeOfAmount({ feeFlat: 7, feePercentBps: bps }, amount),
        ),
      );
    });
  });

  describe('railFeeRule', () => {
    it('adds the biller and rail fee parts and keeps the tighter of their bounds', () => {
      expect(railFeeRule(biller, card)).toEqual({
        rail: 'CARD',
        feeFlat: 10_000,
        feePercentBps: 150,
        minAmount: 100_000,
        maxAmount: 50_000_000,
      });
      const narrowRail = {
        code: 'MOBILE_MONEY',
        feeFlat: 2_500,
        feePercentBps: 100,
        minAmount: 500_000,
        maxAmount: 2_000_000,
      };
      expect(railFeeRule(biller, narrowRail)).toEqual({
        rail: 'MOBILE_MONEY',
        feeFlat: 12_500,
        feePercentBps: 100,
        minAmount: 500_000,
        maxAmount: 2_000_000,
      });
    });

    it('shows ranges that do not meet as minAmount above maxAmount', () => {
      const rule = railFeeRule(biller, { ...card, minAmount: 60_000_000 });
      expect(rule.minAmount).toBeGreaterThan(rule.maxAmount);
    });

    it('refuses fee parts whose sum is no longer an exact number', () => {
      expect(() => railFeeRule({ ...biller, feeFlat: Number.MAX_SAFE_INTEGER }, { ...card, feeFlat: 1 })).toThrow(
        RangeError,
      );
    });
  });

  describe('chargedFee', () => {
    it('is the fee of the combined rule: biller and rail parts together', () => {
      expect(chargedFee(biller, card, 1_000_000n)).toBe(25_000n); // 10,000 + 1.5% of 1,000,000
      expect(
        chargedFee(
          { ...biller, feeFlat: 100, feePercentBps: 100 },
          { ...card, feeFlat: 5_000, feePercentBps: 0 },
          123_457n,
        ),
      ).toBe(
        6_335n, // 100 + 5,000 + 1,234.57 -> 1,235
      );
    });

    it('rounds the combined percent once, as a client computing from the shown rule does', () => {
      // Rounding each part alone would give 1 + 1: both parts are 0.505 of a minor unit.
      const half = { ...biller, feeFlat: 0, feePercentBps: 50 };
      expect(chargedFee(half, { ...card, feeFlat: 0, feePercentBps: 50 }, 101n)).toBe(1n);
      expect(feeOfAmount({ feeFlat: 0, feePercentBps: 100 }, 101n)).toBe(1n);
    });

    it('equals the fee computed from the rule the biller detail shows, for any settings', () => {
      const settings = fc.record({
        feeFlat: fc.integer({ min: 0, max: 1_000_000 }),
        feePercentBps: fc.integer({ min: 0, max: 5_000 }),
        minAmount: fc.constant(1),
        maxAmount: fc.constant(Number.MAX_SAFE_INTEGER),
      });
      fc.assert(
        fc.property(
          settings,
          settings,
          fc.integer({ min: 1, max: 2 ** 50 }),
          (billerSettings, railSettings, amount) => {
            const rule = railFeeRule(billerSettings, { ...railSettings, code: 'CARD' });
            // What a client does with the shown integers: flat + round half up(amount x bps / 10,000).
            const shown = BigInt(rule.feeFlat) + (BigInt(amount) * BigInt(rule.feePercentBps) + 5_000n) / 10_000n;
            return chargedFee(billerSettings, { ...railSettings, code: 'CARD' }, BigInt(amount)) === shown;
          },
        ),
      );
    });
  });
});
