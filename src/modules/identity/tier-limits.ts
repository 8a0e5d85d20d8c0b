import type { CurrencyTierLimitTable } from './currency-tier-limits';
import type { KycTier } from './user.entity';

/** What a KYC tier lets a customer pay: integers in the minor unit of `currency`. */
export interface TierLimits {
  currency: string;
  perPayment: number;
  daily: number;
}

/**
 * The payment limits of a tier in `currency`, from the table IdentityConfig parsed at boot;
 * null when no limits are configured for that currency, where payments are refused.
 */
export function tierLimits(table: CurrencyTierLimitTable, tier: KycTier, currency: string): TierLimits | null {
  const limits = table.get(currency)?.[tier];
  return limits ? { currency, perPayment: limits.perPayment, daily: limits.daily } : null;
}

/** The tier's limits in every configured currency, the home currency (LIMITS_CURRENCY) first. */
export function tierLimitsByCurrency(table: CurrencyTierLimitTable, homeCurrency: string, tier: KycTier): TierLimits[] {
  const currencies = [...table.keys()].sort((a, b) =>
    a === homeCurrency ? -1 : b === homeCurrency ? 1 : a.localeCompare(b),
  );
  return currencies.flatMap((currency) => tierLimits(table, tier, currency) ?? []);
}
