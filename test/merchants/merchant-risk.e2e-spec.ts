import { MerchantVelocity, type VelocityAdmission } from '../../src/modules/merchants';
import { teamMemberOf } from '../factories/merchant-user.factory';
import { merchantWithKeys } from '../factories/merchant-api-key.factory';
import { createCustomer } from '../factories/customer.factory';
import { adminOf } from '../factories/staff-user.factory';
import type { Caller } from '../support/app-target';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The merchant's risk routes (design section 2): GET /merchant/risk/profile, /limits and /kpis, for
 * every person of the team and the API key, each key in its own mode. Payments are counted the way
 * the payment core counts them, through `MerchantVelocity.admit` in a transaction.
 */
describe('Merchant risk: profile, limits and daily figures (GET /merchant/risk/*)', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let admin: Caller;
  let velocity: MerchantVelocity;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const get = (path: string, headers: Record<string, string>) =>
    harness.http.get(`/api/v1/merchant/risk/${path}`).set(headers);

  const setCaps = (merchantId: string, caps: Record<string, unknown>[]) =>
    harness.http
      .post(`/api/v1/admin/merchants/${merchantId}/velocity-caps`)
      .set(admin.headers)
      .send({ caps })
      .expect(200);

  const setPricing = (merchantId: string, overrides: Record<string, unknown> = {}) =>
    harness.http
      .patch(`/api/v1/admin/merchants/${merchantId}/pricing`)
      .set(admin.headers)
      .send({
        feeBps: 150,
        feeFixed: 10000,
        feeCurrency: 'NGN',
        reserveBps: 500,
        reserveHoldDays: 90,
        payoutSchedule: { interval: 'DAILY', delayDays: 1 },
        minimumPayoutAmount: 100000,
        effectiveAt: clock.now().toISOString(),
        ...overrides,
      })
      .expect(200);

  /** One payment admitted (and committed) `ago` milliseconds before the clock's now. */
  const admit = (merchantId: string, ago: number, overrides: Partial<VelocityAdmission> = {}) =>
    harness.db.transaction((manager) =>
      velocity.admit(manager, {
        merchantId,
        livemode: false,
        customerKey: null,
        amount: 1000n,
        currency: 'NGN',
        at: new Date(clock.now().getTime() - ago),
        ...overrides,
      }),
    );

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    admin = await adminOf(harness);
    velocity = harness.app.get(MerchantVelocity);
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe('GET /merchant/risk/profile', () => {
    it('shows the tier, the caps and the reserve of the pricing in force, in the caller mode', async () => {
      const shop = await merchantWithKeys(harness);
      const before = await get('profile', bearer(shop.test)).expect(200);
      expect(before.body).toEqual({
        merchantId: shop.id,
        tier: 'STANDARD',
        reason: null,
        tierUpdatedAt: null,
        velocityCaps: [],
        reservePolicy: null,
        livemode: false,
      });

      await harness.http
        .post(`/api/v1/admin/merchants/${shop.id}/risk-tier`)
        .set(admin.headers)
        .send({ tier: 'HIGH', reason: 'Chargebacks above 1%.' })
        .expect(200);
      await setCaps(shop.id, [{ scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxCount: 500 }]);
      await setPricing(shop.id);
      // A version still to come does not count yet.
      await setPricing(shop.id, {
        reserveBps: 1000,
        reserveHoldDays: 120,
        effectiveAt: new Date(clock.now().getTime() + DAY).toISOString(),
      });
      const expected = {
        merchantId: shop.id,
        tier: 'HIGH',
        reason: 'Chargebacks above 1%.',
        tierUpdatedAt: clock.now().toISOString(),
        velocityCaps: [{ scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxCount: 500, maxAmount: null }],
        reservePolicy: { reserveBps: 500, reserveHoldDays: 90, effectiveAt: clock.now().toISOString() },
      };
      expect((await get('profile', bearer(shop.test)).expect(200)).body).toEqual({ ...expected, livemode: false });
      expect((await get('profile', bearer(shop.live)).expect(200)).body).toEqual({ ...expected, livemode: true });
      expect((await get('profile', shop.owner.headers).expect(200)).body).toEqual({ ...expected, livemode: true });
    });

    it('answers the ANALYST, and refuses callers without merchant credentials', async () => {
      const shop = await merchantWithKeys(harness);
      const analyst = await teamMemberOf(harness, shop.owner, 'ANALYST');
      expect((await get('profile', analyst.headers).expect(200)).body).toMatchObject({ merchantId: shop.id });
      expectCataloguedApiError((await get('profile', {}).expect(401)).body, 'UNAUTHENTICATED');
      expectCataloguedApiError((await get('profile', bearer('sk_test_nope')).expect(401)).body, 'UNAUTHENTICATED');
      const customer = await createCustomer(harness);
      expectCataloguedApiError((await get('profile', customer.headers).expect(403)).body, 'MERCHANT_CONTEXT_REQUIRED');
    });
  });

  describe('GET /merchant/risk/limits', () => {
    it('answers each cap with what its trailing window used and has left, per mode', async () => {
      const shop = await merchantWithKeys(harness);
      await setCaps(shop.id, [
        { scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 10, maxAmount: 50_000 },
        { scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxAmount: 100_000 },
        { scope: 'CUSTOMER', window: 'DAY', currency: 'NGN', maxCount: 3 },
        { scope: 'MERCHANT', window: 'HOUR', currency: 'USD', maxCount: 5 },
      ]);
      // Test mode, oldest first: one 2 days ago (outside both windows), one 5 hours ago, two in the last hour.
      await admit(shop.id, 2 * DAY, { amount: 45_000n });
      await admit(shop.id, 5 * HOUR, { amount: 40_000n });
      await admit(shop.id, 50 * MINUTE, { amount: 20_000n, customerKey: 'cust-1' });
      await admit(shop.id, 10 * MINUTE, { amount: 15_000n });
      // Live mode: one payment, counted apart.
      await admit(shop.id, 3 * HOUR, { amount: 45_000n, livemode: true });

      const minuteOf = (ago: number) => Math.floor((clock.now().getTime() - ago) / MINUTE) * MINUTE;
      const releaseAt = (ago: number, window: number) => new Date(minuteOf(ago) + window + MINUTE).toISOString();
      const customerCap = {
        scope: 'CUSTOMER',
        window: 'DAY',
        currency: 'NGN',
        maxCount: 3,
        maxAmount: null,
        usedCount: null,
        usedAmount: null,
        remainingCount: null,
        remainingAmount: null,
        nextReleaseAt: null,
      };
      const usdCap = {
        scope: 'MERCHANT',
        window: 'HOUR',
        currency: 'USD',
        maxCount: 5,
        maxAmount: null,
        usedCount: 0,
        usedAmount: 0,
        remainingCount: 5,
        remainingAmount: null,
        nextReleaseAt: null,
      };
      const test = await get('limits', bearer(shop.test)).expect(200);
      expect(test.body).toEqual({
        asOf: clock.now().toISOString(),
        livemode: false,
        caps: [
          customerCap,
          {
            scope: 'MERCHANT',
            window: 'DAY',
            currency: 'NGN',
            maxCount: null,
            maxAmount: 100_000,
            usedCount: 3,
            usedAmount: 75_000,
            remainingCount: null,
            remainingAmount: 25_000,
            nextReleaseAt: releaseAt(5 * HOUR, DAY),
          },
          {
            scope: 'MERCHANT',
            window: 'HOUR',
            currency: 'NGN',
            maxCount: 10,
            maxAmount: 50_000,
            usedCount: 2,
            usedAmount: 35_000,
            remainingCount: 8,
            remainingAmount: 15_000,
            nextReleaseAt: releaseAt(50 * MINUTE, HOUR),
          },
          usdCap,
        ],
      });

      const live = await get('limits', bearer(shop.live)).expect(200);
      const person = await get('limits', shop.owner.headers).expect(200);
      const liveCaps = [
        customerCap,
        {
          scope: 'MERCHANT',
          window: 'DAY',
          currency: 'NGN',
          maxCount: null,
          maxAmount: 100_000,
          usedCount: 1,
          usedAmount: 45_000,
          remainingCount: null,
          remainingAmount: 55_000,
          nextReleaseAt: releaseAt(3 * HOUR, DAY),
        },
        {
          scope: 'MERCHANT',
          window: 'HOUR',
          currency: 'NGN',
          maxCount: 10,
          maxAmount: 50_000,
          usedCount: 0,
          usedAmount: 0,
          remainingCount: 10,
          remainingAmount: 50_000,
          nextReleaseAt: null,
        },
        usdCap,
      ];
      expect(live.body).toEqual({ asOf: clock.now().toISOString(), livemode: true, caps: liveCaps });
      expect(person.body).toEqual(live.body);

      // Another merchant's key sees nothing of this one's payments.
      const other = await merchantWithKeys(harness);
      await setCaps(other.id, [{ scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 10 }]);
      expect((await get('limits', bearer(other.test)).expect(200)).body).toMatchObject({
        caps: [{ usedCount: 0, usedAmount: 0, remainingCount: 10, nextReleaseAt: null }],
      });
    });

    it('answers no caps for a merchant without any', async () => {
      const shop = await merchantWithKeys(harness);
      await admit(shop.id, MINUTE);
      expect((await get('limits', bearer(shop.test)).expect(200)).body).toEqual({
        asOf: clock.now().toISOString(),
        livemode: false,
        caps: [],
      });
    });
  });

  describe('GET /merchant/risk/kpis', () => {
    /** Midnight UTC of the clock's day, and the date `days` before it. */
    const today = () => Math.floor(clock.now().getTime() / DAY) * DAY;
    const dayOf = (days: number) => new Date(today() - days * DAY).toISOString().slice(0, 10);
    const at = (days: number, offset = 0) => new Date(today() - days * DAY + offset);
    const zero = (date: string, currency = 'NGN') => ({
      date,
      currency,
      paymentCount: 0,
      volume: 0,
      averageTicket: 0,
      refundRateBps: null,
      disputeRateBps: null,
    });

    it('answers one zero-filled row per UTC day, oldest first, in the caller mode and currency', async () => {
      const shop = await merchantWithKeys(harness);
      // Today's first minute (UTC), whatever the time now.
      await admit(shop.id, 0, { at: at(0), amount: 1000n });
      await admit(shop.id, 0, { at: at(0, 30_000), amount: 2001n, customerKey: 'cust-1' });
      await admit(shop.id, 0, { at: at(2, 23 * HOUR + 59 * MINUTE), amount: 5000n });
      await admit(shop.id, 0, { at: at(3, 23 * HOUR), amount: 7000n }); // before a 3-day range
      await admit(shop.id, 0, { at: at(0), amount: 9000n, livemode: true });
      await admit(shop.id, 0, { at: at(0), amount: 4000n, currency: 'USD' });

      const test = await get('kpis?range=3d', bearer(shop.test)).expect(200);
      expect(test.body).toEqual([
        { ...zero(dayOf(2)), paymentCount: 1, volume: 5000, averageTicket: 5000 },
        zero(dayOf(1)),
        // 3001 / 2 = 1500.5, rounded half up.
        { ...zero(dayOf(0)), paymentCount: 2, volume: 3001, averageTicket: 1501 },
      ]);
      const usd = await get('kpis?range=1d&currency=USD', bearer(shop.test)).expect(200);
      expect(usd.body).toEqual([{ ...zero(dayOf(0), 'USD'), paymentCount: 1, volume: 4000, averageTicket: 4000 }]);
      const live = await get('kpis?range=2d', bearer(shop.live)).expect(200);
      expect(live.body).toEqual([
        zero(dayOf(1)),
        { ...zero(dayOf(0)), paymentCount: 1, volume: 9000, averageTicket: 9000 },
      ]);
      expect((await get('kpis?range=2d', shop.owner.headers).expect(200)).body).toEqual(live.body);

      const month = (await get('kpis?range=90d', bearer(shop.test)).expect(200)).body as { date: string }[];
      expect(month).toHaveLength(90);
      expect(month[0].date).toBe(dayOf(89));
      expect(month[89].date).toBe(dayOf(0));
    });

    it('counts the fee currency of the pricing in force when no currency is named', async () => {
      const shop = await merchantWithKeys(harness);
      await setPricing(shop.id, { feeCurrency: 'USD' });
      await admit(shop.id, 0, { at: at(0), amount: 4000n, currency: 'USD' });
      await admit(shop.id, 0, { at: at(0), amount: 1000n });
      expect((await get('kpis?range=1d', bearer(shop.test)).expect(200)).body).toEqual([
        { ...zero(dayOf(0), 'USD'), paymentCount: 1, volume: 4000, averageTicket: 4000 },
      ]);
    });

    it.each([
      ['a range over 90 days', 'range=91d', 'range'],
      ['a zero range', 'range=0d', 'range'],
      ['a range of four digits', 'range=1000d', 'range'],
      ['a range without its unit', 'range=30', 'range'],
      ['a range in hours', 'range=24h', 'range'],
      ['no range', '', 'range'],
      ['an unknown currency', 'range=7d&currency=XYZ', 'currency'],
      ['an unknown parameter', 'range=7d&bucket=hour', 'bucket'],
    ])('refuses %s (400 VALIDATION_FAILED)', async (_label, query, field) => {
      const shop = await merchantWithKeys(harness);
      const response = await get(`kpis?${query}`, bearer(shop.test)).expect(400);
      expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
      expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(
        field,
      );
    });
  });
});
