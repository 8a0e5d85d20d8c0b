import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, SandboxKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { IdempotencyKey } from '../../payments';
import { CheckoutSessionsService } from './checkout-sessions.service';
import { IDEMPOTENT_REPLAYED_HEADER, IdempotentCreation } from './idempotent-creation.decorator';
import {
  MerchantCheckoutSessionRequestDto,
  MerchantCheckoutSessionResponseDto,
  toCheckoutSessionResponse,
} from './dto/checkout-session.dto';

/**
 * The developer sandbox (spec 4.11): test-mode checkout sessions for a developer's sandbox key,
 * made by the same service, rules and idempotency as `POST /merchant/checkout-sessions` (one
 * creation path). The key is `sk_test_...`, sent as `Authorization: Bearer` or
 * `X-Service-Developer-Key`; it works before the merchant's KYB is approved.
 */
@ApiTags('Developer sandbox')
@Controller('developer/sandbox/checkout-sessions')
export class SandboxCheckoutSessionsController {
  constructor(private readonly sessions: CheckoutSessionsService) {}

  /**
   * Opens a test-mode session, OPEN until `expiresAt`; `url` is the hosted page. `endpoint` is
   * the browser's return URL (any `https://` URL or `http://localhost[:port]`), or send
   * `successUrl` and `cancelUrl`. The Idempotency-Key is required (409 IDEMPOTENCY_KEY_REQUIRED);
   * a retry with the same key and body answers the first session (201, `Idempotent-Replayed:
   * true`), another body 409 IDEMPOTENCY_KEY_REUSED. A live key: 403 SANDBOX_KEY_REQUIRED;
   * `Authorization` and `X-Service-Developer-Key` with different keys: 400 AMBIGUOUS_CREDENTIALS.
   */
  @Post()
  @SandboxKey()
  @IdempotentCreation({
    type: MerchantCheckoutSessionResponseDto,
    keyDescription:
      'Unique per session you open, scoped to your merchant and test mode: a retry with the same key and body answers the first session (201, `Idempotent-Replayed: true`); the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.',
    keyExample: 'sandbox-order-7',
    replayed: 'the session was opened',
  })
  @ApiErrors(
    'VALIDATION_FAILED',
    'IDEMPOTENCY_KEY_REQUIRED',
    'IDEMPOTENCY_KEY_REUSED',
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
}
