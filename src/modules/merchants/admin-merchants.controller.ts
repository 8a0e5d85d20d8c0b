import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../platform/http/client-info.decorator';
import { Page, PagedArrayResponse } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { AdminMerchantsService } from './admin-merchants.service';
import { AdminMerchantListQueryDto } from './dto/admin-merchant-list-query.dto';
import { MerchantKybRequestDto } from './dto/merchant-kyb-request.dto';
import { MerchantResponseDto } from './dto/merchant-response.dto';

@ApiTags('Admin: merchants')
@Controller('admin/merchants')
export class AdminMerchantsController {
  constructor(private readonly merchants: AdminMerchantsService) {}

  /** Merchants newest first, filtered by KYB status and `q` (name, registration number or e-mail). */
  @Get()
  @StaffAuth('ADMIN')
  @PagedArrayResponse(MerchantResponseDto, 'One page of merchants; the total and the other pages are in the headers.')
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
}
