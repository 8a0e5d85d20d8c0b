import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page, PageQueryDto } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { toPaymentDraft, toPaymentResponse, toTransactionDetail } from './dto/payment-mappers';
import { PaymentDraftDto } from './dto/payment-draft.dto';
import { PaymentRequestDto } from './dto/payment-request.dto';
import { PaymentResponseDto } from './dto/payment-response.dto';
import { TransactionDetailDto } from './dto/transaction-detail.dto';
import { ApiIdempotencyKeyHeader, IdempotencyKey } from './idempotency-key.decorator';
import { PAYMENT_ATTEMPT_ERRORS } from '../payments.errors';
import { PaymentsService } from './payments.service';
import { ReceiptService } from '../receipts/receipt.service';
import { ReceiptUrlResponseDto } from '../receipts/dto/receipt-url-response.dto';

@ApiTags('Payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly receipts: ReceiptService,
  ) {}

  /**
   * Pay a bill once. Funds are captured on the rail at once (`PENDING`), then posted to the
   * biller in the background (`PROCESSING`, then `SUCCEEDED` or `FAILED` with the funds
   * returned). A declined capture answers 200 with status `FAILED` and its `failureCode`.
   * Once the payment is accepted it is never answered with an error: a rail that does not
   * answer in time, or a database outage after acceptance, answers 200 with the payment as it
   * stands, status `AUTHORIZING`; poll `GET /payments/{id}` or replay the request with the same
   * `Idempotency-Key` (409 `DUPLICATE_PAYMENT` names the payment and its status). The service
   * completes the capture itself (under the payment id, never twice) within an hour, or fails
   * the payment (`RAIL_NO_CAPTURE`) and takes nothing. A 503 comes only before acceptance:
   * retry with the same key, which answers the payment if it was accepted after all.
   */
  @Post()
  @CustomerAuth()
  @HttpCode(200)
  @ApiIdempotencyKeyHeader()
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiErrors('NOT_FOUND', 'IDEMPOTENCY_KEY_REQUIRED', ...PAYMENT_ATTEMPT_ERRORS, 'ACCOUNT_NOT_PAYABLE')
  async create(
    @CurrentPrincipal() principal: UserPrincipal,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() body: PaymentRequestDto,
  ): Promise<PaymentResponseDto> {
    return toPaymentResponse(await this.payments.create(principal.userId, idempotencyKey, body));
  }

  /** Your payments, newest first. */
  @Get()
  @CustomerAuth()
  @ApiPageResponse(PaymentResponseDto, 'TransactionPage')
  async list(
    @CurrentPrincipal() principal: UserPrincipal,
    @Query() query: PageQueryDto,
  ): Promise<Page<PaymentResponseDto>> {
    const page = await this.payments.list(principal.userId, query);
    return { ...page, items: page.items.map((payment) => toPaymentResponse(payment)) };
  }

  /** One of your payments with its timeline, posting outcome and journal reference; another customer's is 404. */
  @Get(':id')
  @CustomerAuth()
  @ApiOkResponse({ type: TransactionDetailDto })
  @ApiErrors('NOT_FOUND')
  async detail(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<TransactionDetailDto> {
    return toTransactionDetail(await this.payments.detail(principal.userId, id));
  }

  /**
   * A short-lived link to this payment's PDF receipt. The link itself is the authorisation:
   * it opens without a bearer token until `expiresAt`, and is refused after. Only a
   * SUCCEEDED payment has a receipt (409 otherwise); another customer's payment is 404.
   */
  @Post(':id/receipt')
  @CustomerAuth()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ReceiptUrlResponseDto })
  @ApiErrors('NOT_FOUND', 'RECEIPT_NOT_AVAILABLE')
  async receipt(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<ReceiptUrlResponseDto> {
    const issued = await this.receipts.issue(principal.userId, id);
    return { url: issued.url, expiresAt: issued.expiresAt.toISOString() };
  }

  /** A new payment prefilled from this one, with the biller's current fee and availability. */
  @Post(':id/reorder')
  @CustomerAuth()
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentDraftDto })
  @ApiErrors('NOT_FOUND')
  async reorder(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<PaymentDraftDto> {
    return toPaymentDraft(await this.payments.reorder(principal.userId, id));
  }
}
