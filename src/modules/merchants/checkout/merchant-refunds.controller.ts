import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { Page, PagedArrayResponse } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { IdempotencyKey } from '../../payments';
import {
  MerchantRefundListQueryDto,
  MerchantRefundRequestDto,
  MerchantRefundResponseDto,
  toMerchantRefundResponse,
} from './dto/merchant-refund.dto';
import { IDEMPOTENT_REPLAYED_HEADER, IdempotentCreation } from './idempotent-creation.decorator';
import { MerchantRefundsService } from './merchant-refunds.service';

/**
 * Refunds of checkout payments (merchant API, 4.10), for the merchant's server with its API key
 * only: a `sk_test_` key refunds and sees test payments, a `sk_live_` key live ones. Another
 * merchant's payment or refund, or one of the other mode, is 404.
 */
@ApiTags('Merchant refunds')
@Controller('merchant/refunds')
export class MerchantRefundsController {
  constructor(private readonly refunds: MerchantRefundsService) {}

  /**
   * Refunds all or part of a SUCCEEDED checkout payment: `amount` (minor units, default what is
   * left) at most the payment's amount less its earlier refunds (422 REFUND_EXCEEDS_REMAINING with
   * `remaining`), spent from your available balance first, then pending (422 INSUFFICIENT_BALANCE
   * when they do not cover it). 201 with the refund PENDING: the rail returns the money to the
   * payer, then the refund becomes SUCCEEDED (webhook and stream event `payment.refunded`) or, when
   * the rail refuses for good, FAILED with the money back in your balance. 404 for a payment not
   * yours or of the other mode, 409 PAYMENT_NOT_REFUNDABLE for one that did not succeed. Live
   * refunds need an APPROVED merchant (403 MERCHANT_RESTRICTED). Audited `REFUND_CREATED`.
   */
  @Post()
  @MerchantApiKey()
  @IdempotentCreation({
    type: MerchantRefundResponseDto,
    keyDescription:
      "Unique per refund you make, scoped to your merchant and the key's mode: a retry with the same key and body answers the first refund as it stands (201, `Idempotent-Replayed: true`); the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.",
    keyExample: 'order-1042-refund-1',
    replayed: 'the refund was made',
  })
  @ApiErrors(
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'IDEMPOTENCY_KEY_REQUIRED',
    'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_NOT_REFUNDABLE',
    'MERCHANT_RESTRICTED',
    'REFUND_EXCEEDS_REMAINING',
    'INSUFFICIENT_BALANCE',
  )
  async create(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() body: MerchantRefundRequestDto,
    @CurrentClient() client: ClientInfo,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MerchantRefundResponseDto> {
    const { refund, payment, replayed } = await this.refunds.create(principal, idempotencyKey, body, client);
    if (replayed) response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return toMerchantRefundResponse(refund, payment);
  }

  /**
   * The key mode's refunds, newest first, optionally of one payment (`paymentId`): `page` (from 0)
   * and `size` (20 when left out). The body is the page's array; the total and the other pages
   * are in the `X-Total-Count` and `Link` headers.
   */
  @Get()
  @MerchantApiKey()
  @PagedArrayResponse(
    MerchantRefundResponseDto,
    'One page of refunds, newest first; the total and the other pages are in the headers.',
    'merchant/refunds?paymentId=0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f60',
  )
  @ApiErrors('VALIDATION_FAILED')
  async list(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantRefundListQueryDto,
  ): Promise<Page<MerchantRefundResponseDto>> {
    const page = await this.refunds.list(principal, query);
    return { ...page, items: page.items.map((view) => toMerchantRefundResponse(view.refund, view.payment)) };
  }

  /** The refund as it stands, with its payment. 404 for another merchant's refund or one of the other mode. */
  @Get(':refundId')
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantRefundResponseDto })
  @ApiErrors('NOT_FOUND')
  async get(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @UuidParam('refundId') id: string,
  ): Promise<MerchantRefundResponseDto> {
    const { refund, payment } = await this.refunds.get(principal, id);
    return toMerchantRefundResponse(refund, payment);
  }
}
