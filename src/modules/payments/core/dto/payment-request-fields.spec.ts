import { RAIL_TEST_ACCOUNTS } from '../../rails/sandbox-rail.connector';
import { fundingAccountProblem } from './payment-request-fields';

describe('fundingAccountProblem', () => {
  it('accepts real card numbers and the sandbox test cards', () => {
    for (const card of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117']) {
      expect({ card, problem: fundingAccountProblem('CARD', card) }).toEqual({ card, problem: null });
    }
  });

  it('refuses card numbers that are placeholders, too short, all zeros or fail the check digit', () => {
    const cases: [string, RegExp][] = [
      ['null', /12-19 digits/],
      ['4242', /12-19 digits/],
      ['4242-4242-4242-4242', /12-19 digits/],
      ['42424242424242424242', /12-19 digits/],
      ['0000000000000000', /all zeros/],
      ['4242424242424241', /check digit/],
    ];
    for (const [card, problem] of cases) {
      expect({ card, problem: fundingAccountProblem('CARD', card) }).toEqual({
        card,
        problem: expect.stringMatching(problem),
      });
    }
  });

  it('checks bank accounts and mobile numbers by their rail, and leaves other rails to the generic shape', () => {
    expect(fundingAccountProblem('BANK_TRANSFER', '0123456789')).toBeNull();
    expect(fundingAccountProblem('BANK_TRANSFER', '012345678')).toMatch(/10-digit/);
    expect(fundingAccountProblem('BANK_TRANSFER', '4242424242424242')).toMatch(/10-digit/);
    expect(fundingAccountProblem('BANK_TRANSFER', '0000000000')).toMatch(/all zeros/);
    expect(fundingAccountProblem('MOBILE_MONEY', '+2348031234567')).toBeNull();
    expect(fundingAccountProblem('MOBILE_MONEY', '08031234567')).toBeNull();
    expect(fundingAccountProblem('MOBILE_MONEY', 'null')).toMatch(/mobile number/);
    expect(fundingAccountProblem('MOBILE_MONEY', '+0000000000')).toMatch(/all zeros/);
    expect(fundingAccountProblem('WALLET', 'wallet-1234')).toBeNull();
    expect(fundingAccountProblem('SOME_NEW_RAIL', 'acct-42')).toBeNull();
  });

  it('accepts every test account of the rail simulator on its rail', () => {
    const railOf = (account: string) =>
      account.startsWith('+') ? 'MOBILE_MONEY' : account.length === 10 ? 'BANK_TRANSFER' : 'CARD';
    for (const account of Object.keys(RAIL_TEST_ACCOUNTS)) {
      const rail = railOf(account);
      expect({ account, rail, problem: fundingAccountProblem(rail, account) }).toEqual({
        account,
        rail,
        problem: null,
      });
    }
  });
});
