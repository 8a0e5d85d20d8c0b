import { maskPhone } from './households.service';

describe('maskPhone', () => {
  it('keeps the country code and the last four digits', () => {
    expect(maskPhone('+2348031234567')).toBe('+234******4567');
    expect(maskPhone('+14155550123')).toBe('+141****0123');
  });

  it('hides all but the plus of a very short number', () => {
    expect(maskPhone('+1234567')).toBe('+*******');
  });
});
