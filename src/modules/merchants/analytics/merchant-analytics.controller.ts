import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import {
  MerchantAnalyticsFunnelQueryDto,
  MerchantAnalyticsOverviewResponseDto,
  MerchantAnalyticsQueryDto,
  MerchantAnalyticsTimeseriesQueryDto,
  MerchantAnalyticsTimeseriesResponseDto,
  MerchantFunnelResponseDto,
  MerchantPayoutScheduleResponseDto,
  MerchantRailMixDto,
  MerchantTopCustomerDto,
  MerchantTopCustomersQueryDto,
  TOP_CUSTOMERS_DEFAULT_LIMIT,
} from './dto/merchant-analytics.dto';
import { MerchantAnalyticsService } from './merchant-analytics.service';

const scopeOf = (principal: MerchantApiKeyPrincipal) => ({
  merchantId: principal.merchantId,
  livemode: principal.livemode,
});

/**
 * The merchant's analytics (merchant API, spec 4.10), for the merchant's server with its API key only: every
 * figure is the key's merchant's, in the key's mode (a test key never sees live figures). Read from hourly
 * rollups the worker keeps from the outbox; UTC throughout.
 */
@ApiTags('Merchant analytics')
@Controller('merchant/analytics')
export class MerchantAnalyticsController {
  constructor(private readonly analytics: MerchantAnalyticsService) {}

  /**
   * Gross, net, fees, count, refunds, average ticket and success rate over the last `range` (default 7d: whole
   * UTC hours, the current one included), and the same over the period of the same length just before.
   */
  @Get('overview')
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantAnalyticsOverviewResponseDto })
  @ApiErrors('INVALID_RANGE', 'VALIDATION_FAILED')
  overview(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantAnalyticsQueryDto,
  ): Promise<MerchantAnalyticsOverviewResponseDto> {
    return this.analytics.overview(scopeOf(principal), query.range ?? '7d', query.currency);
  }

  /**
   * One point per UTC hour or day of the range (default 7d, hourly), oldest first, buckets without
   * payments as 0. `bucket=hour` is for ranges up to 7 days (400 INVALID_BUCKET beyond).
   */
  @Get('timeseries')
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantAnalyticsTimeseriesResponseDto })
  @ApiErrors('INVALID_RANGE', 'INVALID_BUCKET', 'VALIDATION_FAILED')
  timeseries(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantAnalyticsTimeseriesQueryDto,
  ): Promise<MerchantAnalyticsTimeseriesResponseDto> {
    return this.analytics.timeseries(scopeOf(principal), {
      range: query.range ?? '7d',
      currency: query.currency,
      metric: query.metric ?? 'volume',
      bucket: query.bucket ?? 'hour',
    });
  }

  /** Succeeded payments per rail over the range (default 30d), the largest volume first, with each one's share: an array. */
  @Get('rails')
  @MerchantApiKey()
  @ApiOkResponse({ type: [MerchantRailMixDto] })
  @ApiErrors('INVALID_RANGE', 'VALIDATION_FAILED')
  rails(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantAnalyticsQueryDto,
  ): Promise<MerchantRailMixDto[]> {
    return this.analytics.rails(scopeOf(principal), query.range ?? '30d', query.currency);
  }

  /**
   * Payment links' views, the sessions they opened and those completed, and the API's sessions, over the range
   * (default 30d), every currency. A session counts as opened in the hour it opened and as completed in the hour
   * it was paid.
   */
  @Get('funnel')
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantFunnelResponseDto })
  @ApiErrors('INVALID_RANGE', 'VALIDATION_FAILED')
  funnel(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantAnalyticsFunnelQueryDto,
  ): Promise<MerchantFunnelResponseDto> {
    return this.analytics.funnel(scopeOf(principal), query.range ?? '30d');
  }

  /**
   * The payers of the most volume over the last ceil(range / 24h) UTC days (default 30d), today included:
   * `limit` (default 10, at most 50) of them, an array.
   */
  @Get('top-customers')
  @MerchantApiKey()
  @ApiOkResponse({ type: [MerchantTopCustomerDto] })
  @ApiErrors('INVALID_RANGE', 'VALIDATION_FAILED')
  topCustomers(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantTopCustomersQueryDto,
  ): Promise<MerchantTopCustomerDto[]> {
    return this.analytics.topCustomers(
      scopeOf(principal),
      query.range ?? '30d',
      query.currency,
      query.limit ?? TOP_CUSTOMERS_DEFAULT_LIMIT,
    );
  }

  /** The payout schedule in force, the next payout (as `GET /merchant/ledger` estimates it) and the settlement account. */
  @Get('payout-schedule')
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantPayoutScheduleResponseDto })
  payoutSchedule(@CurrentPrincipal() principal: MerchantApiKeyPrincipal): Promise<MerchantPayoutScheduleResponseDto> {
    return this.analytics.payoutSchedule(scopeOf(principal));
  }
}
