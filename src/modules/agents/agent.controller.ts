import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page, PageQueryDto } from '../../platform/http/pagination';
import {
  ApiIdempotencyKeyHeader,
  IdempotencyKey,
  PAYMENT_ATTEMPT_ERRORS,
  PaymentResponseDto,
  toPaymentResponse,
} from '../payments';
import { AgentFloatService } from './agent-float.service';
import { AgentPaymentsService } from './agent-payments.service';
import { AgentPaymentRequestDto } from './dto/agent-payment-request.dto';
import { CashPositionResponseDto } from './dto/cash-position-response.dto';
import { toCashPosition } from './dto/agent-mappers';

@ApiTags('Agent')
@Controller('agent')
export class AgentController {
  constructor(
    private readonly floats: AgentFloatService,
    private readonly payments: AgentPaymentsService,
  ) {}

  /** Your float, limits, today's cash and payments, and commission earned today and this month. */
  @Get('cash-position')
  @StaffAuth('AGENT')
  @ApiOkResponse({ type: CashPositionResponseDto })
  async cashPosition(@CurrentPrincipal() principal: UserPrincipal): Promise<CashPositionResponseDto> {
    return toCashPosition(await this.floats.position(principal.userId));
  }

  /**
   * Pay a bill for a walk-in customer with the cash they handed you: the amount and fee come
   * out of your float (422 INSUFFICIENT_FLOAT, `details` with the headroom), your commission is
   * credited per the biller's rule, and the payment is posted to the biller like any other.
   * Idempotency exactly as POST /payments; your limits per payment and per day apply (422
   * LIMIT_EXCEEDED).
   */
  @Post('payments')
  @StaffAuth('AGENT')
  @HttpCode(200)
  @ApiIdempotencyKeyHeader()
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiErrors(
    'NOT_FOUND',
    'IDEMPOTENCY_KEY_REQUIRED',
    'INSUFFICIENT_FLOAT',
    ...PAYMENT_ATTEMPT_ERRORS,
    'ACCOUNT_NOT_PAYABLE',
  )
  async pay(
    @CurrentPrincipal() principal: UserPrincipal,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() body: AgentPaymentRequestDto,
  ): Promise<PaymentResponseDto> {
    return toPaymentResponse(await this.payments.pay(principal.userId, idempotencyKey, body));
  }

  /** The payments you made, newest first. */
  @Get('transactions')
  @StaffAuth('AGENT')
  @ApiPageResponse(PaymentResponseDto, 'TransactionPage')
  async transactions(
    @CurrentPrincipal() principal: UserPrincipal,
    @Query() query: PageQueryDto,
  ): Promise<Page<PaymentResponseDto>> {
    const page = await this.payments.transactions(principal.userId, query);
    return { ...page, items: page.items.map((payment) => toPaymentResponse(payment)) };
  }
}
