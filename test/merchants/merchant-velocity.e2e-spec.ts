import type { EntityManager } from 'typeorm';
import { MerchantVelocity, type VelocityAdmission } from '../../src/modules/merchants';
import { VelocityBucketRetention } from '../../src/modules/merchants/risk/velocity-bucket-retention';
import { ApiException } from '../../src/platform/http/api-error';
import { errorCodeEntry } from '../../src/platform/http/error-catalogue';
import { registerMerchant } from '../factories/merchant.factory';
import { adminOf } from '../factories/staff-user.factory';
import type { Caller } from '../support/app-target';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Bucket {
  livemode: boolean;
  currency: string;
  scope: string;
  customer_key: string;
  minute: Date;
  count: number;
  amount: string;
}

/**
 * Velocity caps as the payment core meets them: `MerchantVelocity.admit` inside the payment's own
 * transaction (here, transactions of the app's DataSource doing only that), `release` on a decline.
 * The caps are set through the admin route, as operations set them.
 */
describe('Merchants: velocity caps enforced in the payment transaction (MerchantVelocity)', () => {
  let harness: TestHarness;
  let admin: Caller;
  let velocity: MerchantVelocity;

  beforeAll(async () => {
    harness = await createTestHarness();
    admin = await adminOf(harness);
    velocity = harness.app.get(MerchantVelocity);
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function merchantWithCaps(caps: Record<string, unknown>[]): Promise<string> {
    const { merchant } = await registerMerchant(harness);
    await harness.http
      .post(`/api/v1/admin/merchants/${merchant.id}/velocity-caps`)
      .set(admin.headers)
      .send({ caps })
      .expect(200);
    return merchant.id;
  }

  const payment = (merchantId: string, overrides: Partial<VelocityAdmission> = {}): VelocityAdmission => ({
    merchantId,
    livemode: false,
    customerKey: null,
    amount: 1000n,
    currency: 'NGN',
    at: new Date('2026-11-20T10:30:15.000Z'),
    ...overrides,
  });

  /**
   * One payment transaction: admit, then hold the transaction open a moment (as the core's does
   * while it writes the payment), so concurrent admissions overlap. The outcome, never a throw.
   */
  async function pay(
    admission: VelocityAdmission,
    inside?: (manager: EntityManager) => Promise<unknown>,
  ): Promise<'ADMITTED' | ApiException> {
    try {
      await harness.db.transaction(async (manager) => {
        await velocity.admit(manager, admission);
        await manager.query(`SELECT pg_sleep(0.02)`);
        await inside?.(manager);
      });
      return 'ADMITTED';
    } catch (error) {
      if (error instanceof ApiException) return error;
      throw error;
    }
  }

  const bucketsOf = (merchantId: string) =>
    harness.db.query<Bucket[]>(
      `SELECT livemode, currency, scope, customer_key, minute, count, amount
         FROM merchant_velocity_buckets WHERE merchant_id = $1
        ORDER BY livemode, currency, scope, customer_key, minute`,
      [merchantId],
    );

  const detailsOf = (error: ApiException) =>
    Object.fromEntries((error.details ?? []).map((detail) => [detail.field, detail.message]));

  it('admits exactly 10 of 20 concurrent payments against 10 payments an hour, refusing the rest 422 LIMIT_EXCEEDED', async () => {
    const merchantId = await merchantWithCaps([{ scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 10 }]);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => pay(payment(merchantId))));

    expect(outcomes.filter((outcome) => outcome === 'ADMITTED')).toHaveLength(10);
    const refusals = outcomes.filter((outcome): outcome is ApiException => outcome instanceof ApiException);
    expect(refusals).toHaveLength(10);
    for (const refusal of refusals) {
      expect(refusal.code).toBe('LIMIT_EXCEEDED');
      expect(refusal.status).toBe(422);
      expect(detailsOf(refusal)).toEqual({
        'cap.scope': 'MERCHANT',
        'cap.window': 'HOUR',
        'cap.currency': 'NGN',
        'cap.maxCount': '10',
        remainingCount: '0',
        amount: '1000',
      });
      expect(refusal.message).toBe(
        "The payment would pass the merchant's velocity cap for the trailing hour in NGN: 10 payments",
      );
    }
    // The one catalogue entry of the payments context, not a second definition.
    expect(errorCodeEntry('LIMIT_EXCEEDED').status).toBe(422);
    expect(await bucketsOf(merchantId)).toEqual([
      {
        livemode: false,
        currency: 'NGN',
        scope: 'MERCHANT',
        customer_key: '',
        minute: new Date('2026-11-20T10:30:00.000Z'),
        count: 10,
        amount: '10000',
      },
    ]);
  });

  it('admits exactly one of two concurrent payments at the edge of an amount cap, naming the amount left', async () => {
    const merchantId = await merchantWithCaps([
      { scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxAmount: 10_000 },
    ]);
    expect(await pay(payment(merchantId, { amount: 6000n }))).toBe('ADMITTED');
    const outcomes = await Promise.all([
      pay(payment(merchantId, { amount: 3000n, at: new Date('2026-11-20T10:31:00.000Z') })),
      pay(payment(merchantId, { amount: 3000n, at: new Date('2026-11-20T10:31:00.000Z') })),
    ]);

    expect(outcomes.filter((outcome) => outcome === 'ADMITTED')).toHaveLength(1);
    const [refusal] = outcomes.filter((outcome): outcome is ApiException => outcome instanceof ApiException);
    expect(refusal.code).toBe('LIMIT_EXCEEDED');
    expect(detailsOf(refusal)).toEqual({
      'cap.scope': 'MERCHANT',
      'cap.window': 'DAY',
      'cap.currency': 'NGN',
      'cap.maxAmount': '10000',
      remainingAmount: '1000',
      amount: '3000',
    });
    expect(refusal.message).toBe(
      "The payment would pass the merchant's velocity cap for the trailing 24 hours in NGN: NGN 100.00 (NGN 10.00 left)",
    );
    // What fits exactly still passes.
    expect(await pay(payment(merchantId, { amount: 1000n, at: new Date('2026-11-20T10:32:00.000Z') }))).toBe(
      'ADMITTED',
    );
    const [summed] = await harness.db.query<{ count: number; amount: string }[]>(
      `SELECT sum(count)::int AS count, sum(amount)::text AS amount FROM merchant_velocity_buckets WHERE merchant_id = $1`,
      [merchantId],
    );
    expect(summed).toEqual({ count: 3, amount: '10000' });
  });

  it('counts the trailing window: a bucket stops counting once its minute is a full window past', async () => {
    const merchantId = await merchantWithCaps([{ scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 2 }]);
    const first = new Date('2026-11-20T10:00:30.000Z');
    expect(await pay(payment(merchantId, { at: first }))).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { at: new Date('2026-11-20T10:20:00.000Z') }))).toBe('ADMITTED');
    // 11:00:59: the 10:00 minute is still inside the window (rounded to the stricter side).
    const stillFull = await pay(payment(merchantId, { at: new Date('2026-11-20T11:00:59.000Z') }));
    expect(stillFull).toBeInstanceOf(ApiException);
    // 11:01:00: the 10:00 bucket is a full hour past its minute.
    expect(await pay(payment(merchantId, { at: new Date('2026-11-20T11:01:00.000Z') }))).toBe('ADMITTED');
    expect((await bucketsOf(merchantId)).map((bucket) => [bucket.minute.toISOString(), bucket.count])).toEqual([
      ['2026-11-20T10:00:00.000Z', 1],
      ['2026-11-20T10:20:00.000Z', 1],
      ['2026-11-20T11:01:00.000Z', 1],
    ]);
  });

  it('keeps test and live counts apart: each mode meets the cap with its own payments only', async () => {
    const merchantId = await merchantWithCaps([{ scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 1 }]);
    expect(await pay(payment(merchantId, { livemode: false }))).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { livemode: true }))).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { livemode: false }))).toBeInstanceOf(ApiException);
    expect(await pay(payment(merchantId, { livemode: true }))).toBeInstanceOf(ApiException);
    expect((await bucketsOf(merchantId)).map((bucket) => [bucket.livemode, bucket.count])).toEqual([
      [false, 1],
      [true, 1],
    ]);
  });

  it('holds a CUSTOMER cap per customer, and not for payments that name none', async () => {
    const merchantId = await merchantWithCaps([{ scope: 'CUSTOMER', window: 'DAY', currency: 'NGN', maxCount: 2 }]);
    expect(await pay(payment(merchantId, { customerKey: 'cust-a' }))).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { customerKey: 'cust-a' }))).toBe('ADMITTED');
    const refusal = await pay(payment(merchantId, { customerKey: 'cust-a' }));
    expect(refusal).toBeInstanceOf(ApiException);
    expect(detailsOf(refusal as ApiException)).toMatchObject({ 'cap.scope': 'CUSTOMER', remainingCount: '0' });
    expect((refusal as ApiException).message).toContain("this customer's velocity cap");
    expect(await pay(payment(merchantId, { customerKey: 'cust-b' }))).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { customerKey: null }))).toBe('ADMITTED');
    expect((await bucketsOf(merchantId)).map((bucket) => [bucket.scope, bucket.customer_key, bucket.count])).toEqual([
      ['CUSTOMER', 'cust-a', 2],
      ['CUSTOMER', 'cust-b', 1],
      ['MERCHANT', '', 4],
    ]);
  });

  it('applies only the caps of the payment currency, and locks nothing when there are none', async () => {
    const merchantId = await merchantWithCaps([{ scope: 'MERCHANT', window: 'HOUR', currency: 'USD', maxCount: 1 }]);
    const advisoryLocks = async (manager: EntityManager) =>
      (
        await manager.query<{ locks: number }[]>(
          `SELECT count(*)::int AS locks FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`,
        )
      )[0].locks;
    const held: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      expect(await pay(payment(merchantId), async (manager) => held.push(await advisoryLocks(manager)))).toBe(
        'ADMITTED',
      );
    }
    expect(
      await pay(payment(merchantId, { currency: 'USD' }), async (manager) => held.push(await advisoryLocks(manager))),
    ).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { currency: 'USD' }))).toBeInstanceOf(ApiException);
    expect(held).toEqual([0, 0, 0, 1]);
    // Uncapped payments are counted all the same: the risk routes' figures come from the buckets.
    expect((await bucketsOf(merchantId)).map((bucket) => [bucket.currency, bucket.count])).toEqual([
      ['NGN', 3],
      ['USD', 1],
    ]);
  });

  it('gives the headroom back when a payment is released (declined) or its transaction rolls back', async () => {
    const merchantId = await merchantWithCaps([
      { scope: 'MERCHANT', window: 'HOUR', currency: 'NGN', maxCount: 2, maxAmount: 5000 },
      { scope: 'CUSTOMER', window: 'HOUR', currency: 'NGN', maxCount: 1 },
    ]);
    const admittedAt = new Date('2026-11-20T10:30:15.000Z');
    const declined = payment(merchantId, { customerKey: 'cust-a', amount: 2000n, at: admittedAt });
    expect(await pay(declined)).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { customerKey: 'cust-a' }))).toBeInstanceOf(ApiException);
    // The decline is recorded a minute later, in another transaction; the admission's minute is what counts.
    await harness.db.transaction((manager) => velocity.release(manager, declined));
    expect((await bucketsOf(merchantId)).map((bucket) => [bucket.scope, bucket.count, bucket.amount])).toEqual([
      ['CUSTOMER', 0, '0'],
      ['MERCHANT', 0, '0'],
    ]);
    const later = new Date('2026-11-20T10:31:40.000Z');
    expect(await pay(payment(merchantId, { customerKey: 'cust-a', amount: 2000n, at: later }))).toBe('ADMITTED');

    // A transaction that fails after admitting leaves no count behind.
    const failed = pay(payment(merchantId, { amount: 3000n, at: later }), () =>
      Promise.reject(new Error('the payment insert failed')),
    );
    await expect(failed).rejects.toThrow('the payment insert failed');
    expect(await pay(payment(merchantId, { amount: 3000n, at: later }))).toBe('ADMITTED');
    expect(await pay(payment(merchantId, { amount: 1n, at: later }))).toBeInstanceOf(ApiException);
  });

  it('purges buckets older than 91 days, and only those (the daily figures reach back 90 days)', async () => {
    const merchantId = await merchantWithCaps([]);
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    await harness.db.transaction((manager) => velocity.admit(manager, payment(merchantId, { at: daysAgo(92) })));
    await harness.db.transaction((manager) =>
      velocity.admit(manager, payment(merchantId, { at: daysAgo(90), customerKey: 'cust-a' })),
    );
    const retention = harness.app.get(VelocityBucketRetention);
    expect(await retention.purge()).toBeGreaterThanOrEqual(1);
    const kept = new Date(Math.floor(daysAgo(90).getTime() / 60_000) * 60_000);
    expect((await bucketsOf(merchantId)).map((bucket) => [bucket.scope, bucket.minute])).toEqual([
      ['CUSTOMER', kept],
      ['MERCHANT', kept],
    ]);
    expect(await retention.purge()).toBe(0);
  });

  it('refuses to admit outside a transaction (a programming error, not a client one)', async () => {
    const merchantId = await merchantWithCaps([]);
    await expect(velocity.admit(harness.db.manager, payment(merchantId))).rejects.toThrow(
      'runs inside the payment transaction',
    );
    await expect(
      harness.db.transaction((manager) => velocity.admit(manager, payment(merchantId, { amount: 0n }))),
    ).rejects.toThrow('must be a bigint above zero');
    expect(await bucketsOf(merchantId)).toEqual([]);
  });
});
