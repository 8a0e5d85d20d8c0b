import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { MerchantPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import {
  MerchantRiskKpiDayDto,
  MerchantRiskKpisQueryDto,
  MerchantRiskProfileViewDto,
  MerchantVelocityLimitsResponseDto,
} from './dto/merchant-risk.dto';
import { MerchantRiskService } from './merchant-risk.service';

/**
 * The merchant's own risk: every person of the team (any role) with a dashboard token, and the
 * merchant's API key (design section 3's matrix). A key reads its own mode; a person reads live.
 */
@ApiTags('Merchant risk')
@Controller('merchant/risk')
export class MerchantRiskController {
  constructor(private readonly risk: MerchantRiskService) {}

  /**
   * The risk tier and its reason, the velocity caps (as operations set them; they apply to both
   * modes, each counted apart), and the rolling reserve of the pricing version in force (null
   * before one is).
   */
  @Get('profile')
  @MerchantAuth({ apiKey: true })
  @ApiOkResponse({ type: MerchantRiskProfileViewDto })
  profile(@CurrentPrincipal() principal: MerchantPrincipal): Promise<MerchantRiskProfileViewDto> {
    return this.risk.profile(principal);
  }

  /**
   * Each velocity cap with what the trailing window has used and what is left:
   * `remaining = max(0, cap - sum of the window's buckets)`; `nextReleaseAt` is when the oldest
   * payment counted leaves the window. CUSTOMER caps hold per customer, so their figures are null.
   * Counted in the caller's mode.
   */
  @Get('limits')
  @MerchantAuth({ apiKey: true })
  @ApiOkResponse({ type: MerchantVelocityLimitsResponseDto })
  limits(@CurrentPrincipal() principal: MerchantPrincipal): Promise<MerchantVelocityLimitsResponseDto> {
    return this.risk.limits(principal);
  }

  /**
   * Daily figures for the last `range` UTC days (`1d` to `90d`; 400 VALIDATION_FAILED otherwise),
   * oldest first, today included, days without payments as zeros: an array. One currency
   * (`currency`, default the pricing's fee currency, else NGN), the caller's mode. Payments are
   * those admitted and not declined (the velocity buckets).
   */
  @Get('kpis')
  @MerchantAuth({ apiKey: true })
  @ApiOkResponse({ type: [MerchantRiskKpiDayDto] })
  @ApiErrors('VALIDATION_FAILED')
  kpis(
    @CurrentPrincipal() principal: MerchantPrincipal,
    @Query() query: MerchantRiskKpisQueryDto,
  ): Promise<MerchantRiskKpiDayDto[]> {
    return this.risk.kpis(principal, query.range, query.currency);
  }
}
