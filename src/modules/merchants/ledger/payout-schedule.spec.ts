import { nextPayoutDay, type PayoutSchedule } from './payout-schedule';

const day = (iso: string) => nextPayoutDayIso(new Date(iso));
let schedule: PayoutSchedule;
function nextPayoutDayIso(asOf: Date, notBefore: Date | null = null): string | null {
  return nextPayoutDay(asOf, schedule, notBefore)?.toISOString().slice(0, 10) ?? null;
}

describe('nextPayoutDay', () => {
  it('DAILY: tomorrow, whatever the time today', () => {
    schedule = { interval: 'DAILY', weeklyAnchor: null, monthlyAnchor: null };
    expect(day('2026-11-26T00:00:00Z')).toBe('2026-11-27');
    expect(day('2026-11-26T23:59:59Z')).toBe('2026-11-27');
    expect(day('2026-12-31T12:00:00Z')).toBe('2027-01-01');
  });

  it('WEEKLY: the next anchor day, a week on when today is the anchor', () => {
    schedule = { interval: 'WEEKLY', weeklyAnchor: 'FRIDAY', monthlyAnchor: null };
    expect(day('2026-11-26T10:00:00Z')).toBe('2026-11-27'); // a Thursday
    expect(day('2026-11-27T10:00:00Z')).toBe('2026-12-04'); // a Friday
    schedule = { interval: 'WEEKLY', weeklyAnchor: 'SUNDAY', monthlyAnchor: null };
    expect(day('2026-11-26T10:00:00Z')).toBe('2026-11-29');
  });

  it('MONTHLY: the anchor day, or the last day of a shorter month', () => {
    schedule = { interval: 'MONTHLY', weeklyAnchor: null, monthlyAnchor: 15 };
    expect(day('2026-11-26T10:00:00Z')).toBe('2026-12-15');
    expect(day('2026-11-14T10:00:00Z')).toBe('2026-11-15');
    schedule = { interval: 'MONTHLY', weeklyAnchor: null, monthlyAnchor: 31 };
    expect(day('2027-02-03T10:00:00Z')).toBe('2027-02-28');
    expect(day('2026-11-26T10:00:00Z')).toBe('2026-11-30');
  });

  it('MANUAL: none', () => {
    schedule = { interval: 'MANUAL', weeklyAnchor: null, monthlyAnchor: null };
    expect(day('2026-11-26T10:00:00Z')).toBeNull();
  });

  it('waits for a hold to end: the first payout day starting at or after it', () => {
    schedule = { interval: 'DAILY', weeklyAnchor: null, monthlyAnchor: null };
    const asOf = new Date('2026-11-26T10:00:00Z');
    expect(nextPayoutDayIso(asOf, new Date('2026-11-29T09:30:00Z'))).toBe('2026-11-30');
    expect(nextPayoutDayIso(asOf, new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-29');
    expect(nextPayoutDayIso(asOf, new Date('2026-11-20T00:00:00Z'))).toBe('2026-11-27'); // already over
    schedule = { interval: 'WEEKLY', weeklyAnchor: 'MONDAY', monthlyAnchor: null };
    expect(nextPayoutDayIso(asOf, new Date('2026-11-30T01:00:00Z'))).toBe('2026-12-07');
  });
});
