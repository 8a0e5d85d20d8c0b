import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import type { AppConfig } from '../../platform/config/app-config';
import { ConfigSlice, ConfigSliceChecks, Setting, toInt } from '../../platform/config/config-slice';
import { CurrencyTierLimitTable, parseCurrencyTierLimits } from './currency-tier-limits';

/** The identity context's settings: one-time passwords, PINs, sessions, the sign-up and login rate limits and the payment limits of each KYC tier. */
@ConfigSlice('Identity', 'src/modules/identity/identity.config.ts')
export class IdentityConfig implements ConfigSliceChecks {
  /** One-time passwords: lifetime and wrong tries allowed before a new one is needed. */
  @Setting('one-time password lifetime')
  @Transform(toInt)
  @IsInt()
  @Min(30)
  @Max(3600)
  OTP_TTL_SECONDS = 300;

  @Setting('wrong codes allowed before a new OTP is needed')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(20)
  OTP_MAX_ATTEMPTS = 5;

  /** Wrong PINs in a row that lock an account, and how long the lock lasts. */
  @Setting('wrong PINs in a row that lock an account')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  PIN_MAX_FAILED_ATTEMPTS = 5;

  @Setting('how long the lock lasts')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PIN_LOCKOUT_SECONDS = 900;

  /** How long after /auth/verify its session may set (or reset) the PIN. */
  @Setting('how long after `/auth/verify` its session may set (or reset) the PIN')
  @Transform(toInt)
  @IsInt()
  @Min(60)
  PIN_SETUP_WINDOW_SECONDS = 900;

  /** How long the bearer guard trusts its Redis copy of a session; revocation replaces the copy at once. */
  @Setting('how long the bearer guard trusts its Redis copy of a session; revocation replaces it at once')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(300)
  SESSION_CACHE_TTL_SECONDS = 30;

  /**
   * Longest wait for Redis in a session lookup before the bearer guard asks PostgreSQL instead;
   * far below REDIS_COMMAND_TIMEOUT_MS, so a hung Redis does not slow signed-in requests.
   */
  @Setting(
    "longest wait for Redis in the bearer guard's session lookup; past it the lookup reads PostgreSQL, so a hung Redis does not slow signed-in requests",
  )
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(5000)
  SESSION_CACHE_TIMEOUT_MS = 150;

  /** After a session lookup timed out, how long lookups skip Redis and ask PostgreSQL alone. */
  @Setting(
    'after a session lookup timed out, how long lookups skip Redis and read PostgreSQL alone; then one lookup tries Redis again',
  )
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  SESSION_CACHE_SKIP_MS = 5000;

  /** Rate limits (requests per fixed window, counted in Redis across every API process). */
  @Setting('`POST /auth/register` requests per number per window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_PER_PHONE = 5;

  @Setting('that window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_PHONE_WINDOW_SECONDS = 900;

  /** Generous: carrier-grade NAT puts many customers behind one address. */
  @Setting('`POST /auth/register` requests per client address per window (generous: carrier-grade NAT)')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_PER_IP = 100;

  @Setting('that window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_IP_WINDOW_SECONDS = 3600;

  @Setting('`POST /auth/verify` requests per number per window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_VERIFY_PER_PHONE = 10;

  @Setting('that window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_VERIFY_PHONE_WINDOW_SECONDS = 900;

  @Setting('`POST /auth/login` requests per number per window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_LOGIN_PER_PHONE = 20;

  @Setting('that window')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_LOGIN_PHONE_WINDOW_SECONDS = 900;

  @Setting('largest single payment at KYC tier 0, in minor units of `LIMITS_CURRENCY`')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_0_PER_PAYMENT_LIMIT = 500_000;

  @Setting('daily payment total at KYC tier 0, in minor units')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_0_DAILY_LIMIT = 2_000_000;

  @Setting('largest single payment at KYC tier 1, in minor units')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_1_PER_PAYMENT_LIMIT = 5_000_000;

  @Setting('daily payment total at KYC tier 1, in minor units')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_1_DAILY_LIMIT = 20_000_000;

  /**
   * Limits in currencies other than LIMITS_CURRENCY, for billers that charge them: comma-separated
   * `CURRENCY.TIER=perPayment/daily` in the currency's minor unit, every tier for each currency
   * named. A payment in a currency with no limits is refused, never let through unlimited.
   */
  @Setting(
    "limits in other currencies, for billers that charge them: comma-separated `CURRENCY.TIER=perPayment/daily` in that currency's minor units, every tier for each currency named (e.g. `USD.TIER_0=50000/200000,USD.TIER_1=500000/2000000`); a payment in a currency with no limits is refused (422 `LIMIT_NOT_CONFIGURED`)",
  )
  @IsString()
  CURRENCY_TIER_LIMITS = '';

  private tiers: CurrencyTierLimitTable = new Map();

  /**
   * Every currency's tier limits: LIMITS_CURRENCY's from the TIER_n_* variables, the others from
   * CURRENCY_TIER_LIMITS. Parsed once, when the configuration is loaded.
   */
  get tierLimitTable(): CurrencyTierLimitTable {
    return this.tiers;
  }

  check(platform: AppConfig): string[] {
    const { table, problems } = parseCurrencyTierLimits(this.CURRENCY_TIER_LIMITS, platform.LIMITS_CURRENCY);
    const tiers = new Map(table);
    tiers.set(platform.LIMITS_CURRENCY, {
      TIER_0: { perPayment: this.TIER_0_PER_PAYMENT_LIMIT, daily: this.TIER_0_DAILY_LIMIT },
      TIER_1: { perPayment: this.TIER_1_PER_PAYMENT_LIMIT, daily: this.TIER_1_DAILY_LIMIT },
    });
    this.tiers = tiers;
    return problems.length > 0
      ? [`CURRENCY_TIER_LIMITS ${problems.join('; ')} (got a value that is not accepted)`]
      : [];
  }
}
