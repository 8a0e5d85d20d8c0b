/** The months in English, January first: dates spelled out the same way whatever the server's locale. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `30 November 2026` (`month` 1-12): day first, month in words, never ambiguous. */
export function dayMonthYearWords(year: number | string, month: number, day: number): string {
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}
