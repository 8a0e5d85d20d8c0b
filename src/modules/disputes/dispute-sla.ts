import { addDays, isoWeekday, localDate, startOfDay } from '../../platform/clock/calendar-dates';
import { DISPUTE_REASONS, type DisputeReason } from './dispute.entity';

/** Business days to resolve a dispute, by reason (`DISPUTE_SLA_BUSINESS_DAYS`). */
export type DisputeSla = ReadonlyMap<DisputeReason, number>;

/**
 * Reads `DISPUTE_SLA_BUSINESS_DAYS` (`REASON=days,...`). A reason the setting leaves out takes
 * the `OTHER` figure, or 10 business days when `OTHER` is left out too; an unknown reason name
 * is refused, so a typo cannot silently fall back.
 */
export function parseDisputeSla(setting: string): DisputeSla {
  const given = new Map<string, number>();
  for (const pair of setting
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)) {
    const [reason, days] = pair.split('=');
    if (!(DISPUTE_REASONS as readonly string[]).includes(reason)) {
      throw new Error(`DISPUTE_SLA_BUSINESS_DAYS names an unknown dispute reason: ${reason}`);
    }
    given.set(reason, Number(days));
  }
  const fallback = given.get('OTHER') ?? 10;
  return new Map(DISPUTE_REASONS.map((reason) => [reason, given.get(reason) ?? fallback]));
}

function isWeekend(date: string): boolean {
  return isoWeekday(date) >= 6;
}

/**
 * The SLA deadline of a dispute opened at `openedAt`: the end of the `businessDays`-th business
 * day (Monday to Friday) after the day it was opened, in the business time zone. A dispute
 * opened on Friday with 3 business days is due by the end of Wednesday; one opened on Saturday
 * by the end of Wednesday as well (the weekend does not count).
 */
export function disputeDueBy(openedAt: Date, businessDays: number, timeZone: string): Date {
  let date = localDate(openedAt, timeZone);
  let counted = 0;
  while (counted < businessDays) {
    date = addDays(date, 1);
    if (!isWeekend(date)) counted += 1;
  }
  // The end of that day is the start of the next one.
  return startOfDay(addDays(date, 1), timeZone);
}
