import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import {
  ApiIdempotencyKeyHeader,
  IdempotencyKey,
  PAYMENT_ATTEMPT_ERRORS,
  PaymentResponseDto,
  toPaymentResponse,
} from '../payments';
import { BillsService } from './bills.service';
import { BillClaimRequestDto } from './dto/bill-claim-request.dto';
import { BillListQueryDto } from './dto/bill-list-query.dto';
import { toBillShareResponse, toCustomerBill, toCustomerBillDetail } from './dto/bill-mappers';
import { BillPayRequestDto } from './dto/bill-pay-request.dto';
import { BillShareRequestDto, BillShareResponseDto } from './dto/bill-share.dto';
import { CustomerBillDetailDto, CustomerBillDto } from './dto/customer-bill.dto';

@ApiTags('Bills')
@Controller('bills')
export class BillsController {
  constructor(private readonly bills: BillsService) {}

  /**
   * Your bill inbox, newest first; `status` keeps the bills shown with that status. Bills shared
   * with you through a household (by their owner, or of a biller account shared with it) are
   * listed too, marked `shared`.
   */
  @Get()
  @CustomerAuth()
  @ApiPageResponse(CustomerBillDto, 'CustomerBillPage')
  async list(
    @CurrentPrincipal() principal: UserPrincipal,
    @Query() query: BillListQueryDto,
  ): Promise<Page<CustomerBillDto>> {
    const page = await this.bills.list(principal.userId, query);
    return { ...page, items: page.items.map(toCustomerBill) };
  }

  /**
   * Claims the bills of one of your biller accounts that could not be matched to you: every
   * unpaid one joins your inbox, the account is saved for you, and the most recent bill is
   * answered. 400 when the reference does not have the biller's format; 404 when no bill of that
   * account is waiting (or its bills belong to someone else). Claiming again answers 200.
   */
  @Post('claims')
  @CustomerAuth()
  @HttpCode(200)
  @ApiOkResponse({ type: CustomerBillDetailDto })
  @ApiErrors('CLAIMABLE_BILL_NOT_FOUND')
  async claim(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: BillClaimRequestDto,
  ): Promise<CustomerBillDetailDto> {
    return toCustomerBillDetail(await this.bills.claim(principal.userId, body.biller, body.accountReference));
  }

  /**
   * One of your bills with its line items; reading it marks it `VIEWED`. A bill shared with you
   * through a household reads the same (marked `shared`, its status left as it is). Another
   * customer's bill is 404.
   */
  @Get(':billId')
  @CustomerAuth()
  @ApiOkResponse({ type: CustomerBillDetailDto })
  @ApiErrors('NOT_FOUND')
  async detail(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('billId') billId: string,
  ): Promise<CustomerBillDetailDto> {
    return toCustomerBillDetail(await this.bills.detail(principal.userId, billId));
  }

  /**
   * Pays one of your bills through the same payment path as POST /payments (channel `BILL`),
   * the biller's amount rule applied against the amount due. The bill becomes `PAID` with the
   * payment unless the payment failed. 409 `BILL_ALREADY_PAID` (details name the payment),
   * `CLAIM_REQUIRED` (an unmatched bill: claim it first), `BILL_UNRESOLVABLE` (withdrawn by the
   * biller); the payment errors of POST /payments otherwise. A bill shared with you through a
   * household is paid the same way, by you (your funding account, limits and history), unless
   * you are a VIEWER of that household (403 HOUSEHOLD_ROLE_REQUIRED); it is paid once whoever
   * pays: while one member's payment runs, another's answers 409 BILL_ALREADY_PAID.
   */
  @Post(':billId/pay')
  @CustomerAuth()
  @HttpCode(200)
  @ApiIdempotencyKeyHeader({
    optional: true,
    description:
      'Optional, scoped to you. Without it the bill itself is the scope: a second tap answers 409 (BILL_ALREADY_PAID or DUPLICATE_PAYMENT naming the payment) instead of paying twice. With it, a retry with the same key and body answers 409 DUPLICATE_PAYMENT; the same key with another body 409 IDEMPOTENCY_KEY_REUSED.',
    example: 'bill-pay-2026-11-23-0001',
  })
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiErrors(
    'NOT_FOUND',
    'HOUSEHOLD_ROLE_REQUIRED',
    'BILL_ALREADY_PAID',
    'CLAIM_REQUIRED',
    'BILL_UNRESOLVABLE',
    ...PAYMENT_ATTEMPT_ERRORS,
  )
  async pay(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('billId') billId: string,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() body: BillPayRequestDto,
  ): Promise<PaymentResponseDto> {
    return toPaymentResponse(await this.bills.pay(principal.userId, billId, idempotencyKey, body));
  }

  /**
   * Share one of your bills with a household you belong to (an addition to the spec): its
   * members see it in GET /bills marked `shared`, and all but VIEWERs may pay it. Sharing again
   * answers the same share. Another customer's bill, or a household you are not in: 404.
   */
  @Post(':billId/shares')
  @CustomerAuth()
  @ApiCreatedResponse({ type: BillShareResponseDto })
  @ApiErrors('NOT_FOUND')
  async share(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('billId') billId: string,
    @Body() body: BillShareRequestDto,
  ): Promise<BillShareResponseDto> {
    return toBillShareResponse(await this.bills.share(principal.userId, billId, body.householdId));
  }

  /** Stop sharing your bill with the household (an addition to the spec); 404 when it is not shared there. */
  @Delete(':billId/shares/:householdId')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'No longer shared.' })
  @ApiErrors('NOT_FOUND')
  async unshare(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('billId') billId: string,
    @UuidParam('householdId') householdId: string,
  ): Promise<void> {
    await this.bills.unshare(principal.userId, billId, householdId);
  }
}
