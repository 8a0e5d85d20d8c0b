import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { MerchantHealthResponseDto, toMerchantHealthResponse } from './dto/merchant-health.dto';
import { MerchantHealthService } from './merchant-health.service';

/** The merchant's health (merchant API, 4.10), for the merchant's server with its API key only, in the key's mode. */
@ApiTags('Merchant health')
@Controller('merchant/health')
export class MerchantHealthController {
  constructor(private readonly health: MerchantHealthService) {}

  /**
   * What stands between the merchant and taking and receiving money, now: KYB, the settlement account, the
   * last 24 h's API error rate, webhook delivery, velocity headroom, the 30-day refund and dispute rates and
   * verified origins, each OK, WARN or FAIL with a detail, and the status they add up to.
   */
  @Get()
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantHealthResponseDto })
  @ApiErrors('NOT_FOUND')
  async get(@CurrentPrincipal() principal: MerchantApiKeyPrincipal): Promise<MerchantHealthResponseDto> {
    return toMerchantHealthResponse(await this.health.health(principal));
  }
}
