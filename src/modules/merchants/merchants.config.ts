import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Max, Min } from 'class-validator';
import type { AppConfig } from '../../platform/config/app-config';
import { ConfigSlice, ConfigSliceChecks, Setting, toBoolean, toInt } from '../../platform/config/config-slice';

/** The merchant contexts' settings (onboarding, merchant identity, API keys, origins, webhooks). */
@ConfigSlice('Merchants', 'src/modules/merchants/merchants.config.ts')
export class MerchantsConfig implements ConfigSliceChecks {
  /** Requests an hour per merchant onboarding token and client address (upload and status). */
  @Setting('requests an hour per merchant onboarding token and client address (document upload, status)')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  MERCHANT_ONBOARDING_REQUESTS_PER_HOUR = 30;

  /** Ownership checks an hour per origin (`POST /merchant/origins/{id}/verify`); design/merchants.md: 10. */
  @Setting('ownership checks an hour per merchant origin (POST /merchant/origins/{id}/verify)')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  MERCHANT_ORIGIN_VERIFICATIONS_PER_HOUR = 10;

  /**
   * Tests only: the origin check's HTTPS request may reach loopback addresses (a local test
   * server). Every other non-public address stays refused. Refused when NODE_ENV is production.
   */
  @Setting(
    'tests only, refused in production: the origin check may reach loopback addresses (127.0.0.0/8, ::1), for a local test server; every other non-public address stays refused',
  )
  @Transform(toBoolean)
  @IsBoolean()
  MERCHANT_ORIGIN_CHECK_ALLOW_LOOPBACK = false;

  /**
   * Tests only: a PEM file of certificate authorities the origin check trusts beside the
   * system's roots (a test server's own authority). Refused when NODE_ENV is production.
   */
  @Setting(
    "tests only, refused in production: a PEM file of certificate authorities the origin check trusts beside the system's roots",
  )
  @IsString()
  MERCHANT_ORIGIN_CHECK_EXTRA_CA_FILE = '';

  /**
   * How long a worker holds a webhook delivery job before another worker may take it over as
   * stalled (Bull's `lockDuration`, also its `stalledInterval`); the holder renews it every half
   * of it while the delivery runs, so it must exceed the time a renewal can be late, not the
   * delivery's 10 s. A worker that dies mid-delivery has its delivery sent again after about this
   * long (at least once, same `webhook-id`).
   */
  @Setting(
    'ms a worker holds a webhook delivery job before another worker may take it over as stalled (Bull lockDuration and stalledInterval)',
  )
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  MERCHANT_WEBHOOK_JOB_LOCK_MS = 30_000;

  /**
   * Tests only: webhook deliveries (and the check of an endpoint's URL at registration) may reach
   * loopback addresses (a local test receiver). Refused when NODE_ENV is production.
   */
  @Setting(
    'tests only, refused in production: webhook endpoints may lead to loopback addresses (127.0.0.0/8, ::1), for a local test receiver; every other non-public address stays refused',
  )
  @Transform(toBoolean)
  @IsBoolean()
  MERCHANT_WEBHOOK_ALLOW_LOOPBACK = false;

  /**
   * Tests only: a PEM file of certificate authorities webhook deliveries trust beside the
   * system's roots. Refused when NODE_ENV is production.
   */
  @Setting(
    "tests only, refused in production: a PEM file of certificate authorities webhook deliveries trust beside the system's roots",
  )
  @IsString()
  MERCHANT_WEBHOOK_EXTRA_CA_FILE = '';

  check(platform: AppConfig): string[] {
    if (!platform.isProduction) return [];
    return [
      ...(this.MERCHANT_WEBHOOK_ALLOW_LOOPBACK
        ? ['MERCHANT_WEBHOOK_ALLOW_LOOPBACK must not be true when NODE_ENV is production']
        : []),
      ...(this.MERCHANT_WEBHOOK_EXTRA_CA_FILE !== ''
        ? ['MERCHANT_WEBHOOK_EXTRA_CA_FILE must be empty when NODE_ENV is production']
        : []),
      ...(this.MERCHANT_ORIGIN_CHECK_ALLOW_LOOPBACK
        ? ['MERCHANT_ORIGIN_CHECK_ALLOW_LOOPBACK must not be true when NODE_ENV is production']
        : []),
      ...(this.MERCHANT_ORIGIN_CHECK_EXTRA_CA_FILE !== ''
        ? ['MERCHANT_ORIGIN_CHECK_EXTRA_CA_FILE must be empty when NODE_ENV is production']
        : []),
    ];
  }
}
