import fc from 'fast-check';
import { ageOn, isCalendarDate } from './date-of-birth';

describe('ageOn', () => {
  const today = new Date('2026-03-17T10:00:00Z');

  it('counts whole years, turning over on the birthday', () => {
    expect(ageOn('2008-03-17', today)).toBe(18);
    expect(ageOn('2008-03-18', today)).toBe(17);
    expect(ageOn('2008-02-29', today)).toBe(18);
    expect(ageOn('1990-12-31', today)).toBe(35);
    expect(ageOn('2027-01-01', today)).toBe(-1);
  });

  it('agrees with adding the years back to the date of birth', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2026-03-17T00:00:00Z'), noInvalidDate: true }),
        (birth) => {
          const dateOfBirth = birth.toISOString().slice(0, 10);
          const age = ageOn(dateOfBirth, today);
          const [year, month, day] = dateOfBirth.split('-').map(Number);
          // The birthday of age `age` has passed; that of `age + 1` has not (29 Feb moves to 1 March).
          expect(Date.UTC(year + age, month - 1, day)).toBeLessThanOrEqual(today.getTime());
          expect(Date.UTC(year + age + 1, month - 1, day)).toBeGreaterThan(today.getTime());
        },
      ),
    );
  });
});

describe('isCalendarDate', () => {
  it('accepts real days and refuses impossible ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-04-31')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('23-01-01')).toBe(false);
  });
});
