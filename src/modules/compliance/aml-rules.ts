import { formatMinorUnits } from '../../platform/money/money-format';
import type { AmlRule, AmlSeverity } from './aml-flag.entity';

/** What the rules need to know about a payment's neighbours and its customer. */
export interface ScreeningFacts {
  /** The customer's payments (not failed) in the window, this one included. */
  count: number;
  /** Their sum in LIMITS_CURRENCY, minor units. */
  sum: bigint;
  /** Those in LIMITS_CURRENCY between the structuring bounds, this one included. */
  nearThreshold: number;
  /** The customer registered less than AML_NEW_ACCOUNT_DAYS ago. */
  newAccount: boolean;
  /**
   * Distinct customers paying the biller account in the window (not failed), this one included,
   * counted up to AML_DISTINCT_PAYERS_MAX and no further: the rule only asks whether the
   * threshold is reached, and the count's cost stays the threshold's.
   */
  distinctPayers: number;
}

/** The thresholds of the AML rules (AppConfig `AML_*`); amounts in minor units of `currency`. */
export interface AmlThresholds {
  currency: string;
  singleAmount: bigint;
  windowMinutes: number;
  velocityMaxCount: number;
  velocityMaxAmount: bigint;
  structuringMinCount: number;
  structuringPercent: number;
  newAccountDays: number;
  newAccountAmount: bigint;
  distinctPayersMax: number;
}

export interface AmlHit {
  rule: AmlRule;
  severity: AmlSeverity;
  reason: string;
}

/** The structuring band: from `structuringPercent`% of the single threshold (rounded up) to the threshold itself. */
export function structuringBand(thresholds: AmlThresholds): { from: bigint; to: bigint } {
  const from = (thresholds.singleAmount * BigInt(thresholds.structuringPercent) + 99n) / 100n;
  return { from, to: thresholds.singleAmount };
}

/**
 * Whether NEW_ACCOUNT can fire for the payment (in the thresholds' currency, above the amount):
 * only then does the rule need to know when the customer registered.
 */
export function newAccountRuleApplies(
  payment: { amount: number; currency: string },
  thresholds: AmlThresholds,
): boolean {
  return payment.currency === thresholds.currency && BigInt(payment.amount) > thresholds.newAccountAmount;
}

/**
 * The rules that fire for a payment of `amount` in `currency`, given its neighbours (`facts`,
 * this payment counted). Amount rules apply to payments in the thresholds' currency only; the
 * count rules (velocity by count, distinct payers) to every currency.
 *
 * - SINGLE_AMOUNT (HIGH): the amount is above the single threshold.
 * - VELOCITY (MEDIUM): the customer's payments in the window number more than the maximum
 *   count, or sum above the maximum amount.
 * - STRUCTURING (HIGH): this payment and the customer's others in the window, each in the band
 *   just under the single threshold, number at least the minimum count.
 * - NEW_ACCOUNT (MEDIUM): an account registered less than the set days ago pays above the amount.
 * - DISTINCT_PAYERS (LOW): at least the maximum number of distinct customers paid this biller
 *   account in the window.
 */
export function evaluateAmlRules(
  payment: { amount: number; currency: string },
  facts: ScreeningFacts,
  thresholds: AmlThresholds,
): AmlHit[] {
  const hits: AmlHit[] = [];
  const inCurrency = payment.currency === thresholds.currency;
  const amount = BigInt(payment.amount);
  const money = (value: bigint) => formatMinorUnits(value, thresholds.currency, 'code');
  const window = `${thresholds.windowMinutes} minutes`;
  if (inCurrency && amount > thresholds.singleAmount) {
    hits.push({
      rule: 'SINGLE_AMOUNT',
      severity: 'HIGH',
      reason: `A single payment of ${money(amount)} is above ${money(thresholds.singleAmount)}`,
    });
  }
  if (facts.count > thresholds.velocityMaxCount) {
    hits.push({
      rule: 'VELOCITY',
      severity: 'MEDIUM',
      reason: `${facts.count} payments in ${window}, more than ${thresholds.velocityMaxCount}`,
    });
  } else if (inCurrency && facts.sum > thresholds.velocityMaxAmount) {
    hits.push({
      rule: 'VELOCITY',
      severity: 'MEDIUM',
      reason: `${money(facts.sum)} paid in ${window}, more than ${money(thresholds.velocityMaxAmount)}`,
    });
  }
  const band = structuringBand(thresholds);
  if (inCurrency && amount >= band.from && amount <= band.to && facts.nearThreshold >= thresholds.structuringMinCount) {
    hits.push({
      rule: 'STRUCTURING',
      severity: 'HIGH',
      reason: `${facts.nearThreshold} payments in ${window} each between ${money(band.from)} and ${money(band.to)}, just under the single-payment threshold`,
    });
  }
  if (newAccountRuleApplies(payment, thresholds) && facts.newAccount) {
    hits.push({
      rule: 'NEW_ACCOUNT',
      severity: 'MEDIUM',
      reason: `An account registered less than ${thresholds.newAccountDays} days ago paid ${money(amount)}, above ${money(thresholds.newAccountAmount)}`,
    });
  }
  if (facts.distinctPayers >= thresholds.distinctPayersMax) {
    hits.push({
      rule: 'DISTINCT_PAYERS',
      severity: 'LOW',
      // The count stops at the threshold (ScreeningFacts.distinctPayers), so it says "at least".
      reason: `At least ${thresholds.distinctPayersMax} different customers paid this biller account in ${window}`,
    });
  }
  return hits;
}
