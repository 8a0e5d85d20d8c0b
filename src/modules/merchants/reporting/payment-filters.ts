import { ApiException } from '../../../platform/http/api-error';
import type { MerchantPaymentFilterStatus, MerchantPaymentsFilterQueryDto } from './dto/merchant-payments.dto';

/** The longest window a CSV export may cover: a leap year. */
export const EXPORT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The filters of a payments read, checked, as the statements take them (null: not asked for). */
export interface MerchantPaymentFilters {
  /** Inclusive lower bound of `created_at`, as PostgreSQL reads it (timestamptz text). */
  from: string | null;
  /** Inclusive upper bound of `created_at`, as PostgreSQL reads it. */
  to: string | null;
  status: MerchantPaymentFilterStatus | null;
  rail: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  q: string | null;
}

/** The instant a bound stands for (ms) and the text PostgreSQL is given for it. */
interface Bound {
  instant: number;
  text: string;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|([+-])(\d{2}):(\d{2})))?$/;

function invalid(field: string, message: string): ApiException {
  return new ApiException('VALIDATION_FAILED', 'Request validation failed', [{ field: `query.${field}`, message }]);
}

/**
 * A `date_from` / `date_to` value: a UTC day (`2026-11-01`), or a date-time with its offset. A
 * day stands for its first instant as a lower bound and its last (23:59:59.999999) as an upper
 * bound, so `date_to=2026-11-30` takes the whole day. Calendar days and times are checked
 * (`2026-02-30`, `24:00` are refused, not rolled over as `Date` would).
 */
export function parseBound(field: string, value: string, end: 'lower' | 'upper'): Bound {
  const match = INSTANT.exec(value);
  if (!match) throw invalid(field, `${field} must be an ISO 8601 date or date-time with its offset`);
  const [, year, month, day, hour, minute, second, , zone, , offsetHours, offsetMinutes] = match;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) throw invalid(field, `${field} is not a calendar date`);
  if (hour === undefined) {
    const start = utcDay(y, m, d);
    return end === 'lower'
      ? { instant: start, text: `${year}-${month}-${day}T00:00:00Z` }
      : { instant: start + DAY_MS - 1, text: `${year}-${month}-${day}T23:59:59.999999Z` };
  }
  const inRange = Number(hour) <= 23 && Number(minute) <= 59 && Number(second ?? 0) <= 59;
  // Real offsets run from -12:00 to +14:00 (PostgreSQL refuses past 15:59).
  const offsetInRange = zone === 'Z' || (Number(offsetHours) <= 14 && Number(offsetMinutes) <= 59);
  if (!inRange || !offsetInRange) {
    throw invalid(field, `${field} is not a valid time of day or offset`);
  }
  // Validated: PostgreSQL reads the text itself (microseconds kept); the instant is for comparing.
  return { instant: Date.parse(value), text: value };
}

/** The first instant of a UTC day (`Date.UTC` would read years 0-99 as 1900-1999). */
function utcDay(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function daysIn(year: number, month: number): number {
  const date = new Date(0);
  // Day 0 of the next month is this month's last.
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/**
 * The list's and the export's filters, checked: `date_from` after `date_to`, or `min_amount`
 * above `max_amount`, is 400 VALIDATION_FAILED naming the second field.
 */
export function paymentFilters(query: MerchantPaymentsFilterQueryDto): MerchantPaymentFilters & {
  fromInstant: number | null;
  toInstant: number | null;
} {
  const from = query.date_from === undefined ? null : parseBound('date_from', query.date_from, 'lower');
  const to = query.date_to === undefined ? null : parseBound('date_to', query.date_to, 'upper');
  if (from !== null && to !== null && from.instant > to.instant) {
    throw invalid('date_to', 'date_to must not be before date_from');
  }
  const minAmount = query.min_amount ?? null;
  const maxAmount = query.max_amount ?? null;
  if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) {
    throw invalid('max_amount', 'max_amount must not be below min_amount');
  }
  return {
    from: from?.text ?? null,
    to: to?.text ?? null,
    fromInstant: from?.instant ?? null,
    toInstant: to?.instant ?? null,
    status: query.status ?? null,
    rail: query.rail ?? null,
    minAmount,
    maxAmount,
    q: query.q ?? null,
  };
}

/**
 * The export's window: the filters' dates, `date_to` now when left out and `date_from`
 * EXPORT_MAX_DAYS before `date_to` when left out; longer than EXPORT_MAX_DAYS is 400
 * VALIDATION_FAILED (on `date_from`). Checked before any byte of the file is sent.
 */
export function exportWindow(
  filters: ReturnType<typeof paymentFilters>,
  now: Date,
): MerchantPaymentFilters & { fromInstant: number; toInstant: number } {
  const toInstant = filters.toInstant ?? now.getTime();
  const to = filters.to ?? new Date(toInstant).toISOString();
  const fromInstant = filters.fromInstant ?? toInstant - EXPORT_MAX_DAYS * DAY_MS;
  const from = filters.from ?? new Date(fromInstant).toISOString();
  if (fromInstant > toInstant) throw invalid('date_from', 'date_from must not be after date_to (now when left out)');
  if (toInstant - fromInstant > EXPORT_MAX_DAYS * DAY_MS) {
    throw invalid('date_from', `the export covers at most ${EXPORT_MAX_DAYS} days: narrow date_from and date_to`);
  }
  return { ...filters, from, to, fromInstant, toInstant };
}
