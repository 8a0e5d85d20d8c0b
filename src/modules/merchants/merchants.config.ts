import { Transform } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { PAYOUT_INTERVALS, type PayoutInterval } from './onboarding/merchant-terms.entities';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The merchant contexts' settings (onboarding, merchant identity, API keys, origins, webhooks, the merchant ledger). */
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

  /**
   * How long a verified API key stays in the Redis cache the merchant guard reads before
   * PostgreSQL (`api-keys/merchant-api-key-cache.ts`). A revocation replaces the entry at once;
   * this bounds only how long a revocation that Redis did not take keeps working.
   */
  @Setting(
    'seconds a verified merchant API key stays in the Redis cache the merchant guard reads first; a revocation replaces the entry at once, so this bounds only one that Redis missed',
  )
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(300)
  MERCHANT_API_KEY_CACHE_TTL_SECONDS = 30;

  /** Longest wait for Redis in an API key lookup before the guard asks PostgreSQL instead. */
  @Setting(
    "longest wait for Redis in the merchant guard's API key lookup; past it the lookup reads PostgreSQL, so a hung Redis does not slow API-key requests",
  )
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(5000)
  MERCHANT_API_KEY_CACHE_TIMEOUT_MS = 150;

  /** After an API key lookup timed out, how long lookups skip Redis and ask PostgreSQL alone. */
  @Setting(
    'after an API key lookup timed out, how long lookups skip Redis and read PostgreSQL alone; then one lookup tries Redis again',
  )
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  MERCHANT_API_KEY_CACHE_SKIP_MS = 5000;

  /*
   * The platform's default terms: what a merchant without a pricing version in force pays and how its
   * money is held (`ledger/merchant-pricing.ts`). Paystack's local card price: 1.5% + NGN 100, capped at
   * NGN 2,000, settled T+1, no reserve. The fixed part and the cap are in MERCHANT_DEFAULT_FEE_CURRENCY's
   * minor units and apply to payments in that currency only (other currencies pay the percentage alone).
   */
  @Setting('default merchant fee in basis points of the amount, for a merchant without a pricing version (150 = 1.50%)')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(2_000)
  MERCHANT_DEFAULT_FEE_BPS = 150;

  @Setting('default merchant fixed fee, minor units of MERCHANT_DEFAULT_FEE_CURRENCY (10000 = NGN 100)')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  MERCHANT_DEFAULT_FEE_FIXED = 10_000;

  @Setting('default merchant fee cap, minor units of MERCHANT_DEFAULT_FEE_CURRENCY (200000 = NGN 2,000); 0 for no cap')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000_000)
  MERCHANT_DEFAULT_FEE_CAP = 200_000;

  @Setting('the currency of MERCHANT_DEFAULT_FEE_FIXED and MERCHANT_DEFAULT_FEE_CAP (ISO 4217)')
  @IsIn(Intl.supportedValuesOf('currency'))
  MERCHANT_DEFAULT_FEE_CURRENCY = 'NGN';

  @Setting("default rolling reserve, basis points of each payment's net (amount - fee)")
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5_000)
  MERCHANT_DEFAULT_RESERVE_BPS = 0;

  @Setting("default days a payment's reserve is held before it is released to available")
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(365)
  MERCHANT_DEFAULT_RESERVE_HOLD_DAYS = 0;

  @Setting(
    'default payout interval (DAILY, WEEKLY, MONTHLY or MANUAL); a default WEEKLY pays on Mondays, MONTHLY on the 1st',
  )
  @IsIn(PAYOUT_INTERVALS)
  MERCHANT_DEFAULT_PAYOUT_INTERVAL: PayoutInterval = 'DAILY';

  @Setting("default days a captured payment's net stays pending before it is available (T+1)")
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(30)
  MERCHANT_DEFAULT_PAYOUT_DELAY_DAYS = 1;

  @Setting('default smallest payout, minor units (a smaller available balance waits for the next payout date)')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000_000)
  MERCHANT_DEFAULT_MINIMUM_PAYOUT_AMOUNT = 0;

  /** How often the worker's release tick runs (a Bull repeatable job, once per cluster). */
  @Setting('ms between runs of the merchant balance release job (pending to available, reserve released)')
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  MERCHANT_BALANCE_RELEASE_INTERVAL_MS = 60_000;

  @Setting('releases the merchant balance release job posts per transaction')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  MERCHANT_BALANCE_RELEASE_BATCH = 200;

  /**
   * How often one worker of the cluster sweeps for PENDING webhook deliveries whose job was lost
   * (a Redis restarted without its data) and queues them again; a Bull repeatable job.
   */
  @Setting('ms between sweeps for due webhook deliveries whose Bull job was lost (a repeatable job, once per cluster)')
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  MERCHANT_WEBHOOK_SWEEP_INTERVAL_MS = 60_000;

  /**
   * How long past its next attempt's time a PENDING delivery waits for its job before the sweeper
   * counts the job lost: longer than a busy queue's lag, so a job merely late is left alone (and
   * one still there is never doubled: the sweeper looks for it first).
   */
  @Setting('ms past its due time a PENDING webhook delivery waits for its job before the sweeper queues it again')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  MERCHANT_WEBHOOK_PICKUP_GRACE_MS = 120_000;

  /** How often one worker of the cluster deletes webhook events, deliveries and attempts past 30 days. */
  @Setting('ms between purges of webhook events, deliveries and attempts older than 30 days (a repeatable job)')
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  MERCHANT_WEBHOOK_PURGE_INTERVAL_MS = 3_600_000;

  /**
   * How often an event stream (`GET /merchant/events`) sends its `: ping` comment, which keeps
   * proxies from closing an idle stream; it also renews the stream's slot (a slot nobody renews
   * for three of these is free again) and looks for events a lost pub/sub message left behind.
   */
  @Setting('ms between the heartbeat comments of an event stream (GET /merchant/events); a slot lapses after three')
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(300_000)
  MERCHANT_EVENTS_HEARTBEAT_MS = 20_000;

  /** Open event streams per API key, counted across API processes; design/merchants.md: 5. */
  @Setting('open event streams (GET /merchant/events) per API key, across API processes')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  MERCHANT_EVENTS_MAX_STREAMS_PER_KEY = 5;

  /** How long events stay for replay after `Last-Event-ID`; design/merchants.md: 72 hours. */
  @Setting('hours events stay for replay after Last-Event-ID (GET /merchant/events); older asks for a resync')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(720)
  MERCHANT_EVENTS_RETENTION_HOURS = 72;

  /** How often the worker deletes events past the retention window (a repeatable job, once per cluster). */
  @Setting('ms between the purges of event-stream events past their retention window')
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  MERCHANT_EVENTS_PURGE_INTERVAL_MS = 3_600_000;

  /**
   * How long analytics remembers the outbox events it counted (so a redelivered one counts once): longer
   * than any redelivery (the relay's retries, a job replayed from Bull's failed set).
   */
  @Setting('days analytics keeps the ids of the outbox events it counted (a redelivery within them counts once)')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  MERCHANT_ANALYTICS_APPLIED_EVENTS_RETENTION_DAYS = 30;

  /** How often the worker prunes those ids (a repeatable job, once per cluster). */
  @Setting('ms between the prunes of the outbox event ids analytics counted, past their retention')
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  MERCHANT_ANALYTICS_PRUNE_INTERVAL_MS = 3_600_000;
}
