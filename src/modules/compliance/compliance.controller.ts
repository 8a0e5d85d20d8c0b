import { Body, Controller, Get, HttpCode, Patch, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { Page, PagedArrayResponse } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { ComplianceService } from './compliance.service';
import { AmlFlagResponseDto } from './dto/aml-flag-response.dto';
import { toAmlFlagResponse } from './dto/aml-flag-mappers';
import { AmlQueueQueryDto } from './dto/aml-queue-query.dto';
import { AmlReviewRequestDto } from './dto/aml-review-request.dto';

@ApiTags('Compliance')
@Controller('compliance/aml-queue')
export class ComplianceController {
  constructor(private readonly compliance: ComplianceService) {}

  /**
   * The AML review queue for COMPLIANCE and ADMIN users: flags still `OPEN` or `ESCALATED`,
   * `HIGH` first (they hold a captured payment), then `MEDIUM`, then `LOW`, oldest first within
   * each; filtered by `severity` and `rule`, paged by `page` and `size`. Each flag comes with
   * its payment (amount, currency, biller, status, whether it is held) and customer (id, masked
   * phone, KYC tier). The body is the page's array; the total and the other pages are in the
   * `X-Total-Count` and `Link` headers.
   */
  @Get()
  @StaffAuth('COMPLIANCE', 'ADMIN')
  @PagedArrayResponse(
    AmlFlagResponseDto,
    'One page of open flags, HIGH first then oldest; the total and the other pages are in the headers.',
    'compliance/aml-queue?severity=HIGH',
  )
  async queue(@Query() query: AmlQueueQueryDto): Promise<Page<AmlFlagResponseDto>> {
    const page = await this.compliance.queue({ severity: query.severity ?? null, rule: query.rule ?? null }, query);
    return { ...page, items: page.items.map(toAmlFlagResponse) };
  }

  /**
   * Decides every open flag of the transaction (`txnId`, the payment's id) together: `CLEAR`
   * releases a held payment to posting (a checkout payment completes its session at once);
   * `ESCALATE` keeps it held and the flags in the queue as `ESCALATED`; `REPORT` fails a held
   * payment, returns its funds and records a report. 409
   * `AML_FLAG_CLOSED` when the flags were reviewed already; 404 when the transaction has none.
   */
  @Patch(':txnId/review')
  @HttpCode(204)
  @StaffAuth('COMPLIANCE', 'ADMIN')
  @ApiNoContentResponse({ description: 'Reviewed' })
  @ApiErrors('NOT_FOUND', 'AML_FLAG_CLOSED')
  async review(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('txnId') txnId: string,
    @Body() body: AmlReviewRequestDto,
  ): Promise<void> {
    await this.compliance.review(principal.userId, txnId, body.decision, body.note);
  }
}
