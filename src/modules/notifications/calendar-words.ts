// Dates as the customer reads them, from the `YYYY-MM-DD` and period keys events carry. Read
// from the text itself, never through a Date in the server's zone, so a due date never shifts
// by a day.

import { dayMonthYearWords, MONTH_NAMES } from '../../platform/clock/month-names';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PERIOD = /^(\d{4})-(\d{2})$/;
const WEEK_PERIOD = /^(\d{4})-W(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `2026-11-30` -> `30 November 2026`: day first, month in words, never ambiguous. */
export function calendarDateWords(date: string): string {
  const match = CALENDAR_DATE.exec(date);
  if (!match || !isCalendarDate(date)) return date;
  return dayMonthYearWords(match[1], Number(match[2]), Number(match[3]));
}

/** A schedule's period in words, and when the schedule pays next. */
export interface PeriodWords {
  /** `November 2026`, `week 47 of 2026`; null for a one-off schedule or a key of another shape. */
  label: string | null;
  /** `next month`, `next week`; null for a one-off schedule, which has no next period. */
  next: string | null;
}

/** `2026-11` (monthly), `2026-W47` (weekly), `once`; another shape is told without a period. */
export function periodWords(periodKey: string): PeriodWords {
  const month = MONTH_PERIOD.exec(periodKey);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
    return { label: `${MONTH_NAMES[Number(month[2]) - 1]} ${month[1]}`, next: 'next month' };
  }
  const week = WEEK_PERIOD.exec(periodKey);
  if (week && Number(week[2]) >= 1 && Number(week[2]) <= 53) {
    return { label: `week ${Number(week[2])} of ${week[1]}`, next: 'next week' };
  }
  if (periodKey === 'once') return { label: null, next: null };
  return { label: null, next: 'with its next payment' };
}
