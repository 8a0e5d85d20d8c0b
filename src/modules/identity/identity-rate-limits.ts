import type { Configuration } from '../../platform/config/configuration';
import { byBodyField, byClientAddress, RateLimitRule } from '../../platform/http/rate-limit.decorator';
import { IdentityConfig } from './identity.config';
import { normalizePhoneNumber } from './phone-number';

const byPhone = byBodyField('phone', normalizePhoneNumber);

/**
 * The sign-up and login limits' settings (IdentityConfig's RATE_LIMIT_*), for other contexts'
 * sign-up and login routes too: the same abuse gets the same budget, set in one place.
 */
export const SignInLimits = {
  /** Sign-ups per client address per window. */
  signUpsPerAddress: (configuration: Configuration) => {
    const settings = configuration.get(IdentityConfig);
    return { max: settings.RATE_LIMIT_REGISTER_PER_IP, windowSeconds: settings.RATE_LIMIT_REGISTER_IP_WINDOW_SECONDS };
  },
  /** Logins per account (a phone number, an e-mail address) per window. */
  loginsPerAccount: (configuration: Configuration) => {
    const settings = configuration.get(IdentityConfig);
    return { max: settings.RATE_LIMIT_LOGIN_PER_PHONE, windowSeconds: settings.RATE_LIMIT_LOGIN_PHONE_WINDOW_SECONDS };
  },
};

/** The rate limits of the identity routes; thresholds and windows come from IdentityConfig. */
export const IdentityRateLimits = {
  registerPerPhone: {
    name: 'register-phone',
    key: byPhone,
    limit: (configuration) => {
      const settings = configuration.get(IdentityConfig);
      return {
        max: settings.RATE_LIMIT_REGISTER_PER_PHONE,
        windowSeconds: settings.RATE_LIMIT_REGISTER_PHONE_WINDOW_SECONDS,
      };
    },
  },
  registerPerAddress: { name: 'register-address', key: byClientAddress, limit: SignInLimits.signUpsPerAddress },
  verifyPerPhone: {
    name: 'verify-phone',
    key: byPhone,
    limit: (configuration) => {
      const settings = configuration.get(IdentityConfig);
      return {
        max: settings.RATE_LIMIT_VERIFY_PER_PHONE,
        windowSeconds: settings.RATE_LIMIT_VERIFY_PHONE_WINDOW_SECONDS,
      };
    },
  },
  loginPerPhone: { name: 'login-phone', key: byPhone, limit: SignInLimits.loginsPerAccount },
} satisfies Record<string, RateLimitRule>;
