import { parseMajorAmount } from './hosted-amount';

describe('parseMajorAmount', () => {
  it('reads major units into minor units by the currency exponent', () => {
    expect(parseMajorAmount('50', 'NGN')).toBe(5000);
    expect(parseMajorAmount(' 1,250.75 ', 'NGN')).toBe(125075);
    expect(parseMajorAmount('0.1', 'USD')).toBe(10);
    expect(parseMajorAmount('1500', 'JPY')).toBe(1500);
    expect(parseMajorAmount('1.234', 'KWD')).toBe(1234);
  });

  it('refuses more decimals than the currency has, signs, exponents and words', () => {
    for (const input of ['1.234', '-5', '1e3', 'ten', '', '.5', '5.', '0x10']) {
      expect(parseMajorAmount(input, 'NGN')).toBeNull();
    }
    expect(parseMajorAmount('1.5', 'JPY')).toBeNull();
  });
});
