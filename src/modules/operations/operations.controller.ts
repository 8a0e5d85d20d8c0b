import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { LedgerCheckService } from '../ledger';
import { LedgerCheckResponseDto } from './dto/ledger-check-response.dto';
import {
  OutboxEventListQueryDto,
  OutboxEventResponseDto,
  OutboxEventRetryRequestDto,
  toOutboxEventResponse,
} from './dto/outbox-event-response.dto';
import { OutboxAdminService } from '../../platform/outbox/outbox-admin.service';

@ApiTags('Admin: operations')
@Controller('admin')
export class OperationsController {
  constructor(
    private readonly outbox: OutboxAdminService,
    private readonly ledgerCheck: LedgerCheckService,
  ) {}

  /** Outbox rows, newest first; filter by status to find the FAILED ones. */
  @Get('outbox-events')
  @StaffAuth('ADMIN')
  @ApiPageResponse(OutboxEventResponseDto, 'OutboxEventPage')
  async listOutboxEvents(@Query() query: OutboxEventListQueryDto): Promise<Page<OutboxEventResponseDto>> {
    const page = await this.outbox.list(query);
    return { ...page, items: page.items.map(toOutboxEventResponse) };
  }

  /**
   * Requeue an outbox row: PENDING, due now, attempts reset. A FAILED row never reached its
   * consumers; a PUBLISHED one did, but its jobs may have been lost since (Redis restarted
   * without its data), so requeuing it needs a `reason` and publishes it again under new job
   * ids (consumers ignore an event they have handled). Audited. 409 for a PENDING row.
   */
  @Post('outbox-events/:id/retry')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiBody({ type: OutboxEventRetryRequestDto, required: false })
  @ApiOkResponse({ type: OutboxEventResponseDto })
  @ApiErrors('VALIDATION_FAILED', 'NOT_FOUND', 'NOT_RETRYABLE')
  async retryOutboxEvent(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: OutboxEventRetryRequestDto,
  ): Promise<OutboxEventResponseDto> {
    return toOutboxEventResponse(await this.outbox.retry(principal.userId, id, body.reason));
  }

  /** Recompute every ledger account from its journal lines and report any imbalance. */
  @Get('ledger/check')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: LedgerCheckResponseDto })
  async checkLedger(): Promise<LedgerCheckResponseDto> {
    return this.ledgerCheck.check();
  }
}
