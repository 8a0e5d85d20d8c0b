import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigSlice, Setting, toInt } from '../../platform/config/config-slice';

/** The merchant contexts' settings (onboarding, merchant identity, API keys). */
@ConfigSlice('Merchants', 'src/modules/merchants/merchants.config.ts')
export class MerchantsConfig {
  /** Requests an hour per merchant onboarding token and client address (upload and status). */
  @Setting('requests an hour per merchant onboarding token and client address (document upload, status)')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  MERCHANT_ONBOARDING_REQUESTS_PER_HOUR = 30;
}
