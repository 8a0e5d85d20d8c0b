import { WEEKDAYS, type PayoutInterval, type Weekday } from '../onboarding/merchant-terms.entities';

const DAY_MS = 24 * 3600 * 1000;

export interface PayoutSchedule {
  interval: PayoutInterval;
  weeklyAnchor: Weekday | null;
  monthlyAnchor: number | null;
}

/** Midnight UTC of the day `at` falls in. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

function daysInUtcMonth(day: Date): number {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
}

function isPayoutDay(day: Date, schedule: PayoutSchedule): boolean {
  switch (schedule.interval) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
      return WEEKDAYS[(day.getUTCDay() + 6) % 7] === (schedule.weeklyAnchor ?? 'MONDAY');
    case 'MONTHLY':
      // An anchor past the month's end (31 in April) pays on its last day, as Stripe does.
      return day.getUTCDate() === Math.min(schedule.monthlyAnchor ?? 1, daysInUtcMonth(day));
    case 'MANUAL':
      return false;
  }
}

/**
 * The next payout day after `asOf` (a payout runs at the start of its UTC day and pays what is available
 * then, so today's has happened): the first day from tomorrow on that the schedule pays on and that starts
 * at or after `notBefore` (a settlement account change's hold). Null for a MANUAL schedule.
 */
export function nextPayoutDay(asOf: Date, schedule: PayoutSchedule, notBefore: Date | null = null): Date | null {
  if (schedule.interval === 'MANUAL') return null;
  let day = new Date(startOfUtcDay(asOf).getTime() + DAY_MS);
  if (notBefore && notBefore.getTime() > day.getTime()) {
    day = startOfUtcDay(new Date(notBefore.getTime() + DAY_MS - 1));
  }
  // A month and a half covers every schedule (a monthly anchor recurs within 31 days).
  for (let i = 0; i < 62; i++, day = new Date(day.getTime() + DAY_MS)) {
    if (isPayoutDay(day, schedule)) return day;
  }
  throw new Error(`no payout day within 62 days for ${JSON.stringify(schedule)}`);
}
