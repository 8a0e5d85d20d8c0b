import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one } from '../../../platform/database/statement-executor';
import { MerchantsConfig } from '../merchants.config';
import type { PayoutInterval, Weekday } from '../onboarding/merchant-terms.entities';
import type { MerchantTerms } from './merchant-fee';
import * as merchantLedger from './sql/merchant-ledger.queries';

const SQL = sqlStatements('merchants', merchantLedger);

/** A row of `merchant_pricing_versions` as `PricingVersionAt` answers it. */
export type PricingVersionRow = merchantLedger.PricingVersionAtResult;

/**
 * The terms a merchant's payment is taken on: the pricing version in force at the payment's time
 * (versions are append-only; the newest with `effectiveAt <= at` applies), else the platform's
 * default terms (`MERCHANT_DEFAULT_*` in `merchants.config.ts`). A default WEEKLY schedule pays on
 * Mondays, a default MONTHLY one on the 1st.
 */
@Injectable()
export class MerchantPricing {
  constructor(private readonly settings: MerchantsConfig) {}

  async termsAt(manager: EntityManager, merchantId: string, currency: string, at: Date): Promise<MerchantTerms> {
    return this.termsOf(await one(executorOn(manager), SQL.pricingVersionAt, { merchantId, at }), currency);
  }

  /**
   * The terms of a payment in `currency` under `version`, a pricing version row a caller read
   * itself as `PricingVersionAt` does (the checkout admission reads it with the session it
   * locks), or the default terms when there is none.
   */
  termsOf(version: PricingVersionRow | null, currency: string): MerchantTerms {
    if (!version) return this.defaultTerms(currency);
    const inFeeCurrency = version.fee_currency === currency;
    return {
      pricingVersionId: version.id,
      currency,
      feeBps: version.fee_bps,
      feeFixed: inFeeCurrency ? BigInt(version.fee_fixed) : 0n,
      feeCap: inFeeCurrency && version.fee_cap !== null ? BigInt(version.fee_cap) : null,
      reserveBps: version.reserve_bps,
      reserveHoldDays: version.reserve_hold_days,
      payoutInterval: version.payout_interval as PayoutInterval,
      payoutDelayDays: version.payout_delay_days,
      payoutWeeklyAnchor: version.payout_weekly_anchor as Weekday | null,
      payoutMonthlyAnchor: version.payout_monthly_anchor,
      minimumPayoutAmount: BigInt(version.minimum_payout_amount),
    };
  }

  /** The platform's default terms for a payment in `currency` (no pricing version). */
  defaultTerms(currency: string): MerchantTerms {
    const settings = this.settings;
    const inFeeCurrency = settings.MERCHANT_DEFAULT_FEE_CURRENCY === currency;
    const interval = settings.MERCHANT_DEFAULT_PAYOUT_INTERVAL;
    return {
      pricingVersionId: null,
      currency,
      feeBps: settings.MERCHANT_DEFAULT_FEE_BPS,
      feeFixed: inFeeCurrency ? BigInt(settings.MERCHANT_DEFAULT_FEE_FIXED) : 0n,
      feeCap: inFeeCurrency && settings.MERCHANT_DEFAULT_FEE_CAP > 0 ? BigInt(settings.MERCHANT_DEFAULT_FEE_CAP) : null,
      reserveBps: settings.MERCHANT_DEFAULT_RESERVE_BPS,
      reserveHoldDays: settings.MERCHANT_DEFAULT_RESERVE_HOLD_DAYS,
      payoutInterval: interval,
      payoutDelayDays: settings.MERCHANT_DEFAULT_PAYOUT_DELAY_DAYS,
      payoutWeeklyAnchor: interval === 'WEEKLY' ? 'MONDAY' : null,
      payoutMonthlyAnchor: interval === 'MONTHLY' ? 1 : null,
      minimumPayoutAmount: BigInt(settings.MERCHANT_DEFAULT_MINIMUM_PAYOUT_AMOUNT),
    };
  }
}
