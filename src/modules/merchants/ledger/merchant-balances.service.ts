import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one } from '../../../platform/database/statement-executor';
import { MerchantsConfig } from '../merchants.config';
import { MerchantLedger, type MerchantBalances } from './merchant-ledger';
import { MerchantPricing } from './merchant-pricing';
import { nextPayoutDay } from './payout-schedule';
import * as merchantLedger from './sql/merchant-ledger.queries';

const SQL = sqlStatements('merchants', merchantLedger);

/** A merchant balance as `GET /merchant/ledger` shows it. */
export interface MerchantLedgerView extends MerchantBalances {
  currency: string;
  livemode: boolean;
  asOf: Date;
  nextPayout: { date: Date; estimatedAmount: bigint } | null;
}

/**
 * The merchant's balances in one mode and currency, read in one REPEATABLE READ snapshot (the three
 * balances, the releases and the terms agree with each other), and the next payout's estimate.
 */
@Injectable()
export class MerchantBalancesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: MerchantLedger,
    private readonly pricing: MerchantPricing,
    private readonly clock: Clock,
    private readonly settings: MerchantsConfig,
  ) {}

  /**
   * `currency` left out: the currency of the merchant's settlement account, else the platform's fee
   * currency (MERCHANT_DEFAULT_FEE_CURRENCY).
   */
  view(merchantId: string, livemode: boolean, currency: string | undefined): Promise<MerchantLedgerView> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const executor = executorOn(manager);
      const settlement = await one(executor, SQL.currentSettlementAccount, { merchantId });
      const chosen = currency ?? settlement?.currency ?? this.settings.MERCHANT_DEFAULT_FEE_CURRENCY;
      const asOf = this.clock.now();
      const balances = await this.ledger.balances(manager, { merchantId, livemode, currency: chosen });
      return {
        currency: chosen,
        livemode,
        asOf,
        ...balances,
        nextPayout: await this.nextPayout(manager, merchantId, livemode, chosen, asOf, balances, settlement),
      };
    });
  }

  /**
   * Null when no payout will come by itself: test mode (test balances are never paid out), a MANUAL
   * schedule, a merchant not APPROVED, or no VERIFIED settlement account in this currency. Otherwise the
   * next payout day of the schedule in force (not before the hold of a settlement account change ends),
   * and what will be available by the start of that day: available now plus the releases due by then.
   * Below the schedule's `minimumPayoutAmount` nothing is paid that day: `estimatedAmount` 0.
   */
  private async nextPayout(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    currency: string,
    asOf: Date,
    balances: MerchantBalances,
    settlement: { currency: string; status: string; payouts_held_until: Date } | null,
  ): Promise<MerchantLedgerView['nextPayout']> {
    if (!livemode || !settlement || settlement.status !== 'VERIFIED' || settlement.currency !== currency) return null;
    const executor = executorOn(manager);
    const merchant = await one(executor, SQL.merchantKybStatus, { merchantId });
    if (merchant?.kyb_status !== 'APPROVED') return null;
    const terms = await this.pricing.termsAt(manager, merchantId, currency, asOf);
    const date = nextPayoutDay(
      asOf,
      {
        interval: terms.payoutInterval,
        weeklyAnchor: terms.payoutWeeklyAnchor,
        monthlyAnchor: terms.payoutMonthlyAnchor,
      },
      settlement.payouts_held_until,
    );
    if (!date) return null;
    const due = await one(executor, SQL.releasesDueBy, { merchantId, livemode, currency, by: date });
    const available = balances.available > 0n ? balances.available : 0n;
    const estimated = available + BigInt(due?.amount ?? '0');
    return { date, estimatedAmount: estimated >= terms.minimumPayoutAmount ? estimated : 0n };
  }
}
