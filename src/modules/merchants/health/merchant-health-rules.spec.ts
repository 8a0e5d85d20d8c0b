import {
  apiErrorCheck,
  healthStatusOf,
  kybCheck,
  refundCheck,
  settlementCheck,
  velocityCheck,
  webhookCheck,
  type HealthCheck,
} from './merchant-health-rules';

const NOW = new Date('2026-11-26T10:00:00Z');
const HOUR = 3600_000;

describe('merchant health rules', () => {
  const check = (status: HealthCheck['status']): HealthCheck => ({ name: 'kyb', status, detail: '' });

  it('adds the checks up: RESTRICTED for a SUSPENDED or REJECTED merchant, else the worst check', () => {
    expect(healthStatusOf('APPROVED', [check('OK'), check('OK')])).toBe('HEALTHY');
    expect(healthStatusOf('APPROVED', [check('OK'), check('WARN')])).toBe('DEGRADED');
    expect(healthStatusOf('APPROVED', [check('WARN'), check('FAIL')])).toBe('AT_RISK');
    expect(healthStatusOf('SUSPENDED', [check('OK')])).toBe('RESTRICTED');
    expect(healthStatusOf('REJECTED', [check('OK')])).toBe('RESTRICTED');
    expect(healthStatusOf('PENDING', [kybCheck('PENDING')])).toBe('DEGRADED');
  });

  it('judges the settlement account: none or unverified warns, rejected fails, a running change hold warns', () => {
    expect(settlementCheck({ status: null, payoutsHeldUntil: null }, NOW).status).toBe('WARN');
    expect(settlementCheck({ status: 'PENDING_VERIFICATION', payoutsHeldUntil: null }, NOW).status).toBe('WARN');
    expect(settlementCheck({ status: 'REJECTED', payoutsHeldUntil: null }, NOW).status).toBe('FAIL');
    expect(settlementCheck({ status: 'VERIFIED', payoutsHeldUntil: new Date(NOW.getTime() + HOUR) }, NOW).status).toBe(
      'WARN',
    );
    expect(settlementCheck({ status: 'VERIFIED', payoutsHeldUntil: NOW }, NOW).status).toBe('OK');
  });

  it('judges the API error rate from 20 requests: 10 % warns, 25 % (or 5 % of 5xx) fails', () => {
    expect(apiErrorCheck({ total: 19, clientErrors: 19, serverErrors: 0 }).status).toBe('OK');
    expect(apiErrorCheck({ total: 100, clientErrors: 9, serverErrors: 0 }).status).toBe('OK');
    expect(apiErrorCheck({ total: 100, clientErrors: 10, serverErrors: 0 }).status).toBe('WARN');
    expect(apiErrorCheck({ total: 100, clientErrors: 25, serverErrors: 0 }).status).toBe('FAIL');
    expect(apiErrorCheck({ total: 100, clientErrors: 0, serverErrors: 5 }).status).toBe('FAIL');
    expect(apiErrorCheck({ total: 100, clientErrors: 0, serverErrors: 4 }).status).toBe('OK');
  });

  it('judges webhook delivery by endpoint: failing warns, a day failing or disabled by failures fails', () => {
    const endpoint = { status: 'ENABLED', disabledReason: null, failingSince: null, failedDeliveries: 0 };
    expect(webhookCheck([], NOW).status).toBe('OK');
    expect(webhookCheck([endpoint], NOW).status).toBe('OK');
    expect(webhookCheck([{ ...endpoint, failedDeliveries: 1 }], NOW).status).toBe('WARN');
    expect(webhookCheck([{ ...endpoint, failingSince: new Date(NOW.getTime() - HOUR) }], NOW).status).toBe('WARN');
    expect(webhookCheck([{ ...endpoint, failingSince: new Date(NOW.getTime() - 24 * HOUR) }], NOW).status).toBe('FAIL');
    expect(webhookCheck([{ ...endpoint, status: 'DISABLED', disabledReason: 'MERCHANT' }], NOW).status).toBe('OK');
    expect(webhookCheck([{ ...endpoint, status: 'DISABLED', disabledReason: 'FAILING' }], NOW).status).toBe('FAIL');
  });

  it('warns at 80 % of any velocity cap (count or amount) and fails when one is full', () => {
    const cap = { window: 'DAY', currency: 'NGN', maxCount: 10, maxAmount: 1000, usedCount: 0, usedAmount: 0 };
    expect(velocityCheck([]).status).toBe('OK');
    expect(velocityCheck([{ ...cap, usedCount: 7, usedAmount: 799 }]).status).toBe('OK');
    expect(velocityCheck([{ ...cap, usedCount: 8 }]).status).toBe('WARN');
    expect(velocityCheck([{ ...cap, usedAmount: 800 }]).status).toBe('WARN');
    expect(velocityCheck([{ ...cap, maxCount: null, usedAmount: 1000 }]).status).toBe('FAIL');
  });

  it('warns at refunds of 5 % of the captured volume and fails at 10 %, the worst currency deciding', () => {
    expect(refundCheck([]).status).toBe('OK');
    expect(refundCheck([{ currency: 'NGN', gross: 1000n, refunds: 49n }]).status).toBe('OK');
    expect(refundCheck([{ currency: 'NGN', gross: 1000n, refunds: 50n }]).status).toBe('WARN');
    const mixed = refundCheck([
      { currency: 'NGN', gross: 1000n, refunds: 0n },
      { currency: 'USD', gross: 1000n, refunds: 100n },
    ]);
    expect(mixed).toEqual({
      name: 'refund_rate',
      status: 'FAIL',
      detail: 'Refunds 10.00% of the 30-day USD volume captured',
    });
    // Refunds with nothing captured in the window: all of it.
    expect(refundCheck([{ currency: 'NGN', gross: 0n, refunds: 10n }]).status).toBe('FAIL');
  });
});
