import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { StaffAuth } from '../../platform/auth/auth.decorators';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { AdminMetricDto } from './dto/admin-metric.dto';
import { FunnelMetricsQueryDto, FunnelMetricsResponseDto } from './dto/funnel-metrics.dto';
import { FunnelService } from './funnel.service';
import { MetricsService } from './metrics.service';

@ApiTags('Admin: operations')
@Controller('admin')
export class AdminMetricsController {
  constructor(
    private readonly metricsService: MetricsService,
    private readonly funnelService: FunnelService,
  ) {}

  /**
   * The operations dashboard: payment count and volume per currency, success rate, posting
   * failure rate, median and p95 time from payment to biller confirmation and active customers
   * for the last hour, the business day so far and the last 7 days; the outbox lag and the
   * queue depths now. Every query is bounded by its window on an index.
   */
  @Get('metrics')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: [AdminMetricDto] })
  async metrics(): Promise<AdminMetricDto[]> {
    return this.metricsService.metrics();
  }

  /**
   * The registration funnel of the customers who registered in the window (default the last 30
   * days): registered, verified, PIN set, KYC tier 1, first and second successful payment, with
   * each step's conversion from the previous step and from the first.
   */
  @Get('funnel-metrics')
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: FunnelMetricsResponseDto })
  @ApiErrors('VALIDATION_FAILED')
  async funnel(@Query() query: FunnelMetricsQueryDto): Promise<FunnelMetricsResponseDto> {
    return this.funnelService.funnel(query);
  }
}
