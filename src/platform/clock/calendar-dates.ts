/**
 * Calendar dates (`YYYY-MM-DD`, no time of day) and the business time zone: pure functions
 * shared by every context that counts days (schedules fall due on dates, disputes count
 * business days). Dates are compared as strings; instants are `Date`s.
 */
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** ISO weekday, 1 (Monday) .. 7 (Sunday). */
export function isoWeekday(date: string): number {
  const weekday = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

// One formatter per time zone and use: building an Intl.DateTimeFormat costs far more than using
// one, and the runner asks for every run it makes (the schedules bench's worker profile).
const DATE_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const CLOCK_FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  build: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = build(timeZone);
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = formatterFor(
    DATE_FORMATTERS,
    timeZone,
    (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = formatterFor(
    CLOCK_FORMATTERS,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant midnight of `date` begins in `timeZone`. */
export function startOfDay(date: string, timeZone: string): Date {
  const guess = dayNumber(date) * DAY_MS;
  let instant = guess - zoneOffsetMs(guess, timeZone);
  // Once more, for a date whose offset differs from the guess's (a daylight-saving change).
  instant = guess - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromDayNumber(dayNumber(value)) === value;
}
