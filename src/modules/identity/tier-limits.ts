import type { AppConfig } from '../../platform/config/app-config';
import type { KycTier } from './user.entity';

/** What a KYC tier lets a customer pay: integers in the minor unit of `currency`. */
export interface TierLimits {
  currency: string;
  perPayment: number;
  daily: number;
}

/**
 * The payment limits of a tier in `currency` (LIMITS_CURRENCY when omitted), from configuration;
 * null when no limits are configured for that currency, where payments are refused.
 */
export function tierLimits(config: AppConfig, tier: KycTier, currency = config.LIMITS_CURRENCY): TierLimits | null {
  const limits = config.tierLimitTable.get(currency)?.[tier];
  return limits ? { currency, perPayment: limits.perPayment, daily: limits.daily } : null;
}

/** The tier's limits in every configured currency, the home currency (LIMITS_CURRENCY) first. */
export function tierLimitsByCurrency(config: AppConfig, tier: KycTier): TierLimits[] {
  const currencies = [...config.tierLimitTable.keys()].sort((a, b) =>
    a === config.LIMITS_CURRENCY ? -1 : b === config.LIMITS_CURRENCY ? 1 : a.localeCompare(b),
  );
  return currencies.flatMap((currency) => tierLimits(config, tier, currency) ?? []);
}
