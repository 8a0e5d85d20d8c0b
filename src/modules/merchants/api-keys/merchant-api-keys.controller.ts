import { Body, Controller, Delete, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { MerchantUserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { merchantActor } from '../onboarding/merchant-audit.writer';
import {
  MerchantApiKeyRequestDto,
  MerchantApiKeyResponseDto,
  MerchantApiKeySummaryResponseDto,
  toApiKeyResponse,
  toApiKeySummary,
} from './dto/merchant-api-key.dto';
import { MerchantApiKeysService } from './merchant-api-keys.service';

/**
 * The merchant's API keys, for the OWNER and DEVELOPERs, people only (an API key gets 403
 * HUMAN_CONTEXT_REQUIRED; ADMIN and ANALYST 403 FORBIDDEN).
 */
@ApiTags('Merchant API keys')
@Controller('merchant/api-keys')
export class MerchantApiKeysController {
  constructor(private readonly keys: MerchantApiKeysService) {}

  /** Every key, active and revoked, newest first; never a secret. */
  @Get()
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @ApiOkResponse({ type: [MerchantApiKeySummaryResponseDto] })
  async list(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantApiKeySummaryResponseDto[]> {
    return (await this.keys.list(principal.merchantId)).map(toApiKeySummary);
  }

  /**
   * A new key; its `secret` is in this response only. `livemode: true` makes an `sk_live_` key
   * and needs an APPROVED merchant (422 MERCHANT_NOT_APPROVED); test keys work from the start.
   * At most 25 active keys per mode (422 API_KEY_LIMIT_REACHED). Audited.
   */
  @Post()
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ type: MerchantApiKeyResponseDto })
  @ApiErrors('MERCHANT_NOT_APPROVED', 'API_KEY_LIMIT_REACHED')
  async create(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @Body() body: MerchantApiKeyRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantApiKeyResponseDto> {
    const created = await this.keys.create(
      principal.merchantId,
      body,
      { actor: merchantActor(principal), type: 'USER', userId: principal.userId },
      client,
    );
    return toApiKeyResponse(created);
  }

  /** Revokes an active key: it stops working on the next request. 404 when unknown or already revoked. */
  @Delete(':apiKeyId')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantApiKeySummaryResponseDto })
  @ApiErrors('NOT_FOUND')
  async revoke(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('apiKeyId') apiKeyId: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantApiKeySummaryResponseDto> {
    return toApiKeySummary(await this.keys.revoke(principal.merchantId, apiKeyId, merchantActor(principal), client));
  }
}
