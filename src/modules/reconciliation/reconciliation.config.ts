import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The reconciliation context's settings. */
@ConfigSlice('Reconciliation', 'src/modules/reconciliation/reconciliation.config.ts')
export class ReconciliationConfig {
  /** Reconciliation: a payment PROCESSING (by its last update) longer than this is reported STUCK_PROCESSING. */
  @Setting(
    'reconciliation reports a payment `PROCESSING` longer than this (since its last update) as `STUCK_PROCESSING`',
  )
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RECONCILIATION_STUCK_AFTER_MS = 1_800_000;

  /** Reconciliation: a posting cycle the biller accepted as PENDING and has not confirmed after this long is POSTED_NOT_CONFIRMED. */
  @Setting(
    'reconciliation reports a posting cycle the biller accepted as pending and has not confirmed after this long as `POSTED_NOT_CONFIRMED`',
  )
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RECONCILIATION_UNCONFIRMED_AFTER_MS = 900_000;

  /** Reconciliation: status inquiries the biller-side check sends at once (batches of 100 payments). */
  @Setting("status inquiries the reconciliation's biller-side check sends at once")
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  RECONCILIATION_BILLER_CHECK_CONCURRENCY = 4;

  /** How often the worker runs the biller-side check over yesterday and today (business days). */
  @Setting('how often the worker runs the biller-side check over yesterday and today (business days)')
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  RECONCILIATION_BILLER_CHECK_INTERVAL_MS = 3_600_000;
}
