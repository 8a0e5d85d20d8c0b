import { Transform } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { ConfigSlice, ConfigSliceChecks, Setting, toInt } from '../../platform/config/config-slice';
import type { NamedSecret } from '../../platform/config/production-secrets';

/** The schedules context's settings: consent, the runner and the key of the funding accounts schedules keep. */
@ConfigSlice('Schedules', 'src/modules/schedules/schedules.config.ts')
export class SchedulesConfig implements ConfigSliceChecks {
  /** Version of the scheduled-payment terms a customer must accept (`consent.version`) to create a schedule or raise its amount. */
  @Setting(
    'version of the scheduled-payment terms; creating a schedule, or raising its amount or maximum, needs consent to it (422 `CONSENT_MISSING` / `CONSENT_STALE`)',
  )
  @Matches(/^[A-Za-z0-9._-]{1,32}$/, { message: 'must be 1-32 characters of [A-Za-z0-9._-]' })
  SCHEDULE_CONSENT_VERSION = '2026-01';

  /** How often the worker's schedule runner (a Bull repeatable job) looks for due schedules and runs. */
  @Setting("how often the worker's schedule runner (a Bull repeatable job) looks for due schedules and runs")
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  SCHEDULE_RUNNER_INTERVAL_MS = 30_000;

  /** Schedules or runs one runner transaction claims at a time. */
  @Setting('schedules or runs one runner transaction claims')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(5000)
  SCHEDULE_RUNNER_BATCH_SIZE = 200;

  /** Payments one worker makes at once for due runs. */
  @Setting('scheduled payments one worker makes at once')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  SCHEDULE_RUNNER_CONCURRENCY = 16;

  /** Payment attempts a run gets within its period before it is FAILED and the customer told. */
  @Setting('payment attempts a run gets within its period before it is `FAILED` and the customer is told')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(20)
  SCHEDULE_RUN_MAX_ATTEMPTS = 3;

  /** First delay before a run's next attempt; doubles per attempt, never past the period's end. */
  @Setting("first delay before a run's next attempt; doubles per attempt, never past the period's end")
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SCHEDULE_RUN_RETRY_BACKOFF_MS = 3_600_000;

  /** How long a worker holds a run it is paying before another worker may take it over. */
  @Setting('how long a worker holds a run it is paying before another worker may take it over')
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  SCHEDULE_RUN_LEASE_MS = 120_000;

  /**
   * AES-256-GCM key for the funding accounts schedules keep to pay later: 64 hex characters
   * (32 bytes). Empty derives a key from KEY_HASH_SECRET (HKDF-SHA256), so there is always one.
   */
  @Setting(
    'AES-256-GCM key (64 hex characters) for the funding accounts schedules keep; empty derives one from `KEY_HASH_SECRET`; checked like the other secrets in production',
  )
  @Matches(/^$|^[0-9a-fA-F]{64}$/, { message: 'must be empty or 64 hex characters (32 bytes)' })
  SCHEDULE_FUNDING_KEY = '';

  namedSecrets(): NamedSecret[] {
    return this.SCHEDULE_FUNDING_KEY === '' ? [] : [{ name: 'SCHEDULE_FUNDING_KEY', value: this.SCHEDULE_FUNDING_KEY }];
  }
}
