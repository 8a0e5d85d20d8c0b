import { billerCheckWindow } from './biller-check.processor';

describe('billerCheckWindow', () => {
  it('covers yesterday and today in the business time zone', () => {
    // 00:30 on 25 November in Lagos (UTC+1) is 23:30 UTC on the 24th.
    const window = billerCheckWindow(new Date('2026-11-24T23:30:00Z'), 'Africa/Lagos');
    expect(window.from.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(window.to.toISOString()).toBe('2026-11-25T23:00:00.000Z');
  });
});
