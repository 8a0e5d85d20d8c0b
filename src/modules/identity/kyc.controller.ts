import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { KycTier1RequestDto } from './dto/kyc-tier1-request.dto';
import { KycTierResponseDto, toKycTierResponse } from './dto/kyc-tier-response.dto';
import { KycService } from './kyc.service';

@ApiTags('KYC')
@Controller('kyc')
export class KycController {
  constructor(private readonly kyc: KycService) {}

  /**
   * Submit tier 1 identity details: legal name, date of birth (18 or older), national id and
   * address. Moves the customer from TIER_0 to TIER_1 and answers the payment limits it
   * unlocks. Different details later are recorded as a new submission.
   */
  @Post('tier1')
  @CustomerAuth()
  @HttpCode(200)
  @ApiOkResponse({ type: KycTierResponseDto })
  async submitTier1(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: KycTier1RequestDto,
  ): Promise<KycTierResponseDto> {
    const outcome = await this.kyc.submitTier1(principal, body);
    return toKycTierResponse(outcome.tier, outcome.limits, outcome.submission);
  }
}
