import { types } from 'pg';
import { parseTimestamptz, SERVICE_PG_TYPES } from './timestamp-parser';

const pgParse = types.getTypeParser(1184, 'text') as (value: string) => unknown;

/** What a parser answered, comparable with toEqual: a Date's time (NaN included), or the value itself. */
function answer(value: unknown): unknown {
  return value instanceof Date ? { time: value.getTime() } : value;
}

/** A deterministic pseudo-random sequence (a linear congruential generator), so a failure replays. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL writes to a UTC session as pg does, to the millisecond, for every fraction length', () => {
    const random = sequence(20261127);
    for (let index = 0; index < 20_000; index += 1) {
      const date = new Date(
        Date.UTC(1000 + Math.floor(random() * 9000), 0, 1) + Math.floor(random() * 365 * 86_400_000),
      );
      const digits = index % 7; // no fraction, then 1 to 6 digits
      const fraction = digits === 0 ? '' : `.${pad(Math.floor(random() * 10 ** digits), digits)}`;
      const text =
        `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)} ` +
        `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}${fraction}+00`;
      expect([text, answer(parseTimestamptz(text))]).toEqual([text, answer(pgParse(text))]);
    }
  });

  it.each([
    '2026-11-27 17:34:24.892123+00',
    '2026-11-27 17:34:24+00',
    '2026-11-27 17:34:24.5+00',
    '2026-11-27 17:34:24.000001+00',
    '2026-11-27 17:34:24.999999+00',
    '2024-02-29 23:59:59.999+00',
    '9999-12-31 23:59:59.999999+00',
    '1000-01-01 00:00:00+00',
  ])('reads %s as pg does', (text) => {
    const parsed = parseTimestamptz(text);
    expect(parsed).toBeInstanceOf(Date);
    expect(answer(parsed)).toEqual(answer(pgParse(text)));
  });

  it.each([
    ['another offset', '2026-11-27 17:34:24.892+05:30'],
    ['a negative offset', '2026-11-27 17:34:24-03'],
    ['a year before 1000', '0099-06-01 12:00:00+00'],
    ['a BC year', '0044-03-15 12:00:00+00 BC'],
    ['infinity', 'infinity'],
    ['minus infinity', '-infinity'],
    ['a year past 9999', '10000-01-01 00:00:00+00'],
    ['a dot without digits', '2026-11-27 17:34:24.+00'],
    ['a letter among the digits', '2026-1x-27 17:34:24+00'],
    ['not a timestamp', 'yesterday'],
  ])('leaves %s to pg, with the same answer', (_case, text) => {
    expect(answer(parseTimestamptz(text))).toEqual(answer(pgParse(text)));
  });

  it("is the service's timestamptz parser, and leaves every other type to pg", () => {
    expect(SERVICE_PG_TYPES.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(SERVICE_PG_TYPES.getTypeParser(1184)).toBe(parseTimestamptz);
    for (const oid of [16, 20, 23, 25, 1082, 1114, 1700, 2950, 3802]) {
      expect(SERVICE_PG_TYPES.getTypeParser(oid, 'text')).toBe(types.getTypeParser(oid, 'text'));
    }
    expect(SERVICE_PG_TYPES.getTypeParser(1184, 'binary')).toBe(types.getTypeParser(1184, 'binary'));
  });
});
