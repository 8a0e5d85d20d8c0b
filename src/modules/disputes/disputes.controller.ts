import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page, PageQueryDto } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { DisputesService } from './disputes.service';
import { DisputeCommentRequestDto } from './dto/dispute-comment-request.dto';
import { toDisputeComment, toDisputeDetail, toDisputeSummary } from './dto/dispute-mappers';
import { DisputePatchRequestDto } from './dto/dispute-patch-request.dto';
import { DisputeRequestDto } from './dto/dispute-request.dto';
import { DisputeCommentResponseDto, DisputeDetailDto, DisputeSummaryDto } from './dto/dispute-response.dto';

@ApiTags('Disputes')
@Controller('disputes')
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  /**
   * Dispute one of your payments: a SUCCEEDED one, or a FAILED one whose funds were taken and
   * not yet returned (422 PAYMENT_NOT_DISPUTABLE otherwise). One open dispute per payment (409
   * DISPUTE_ALREADY_OPEN naming it). The answer carries the SLA deadline `dueBy`; you are
   * notified at every change.
   */
  @Post()
  @CustomerAuth()
  @ApiCreatedResponse({ type: DisputeSummaryDto })
  @ApiErrors('NOT_FOUND', 'DISPUTE_ALREADY_OPEN', 'PAYMENT_NOT_DISPUTABLE')
  async open(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: DisputeRequestDto,
  ): Promise<DisputeSummaryDto> {
    return toDisputeSummary(await this.disputes.open(principal, body), this.disputes.now());
  }

  /** Your disputes, newest first. */
  @Get()
  @CustomerAuth()
  @ApiPageResponse(DisputeSummaryDto, 'DisputePage')
  async list(
    @CurrentPrincipal() principal: UserPrincipal,
    @Query() query: PageQueryDto,
  ): Promise<Page<DisputeSummaryDto>> {
    const page = await this.disputes.listOwn(principal.userId, query);
    const now = this.disputes.now();
    return { ...page, items: page.items.map((dispute) => toDisputeSummary(dispute, now)) };
  }

  /**
   * One of your disputes with its timeline (status changes, assignments, comments). SUPPORT and
   * ADMIN users read any dispute, internal comments included; another customer's is 404.
   */
  @Get(':id')
  @CustomerAuth()
  @ApiOkResponse({ type: DisputeDetailDto })
  @ApiErrors('NOT_FOUND')
  async detail(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<DisputeDetailDto> {
    const { dispute, timeline } = await this.disputes.detail(principal, id);
    return toDisputeDetail(dispute, timeline, this.disputes.now());
  }

  /**
   * Staff handling (SUPPORT or ADMIN; customers get 403): assign (an OPEN dispute goes
   * UNDER_REVIEW), reassign, or resolve an UNDER_REVIEW one: `RESOLVED_CUSTOMER` refunds the
   * payment (a reversing journal entry and a refund on its rail; the payment becomes
   * REFUNDED), `RESOLVED_REJECTED` needs a `resolutionNote` the customer reads. Any other move is
   * 409 INVALID_DISPUTE_TRANSITION.
   */
  @Patch(':id')
  @StaffAuth('SUPPORT', 'ADMIN')
  @ApiOkResponse({ type: DisputeSummaryDto })
  @ApiErrors('NOT_FOUND', 'INVALID_DISPUTE_TRANSITION', 'ASSIGNEE_NOT_ELIGIBLE', 'PAYMENT_NOT_REFUNDABLE')
  async handle(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: DisputePatchRequestDto,
  ): Promise<DisputeSummaryDto> {
    return toDisputeSummary(await this.disputes.handle(principal, id, body), this.disputes.now());
  }

  /**
   * Comment on your dispute (SUPPORT and ADMIN on any). `internal: true` is for staff only (403
   * for a customer) and never shows in the customer's timeline.
   */
  @Post(':id/comments')
  @CustomerAuth()
  @ApiCreatedResponse({ type: DisputeCommentResponseDto })
  @ApiErrors('NOT_FOUND', 'FORBIDDEN')
  async comment(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: DisputeCommentRequestDto,
  ): Promise<DisputeCommentResponseDto> {
    return toDisputeComment(await this.disputes.comment(principal, id, body));
  }

  /**
   * Withdraw your dispute while it is OPEN or UNDER_REVIEW (409 INVALID_DISPUTE_TRANSITION once
   * it is resolved or withdrawn). Another customer's is 404.
   */
  @Post(':id/withdraw')
  @CustomerAuth()
  @HttpCode(200)
  @ApiOkResponse({ type: DisputeSummaryDto })
  @ApiErrors('NOT_FOUND', 'INVALID_DISPUTE_TRANSITION')
  async withdraw(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<DisputeSummaryDto> {
    return toDisputeSummary(await this.disputes.withdraw(principal, id), this.disputes.now());
  }
}
