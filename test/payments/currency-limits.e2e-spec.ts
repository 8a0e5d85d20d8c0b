import { randomBytes } from 'node:crypto';
import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { expectApiError, expectLedgerBalanced } from '../support/assertions';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';

/**
 * Tier limits hold in every currency a biller can charge: GHS has limits of its own
 * (CURRENCY_TIER_LIMITS), and USD, which has none, is refused rather than let through
 * unlimited (a TIER_0 customer once paid five concurrent USD 1,000,000.00 payments).
 */
describe('payment limits in every currency', () => {
  let kit: PaymentsApp;
  let ghs: { id: string; slug: string };
  let usd: { id: string; slug: string };

  beforeAll(async () => {
    kit = await createPaymentsApp({
      config: { CURRENCY_TIER_LIMITS: 'GHS.TIER_0=100000/250000,GHS.TIER_1=1000000/5000000' },
    });
    const category = await createBillerCategory(kit, { slug: `${kit.prefix}-fx` });
    const biller = (slug: string, currency: string) =>
      createBiller(kit, {
        categoryId: category.id,
        slug: `${kit.prefix}-${slug}`,
        currency,
        country: currency === 'GHS' ? 'GH' : 'US',
        feeFlat: 0,
        minAmount: 1,
        maxAmount: 1_000_000_000,
        amountRule: 'ANY',
      });
    [ghs, usd] = await Promise.all([biller('ghs', 'GHS'), biller('usd', 'USD')]);
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  const pay = (
    customer: Awaited<ReturnType<PaymentsApp['newCustomer']>>,
    biller: { slug: string },
    amount: number,
    currency: string,
  ) =>
    kit.pay(
      customer,
      { biller: biller.slug, accountReference: GOOD_REFERENCE, amount, currency, confirmDuplicate: true },
      `key-${randomBytes(6).toString('hex')}`,
    );

  it('refuses a currency with no limits configured, writing nothing', async () => {
    const customer = await kit.newCustomer();
    const responses = await Promise.all(Array.from({ length: 5 }, () => pay(customer, usd, 100_000_000, 'USD')));
    for (const response of responses) {
      expect(response.status).toBe(422);
      expectApiError(response.body, 'LIMIT_NOT_CONFIGURED');
      expect(response.body.message).toBe('Payments in USD are not available: no payment limits are configured for USD');
      expect(response.body.details).toEqual([{ field: 'currency', message: 'has no payment limits configured' }]);
    }
    const rows = await kit.db.query(`SELECT count(*)::int AS n FROM payments WHERE customer_id = $1`, [
      customer.userId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("holds the tier's per-payment and daily limits in the biller's currency, under concurrency", async () => {
    const customer = await kit.newCustomer(); // TIER_0: GHS 1,000.00 a payment, GHS 2,500.00 a day
    const tooBig = await pay(customer, ghs, 100_001, 'GHS');
    expect(tooBig.status).toBe(422);
    expectApiError(tooBig.body, 'LIMIT_EXCEEDED');
    expect(tooBig.body.details.slice(0, 3)).toEqual([
      { field: 'limit', message: '100000' },
      { field: 'used', message: '0' },
      { field: 'headroom', message: '100000' },
    ]);

    const burst = await Promise.all(Array.from({ length: 5 }, () => pay(customer, ghs, 100_000, 'GHS')));
    const statuses = burst.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 422, 422, 422]);
    for (const refused of burst.filter((response) => response.status === 422)) {
      expectApiError(refused.body, 'LIMIT_EXCEEDED');
    }
    const [{ total }] = await kit.db.query(
      `SELECT coalesce(sum(amount), 0)::int AS total FROM payments WHERE customer_id = $1 AND status <> 'FAILED'`,
      [customer.userId],
    );
    expect(total).toBe(200_000);
    // NGN has its own headroom: the GHS payments do not use it.
    expect((await kit.pay(customer, { amount: 400_000 })).status).toBe(200);
    await expectLedgerBalanced(kit);
  });

  it('shows the tier limits in every configured currency after KYC', async () => {
    const customer = await kit.newCustomer();
    const kyc = await kit.http
      .post('/api/v1/kyc/tier1')
      .set(customer.headers)
      .send({
        legalName: 'Ada Obi',
        dateOfBirth: '1990-01-01',
        nationalIdType: 'NIN',
        nationalIdNumber: '12345678901',
        address: { line1: '1 Marina', city: 'Lagos', state: 'Lagos', country: 'NG' },
      });
    expect(kyc.status).toBe(200);
    expect(kyc.body.limits).toEqual({ currency: 'NGN', perPayment: 5_000_000, daily: 20_000_000 });
    expect(kyc.body.limitsByCurrency).toEqual([
      { currency: 'NGN', perPayment: 5_000_000, daily: 20_000_000 },
      { currency: 'GHS', perPayment: 1_000_000, daily: 5_000_000 },
    ]);
  });
});
