import { isValidNuban, nubanFor } from './nuban';

describe('NUBAN', () => {
  it('checks the tenth digit against the bank code and the serial', () => {
    const account = nubanFor('058', '012345678');
    expect(isValidNuban('058', account)).toBe(true);
    const wrong = `${account.slice(0, 9)}${(Number(account[9]) + 1) % 10}`;
    expect(isValidNuban('058', wrong)).toBe(false);
    // CBN's worked example: bank 011, serial 000001457, check digit 9.
    expect(isValidNuban('011', '0000014579')).toBe(true);
    expect(isValidNuban('011', '0000014578')).toBe(false);
    expect(isValidNuban('058', '12345')).toBe(false);
  });

  it('leaves 6-digit institution codes to their own scheme', () => {
    expect(isValidNuban('090267', '0000000001')).toBe(true);
  });
});
