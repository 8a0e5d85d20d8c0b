import { AppConfig } from '../../platform/config/app-config';
import { FundingAccountCipher, maskFundingAccount } from './funding-account-cipher';
import { SchedulesConfig } from './schedules.config';

const platform = Object.assign(new AppConfig(), { KEY_HASH_SECRET: 'k'.repeat(40) });
const cipherWith = (settings: Partial<SchedulesConfig>) =>
  new FundingAccountCipher(platform, Object.assign(new SchedulesConfig(), settings));

describe('FundingAccountCipher', () => {
  it('round-trips, never stores the clear value, and binds it to the schedule', () => {
    const cipher = cipherWith({});
    const sealed = cipher.encrypt('schedule-1', '4242424242424242');
    expect(sealed).not.toContain('4242');
    expect(sealed).not.toBe(cipher.encrypt('schedule-1', '4242424242424242'));
    expect(cipher.decrypt('schedule-1', sealed)).toBe('4242424242424242');
    expect(() => cipher.decrypt('schedule-2', sealed)).toThrow();
  });

  it('uses SCHEDULE_FUNDING_KEY when set', () => {
    const sealed = cipherWith({ SCHEDULE_FUNDING_KEY: 'ab'.repeat(32) }).encrypt('s', '0123456789');
    expect(() => cipherWith({}).decrypt('s', sealed)).toThrow();
    expect(cipherWith({ SCHEDULE_FUNDING_KEY: 'ab'.repeat(32) }).decrypt('s', sealed)).toBe('0123456789');
  });

  it('masks all but the last four characters', () => {
    expect(maskFundingAccount('4242424242424242')).toBe('************4242');
  });
});
