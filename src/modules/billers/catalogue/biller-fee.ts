/**
 * The one place a payment's fee is worked out. `GET /billers/{billerIdOrSlug}` shows each
 * rail's `RailFeeRule`, and a payment is charged `feeOfAmount` of that same rule, so the fee
 * a client previews from the detail is, to the minor unit, the fee it is charged.
 */

/** A fee rule in the minor unit of the payment's currency: a flat part plus basis points (1/100 of a percent) of the amount. */
export interface FeeRule {
  feeFlat: number;
  feePercentBps: number;
}

/** What a biller, or a rail, sets: its fee rule and the amounts it takes, in minor units. */
export interface FeeSettings extends FeeRule {
  minAmount: number;
  maxAmount: number;
}

/**
 * What a payment to one biller by one rail is charged, and the amounts it may be: the
 * biller's rule plus the rail's, within both their bounds. `minAmount > maxAmount` when the
 * two ranges do not meet, so no amount can be paid by that rail.
 */
export interface RailFeeRule extends FeeSettings {
  rail: string;
}

/** Combines a biller's settings and one of its rails' into the single rule a payment by that rail is charged. */
export function railFeeRule(biller: FeeSettings, rail: FeeSettings & { code: string }): RailFeeRule {
  return {
    rail: rail.code,
    feeFlat: safeSum(biller.feeFlat, rail.feeFlat),
    feePercentBps: safeSum(biller.feePercentBps, rail.feePercentBps),
    minAmount: Math.max(biller.minAmount, rail.minAmount),
    maxAmount: Math.min(biller.maxAmount, rail.maxAmount),
  };
}

/**
 * The fee of `amount` under one rule, in minor units: flat + amount x bps / 10,000, the percent
 * part rounded half up. Integer arithmetic on bigint throughout: no float touches money. The
 * percent part is rounded once, on the combined basis points, as a client computing from the
 * rule it was shown would round it.
 */
export function feeOfAmount(rule: FeeRule, amount: bigint): bigint {
  const percentPart = (amount * BigInt(rule.feePercentBps) * 2n + 10_000n) / 20_000n;
  return BigInt(rule.feeFlat) + percentPart;
}

/** The fee a payment of `amount` to this biller by this rail is charged. */
export function chargedFee(biller: FeeSettings, rail: FeeSettings & { code: string }, amount: bigint): bigint {
  return feeOfAmount(railFeeRule(biller, rail), amount);
}

function safeSum(left: number, right: number): number {
  const sum = left + right;
  if (!Number.isSafeInteger(sum)) throw new RangeError(`fee part ${left} + ${right} is not a safe integer`);
  return sum;
}
