import { normalizePhoneNumber } from './phone-number';

describe('normalizePhoneNumber', () => {
  it('answers the E.164 form of valid international numbers', () => {
    expect(normalizePhoneNumber('+2348031234567')).toBe('+2348031234567');
    expect(normalizePhoneNumber(' +234 803 123 4567 ')).toBe('+2348031234567');
    expect(normalizePhoneNumber('+234-803-123-4567')).toBe('+2348031234567');
    expect(normalizePhoneNumber('+2348000000001')).toBe('+2348000000001');
    expect(normalizePhoneNumber('+14155550100')).toBe('+14155550100');
  });

  it('refuses national forms, invalid numbers and non-strings', () => {
    for (const input of [
      '08031234567',
      '+234803',
      '+23480312345678901',
      '+99912345678',
      'hello',
      '',
      2348031234567,
      null,
    ]) {
      expect(normalizePhoneNumber(input)).toBeNull();
    }
  });
});
