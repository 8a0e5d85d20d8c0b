import fc from 'fast-check';
import { pinWeakness } from './pin-policy';

describe('pinWeakness', () => {
  it.each(['000000', '111111', '999999'])('refuses one digit repeated: %s', (pin) => {
    expect(pinWeakness(pin)).toBe('must not repeat one digit');
  });

  it.each(['012345', '123456', '456789'])('refuses an ascending run: %s', (pin) => {
    expect(pinWeakness(pin)).toBe('must not be an ascending run of digits');
  });

  it.each(['987654', '654321', '543210'])('refuses a descending run: %s', (pin) => {
    expect(pinWeakness(pin)).toBe('must not be a descending run of digits');
  });

  it('refuses the last six digits of the phone number', () => {
    expect(pinWeakness('357913', '+2348031357913')).toBe('must not be the end of your phone number');
    expect(pinWeakness('357913', '+2348039999999')).toBeNull();
  });

  it.each(['135790', '246810', '112233', '890123', '123457', '000001'])('accepts %s', (pin) => {
    expect(pinWeakness(pin)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    for (const pin of ['12345', '1234567', '12a456', '', ' 13579'])
      expect(pinWeakness(pin)).toBe('must be exactly six digits');
  });

  it('refuses exactly the 10 repeats and 10 runs among all six-digit PINs', () => {
    let refused = 0;
    for (let n = 0; n < 1_000_000; n += 1) if (pinWeakness(n.toString().padStart(6, '0')) !== null) refused += 1;
    expect(refused).toBe(10 + 5 + 5);
  });

  it('accepts any PIN with two different steps between its digits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 6 }), (digits) => {
        const steps = new Set(digits.slice(1).map((digit, index) => digit - digits[index]));
        fc.pre(steps.size > 1);
        expect(pinWeakness(digits.join(''))).toBeNull();
      }),
    );
  });
});
