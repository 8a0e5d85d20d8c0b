import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { staffActor } from '../onboarding/merchant-audit.writer';
import { MerchantApiKeyRequestDto, MerchantApiKeyResponseDto, toApiKeyResponse } from './dto/merchant-api-key.dto';
import { MerchantApiKeysService } from './merchant-api-keys.service';

@ApiTags('Admin: merchants')
@Controller('admin/merchants')
export class AdminMerchantApiKeysController {
  constructor(private readonly keys: MerchantApiKeysService) {}

  /**
   * Issues a key for a merchant on its behalf (onboarding support); the `secret` is in this
   * response only. The same rules as the merchant's own: live keys need APPROVED (422
   * MERCHANT_NOT_APPROVED), 25 active per mode. Audited as PLATFORM_STAFF.
   */
  @Post(':merchantId/api-keys')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: MerchantApiKeyResponseDto })
  @ApiErrors('NOT_FOUND', 'MERCHANT_NOT_APPROVED', 'API_KEY_LIMIT_REACHED')
  async issue(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @Body() body: MerchantApiKeyRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantApiKeyResponseDto> {
    const created = await this.keys.create(
      merchantId,
      body,
      { actor: staffActor(principal), type: 'STAFF', userId: principal.userId },
      client,
    );
    return toApiKeyResponse(created);
  }
}
