import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { StaffAuth } from '../../platform/auth/auth.decorators';
import { ApiPageResponse, Page } from '../../platform/http/pagination';
import { DisputesService } from './disputes.service';
import { toDisputeSummary } from './dto/dispute-mappers';
import { DisputeQueueQueryDto } from './dto/dispute-queue-query.dto';
import { DisputeSummaryDto } from './dto/dispute-response.dto';

@ApiTags('Admin: disputes')
@Controller('admin/disputes')
export class AdminDisputesController {
  constructor(private readonly disputes: DisputesService) {}

  /**
   * Every dispute, newest first, for SUPPORT and ADMIN users: filter by `status`, `assigneeId`,
   * `reason`, and `breached` (open past the SLA deadline).
   */
  @Get()
  @StaffAuth('SUPPORT', 'ADMIN')
  @ApiPageResponse(DisputeSummaryDto, 'DisputePage')
  async queue(@Query() query: DisputeQueueQueryDto): Promise<Page<DisputeSummaryDto>> {
    const page = await this.disputes.queue(
      {
        status: query.status ?? null,
        assigneeId: query.assigneeId ?? null,
        reason: query.reason ?? null,
        breached: query.breached ?? null,
      },
      query,
    );
    const now = this.disputes.now();
    return { ...page, items: page.items.map((dispute) => toDisputeSummary(dispute, now)) };
  }
}
