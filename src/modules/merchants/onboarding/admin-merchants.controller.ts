import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { Page, PagedArrayResponse } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { AdminMerchantTermsService } from './admin-merchant-terms.service';
import { AdminMerchantsService } from './admin-merchants.service';
import {
  MerchantPricingRequestDto,
  MerchantRiskTierRequestDto,
  MerchantSettlementAccountRequestDto,
  MerchantVelocityCapsRequestDto,
} from './dto/merchant-terms-request.dto';
import { MerchantRiskProfileResponseDto } from './dto/merchant-terms-response.dto';
import { AdminMerchantListQueryDto } from './dto/admin-merchant-list-query.dto';
import { MerchantKybRequestDto } from './dto/merchant-kyb-request.dto';
import { MerchantResponseDto } from './dto/merchant-response.dto';

@ApiTags('Admin: merchants')
@Controller('admin/merchants')
export class AdminMerchantsController {
  constructor(
    private readonly merchants: AdminMerchantsService,
    private readonly terms: AdminMerchantTermsService,
  ) {}

  /** Merchants newest first, filtered by KYB status and `q` (name, registration number or e-mail). */
  @Get()
  @StaffAuth('ADMIN')
  @PagedArrayResponse(
    MerchantResponseDto,
    'One page of merchants; the total and the other pages are in the headers.',
    'admin/merchants?kybStatus=UNDER_REVIEW',
  )
  list(@Query() query: AdminMerchantListQueryDto): Promise<Page<MerchantResponseDto>> {
    return this.merchants.list(query);
  }

  /**
   * The KYB decision. Allowed: PENDING or UNDER_REVIEW to ACTION_REQUIRED, APPROVED or REJECTED;
   * ACTION_REQUIRED to REJECTED; APPROVED to SUSPENDED or ACTION_REQUIRED; SUSPENDED to APPROVED
   * or REJECTED; anything else 409 INVALID_KYB_TRANSITION. `reasonCode` is required except for
   * APPROVED. ACTION_REQUIRED makes `requirements` due (14 days) and e-mails a new onboarding
   * link; REJECTED revokes live API keys. Audited.
   */
  @Patch(':merchantId/kyb')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('NOT_FOUND', 'INVALID_KYB_TRANSITION')
  changeKyb(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @Body() body: MerchantKybRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    return this.merchants.changeKyb(principal, merchantId, body, client);
  }

  /**
   * A new price list from `effectiveAt` (not in the past): percentage in basis points plus a
   * fixed fee, optionally capped (cap at least the fixed fee), the rolling reserve, and the
   * payout schedule (the weekly or monthly anchor exactly when the interval needs it).
   * Versions are kept; the response shows the one in force and any scheduled. Audited.
   */
  @Patch(':merchantId/pricing')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('NOT_FOUND')
  setPricing(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @Body() body: MerchantPricingRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    return this.terms.setPricing(principal, merchantId, body, client);
  }

  /**
   * Where payouts go. The NUBAN's check digit is verified for 3-digit bank codes; the account
   * starts PENDING_VERIFICATION, payouts are held for 72 hours after any change, and the number
   * is masked to its last four digits in every response and in the audit log.
   */
  @Patch(':merchantId/settlement-account')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: MerchantResponseDto })
  @ApiErrors('NOT_FOUND')
  setSettlementAccount(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @Body() body: MerchantSettlementAccountRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    return this.terms.setSettlementAccount(principal, merchantId, body, client);
  }

  /** The merchant's risk tier, with the reason. Audited. */
  @Post(':merchantId/risk-tier')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantRiskProfileResponseDto })
  @ApiErrors('NOT_FOUND')
  setRiskTier(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @Body() body: MerchantRiskTierRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantRiskProfileResponseDto> {
    return this.terms.setRiskTier(principal, merchantId, body, client);
  }

  /**
   * Replaces the merchant's velocity caps (trailing hour or day, per merchant or per customer,
   * per currency; each with a count, an amount or both; one per scope, window and currency; at
   * most 20). Stored and shown now; enforced on merchant payments by checkout. Audited.
   */
  @Post(':merchantId/velocity-caps')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantRiskProfileResponseDto })
  @ApiErrors('NOT_FOUND')
  setVelocityCaps(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @Body() body: MerchantVelocityCapsRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantRiskProfileResponseDto> {
    return this.terms.setVelocityCaps(principal, merchantId, body, client);
  }
}
