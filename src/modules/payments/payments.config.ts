import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The payments context's settings: duplicates, posting, recovery and receipt links. */
@ConfigSlice('Payments', 'src/modules/payments/payments.config.ts')
export class PaymentsConfig {
  /** How long a receipt download link works after it is issued. */
  @Setting('how long a receipt download link works after it is issued')
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(86400)
  RECEIPT_URL_TTL_SECONDS = 900;

  /** A second payment of the same biller, account and amount within this window needs `confirmDuplicate`. */
  @Setting('a second payment of the same biller, account and amount within this window needs `confirmDuplicate: true`')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400)
  PAYMENT_DUPLICATE_WINDOW_SECONDS = 600;

  /** Tries per posting cycle before the cycle is marked FAILED for an operator to retry. */
  @Setting('tries per posting cycle before it is marked `FAILED` for an operator to retry')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  POSTING_MAX_TRIES = 6;

  /** First delay between posting tries; doubles per try up to POSTING_BACKOFF_MAX_MS. */
  @Setting('first delay between posting tries; doubles per try')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  POSTING_BACKOFF_BASE_MS = 2000;

  @Setting('longest delay between posting tries')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  POSTING_BACKOFF_MAX_MS = 300_000;

  /** How long a worker holds a posting attempt it is working on before another may take it over. */
  @Setting('how long a worker holds a posting attempt before another may take it over')
  @Transform(toInt)
  @IsInt()
  @Min(100)
  POSTING_LEASE_MS = 30_000;

  /** How often the worker looks for posting attempts that are due (retries, crashed workers). */
  @Setting('how often the worker looks for due posting attempts (retries, crashed workers)')
  @Transform(toInt)
  @IsInt()
  @Min(50)
  POSTING_SWEEP_INTERVAL_MS = 1000;

  /**
   * How long money work recorded in the database (a captured payment's first posting cycle, a
   * rail refund or cancel) waits for the Bull job that normally starts it before the worker's
   * sweeper starts it itself. Covers a Redis that lost its jobs: PostgreSQL is the truth.
   */
  @Setting(
    "how long a captured payment's first posting cycle, or a rail refund or cancel, waits for the Bull job that normally starts it before the worker's sweeper starts it itself (a Redis that lost its jobs loses nothing)",
  )
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  JOB_PICKUP_GRACE_MS = 15_000;

  /**
   * How long a payment may stay AUTHORIZING (accepted, the rail's answer not recorded) before the
   * worker's recovery job asks the rail what became of it. Longer than any rail's timeout plus
   * the time to record an answer, so the job never races the request that is still waiting.
   */
  @Setting(
    "how long a payment may stay `AUTHORIZING` (accepted, the rail's answer not recorded) before the worker's recovery job asks the rail what became of it; longer than any rail's timeout",
  )
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  AUTHORIZATION_RECOVERY_AFTER_MS = 60_000;

  /**
   * How long after a payment was accepted the recovery job still completes a capture the rail
   * never made (the request lost its database, or its process, before or during the rail call):
   * it captures under the payment id, so a repeat never captures twice. Past it, a payment the
   * rail has not taken is failed (`RAIL_NO_CAPTURE`) and its reference voided, rather than
   * charged long after the customer asked.
   */
  @Setting(
    'how long after a payment was accepted (one hour) the recovery job still completes a capture the rail never made (the request lost its database or its process around the rail call), under the payment id so it never captures twice; past it, a payment the rail has not taken is failed `RAIL_NO_CAPTURE` and its reference voided',
  )
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  AUTHORIZATION_RECOVERY_MAX_AGE_MS = 3_600_000;

  /** How long after a "succeed then disputed" test capture the sandbox rail's chargeback arrives. */
  @Setting(
    'how long after a capture of a "succeed then disputed" test account (`4000000000002685`, `0000000004`) the sandbox rail notifies its chargeback (test mode only)',
  )
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  SANDBOX_RAIL_DISPUTE_DELAY_MS = 5_000;

  /** How often the worker delivers the sandbox rail's due dispute notices. */
  @Setting("how often the worker delivers the sandbox rail's due dispute notifications (one tick per cluster)")
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  SANDBOX_RAIL_NOTICE_INTERVAL_MS = 5_000;
}
