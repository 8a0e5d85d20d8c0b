import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { MerchantUserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { MerchantAuditLogPageResponseDto, MerchantAuditLogQueryDto } from './dto/merchant-audit-log.dto';
import { MerchantAuditLogService } from './merchant-audit-log.service';

@ApiTags('Merchant audit log')
@Controller('merchant/audit-log')
export class MerchantAuditLogController {
  constructor(private readonly log: MerchantAuditLogService) {}

  /**
   * The signed-in merchant's audit log, newest first: who did what, to what, from where.
   * Filter by `action` and by the actor's role (`actor`); page with `cursor` (400
   * INVALID_CURSOR for one this list did not issue) and `size` (1-100, default 50). OWNER and
   * ADMIN only; people only (an API key gets 403 HUMAN_CONTEXT_REQUIRED).
   */
  @Get()
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @ApiOkResponse({ type: MerchantAuditLogPageResponseDto })
  @ApiErrors('INVALID_CURSOR')
  page(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @Query() query: MerchantAuditLogQueryDto,
  ): Promise<MerchantAuditLogPageResponseDto> {
    return this.log.page(principal.merchantId, query);
  }
}
