/** The KYC tiers whose payment limits configuration sets (`TIER_n_*` and `CURRENCY_TIER_LIMITS`). */
export const LIMITED_TIERS = ['TIER_0', 'TIER_1'] as const;
export type LimitedTier = (typeof LIMITED_TIERS)[number];

/** A tier's limits in one currency, integers in its minor unit. */
export interface CurrencyTierLimit {
  perPayment: number;
  daily: number;
}

/** Currency -> tier -> limits. */
export type CurrencyTierLimitTable = ReadonlyMap<string, Readonly<Record<LimitedTier, CurrencyTierLimit>>>;

const ENTRY = /^([A-Z]{3})\.(TIER_\d+)=(\d{1,16})\/(\d{1,16})$/;

/**
 * Parses `CURRENCY_TIER_LIMITS`: comma-separated `CURRENCY.TIER=perPayment/daily` entries in
 * the currency's minor unit, e.g. `USD.TIER_0=50000/200000,USD.TIER_1=500000/2000000`. Every
 * currency named must set every tier, and none may repeat an entry or the home currency
 * (`LIMITS_CURRENCY`, set by the `TIER_n_*` variables). Answers the table or the problems.
 */
export function parseCurrencyTierLimits(
  text: string,
  homeCurrency: string,
): { table: CurrencyTierLimitTable; problems: string[] } {
  const problems: string[] = [];
  const table = new Map<string, Partial<Record<LimitedTier, CurrencyTierLimit>>>();
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match) {
      problems.push(`entry "${entry}" is not CURRENCY.TIER=perPayment/daily (e.g. USD.TIER_0=50000/200000)`);
      continue;
    }
    const [, currency, tier, perPayment, daily] = match;
    if (!(LIMITED_TIERS as readonly string[]).includes(tier)) {
      problems.push(`entry "${entry}" names ${tier}; the tiers are ${LIMITED_TIERS.join(', ')}`);
      continue;
    }
    if (currency === homeCurrency) {
      problems.push(`${currency} is LIMITS_CURRENCY, whose limits are the TIER_n_* variables`);
      continue;
    }
    const limits = { perPayment: Number(perPayment), daily: Number(daily) };
    if (!Number.isSafeInteger(limits.perPayment) || !Number.isSafeInteger(limits.daily)) {
      problems.push(`entry "${entry}" has an amount beyond ${Number.MAX_SAFE_INTEGER}`);
      continue;
    }
    if (limits.perPayment > limits.daily) {
      problems.push(`entry "${entry}" allows more per payment than per day`);
    }
    const tiers = table.get(currency) ?? {};
    if (tiers[tier as LimitedTier]) problems.push(`${currency}.${tier} is set twice`);
    tiers[tier as LimitedTier] = limits;
    table.set(currency, tiers);
  }
  for (const [currency, tiers] of table) {
    const missing = LIMITED_TIERS.filter((tier) => !tiers[tier]);
    if (missing.length > 0) problems.push(`${currency} sets no limits for ${missing.join(', ')}`);
  }
  return { table: table as CurrencyTierLimitTable, problems };
}
