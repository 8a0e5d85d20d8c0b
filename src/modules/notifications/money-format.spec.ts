import { formatMinorUnits } from './money-format';

describe('formatMinorUnits', () => {
  it('formats minor units with the currency symbol, digit grouping and the ISO 4217 decimals', () => {
    expect(formatMinorUnits(500_000, 'NGN')).toBe('₦5,000.00');
    expect(formatMinorUnits(500_005, 'NGN')).toBe('₦5,000.05');
    expect(formatMinorUnits(7, 'NGN')).toBe('₦0.07');
    expect(formatMinorUnits(0, 'NGN')).toBe('₦0.00');
    expect(formatMinorUnits(1234, 'USD')).toBe('$12.34');
    expect(formatMinorUnits(1234, 'JPY')).toBe('¥1,234');
    expect(formatMinorUnits(1234, 'KWD')).toBe('KWD\u00a01.234');
  });

  it('is exact beyond the range of floats', () => {
    expect(formatMinorUnits('123456789012345678905', 'NGN')).toBe('₦1,234,567,890,123,456,789.05');
    expect(formatMinorUnits(9_007_199_254_740_991n, 'NGN')).toBe('₦90,071,992,547,409.91');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatMinorUnits(-50, 'NGN')).toBe('-₦0.50');
  });

  it('falls back to the code for a currency Intl does not know', () => {
    expect(formatMinorUnits(123_456, 'ZZZ1')).toBe('ZZZ1 1234.56');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMinorUnits(1.5, 'NGN')).toThrow(RangeError);
    expect(() => formatMinorUnits('12.5', 'NGN')).toThrow(RangeError);
    expect(() => formatMinorUnits(Number.MAX_SAFE_INTEGER + 2, 'NGN')).toThrow(RangeError);
  });
});
