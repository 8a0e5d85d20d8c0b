import { formatMinorUnits, minorUnitDigits } from './money-format';

describe('formatMinorUnits', () => {
  it('splits minor units into grouped major units and the minor part', () => {
    expect(formatMinorUnits(1_250_000, 'NGN')).toBe('NGN 12,500.00');
    expect(formatMinorUnits('1250050', 'NGN')).toBe('NGN 12,500.50');
    expect(formatMinorUnits(5n, 'NGN')).toBe('NGN 0.05');
    expect(formatMinorUnits(0, 'USD')).toBe('USD 0.00');
    expect(formatMinorUnits(-12_345, 'USD')).toBe('-USD 123.45');
    expect(formatMinorUnits(100_000, 'NGN')).toBe('NGN 1,000.00');
  });

  it('follows the currency minor unit (none for JPY, three for KWD)', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(formatMinorUnits(1_234_567, 'JPY')).toBe('JPY 1,234,567');
    expect(formatMinorUnits(1_234_567, 'KWD')).toBe('KWD 1,234.567');
  });

  it('stays exact beyond the range of a double', () => {
    expect(formatMinorUnits('9007199254740993', 'NGN')).toBe('NGN 90,071,992,547,409.93');
    expect(formatMinorUnits(123456789012345678901234567890n, 'NGN')).toBe(
      'NGN 1,234,567,890,123,456,789,012,345,678.90',
    );
  });

  it('refuses anything that is not an integer', () => {
    expect(() => formatMinorUnits('12.5', 'NGN')).toThrow();
    expect(() => formatMinorUnits(12.5, 'NGN')).toThrow();
    expect(() => formatMinorUnits('1e3', 'NGN')).toThrow();
  });
});
