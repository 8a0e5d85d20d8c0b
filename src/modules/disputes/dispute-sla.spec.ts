import { disputeDueBy, parseDisputeSla } from './dispute-sla';

describe('dispute SLA', () => {
  const lagos = 'Africa/Lagos'; // UTC+1, no daylight saving

  it('counts business days from the day after opening, to the end of the last one', () => {
    // Monday 2026-11-23 10:00 Lagos; 3 business days -> end of Thursday 2026-11-26.
    const due = disputeDueBy(new Date('2026-11-23T09:00:00Z'), 3, lagos);
    expect(due.toISOString()).toBe('2026-11-26T23:00:00.000Z');
  });

  it('skips the weekend', () => {
    // Friday 2026-11-27; 3 business days -> Mon, Tue, Wed -> end of Wednesday 2026-12-02.
    expect(disputeDueBy(new Date('2026-11-27T15:00:00Z'), 3, lagos).toISOString()).toBe('2026-12-02T23:00:00.000Z');
    // Saturday: the same deadline as Friday.
    expect(disputeDueBy(new Date('2026-11-28T15:00:00Z'), 3, lagos).toISOString()).toBe('2026-12-02T23:00:00.000Z');
  });

  it('reads the day in the business time zone, not UTC', () => {
    // 23:30 UTC on Friday is already Saturday in Lagos: Saturday's deadline.
    expect(disputeDueBy(new Date('2026-11-27T23:30:00Z'), 1, lagos).toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it('parses the setting and falls back to OTHER for reasons left out', () => {
    const sla = parseDisputeSla('WRONG_AMOUNT=5,OTHER=7');
    expect(sla.get('WRONG_AMOUNT')).toBe(5);
    expect(sla.get('DUPLICATE_PAYMENT')).toBe(7);
    expect(parseDisputeSla('').get('OTHER')).toBe(10);
  });

  it('refuses an unknown reason', () => {
    expect(() => parseDisputeSla('WRONG_AMMOUNT=5')).toThrow(/unknown dispute reason/);
  });
});
