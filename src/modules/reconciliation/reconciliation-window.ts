import { addDays, DAY_MS, localDate, startOfDay } from '../../platform/clock/calendar-dates';
import { ApiException } from '../../platform/http/api-error';
import type { ReconciliationWindow } from './reconciliation-break';

/** The longest window one run covers: a month and a day, so a run stays bounded. */
export const MAX_WINDOW_DAYS = 32;

/**
 * The window `[from, to)` of a run: both given, or neither (the current business day in
 * `timeZone`, midnight to midnight). Anything else is a 400 `VALIDATION_FAILED`.
 */
export function reconciliationWindow(
  query: { from?: string; to?: string },
  now: Date,
  timeZone: string,
): ReconciliationWindow {
  if (query.from === undefined && query.to === undefined) {
    const today = localDate(now, timeZone);
    return { from: startOfDay(today, timeZone), to: startOfDay(addDays(today, 1), timeZone) };
  }
  if (query.from === undefined || query.to === undefined) {
    const missing = query.from === undefined ? 'from' : 'to';
    throw invalid(`query.${missing}`, 'is required when the other end of the window is given');
  }
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (Number.isNaN(from.getTime())) throw invalid('query.from', 'must be an ISO 8601 date-time');
  if (Number.isNaN(to.getTime())) throw invalid('query.to', 'must be an ISO 8601 date-time');
  if (to.getTime() <= from.getTime()) throw invalid('query.to', 'must be after from');
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
    throw invalid('query.to', `must be at most ${MAX_WINDOW_DAYS} days after from`);
  }
  return { from, to };
}

function invalid(field: string, message: string): ApiException {
  return new ApiException('VALIDATION_FAILED', 'Request validation failed', [{ field, message }]);
}
