import { parseCurrencyTierLimits } from './currency-tier-limits';
import { loadConfiguration } from '../../platform/config/configuration';
import { IdentityConfig } from './identity.config';

const loadIdentity = (env: Record<string, string>) => loadConfiguration(env, [IdentityConfig]).get(IdentityConfig);

const BASE = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://localhost/x',
  REDIS_URL: 'redis://localhost:6379',
  JWT_ACCESS_SECRET: 'a'.repeat(40),
  KEY_HASH_SECRET: 'b'.repeat(40),
  INTERNAL_API_KEY: 'c'.repeat(40),
};

describe('CURRENCY_TIER_LIMITS', () => {
  it('parses every tier of every currency named', () => {
    const { table, problems } = parseCurrencyTierLimits(
      ' USD.TIER_0=50000/200000, USD.TIER_1=500000/2000000,GHS.TIER_1=9/9,GHS.TIER_0=1/2 ',
      'NGN',
    );
    expect(problems).toEqual([]);
    expect(table.get('USD')).toEqual({
      TIER_0: { perPayment: 50_000, daily: 200_000 },
      TIER_1: { perPayment: 500_000, daily: 2_000_000 },
    });
    expect(table.get('GHS')?.TIER_0).toEqual({ perPayment: 1, daily: 2 });
    expect(parseCurrencyTierLimits('', 'NGN')).toEqual({ table: new Map(), problems: [] });
  });

  it.each([
    ['USD.TIER_0=50000/200000', /USD sets no limits for TIER_1/],
    ['USD.TIER_0=1/2,USD.TIER_0=1/2,USD.TIER_1=1/2', /USD.TIER_0 is set twice/],
    ['NGN.TIER_0=1/2,NGN.TIER_1=1/2', /NGN is LIMITS_CURRENCY/],
    ['USD.TIER_2=1/2', /names TIER_2/],
    ['usd.TIER_0=1/2', /is not CURRENCY.TIER=perPayment\/daily/],
    ['USD.TIER_0=1.5/2', /is not CURRENCY.TIER/],
    ['USD.TIER_0=-1/2', /is not CURRENCY.TIER/],
    ['USD.TIER_0=9999999999999999/9999999999999999,USD.TIER_1=1/2', /beyond/],
    ['USD.TIER_0=5/2,USD.TIER_1=1/2', /more per payment than per day/],
  ])('refuses %s', (text, problem) => {
    expect(parseCurrencyTierLimits(text, 'NGN').problems.join('; ')).toMatch(problem);
  });

  it('stops the boot on a bad table, naming the variable, and joins the home currency to a good one', () => {
    expect(() => loadIdentity({ ...BASE, CURRENCY_TIER_LIMITS: 'USD.TIER_0=1/2' })).toThrow(
      /CURRENCY_TIER_LIMITS USD sets no limits for TIER_1/,
    );
    const config = loadIdentity({ ...BASE, CURRENCY_TIER_LIMITS: 'USD.TIER_0=1/2,USD.TIER_1=3/4' });
    expect([...config.tierLimitTable.keys()].sort()).toEqual(['NGN', 'USD']);
    expect(config.tierLimitTable.get('NGN')?.TIER_1).toEqual({ perPayment: 5_000_000, daily: 20_000_000 });
    expect(loadIdentity(BASE).tierLimitTable.has('USD')).toBe(false);
  });

  it('parses the table once, at load, not on each read', () => {
    const config = loadIdentity({ ...BASE, CURRENCY_TIER_LIMITS: 'USD.TIER_0=1/2,USD.TIER_1=3/4' });
    expect(config.tierLimitTable).toBe(config.tierLimitTable);
    config.CURRENCY_TIER_LIMITS = 'GHS.TIER_0=1/2,GHS.TIER_1=3/4';
    expect(config.tierLimitTable.has('GHS')).toBe(false);
  });
});
