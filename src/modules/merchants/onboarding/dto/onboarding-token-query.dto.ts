import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** The onboarding link's token (`obt_...`), sent in the query as the spec has it. */
@ApiSchema({ name: 'MerchantOnboardingTokenQuery' })
export class OnboardingTokenQueryDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'obt_3q2-7wEXAMPLEonlyXv0F5Pz0e1uTn5jzq8mXcWlH4' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  token: string;
}
