import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The households context's settings. */
@ConfigSlice('Households', 'src/modules/households/households.config.ts')
export class HouseholdsConfig {
  /** Members a household may have, its owner included. */
  @Setting('members a household may have, its owner included')
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(100)
  HOUSEHOLD_MAX_MEMBERS = 12;

  /** Member additions one customer may attempt per hour (found or not), so the route cannot enumerate phone numbers. */
  @Setting('member additions one customer may attempt per hour, found or not (429 past it)')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  HOUSEHOLD_MEMBER_ADDS_PER_HOUR = 20;
}
