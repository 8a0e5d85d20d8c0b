import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The merchant contexts' settings (onboarding, merchant identity, API keys, origins, webhooks). */
@ConfigSlice('Merchants', 'src/modules/merchants/merchants.config.ts')
export class MerchantsConfig {
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
}
