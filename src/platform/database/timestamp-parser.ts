import { types, type CustomTypesConfig } from 'pg';

/** PostgreSQL's type oid of `timestamp with time zone`. */
const TIMESTAMPTZ_OID = types.builtins.TIMESTAMPTZ;

/** pg's own parser of `timestamptz` text (postgres-date): the answer for every value the fast path declines. */
const parseWithPg = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => Date | number | null;

const ZERO = 48;
/** 10 to the power of a fraction's number of digits (PostgreSQL writes up to six). */
const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/** The number written by the digits of `text` from `from` (included) to `to` (excluded), or -1 if one is not a digit. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A `timestamptz` as PostgreSQL writes it to a session whose time zone is UTC, the service's
 * (`2026-11-27 17:34:24.892123+00`, fraction optional), read as the same `Date` pg's own parser
 * makes (postgres-date), without the regular expressions and match arrays it allocates for each
 * value: every row of a page holds several. Any other form (another offset, a year before 1000,
 * BC, `infinity`, more than six fraction digits) goes to pg's parser. The fraction becomes
 * milliseconds as pg's parser makes them (`1000 * parseFloat('.892123')`, truncated by
 * `Date.UTC`), from the same double, so the two agree to the millisecond;
 * `timestamp-parser.spec.ts` compares them.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const length = text.length;
  if (
    length < 22 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 || // space
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    !text.endsWith('+00')
  ) {
    return parseWithPg(text);
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return parseWithPg(text);
  let milliseconds = 0;
  const fractionEnd = length - 3;
  if (fractionEnd > 19) {
    const digits = fractionEnd - 20;
    const fraction = text.charCodeAt(19) === 46 && digits >= 1 && digits <= 6 ? digitsAt(text, 20, fractionEnd) : -1;
    if (fraction < 0) return parseWithPg(text);
    // The double nearest to 0.<digits>, as parseFloat('.<digits>') answers: both operands are
    // exact, and IEEE division rounds the exact quotient to the nearest double.
    milliseconds = 1000 * (fraction / POWERS_OF_TEN[digits]);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds));
}

/**
 * The type parsers of the service's `pg` connections (a pool's `types` option): pg's own, with
 * `timestamptz` text read by `parseTimestamptz`.
 */
export const SERVICE_PG_TYPES: CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === TIMESTAMPTZ_OID && format !== 'binary' ? parseTimestamptz : types.getTypeParser(oid, format),
};
