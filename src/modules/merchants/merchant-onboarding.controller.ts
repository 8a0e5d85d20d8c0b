import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../platform/auth/auth.decorators';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../platform/http/client-info.decorator';
import { RateLimit } from '../../platform/http/rate-limit.decorator';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { MerchantRegisterRequestDto } from './dto/merchant-register-request.dto';
import { MerchantResponseDto } from './dto/merchant-response.dto';
import { OnboardingTokenQueryDto } from './dto/onboarding-token-query.dto';
import { MerchantOnboardingService } from './merchant-onboarding.service';
import { MerchantRateLimits } from './merchants-rate-limits';

/** Applications. The token routes answer `no-store` and `no-referrer`: the token is in their URL. */
@ApiTags('Merchant onboarding')
@Controller('merchants')
export class MerchantOnboardingController {
  constructor(private readonly onboarding: MerchantOnboardingService) {}

  /**
   * Apply to take payments. KYB starts PENDING with all five documents due; the owner is
   * invited at `contactEmail`. The answer carries `onboardingToken` (`obt_...`, 30 days) once:
   * it is needed to upload documents and read the status, and is e-mailed too. 409
   * MERCHANT_ALREADY_REGISTERED when the registration number or e-mail has applied before.
   */
  @Post('register')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RateLimit(MerchantRateLimits.registerPerAddress)
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('MERCHANT_ALREADY_REGISTERED')
  register(
    @Body() body: MerchantRegisterRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    return this.onboarding.register(body, client);
  }

  /**
   * The application's KYB status, requirements and what it unlocks, with the onboarding token.
   * 401 ONBOARDING_TOKEN_INVALID for a bad or expired token; 404 for a valid token of another
   * merchant.
   */
  @Get(':merchantId/status')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @RateLimit(MerchantRateLimits.onboardingPerToken)
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('ONBOARDING_TOKEN_INVALID', 'NOT_FOUND')
  status(
    @UuidParam('merchantId') merchantId: string,
    @Query() query: OnboardingTokenQueryDto,
  ): Promise<MerchantResponseDto> {
    return this.onboarding.status(merchantId, query.token);
  }
}
