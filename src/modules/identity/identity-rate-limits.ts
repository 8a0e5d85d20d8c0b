import { byBodyField, byClientAddress, RateLimitRule } from '../../platform/http/rate-limit.decorator';
import { normalizePhoneNumber } from './phone-number';

const byPhone = byBodyField('phone', normalizePhoneNumber);

/** The rate limits of the identity routes; thresholds and windows come from AppConfig. */
export const IdentityRateLimits = {
  registerPerPhone: {
    name: 'register-phone',
    key: byPhone,
    limit: (config) => ({
      max: config.RATE_LIMIT_REGISTER_PER_PHONE,
      windowSeconds: config.RATE_LIMIT_REGISTER_PHONE_WINDOW_SECONDS,
    }),
  },
  registerPerAddress: {
    name: 'register-address',
    key: byClientAddress,
    limit: (config) => ({
      max: config.RATE_LIMIT_REGISTER_PER_IP,
      windowSeconds: config.RATE_LIMIT_REGISTER_IP_WINDOW_SECONDS,
    }),
  },
  verifyPerPhone: {
    name: 'verify-phone',
    key: byPhone,
    limit: (config) => ({
      max: config.RATE_LIMIT_VERIFY_PER_PHONE,
      windowSeconds: config.RATE_LIMIT_VERIFY_PHONE_WINDOW_SECONDS,
    }),
  },
  loginPerPhone: {
    name: 'login-phone',
    key: byPhone,
    limit: (config) => ({
      max: config.RATE_LIMIT_LOGIN_PER_PHONE,
      windowSeconds: config.RATE_LIMIT_LOGIN_PHONE_WINDOW_SECONDS,
    }),
  },
} satisfies Record<string, RateLimitRule>;
