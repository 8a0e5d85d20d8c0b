import { ApiException } from '../../../platform/http/api-error';
import { parseStatementPeriod, previousStatementPeriod } from './statement-period';

describe('statement periods', () => {
  it('reads YYYY-MM as the UTC month [start, end)', () => {
    expect(parseStatementPeriod('2026-12')).toEqual({
      period: '2026-12',
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(parseStatementPeriod('2024-02').end).toEqual(new Date('2024-03-01T00:00:00Z'));
  });

  it('refuses anything else with a 400', () => {
    for (const value of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', '']) {
      expect(() => parseStatementPeriod(value)).toThrow(ApiException);
    }
  });

  it('states the month before the job runs, across a year', () => {
    expect(previousStatementPeriod(new Date('2026-11-01T02:00:00Z')).period).toBe('2026-10');
    expect(previousStatementPeriod(new Date('2027-01-01T02:00:00Z'))).toEqual({
      period: '2026-12',
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
});
