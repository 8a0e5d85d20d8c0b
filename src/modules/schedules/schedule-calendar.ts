/**
 * When schedules fall due, as pure functions over calendar dates (`YYYY-MM-DD`) in the business
 * time zone (`SCHEDULE_TIME_ZONE`). Dates carry no time of day: a run is due from midnight of
 * its due date in that zone.
 *
 * - `ONCE`: due on the start date; its period is `once` and lasts 7 days (for retries).
 * - `WEEKLY`: due on `dayOfWeek` (ISO: 1 Monday .. 7 Sunday); period = ISO week, key `YYYY-Www`.
 * - `MONTHLY`: due on `dayOfMonth`; a day the month lacks (29-31) means its last day; period =
 *   calendar month, key `YYYY-MM`.
 */
import { addDays, DAY_MS, dayNumber, isoWeekday } from '../../platform/clock/calendar-dates';

export { addDays, isCalendarDate, isoWeekday, localDate, startOfDay } from '../../platform/clock/calendar-dates';

export type ScheduleFrequency = 'ONCE' | 'WEEKLY' | 'MONTHLY';

export interface Cadence {
  frequency: ScheduleFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
}

export interface Period {
  key: string;
  /** First day of the period. */
  startsOn: string;
  /** First day after the period. */
  endsBefore: string;
}

export const ONCE_PERIOD_DAYS = 7;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthDate(year: number, month: number, dayOfMonth: number): string {
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO week-numbering year and week of a date. */
export function isoWeek(date: string): { year: number; week: number } {
  const days = dayNumber(date);
  const thursday = days - isoWeekday(date) + 4;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
  return { year, week };
}

/** The first due date on or after `date`, or null for ONCE (its only date is its start). */
export function dueOnOrAfter(cadence: Cadence, date: string): string | null {
  switch (cadence.frequency) {
    case 'ONCE':
      return null;
    case 'WEEKLY': {
      const shift = ((cadence.dayOfWeek as number) - isoWeekday(date) + 7) % 7;
      return addDays(date, shift);
    }
    case 'MONTHLY': {
      const [year, month, day] = date.split('-').map(Number);
      const thisMonth = monthDate(year, month, cadence.dayOfMonth as number);
      if (Number(thisMonth.slice(8)) >= day) return thisMonth;
      return month === 12
        ? monthDate(year + 1, 1, cadence.dayOfMonth as number)
        : monthDate(year, month + 1, cadence.dayOfMonth as number);
    }
  }
}

/** A schedule's first due date: its start date for ONCE, else the first matching day from it. */
export function firstDueOn(cadence: Cadence, startDate: string): string {
  return cadence.frequency === 'ONCE' ? startDate : (dueOnOrAfter(cadence, startDate) as string);
}

/** The due date after `dueOn`, or null when there is none (ONCE, or past `endDate`). */
export function nextDueOn(cadence: Cadence, dueOn: string, endDate: string | null): string | null {
  const next = dueOnOrAfter(cadence, addDays(dueOn, 1));
  if (next === null || (endDate !== null && next > endDate)) return null;
  return next;
}

/**
 * The due date to pay now when `nextRunOn` fell due on or before `today`: the latest due date
 * not after today, so a worker that was down for several periods pays the current period once,
 * not every missed one. Answers the date to run and the schedule's following due date.
 */
export function catchUp(
  cadence: Cadence,
  nextRunOn: string,
  today: string,
  endDate: string | null,
): { runOn: string; following: string | null } {
  let runOn = nextRunOn;
  let following = nextDueOn(cadence, runOn, endDate);
  while (following !== null && following <= today) {
    runOn = following;
    following = nextDueOn(cadence, runOn, endDate);
  }
  return { runOn, following };
}

/** The period a due date belongs to. */
export function periodOf(frequency: ScheduleFrequency, dueOn: string): Period {
  switch (frequency) {
    case 'ONCE':
      return { key: 'once', startsOn: dueOn, endsBefore: addDays(dueOn, ONCE_PERIOD_DAYS) };
    case 'WEEKLY': {
      const { year, week } = isoWeek(dueOn);
      const monday = addDays(dueOn, 1 - isoWeekday(dueOn));
      return { key: `${year}-W${String(week).padStart(2, '0')}`, startsOn: monday, endsBefore: addDays(monday, 7) };
    }
    case 'MONTHLY': {
      const [year, month] = dueOn.split('-').map(Number);
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      return { key: dueOn.slice(0, 7), startsOn: `${dueOn.slice(0, 7)}-01`, endsBefore: next };
    }
  }
}
