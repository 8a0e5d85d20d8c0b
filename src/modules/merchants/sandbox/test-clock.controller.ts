import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SandboxKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { TestClockAdvanceRequestDto, TestClockAdvanceResponseDto } from './dto/test-clock.dto';
import { TestClockService } from './test-clock.service';

/**
 * The developer test clock (an addition to spec 4.11): a sandbox key moves one of its test objects' clock
 * forward and the work that falls due runs at once, so an integration sees an expiry, a payout release or a
 * dispute without waiting. Test mode only: a live key is 403 SANDBOX_KEY_REQUIRED.
 */
@ApiTags('Developer sandbox')
@Controller('developer/test-clock')
export class TestClockController {
  constructor(private readonly testClock: TestClockService) {}

  /**
   * Moves a test checkout session's or a test payment's clock forward by `seconds` (1 to 30 days) and runs
   * what falls due for it now: the session expires (`checkout_session.expired`); the payment's pending and
   * reserve releases are made available (`balance.updated`); its sandbox dispute arrives (`payment.disputed`);
   * either's webhook deliveries due on the moved clock make their next attempt now. Answers what it did and the object after. Exactly one of `checkoutSessionId` and `paymentId` (400
   * VALIDATION_FAILED otherwise); another merchant's object, a live one or an unknown id: 404 NOT_FOUND.
   */
  @Post('advance')
  @HttpCode(200)
  @SandboxKey()
  @ApiBody({
    type: TestClockAdvanceRequestDto,
    examples: {
      expireSession: {
        summary: 'Expire a test session (its expiry comes a day earlier)',
        value: { checkoutSessionId: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e', seconds: 86400 },
      },
      releasePayment: {
        summary: "Make a test payment's pending balance available (T+1)",
        value: { paymentId: '0193f5c2-9b21-7c4d-8e5f-2a3b4c5d6e7f', seconds: 86400 },
      },
    },
  })
  @ApiOkResponse({
    type: TestClockAdvanceResponseDto,
    examples: {
      sessionExpired: {
        summary: 'A session expired',
        value: {
          advancedSeconds: 86400,
          effects: [
            { type: 'CHECKOUT_SESSION_EXPIRED', id: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e', kind: null, amount: null },
          ],
          checkoutSession: {
            id: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e',
            status: 'EXPIRED',
            paymentStatus: 'UNPAID',
            amount: 500000,
            currency: 'NGN',
            merchantReference: 'order-1',
            title: 'Two tickets',
            successUrl: 'http://localhost:8080/return',
            cancelUrl: 'http://localhost:8080/return',
            customerEmail: null,
            url: 'https://pay.example.com/c/0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e',
            source: 'API',
            paymentLinkId: null,
            paymentId: null,
            metadata: {},
            livemode: false,
            expiresAt: '2026-11-26T09:00:00.000Z',
            completedAt: null,
            createdAt: '2026-11-25T09:00:00.000Z',
          },
          payment: null,
        },
      },
      pendingReleased: {
        summary: "A payment's pending balance released",
        value: {
          advancedSeconds: 86400,
          effects: [{ type: 'BALANCE_RELEASED', id: null, kind: 'PENDING_TO_AVAILABLE', amount: 490000 }],
          checkoutSession: null,
          payment: {
            id: '0193f5c2-9b21-7c4d-8e5f-2a3b4c5d6e7f',
            checkoutSessionId: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e',
            releases: [
              {
                kind: 'PENDING_TO_AVAILABLE',
                amount: 490000,
                dueAt: '2026-11-26T10:00:00.000Z',
                releasedAt: '2026-11-26T10:00:00.000Z',
              },
            ],
            dispute: null,
            currency: 'NGN',
            pending: 0,
            available: 490000,
            reserve: 0,
          },
        },
      },
    },
  })
  @ApiErrors('VALIDATION_FAILED', 'NOT_FOUND')
  advance(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Body() body: TestClockAdvanceRequestDto,
  ): Promise<TestClockAdvanceResponseDto> {
    return this.testClock.advance(principal.merchantId, body);
  }
}
