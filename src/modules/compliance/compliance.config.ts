import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The compliance context's settings: the thresholds of the AML rules. */
@ConfigSlice('Compliance', 'src/modules/compliance/compliance.config.ts')
export class ComplianceConfig {
  /** AML: a payment above this (minor units of LIMITS_CURRENCY) raises a HIGH flag and is held for review. */
  @Setting(
    'AML: a payment above this (minor units of `LIMITS_CURRENCY`) raises a HIGH flag and is held before posting until reviewed',
  )
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_SINGLE_AMOUNT_THRESHOLD = 500_000_000;

  /** AML: the rolling window, in minutes, of the velocity, structuring and distinct-payers rules. */
  @Setting('AML: the rolling window of the velocity, structuring and distinct-payers rules')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(43_200)
  AML_VELOCITY_WINDOW_MINUTES = 60;

  /** AML: more payments than this by one customer in the window raises a MEDIUM velocity flag. */
  @Setting('AML: more payments than this by one customer in the window raise a MEDIUM velocity flag')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_VELOCITY_MAX_COUNT = 20;

  /** AML: a customer's payments in the window summing above this (minor units of LIMITS_CURRENCY) raise a MEDIUM velocity flag. */
  @Setting("AML: one customer's payments in the window summing above this raise a MEDIUM velocity flag")
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_VELOCITY_MAX_AMOUNT = 1_000_000_000;

  /** AML: this many payments of one customer in the window, each just under the single threshold, raise a HIGH structuring flag. */
  @Setting(
    'AML: this many payments of one customer in the window, each between `AML_STRUCTURING_PERCENT`% and 100% of the single threshold, raise a HIGH structuring flag',
  )
  @Transform(toInt)
  @IsInt()
  @Min(2)
  AML_STRUCTURING_MIN_COUNT = 3;

  /** AML: "just under" for structuring: at least this percent of AML_SINGLE_AMOUNT_THRESHOLD. */
  @Setting('AML: the lower bound of "just under the single threshold", in percent of it')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(99)
  AML_STRUCTURING_PERCENT = 90;

  /** AML: an account registered fewer than this many days ago is new. */
  @Setting('AML: an account registered fewer days ago than this is new')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  AML_NEW_ACCOUNT_DAYS = 30;

  /** AML: a new account paying above this (minor units of LIMITS_CURRENCY) raises a MEDIUM flag. */
  @Setting('AML: a new account paying above this raises a MEDIUM flag')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_NEW_ACCOUNT_AMOUNT = 100_000_000;

  /** AML: this many distinct customers paying one biller account in the window raise a LOW flag. */
  @Setting('AML: this many distinct customers paying one biller account in the window raise a LOW flag')
  @Transform(toInt)
  @IsInt()
  @Min(2)
  AML_DISTINCT_PAYERS_MAX = 25;
}
