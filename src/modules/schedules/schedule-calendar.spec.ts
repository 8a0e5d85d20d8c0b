import {
  catchUp,
  firstDueOn,
  isCalendarDate,
  isoWeek,
  localDate,
  nextDueOn,
  periodOf,
  startOfDay,
} from './schedule-calendar';

const monthly = (dayOfMonth: number) => ({ frequency: 'MONTHLY' as const, dayOfWeek: null, dayOfMonth });
const weekly = (dayOfWeek: number) => ({ frequency: 'WEEKLY' as const, dayOfWeek, dayOfMonth: null });
const once = { frequency: 'ONCE' as const, dayOfWeek: null, dayOfMonth: null };

describe('schedule calendar', () => {
  it('pays day 31 on the last day of short months', () => {
    expect(firstDueOn(monthly(31), '2026-02-03')).toBe('2026-02-28');
    expect(nextDueOn(monthly(31), '2026-02-28', null)).toBe('2026-03-31');
    expect(nextDueOn(monthly(31), '2026-03-31', null)).toBe('2026-04-30');
    expect(firstDueOn(monthly(29), '2028-02-01')).toBe('2028-02-29');
    expect(nextDueOn(monthly(30), '2026-12-30', null)).toBe('2027-01-30');
  });

  it('finds the first monthly date on or after the start', () => {
    expect(firstDueOn(monthly(15), '2026-01-15')).toBe('2026-01-15');
    expect(firstDueOn(monthly(15), '2026-01-16')).toBe('2026-02-15');
    expect(firstDueOn(monthly(1), '2026-12-02')).toBe('2027-01-01');
  });

  it('finds weekly dates by ISO weekday', () => {
    // 2026-03-02 is a Monday.
    expect(firstDueOn(weekly(1), '2026-03-02')).toBe('2026-03-02');
    expect(firstDueOn(weekly(7), '2026-03-02')).toBe('2026-03-08');
    expect(firstDueOn(weekly(3), '2026-03-05')).toBe('2026-03-11');
    expect(nextDueOn(weekly(3), '2026-03-11', null)).toBe('2026-03-18');
  });

  it('stops at the end date, and ONCE has one date', () => {
    expect(nextDueOn(monthly(10), '2026-01-10', '2026-02-09')).toBeNull();
    expect(nextDueOn(monthly(10), '2026-01-10', '2026-02-10')).toBe('2026-02-10');
    expect(firstDueOn(once, '2026-05-05')).toBe('2026-05-05');
    expect(nextDueOn(once, '2026-05-05', null)).toBeNull();
  });

  it('keys periods by ISO week, month or once', () => {
    expect(periodOf('WEEKLY', '2026-01-01')).toEqual({
      key: '2026-W01',
      startsOn: '2025-12-29',
      endsBefore: '2026-01-05',
    });
    expect(periodOf('WEEKLY', '2027-01-01').key).toBe('2026-W53');
    expect(periodOf('MONTHLY', '2026-12-31')).toEqual({
      key: '2026-12',
      startsOn: '2026-12-01',
      endsBefore: '2027-01-01',
    });
    expect(periodOf('ONCE', '2026-05-05')).toEqual({ key: 'once', startsOn: '2026-05-05', endsBefore: '2026-05-12' });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
  });

  it('catches up to the current period only', () => {
    expect(catchUp(monthly(5), '2026-01-05', '2026-03-20', null)).toEqual({
      runOn: '2026-03-05',
      following: '2026-04-05',
    });
    expect(catchUp(monthly(5), '2026-03-05', '2026-03-05', null)).toEqual({
      runOn: '2026-03-05',
      following: '2026-04-05',
    });
    expect(catchUp(monthly(5), '2026-01-05', '2026-03-20', '2026-02-28')).toEqual({
      runOn: '2026-02-05',
      following: null,
    });
  });

  it('reads dates in the business time zone', () => {
    // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
    expect(localDate(new Date('2026-03-01T23:30:00Z'), 'Africa/Lagos')).toBe('2026-03-02');
    expect(startOfDay('2026-03-02', 'Africa/Lagos').toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(startOfDay('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-02-28')).toBe(true);
  });
});
