import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { IdempotencyKey } from '../../payments';
import { CheckoutSessionsService } from './checkout-sessions.service';
import { IDEMPOTENT_REPLAYED_HEADER, IdempotentCreation } from './idempotent-creation.decorator';
import {
  MerchantCheckoutSessionRequestDto,
  MerchantCheckoutSessionResponseDto,
  toCheckoutSessionResponse,
} from './dto/checkout-session.dto';

/**
 * Checkout sessions of the merchant API (4.10), for the merchant's server with its API key only:
 * a `sk_test_` key makes and sees test sessions, a `sk_live_` key live ones.
 */
@ApiTags('Merchant checkout')
@Controller('merchant/checkout-sessions')
export class CheckoutSessionsController {
  constructor(private readonly sessions: CheckoutSessionsService) {}

  /**
   * Opens a session OPEN until `expiresAt` (30 minutes to 24 hours, 24 hours by default); `url`
   * is the hosted page to send the customer to. The Idempotency-Key is required: the same key
   * and body answer the first session again as it now stands (with `Idempotent-Replayed: true`),
   * another body under the key 409 IDEMPOTENCY_KEY_REUSED. Live sessions need an APPROVED
   * merchant (403 MERCHANT_RESTRICTED) and success and cancel URLs on the merchant's VERIFIED
   * origins (422 REDIRECT_URL_NOT_ALLOWED). `endpoint` (spec 4.11) may stand for both URLs. A
   * sandbox key may come as `X-Service-Developer-Key` (test-mode sessions). Audited.
   */
  @Post()
  @MerchantApiKey()
  @IdempotentCreation({
    type: MerchantCheckoutSessionResponseDto,
    keyDescription:
      "Unique per session you open, scoped to your merchant and the key's mode: a retry with the same key and body answers the first session (201, `Idempotent-Replayed: true`); the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.",
    keyExample: 'order-1042-checkout',
    replayed: 'the session was opened',
  })
  @ApiErrors(
    'VALIDATION_FAILED',
    'IDEMPOTENCY_KEY_REQUIRED',
    'IDEMPOTENCY_KEY_REUSED',
    'MERCHANT_RESTRICTED',
    'REDIRECT_URL_NOT_ALLOWED',
    'CURRENCY_NOT_SUPPORTED',
  )
  async create(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() body: MerchantCheckoutSessionRequestDto,
    @CurrentClient() client: ClientInfo,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MerchantCheckoutSessionResponseDto> {
    const { session, replayed } = await this.sessions.create(principal, idempotencyKey, body, client);
    if (replayed) response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return toCheckoutSessionResponse(session, this.sessions.hostedUrl(session.id));
  }

  /**
   * The session as it stands: EXPIRED once past `expiresAt`, even before the expiry job ran.
   * 404 for another merchant's session or one of the other mode.
   */
  @Get(':checkoutSessionId')
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantCheckoutSessionResponseDto })
  @ApiErrors('NOT_FOUND')
  async get(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @UuidParam('checkoutSessionId') id: string,
  ): Promise<MerchantCheckoutSessionResponseDto> {
    const session = await this.sessions.get(principal, id);
    return toCheckoutSessionResponse(session, this.sessions.hostedUrl(session.id));
  }
}
