import { Transform } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The disputes context's settings: resolution deadlines and how often they are checked. */
@ConfigSlice('Disputes', 'src/modules/disputes/disputes.config.ts')
export class DisputesConfig {
  /**
   * Business days support has to resolve a dispute, per reason: `REASON=days` pairs separated by
   * commas. A reason left out takes `OTHER`'s days. Business days skip Saturdays and Sundays in
   * SCHEDULE_TIME_ZONE.
   */
  @Setting("business days to resolve a dispute, per reason; a reason left out takes `OTHER`'s")
  @Matches(/^[A-Z_]{1,40}=\d{1,3}(,[A-Z_]{1,40}=\d{1,3})*$/, {
    message: 'must be REASON=days pairs separated by commas, such as WRONG_AMOUNT=5,OTHER=10',
  })
  DISPUTE_SLA_BUSINESS_DAYS =
    'NOT_CREDITED_BY_BILLER=3,WRONG_AMOUNT=5,WRONG_ACCOUNT=5,DUPLICATE_PAYMENT=3,SERVICE_NOT_RENDERED=10,OTHER=10';

  /** How often the worker looks for disputes past their SLA deadline and raises their escalation. */
  @Setting('how often the worker looks for disputes past their deadline and escalates them')
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  DISPUTE_SLA_CHECK_INTERVAL_MS = 60_000;
}
