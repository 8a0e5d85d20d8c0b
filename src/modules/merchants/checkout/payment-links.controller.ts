import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import {
  MerchantPaymentLinkRequestDto,
  MerchantPaymentLinkResponseDto,
  toPaymentLinkResponse,
} from './dto/payment-link.dto';
import { PaymentLinksService } from './payment-links.service';

/** Payment links of the merchant API (4.10), for the merchant's server with its API key only, in the key's mode. */
@ApiTags('Merchant checkout')
@Controller('merchant/payment-links')
export class PaymentLinksController {
  constructor(private readonly links: PaymentLinksService) {}

  /**
   * Creates a link: a fixed `amount`, or `minAmount` and `maxAmount` for the customer to choose
   * within. `slug` is unique across the service (409 SLUG_TAKEN); `redirectUrl` follows a
   * session's `successUrl` rules (422 REDIRECT_URL_NOT_ALLOWED); live links need an APPROVED
   * merchant (403 MERCHANT_RESTRICTED). `url` is the hosted page. Audited.
   */
  @Post()
  @MerchantApiKey()
  @ApiCreatedResponse({ type: MerchantPaymentLinkResponseDto })
  @ApiErrors(
    'VALIDATION_FAILED',
    'SLUG_TAKEN',
    'MERCHANT_RESTRICTED',
    'REDIRECT_URL_NOT_ALLOWED',
    'CURRENCY_NOT_SUPPORTED',
  )
  async create(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Body() body: MerchantPaymentLinkRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantPaymentLinkResponseDto> {
    const link = await this.links.create(principal, body, client);
    return toPaymentLinkResponse(link, this.links.hostedUrl(link), this.links.now());
  }

  /** The key's mode's links, newest first (the newest 100), each with its completion count. */
  @Get()
  @MerchantApiKey()
  @ApiOkResponse({ type: [MerchantPaymentLinkResponseDto] })
  async list(@CurrentPrincipal() principal: MerchantApiKeyPrincipal): Promise<MerchantPaymentLinkResponseDto[]> {
    const now = this.links.now();
    return (await this.links.list(principal)).map((link) =>
      toPaymentLinkResponse(link, this.links.hostedUrl(link), now),
    );
  }
}
