import { ApiException } from '../../../platform/http/api-error';
import { exportWindow, parseBound, paymentFilters } from './payment-filters';

const DAY = 24 * 60 * 60 * 1000;

function refusal(call: () => unknown): { code: string; fields: string[] } {
  try {
    call();
  } catch (error) {
    const apiError = error as ApiException;
    expect(apiError).toBeInstanceOf(ApiException);
    expect(apiError.status).toBe(400);
    return { code: apiError.code, fields: (apiError.details ?? []).map((detail) => detail.field) };
  }
  throw new Error('not refused');
}

describe('merchant payments filters', () => {
  it('reads a day as its first instant from below and its last from above', () => {
    expect(parseBound('date_from', '2026-11-30', 'lower')).toEqual({
      instant: Date.parse('2026-11-30T00:00:00Z'),
      text: '2026-11-30T00:00:00Z',
    });
    expect(parseBound('date_to', '2026-11-30', 'upper')).toEqual({
      instant: Date.parse('2026-12-01T00:00:00Z') - 1,
      text: '2026-11-30T23:59:59.999999Z',
    });
    expect(parseBound('date_to', '2024-02-29', 'upper').text).toBe('2024-02-29T23:59:59.999999Z');
    expect(parseBound('date_from', '0050-06-01', 'lower').instant).toBe(Date.parse('0050-06-01T00:00:00Z'));
  });

  it('passes a date-time on as written, with its offset and fraction', () => {
    expect(parseBound('date_from', '2026-11-30T10:15:00.123456+01:00', 'lower')).toEqual({
      instant: Date.parse('2026-11-30T09:15:00.123Z'),
      text: '2026-11-30T10:15:00.123456+01:00',
    });
    expect(parseBound('date_from', '2026-11-30T10:15Z', 'lower').instant).toBe(Date.parse('2026-11-30T10:15:00Z'));
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '0000-01-01',
    '2026-11-30T24:00:00Z',
    '2026-11-30T23:60:00Z',
    '2026-11-30T23:59:60Z',
    '2026-11-30T10:00:00+15:00',
    '2026-11-30T10:00:00',
    '2026-11-30 10:00:00Z',
    '30/11/2026',
    'now',
  ])('refuses %s with 400 VALIDATION_FAILED naming the parameter', (value) => {
    expect(refusal(() => parseBound('date_from', value, 'lower'))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: ['query.date_from'],
    });
  });

  it('refuses a window or amount range the wrong way round, naming its second end', () => {
    expect(refusal(() => paymentFilters({ date_from: '2026-11-02', date_to: '2026-11-01' })).fields).toEqual([
      'query.date_to',
    ]);
    expect(refusal(() => paymentFilters({ min_amount: 5, max_amount: 4 })).fields).toEqual(['query.max_amount']);
    // One day both ends, and equal amounts, are fine.
    expect(
      paymentFilters({ date_from: '2026-11-01', date_to: '2026-11-01', min_amount: 5, max_amount: 5 }),
    ).toMatchObject({
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-01T23:59:59.999999Z',
      minAmount: 5,
      maxAmount: 5,
      status: null,
      rail: null,
      q: null,
    });
  });

  it('bounds the export to 366 days, defaulting to the 366 days up to now', () => {
    const now = new Date('2026-11-26T06:00:00.000Z');
    expect(exportWindow(paymentFilters({}), now)).toMatchObject({
      from: new Date(now.getTime() - 366 * DAY).toISOString(),
      to: now.toISOString(),
    });
    expect(exportWindow(paymentFilters({ date_to: '2026-01-31' }), now)).toMatchObject({
      to: '2026-01-31T23:59:59.999999Z',
      fromInstant: Date.parse('2026-02-01T00:00:00Z') - 1 - 366 * DAY,
    });
    expect(exportWindow(paymentFilters({ date_from: '2024-01-01', date_to: '2024-12-31' }), now).from).toBe(
      '2024-01-01T00:00:00Z',
    );
    expect(
      refusal(() => exportWindow(paymentFilters({ date_from: '2024-01-01', date_to: '2025-01-01' }), now)),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: ['query.date_from'],
    });
    expect(refusal(() => exportWindow(paymentFilters({ date_from: '2025-11-24' }), now)).fields).toEqual([
      'query.date_from',
    ]);
    // A date_from in the future with no date_to: after now.
    expect(refusal(() => exportWindow(paymentFilters({ date_from: '2026-12-01' }), now)).fields).toEqual([
      'query.date_from',
    ]);
  });
});
