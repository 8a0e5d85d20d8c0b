import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { toMinorUnits } from '../../../platform/database/minor-units.transformer';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { MerchantBalancesService } from '../ledger/merchant-balances.service';
import { MerchantPricing } from '../ledger/merchant-pricing';
import { MerchantsConfig } from '../merchants.config';
import {
  type AnalyticsBucket,
  type AnalyticsWindow,
  basisPoints,
  dayWindow,
  hourWindow,
  rangeHours,
  seriesWindow,
} from './analytics-range';
import type {
  AnalyticsMetric,
  MerchantAnalyticsOverviewResponseDto,
  MerchantAnalyticsPeriodDto,
  MerchantAnalyticsTimeseriesResponseDto,
  MerchantFunnelResponseDto,
  MerchantPayoutScheduleResponseDto,
  MerchantRailMixDto,
  MerchantTopCustomerDto,
} from './dto/merchant-analytics.dto';
import { bankName } from './bank-names';
import * as analytics from './sql/merchant-analytics.queries';

const SQL = sqlStatements('merchants', analytics);

/** Whose figures: the API key's merchant and mode. */
export interface AnalyticsScope {
  merchantId: string;
  livemode: boolean;
}

interface PeriodSums {
  count: bigint;
  failed: bigint;
  gross: bigint;
  fees: bigint;
  refunds: bigint;
}

/**
 * The merchant's analytics (`GET /merchant/analytics/*`), read from the hourly rollups and the payers'
 * lifetime and daily rollups (never from payments), in the API key's merchant and mode. Money routes count one
 * currency: `currency`, else the settlement account's, else the platform's fee currency.
 */
@Injectable()
export class MerchantAnalyticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly balances: MerchantBalancesService,
    private readonly pricing: MerchantPricing,
    private readonly settings: MerchantsConfig,
    private readonly clock: Clock,
  ) {}

  async overview(
    scope: AnalyticsScope,
    range: string,
    currency: string | undefined,
  ): Promise<MerchantAnalyticsOverviewResponseDto> {
    const window = hourWindow(this.clock.now(), rangeHours(range));
    const chosen = await this.currencyOf(scope.merchantId, currency);
    const row = await one(this.executor(), SQL.analyticsTotals, { ...scope, currency: chosen, ...window });
    const big = (value: string | undefined) => BigInt(value ?? '0');
    const current: PeriodSums = {
      count: big(row?.count),
      failed: big(row?.failed),
      gross: big(row?.gross),
      fees: big(row?.fees),
      refunds: big(row?.refunds),
    };
    const previous: PeriodSums = {
      count: big(row?.previousCount),
      failed: big(row?.previousFailed),
      gross: big(row?.previousGross),
      fees: big(row?.previousFees),
      refunds: big(row?.previousRefunds),
    };
    return {
      currency: chosen,
      livemode: scope.livemode,
      ...periodOf(window.from, window.to, current),
      previousPeriod: periodOf(window.previousFrom, window.from, previous),
    };
  }

  async timeseries(
    scope: AnalyticsScope,
    query: { range: string; currency?: string; metric: AnalyticsMetric; bucket: AnalyticsBucket },
  ): Promise<MerchantAnalyticsTimeseriesResponseDto> {
    const window = seriesWindow(this.clock.now(), rangeHours(query.range), query.bucket);
    const currency = await this.currencyOf(scope.merchantId, query.currency);
    const rows = await run(this.executor(), SQL.analyticsSeries, {
      ...scope,
      currency,
      from: window.from,
      to: window.to,
      step: query.bucket === 'hour' ? '1 hour' : '1 day',
    });
    const valueOf = (row: (typeof rows)[number]): bigint => {
      switch (query.metric) {
        case 'volume':
          return BigInt(row.volume);
        case 'count':
          return BigInt(row.count);
        case 'fees':
          return BigInt(row.fees);
        case 'refunds':
          return BigInt(row.refunds);
        case 'net':
          return BigInt(row.volume) - BigInt(row.fees) - BigInt(row.refunds);
      }
    };
    return {
      metric: query.metric,
      bucket: query.bucket,
      currency,
      points: rows.map((row) => ({ t: new Date(row.t).toISOString(), value: toMinorUnits(valueOf(row).toString()) })),
    };
  }

  async rails(scope: AnalyticsScope, range: string, currency: string | undefined): Promise<MerchantRailMixDto[]> {
    const window = hourWindow(this.clock.now(), rangeHours(range));
    const chosen = await this.currencyOf(scope.merchantId, currency);
    const rows = await run(this.executor(), SQL.analyticsRails, { ...scope, currency: chosen, ...window });
    const total = rows.reduce((sum, row) => sum + BigInt(row.volume), 0n);
    return rows.map((row) => ({
      rail: row.rail,
      count: Number(row.count),
      volume: toMinorUnits(row.volume),
      shareBps: basisPoints(BigInt(row.volume), total),
    }));
  }

  async funnel(scope: AnalyticsScope, range: string): Promise<MerchantFunnelResponseDto> {
    const window: AnalyticsWindow = hourWindow(this.clock.now(), rangeHours(range));
    const row = await one(this.executor(), SQL.analyticsFunnel, { ...scope, from: window.from, to: window.to });
    const views = BigInt(row?.linkViews ?? '0');
    const opened = BigInt(row?.linkOpened ?? '0');
    const completed = BigInt(row?.linkCompleted ?? '0');
    return {
      linkViews: Number(views),
      sessionsOpened: Number(opened),
      sessionsCompleted: Number(completed),
      viewToOpenBps: basisPoints(opened, views),
      openToCompleteBps: basisPoints(completed, opened),
      api: { opened: Number(row?.apiOpened ?? '0'), completed: Number(row?.apiCompleted ?? '0') },
    };
  }

  async topCustomers(
    scope: AnalyticsScope,
    range: string,
    currency: string | undefined,
    limit: number,
  ): Promise<MerchantTopCustomerDto[]> {
    const days = dayWindow(this.clock.now(), rangeHours(range));
    const chosen = await this.currencyOf(scope.merchantId, currency);
    const rows = await run(this.executor(), SQL.analyticsTopCustomers, {
      ...scope,
      currency: chosen,
      fromDay: days.fromDay,
      toDay: days.toDay,
      limit,
    });
    return rows.map((row) => ({
      customerKey: row.customerKey,
      displayMasked: row.displayMasked,
      paymentCount: Number(row.paymentCount),
      volume: toMinorUnits(row.volume),
      lastPaidAt: new Date(row.lastPaidAt).toISOString(),
    }));
  }

  /**
   * The schedule in force (pricing version, else the platform default) in the ledger's currency, the next payout
   * as `GET /merchant/ledger` computes it (MerchantBalancesService: not computed again here), and the
   * settlement account masked. Payouts are not made yet: `recentPayouts` is empty.
   */
  async payoutSchedule(scope: AnalyticsScope): Promise<MerchantPayoutScheduleResponseDto> {
    const ledger = await this.balances.view(scope.merchantId, scope.livemode, undefined);
    const terms = await this.pricing.termsAt(this.dataSource.manager, scope.merchantId, ledger.currency, ledger.asOf);
    const account = await one(this.executor(), SQL.analyticsSettlementAccount, { merchantId: scope.merchantId });
    const anchors =
      terms.payoutInterval === 'WEEKLY' && terms.payoutWeeklyAnchor
        ? [terms.payoutWeeklyAnchor]
        : terms.payoutInterval === 'MONTHLY' && terms.payoutMonthlyAnchor !== null
          ? [String(terms.payoutMonthlyAnchor)]
          : [];
    return {
      interval: terms.payoutInterval,
      delayDays: terms.payoutDelayDays,
      anchors,
      minimumPayoutAmount: toMinorUnits(terms.minimumPayoutAmount.toString()),
      currency: ledger.currency,
      nextPayoutDate: ledger.nextPayout ? ledger.nextPayout.date.toISOString().slice(0, 10) : null,
      estimatedAmount: ledger.nextPayout ? toMinorUnits(ledger.nextPayout.estimatedAmount.toString()) : null,
      settlementAccount: account
        ? { bankName: bankName(account.bank_code), last4: account.account_number_last4, status: account.status }
        : null,
      recentPayouts: [],
    };
  }

  private executor() {
    return executorOn(this.dataSource.manager);
  }

  private async currencyOf(merchantId: string, currency: string | undefined): Promise<string> {
    if (currency) return currency;
    const account = await one(this.executor(), SQL.analyticsSettlementAccount, { merchantId });
    return account?.currency ?? this.settings.MERCHANT_DEFAULT_FEE_CURRENCY;
  }
}

function periodOf(from: Date, to: Date, sums: PeriodSums): MerchantAnalyticsPeriodDto {
  const attempts = sums.count + sums.failed;
  // Half up: (2·gross + count) / (2·count).
  const averageTicket = sums.count > 0n ? (2n * sums.gross + sums.count) / (2n * sums.count) : 0n;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    gross: toMinorUnits(sums.gross.toString()),
    net: toMinorUnits((sums.gross - sums.fees - sums.refunds).toString()),
    fees: toMinorUnits(sums.fees.toString()),
    count: Number(sums.count),
    refunds: toMinorUnits(sums.refunds.toString()),
    averageTicket: toMinorUnits(averageTicket.toString()),
    successRateBps: basisPoints(sums.count, attempts),
  };
}
