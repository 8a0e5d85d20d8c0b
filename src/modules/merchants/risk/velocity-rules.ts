import type { VelocityScope, VelocityWindow } from '../onboarding/merchant-terms.entities';

/** A cap as enforcement sees it: the currency is the payment's, the limits exact integers. */
export interface VelocityCapRule {
  scope: VelocityScope;
  window: VelocityWindow;
  currency: string;
  maxCount: number | null;
  maxAmount: bigint | null;
}

/** What one scope used in one window (the sum of its buckets). */
export interface WindowUse {
  count: number;
  amount: bigint;
}

/** A cap the payment would break, with the headroom that was left (null for a limit the cap does not set). */
export interface VelocityBreach {
  cap: VelocityCapRule;
  used: WindowUse;
  remainingCount: number | null;
  remainingAmount: bigint | null;
}

const MINUTE_MS = 60_000;
export const WINDOW_MS: Readonly<Record<VelocityWindow, number>> = { HOUR: 3_600_000, DAY: 86_400_000 };

/** The minute a time falls in (buckets are per minute, UTC). */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
}

/**
 * The first bucket minute a trailing window ending at `at` counts. Buckets are per minute, so the
 * window starts at the minute of `at - window`: the bucket holding a payment made a little over
 * an hour ago still counts until its minute is a full window past. Rounding this way is never
 * more lenient than the exact trailing window (at most one minute stricter).
 */
export function windowStart(at: Date, window: VelocityWindow): Date {
  return minuteOf(new Date(at.getTime() - WINDOW_MS[window]));
}

/** When a bucket of `minute` stops counting in the window (the moment its headroom comes back). */
export function bucketReleaseAt(minute: Date, window: VelocityWindow): Date {
  return new Date(minute.getTime() + WINDOW_MS[window] + MINUTE_MS);
}

function max0(value: bigint): bigint {
  return value > 0n ? value : 0n;
}

/** The headroom a cap leaves after `used` (null for a limit it does not set). */
export function remainingOf(
  cap: Pick<VelocityCapRule, 'maxCount' | 'maxAmount'>,
  used: WindowUse,
): { remainingCount: number | null; remainingAmount: bigint | null } {
  return {
    remainingCount: cap.maxCount === null ? null : Math.max(0, cap.maxCount - used.count),
    remainingAmount: cap.maxAmount === null ? null : max0(cap.maxAmount - used.amount),
  };
}

/**
 * The first cap (in the order given) that one more payment of `amount` would break, or null:
 * a count cap is broken when the payment would be one too many, an amount cap when the window's
 * total would pass it. `usage(cap)` answers what the cap's scope used in its window, or null for
 * a cap that does not apply (a CUSTOMER cap when the payment names no customer).
 */
export function firstBreach(
  caps: readonly VelocityCapRule[],
  amount: bigint,
  usage: (cap: VelocityCapRule) => WindowUse | null,
): VelocityBreach | null {
  for (const cap of caps) {
    const used = usage(cap);
    if (used === null) continue;
    const countBroken = cap.maxCount !== null && used.count + 1 > cap.maxCount;
    const amountBroken = cap.maxAmount !== null && used.amount + amount > cap.maxAmount;
    if (countBroken || amountBroken) return { cap, used, ...remainingOf(cap, used) };
  }
  return null;
}
