import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The agents context's settings: what an agent may pay and hold, in minor units of LIMITS_CURRENCY. */
@ConfigSlice('Agents', 'src/modules/agents/agents.config.ts')
export class AgentsConfig {
  /** The largest assisted payment an agent may take, in minor units of LIMITS_CURRENCY (the agents' float currency). */
  @Setting('largest assisted payment, minor units of `LIMITS_CURRENCY`')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AGENT_PER_PAYMENT_LIMIT = 5_000_000;

  /** What an agent may pay out of their float in a rolling 24 hours, in minor units of LIMITS_CURRENCY. */
  @Setting('what an agent may pay from their float in a rolling 24 hours')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AGENT_DAILY_LIMIT = 50_000_000;

  /** The most float an agent may hold, in minor units of LIMITS_CURRENCY: a top-up past it is refused. */
  @Setting('the most float an agent may hold; a top-up past it is refused')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AGENT_FLOAT_LIMIT = 100_000_000;
}
