import type { PayoutInterval, Weekday } from '../onboarding/merchant-terms.entities';

/**
 * What a merchant is charged and how its money is held, for one currency at one moment: the
 * pricing version in force then (`pricingVersionId`), or the platform's default terms when the
 * merchant has none (`pricingVersionId: null`, from `MerchantsConfig`). A payment snapshots these
 * figures when it is taken, so a later price never rewrites a fee already charged.
 *
 * `feeFixed` and `feeCap` are amounts in the version's `feeCurrency`: they apply to payments in
 * that currency only. A payment in another currency pays `feeBps` alone, uncapped (no amount is
 * converted between currencies); its reserve and payout schedule are the version's all the same.
 */
export interface MerchantTerms {
  pricingVersionId: string | null;
  /** The currency the terms were asked for (the payment's). */
  currency: string;
  /** Basis points of the amount (150 = 1.50%). */
  feeBps: number;
  /** Minor units added to the percentage part; 0 outside the version's fee currency. */
  feeFixed: bigint;
  /** The most a fee can be, minor units; null for no cap (and outside the version's fee currency). */
  feeCap: bigint | null;
  /** Basis points of the net (amount - fee) held in the rolling reserve. */
  reserveBps: number;
  reserveHoldDays: number;
  payoutInterval: PayoutInterval;
  /** Days a captured payment's net stays pending before it is available. */
  payoutDelayDays: number;
  payoutWeeklyAnchor: Weekday | null;
  payoutMonthlyAnchor: number | null;
  minimumPayoutAmount: bigint;
}

const BPS_DENOMINATOR = 10_000n;

/**
 * `numerator / denominator` rounded to the nearest integer, ties to the even one (banker's
 * rounding: no upward drift over many payments). Both non-negative.
 */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideHalfEven takes a non-negative numerator');
  const quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator) return quotient + 1n;
  if (twiceRemainder === denominator && quotient % 2n === 1n) return quotient + 1n;
  return quotient;
}

/** `amount · bps / 10000`, half-even. */
export function basisPointsOf(amount: bigint, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0) throw new RangeError(`basis points ${bps} must be a non-negative integer`);
  return divideHalfEven(amount * BigInt(bps), BPS_DENOMINATOR);
}

/**
 * The fee on a payment of `amount` (minor units): `min(cap, halfEven(amount·feeBps/10000) + feeFixed)`
 * (design/merchants.md section 2), and never more than the amount itself, so a small payment
 * never leaves the merchant owing.
 */
export function merchantFee(amount: bigint, terms: Pick<MerchantTerms, 'feeBps' | 'feeFixed' | 'feeCap'>): bigint {
  if (amount <= 0n) throw new RangeError('a payment amount is positive');
  let fee = basisPointsOf(amount, terms.feeBps) + terms.feeFixed;
  if (terms.feeCap !== null && fee > terms.feeCap) fee = terms.feeCap;
  return fee > amount ? amount : fee;
}

/** How a captured payment's amount splits (minor units): `fee + reserve + pending = amount`. */
export interface CaptureSplit {
  fee: bigint;
  /** Held in the rolling reserve: `halfEven((amount - fee)·reserveBps/10000)`. */
  reserve: bigint;
  /** Credited to pending, available after the payout delay. */
  pending: bigint;
}

/**
 * The reserve is a share of the net (what the merchant is owed), not of the gross amount: the
 * platform never holds more of the merchant's money than the merchant earned, whatever the fee.
 */
export function captureSplit(amount: bigint, fee: bigint, reserveBps: number): CaptureSplit {
  if (amount <= 0n) throw new RangeError('a payment amount is positive');
  if (fee < 0n || fee > amount) throw new RangeError(`fee ${fee} must be between 0 and the amount ${amount}`);
  if (reserveBps > 10_000) throw new RangeError(`reserveBps ${reserveBps} is above 100%`);
  const net = amount - fee;
  const reserve = basisPointsOf(net, reserveBps);
  return { fee, reserve, pending: net - reserve };
}
