import { formatMinorUnits, minorUnitDigits } from './money-format';

describe('formatMinorUnits with symbols', () => {
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
    expect(formatMinorUnits(123_456, 'ZZZ1')).toBe('ZZZ1 1,234.56');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMinorUnits(1.5, 'NGN')).toThrow(RangeError);
    expect(() => formatMinorUnits('12.5', 'NGN')).toThrow(RangeError);
    expect(() => formatMinorUnits(Number.MAX_SAFE_INTEGER + 2, 'NGN')).toThrow(RangeError);
  });
});

describe('formatMinorUnits with codes', () => {
  it('splits minor units into grouped major units and the minor part', () => {
    expect(formatMinorUnits(1_250_000, 'NGN', 'code')).toBe('NGN 12,500.00');
    expect(formatMinorUnits('1250050', 'NGN', 'code')).toBe('NGN 12,500.50');
    expect(formatMinorUnits(5n, 'NGN', 'code')).toBe('NGN 0.05');
    expect(formatMinorUnits(0, 'USD', 'code')).toBe('USD 0.00');
    expect(formatMinorUnits(-12_345, 'USD', 'code')).toBe('-USD 123.45');
    expect(formatMinorUnits(100_000, 'NGN', 'code')).toBe('NGN 1,000.00');
  });

  it('follows the currency minor unit (none for JPY, three for KWD)', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(formatMinorUnits(1_234_567, 'JPY', 'code')).toBe('JPY 1,234,567');
    expect(formatMinorUnits(1_234_567, 'KWD', 'code')).toBe('KWD 1,234.567');
  });

  it('stays exact beyond the range of a double', () => {
    expect(formatMinorUnits('9007199254740993', 'NGN', 'code')).toBe('NGN 90,071,992,547,409.93');
    expect(formatMinorUnits(123456789012345678901234567890n, 'NGN', 'code')).toBe(
      'NGN 1,234,567,890,123,456,789,012,345,678.90',
    );
  });

  it('refuses anything that is not an integer', () => {
    expect(() => formatMinorUnits('12.5', 'NGN', 'code')).toThrow();
    expect(() => formatMinorUnits(12.5, 'NGN', 'code')).toThrow();
    expect(() => formatMinorUnits('1e3', 'NGN', 'code')).toThrow();
  });
});
