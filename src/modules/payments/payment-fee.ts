/** A fee rule in minor units: a flat part plus basis points (1/100 of a percent) of the amount. */
export interface FeeRule {
  feeFlat: number;
  feePercentBps: number;
}

/**
 * The fee of one rule on `amount`, in minor units: flat + amount x bps / 10,000, the percent
 * part rounded half up. Integer arithmetic on bigint throughout: no float touches money.
 */
export function feeOf(rule: FeeRule, amount: bigint): bigint {
  const percentPart = (amount * BigInt(rule.feePercentBps) * 2n + 10_000n) / 20_000n;
  return BigInt(rule.feeFlat) + percentPart;
}

/** A payment's fee: the biller's rule plus the rail's rule, both on the amount paid to the biller. */
export function paymentFee(biller: FeeRule, rail: FeeRule, amount: bigint): bigint {
  return feeOf(biller, amount) + feeOf(rail, amount);
}
