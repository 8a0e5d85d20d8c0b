import type { Request } from 'express';
import type { AuthenticatedRequest } from '../../platform/auth/principal';
import type { RateLimitRule } from '../../platform/http/rate-limit.decorator';
import { HouseholdsConfig } from './households.config';

/**
 * Counts per signed-in caller. The route's `@RateLimit` sits above `@CustomerAuth()`, so the
 * authenticating guard runs first (guards run in the order the decorators add them, bottom-up)
 * and the principal is already on the request; an unauthenticated request never reaches here.
 */
export const byCaller = (request: Request): string | undefined => {
  const principal = (request as Request & AuthenticatedRequest).principal;
  return principal?.kind === 'user' ? principal.userId : undefined;
};

/** The rate limits of the households routes; thresholds come from HouseholdsConfig. */
export const HouseholdRateLimits = {
  /** Member additions per caller per hour, found or not: the route cannot be used to enumerate phone numbers. */
  memberAddsPerCaller: {
    name: 'household-member-adds',
    key: byCaller,
    limit: (configuration) => ({
      max: configuration.get(HouseholdsConfig).HOUSEHOLD_MEMBER_ADDS_PER_HOUR,
      windowSeconds: 3600,
    }),
  },
} satisfies Record<string, RateLimitRule>;
