const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Delays before each attempt of a delivery (design/merchants.md section 7): the first at once,
 * then live 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, 24 h (9 attempts over about 2.9 days);
 * test mode 10 min, then 50 min (3 attempts over about an hour). Every delay but the first is
 * jittered by up to 20% either way, so endpoints that failed together do not retry together.
 */
export const LIVE_SCHEDULE_MS = [
  0,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
  24 * HOUR,
];
export const TEST_SCHEDULE_MS = [0, 10 * MINUTE, 50 * MINUTE];

/** Jitter either way, as a fraction of the delay. */
export const JITTER = 0.2;

/** How long an endpoint may fail without one success before it is disabled (design: 5 days). */
export const FAILING_DISABLE_MS = 5 * 24 * HOUR;

export function scheduleOf(livemode: boolean): readonly number[] {
  return livemode ? LIVE_SCHEDULE_MS : TEST_SCHEDULE_MS;
}

/**
 * The delay before attempt `attemptIndex + 1` (0-based index of the attempt about to be
 * scheduled), jittered; null when the schedule has no more attempts.
 */
export function retryDelay(livemode: boolean, attemptIndex: number, random: () => number = Math.random): number | null {
  const schedule = scheduleOf(livemode);
  if (attemptIndex >= schedule.length) return null;
  const nominal = schedule[attemptIndex];
  return Math.round(nominal * (1 - JITTER + 2 * JITTER * random()));
}
