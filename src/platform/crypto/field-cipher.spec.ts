import type { AppConfig } from '../config/app-config';
import { FieldCipher, fieldKey, openField, sealField } from './field-cipher';

describe('FieldCipher', () => {
  const cipher = new FieldCipher({ KEY_HASH_SECRET: 'k'.repeat(40) } as AppConfig);

  it('round-trips, never shows the clear value, and seals each value anew', () => {
    const sealed = cipher.encrypt('kyc.national-id-number', 'row-1', '12345678901');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('12345678901');
    expect(sealed).not.toBe(cipher.encrypt('kyc.national-id-number', 'row-1', '12345678901'));
    expect(cipher.decrypt('kyc.national-id-number', 'row-1', sealed)).toBe('12345678901');
  });

  it('binds a value to its row, its purpose and the secret', () => {
    const sealed = cipher.encrypt('kyc.national-id-number', 'row-1', '12345678901');
    expect(() => cipher.decrypt('kyc.national-id-number', 'row-2', sealed)).toThrow();
    expect(() => cipher.decrypt('another.purpose', 'row-1', sealed)).toThrow();
    const other = new FieldCipher({ KEY_HASH_SECRET: 'o'.repeat(40) } as AppConfig);
    expect(() => other.decrypt('kyc.national-id-number', 'row-1', sealed)).toThrow();
    expect(() => cipher.decrypt('kyc.national-id-number', 'row-1', '12345678901')).toThrow(/not in a known format/);
  });

  it('agrees with the functions migrations use', () => {
    const key = fieldKey('k'.repeat(40), 'merchants.settlement-account-number');
    const sealed = sealField(key, 'row-9', '0123456789');
    expect(cipher.decrypt('merchants.settlement-account-number', 'row-9', sealed)).toBe('0123456789');
    expect(openField(key, 'row-9', cipher.encrypt('merchants.settlement-account-number', 'row-9', 'x'))).toBe('x');
  });
});
