import { calendarDateWords, isCalendarDate, periodWords } from './calendar-words';

describe('calendar words', () => {
  it('writes a due date day first with the month in words, whatever the server’s zone', () => {
    expect(calendarDateWords('2026-11-30')).toBe('30 November 2026');
    expect(calendarDateWords('2027-01-01')).toBe('1 January 2027');
  });

  it('knows real dates from look-alikes', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-11-00')).toBe(false);
    expect(isCalendarDate('2026-11-30T00:00:00Z')).toBe(false);
    expect(isCalendarDate('30/11/2026')).toBe(false);
  });

  it('words schedule periods', () => {
    expect(periodWords('2026-11')).toEqual({ label: 'November 2026', next: 'next month' });
    expect(periodWords('2026-W07')).toEqual({ label: 'week 7 of 2026', next: 'next week' });
    expect(periodWords('once')).toEqual({ label: null, next: null });
    expect(periodWords('2026-13')).toEqual({ label: null, next: 'with its next payment' });
    expect(periodWords('2026-W54')).toEqual({ label: null, next: 'with its next payment' });
  });
});
