import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { LedgerCheckService } from '../ledger/ledger-check.service';
import { LedgerCheckResponseDto } from './dto/ledger-check-response.dto';
import {
  OutboxEventListQueryDto,
  OutboxEventResponseDto,
  toOutboxEventResponse,
} from './dto/outbox-event-response.dto';
import { OutboxAdminService } from './outbox-admin.service';

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

  /** Requeue a FAILED outbox row: PENDING, due now, attempts reset. 409 for any other status. */
  @Post('outbox-events/:id/retry')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: OutboxEventResponseDto })
  @ApiErrors('NOT_FOUND', 'NOT_RETRYABLE')
  async retryOutboxEvent(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<OutboxEventResponseDto> {
    return toOutboxEventResponse(await this.outbox.retry(principal.userId, id));
  }

  /** Recompute every ledger account from its journal lines and report any imbalance. */
  @Get('ledger/check')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: LedgerCheckResponseDto })
  async checkLedger(): Promise<LedgerCheckResponseDto> {
    return this.ledgerCheck.check();
  }
}
