import type { Request } from 'express';
import { byClientAddress, RateLimitRule } from '../../../platform/http/rate-limit.decorator';
import { SignInLimits } from '../../identity';
import { MerchantsConfig } from '../merchants.config';

/** The onboarding token and the caller's address together: a leaked link cannot be hammered from anywhere. */
const byTokenAndAddress = (request: Request): string | undefined => {
  const token = request.query.token;
  if (typeof token !== 'string' || token.length === 0) return undefined;
  return `${token}|${byClientAddress(request) ?? ''}`;
};

/** The merchants context's rate limits. */
export const MerchantRateLimits = {
  /** Applications per address share the customer registration limit's setting (same abuse, same budget). */
  registerPerAddress: {
    name: 'merchant-register-address',
    key: byClientAddress,
    limit: SignInLimits.signUpsPerAddress,
  },
  /** design/merchants.md: 30 requests an hour per onboarding token and address. */
  onboardingPerToken: {
    name: 'merchant-onboarding-token',
    key: byTokenAndAddress,
    limit: (configuration) => ({
      max: configuration.get(MerchantsConfig).MERCHANT_ONBOARDING_REQUESTS_PER_HOUR,
      windowSeconds: 3600,
    }),
  },
} satisfies Record<string, RateLimitRule>;
