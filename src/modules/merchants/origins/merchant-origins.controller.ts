import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { AuthenticatedRequest, MerchantUserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { RATE_LIMIT_HEADERS, RateLimit, RateLimitRule } from '../../../platform/http/rate-limit.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { MerchantsConfig } from '../merchants.config';
import { merchantActor } from '../onboarding/merchant-audit.writer';
import { MerchantOriginRequestDto, MerchantOriginResponseDto, toOriginResponse } from './dto/merchant-origin.dto';
import { MerchantOriginsService } from './merchant-origins.service';

/**
 * Ownership checks per origin (design/merchants.md section 4: 10 an hour). Counted per merchant
 * and origin id, after authentication, so nobody outside the merchant spends its checks.
 */
const CHECKS_PER_ORIGIN: RateLimitRule = {
  name: 'merchant-origin-verify',
  key: (request: Request) => {
    const principal = (request as Request & AuthenticatedRequest).principal;
    const id = request.params?.id;
    if (principal?.kind !== 'merchant-user' || typeof id !== 'string') return undefined;
    return `${principal.merchantId}|${id.toLowerCase()}`;
  },
  limit: (configuration) => ({
    max: configuration.get(MerchantsConfig).MERCHANT_ORIGIN_VERIFICATIONS_PER_HOUR,
    windowSeconds: 3600,
  }),
};

/**
 * The web origins a merchant sends customers from, for the OWNER and DEVELOPERs, people only (an
 * API key gets 403 HUMAN_CONTEXT_REQUIRED; ADMIN and ANALYST 403 FORBIDDEN).
 */
@ApiTags('Merchant origins')
@Controller('merchant/origins')
export class MerchantOriginsController {
  constructor(private readonly origins: MerchantOriginsService) {}

  /** The merchant's origins, oldest first, each with its challenge (null for test-mode localhost origins). */
  @Get()
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @ApiOkResponse({ type: [MerchantOriginResponseDto] })
  async list(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantOriginResponseDto[]> {
    return (await this.origins.list(principal.merchantId)).map(toOriginResponse);
  }

  /**
   * Adds an origin, PENDING with a challenge to put in DNS or at an HTTPS file; `http://localhost[:port]`
   * is VERIFIED at once and marked `testModeOnly`. 400 ORIGIN_INVALID, 409 ORIGIN_ALREADY_EXISTS,
   * 422 ORIGIN_LIMIT_REACHED (20 per merchant). Audited.
   */
  @Post()
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @ApiCreatedResponse({ type: MerchantOriginResponseDto })
  @ApiErrors('ORIGIN_INVALID', 'ORIGIN_ALREADY_EXISTS', 'ORIGIN_LIMIT_REACHED')
  async add(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @Body() body: MerchantOriginRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantOriginResponseDto> {
    const added = await this.origins.add(
      principal.merchantId,
      body.origin,
      { actor: merchantActor(principal), userId: principal.userId },
      client,
    );
    return toOriginResponse(added);
  }

  /**
   * Checks the challenge: the DNS TXT record first, then the HTTPS file (public addresses only,
   * no redirect, valid TLS, 5 s, 4 KB). 200 VERIFIED; 422 ORIGIN_CHALLENGE_NOT_FOUND with what each
   * method found (`details`, fields `dns` and `http`). An origin already VERIFIED answers as it
   * is. At most 10 checks an hour per origin (429). Audited either way.
   */
  @Post(':id/verify')
  // Above @MerchantAuth(): its guard runs after the authenticating one.
  @RateLimit(CHECKS_PER_ORIGIN)
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantOriginResponseDto, headers: RATE_LIMIT_HEADERS })
  @ApiErrors('NOT_FOUND', 'ORIGIN_CHALLENGE_NOT_FOUND')
  async verify(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantOriginResponseDto> {
    return toOriginResponse(await this.origins.verify(principal.merchantId, id, merchantActor(principal), client));
  }

  /** Deletes an origin; it stops counting at once. 404 when unknown, another merchant's, or already deleted. */
  @Delete(':id')
  @MerchantAuth({ roles: ['OWNER', 'DEVELOPER'] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors('NOT_FOUND')
  async remove(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<void> {
    await this.origins.remove(principal.merchantId, id, merchantActor(principal), client);
  }
}
