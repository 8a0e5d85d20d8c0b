import type { AppConfig } from '../../platform/config/app-config';
import type { KycTier } from './user.entity';

/** What a KYC tier lets a customer pay: integers in the minor unit of `currency`. */
export interface TierLimits {
  currency: string;
  perPayment: number;
  daily: number;
}

/** The payment limits of a tier, from configuration (the payments context checks the same values). */
export function tierLimits(config: AppConfig, tier: KycTier): TierLimits {
  switch (tier) {
    case 'TIER_0':
      return {
        currency: config.LIMITS_CURRENCY,
        perPayment: config.TIER_0_PER_PAYMENT_LIMIT,
        daily: config.TIER_0_DAILY_LIMIT,
      };
    case 'TIER_1':
      return {
        currency: config.LIMITS_CURRENCY,
        perPayment: config.TIER_1_PER_PAYMENT_LIMIT,
        daily: config.TIER_1_DAILY_LIMIT,
      };
  }
}
