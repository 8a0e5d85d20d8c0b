import { randomUUID } from 'node:crypto';
import { nubanFor } from '../../src/modules/merchants/onboarding/nuban';
import { createCustomer } from '../factories/customer.factory';
import { registerMerchant } from '../factories/merchant.factory';
import { adminOf, createStaffUser } from '../factories/staff-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import type { Caller } from '../support/app-target';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface PricingBody {
  feeBps: number;
  feeFixed: number;
  feeCap: number | null;
  feeCurrency: string;
  payoutSchedule: { interval: string; weeklyAnchor: string | null; monthlyAnchor: number | null };
  effectiveAt: string;
}

const pricing = (overrides: Record<string, unknown> = {}) => ({
  feeBps: 150,
  feeFixed: 10000,
  feeCap: 200000,
  feeCurrency: 'NGN',
  reserveBps: 500,
  reserveHoldDays: 90,
  payoutSchedule: { interval: 'WEEKLY', delayDays: 1, weeklyAnchor: 'FRIDAY' },
  minimumPayoutAmount: 100000,
  effectiveAt: new Date(Date.now() + 1000).toISOString(),
  ...overrides,
});

describe('Merchants: pricing, settlement account, risk tier and velocity caps (admin)', () => {
  let harness: TestHarness;
  let admin: Caller;

  beforeAll(async () => {
    harness = await createTestHarness();
    admin = await adminOf(harness);
  });

  afterAll(async () => {
    await harness.close();
  });

  const patch = (merchantId: string, what: string, body: unknown, caller: Caller = admin) =>
    harness.http
      .patch(`/api/v1/admin/merchants/${merchantId}/${what}`)
      .set(caller.headers)
      .send(body as object);
  const post = (merchantId: string, what: string, body: unknown, caller: Caller = admin) =>
    harness.http
      .post(`/api/v1/admin/merchants/${merchantId}/${what}`)
      .set(caller.headers)
      .send(body as object);

  async function auditOf(merchantId: string, action: string) {
    return harness.db.query<{ actor_role: string; details: Record<string, unknown> }[]>(
      `SELECT actor_role, details FROM merchant_audit_log WHERE merchant_id = $1 AND action = $2 ORDER BY id`,
      [merchantId, action],
    );
  }

  it('sets pricing as a new version: in force now, a later one scheduled, both kept; audited', async () => {
    const { merchant } = await registerMerchant(harness);
    const now = await patch(merchant.id, 'pricing', pricing()).expect(200);
    expect((now.body as { pricing: PricingBody | null }).pricing).toBeNull();
    expect((now.body as { scheduledPricing: PricingBody }).scheduledPricing).toMatchObject({
      feeBps: 150,
      feeFixed: 10000,
      feeCap: 200000,
      payoutSchedule: { interval: 'WEEKLY', weeklyAnchor: 'FRIDAY', monthlyAnchor: null },
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const response = await patch(
      merchant.id,
      'pricing',
      pricing({
        feeBps: 100,
        feeCap: undefined,
        payoutSchedule: { interval: 'MONTHLY', delayDays: 2, monthlyAnchor: 31 },
        effectiveAt: later,
      }),
    ).expect(200);
    const body = response.body as { pricing: PricingBody; scheduledPricing: PricingBody };
    expect(body.pricing).toMatchObject({ feeBps: 150 });
    expect(body.scheduledPricing).toMatchObject({
      feeBps: 100,
      feeCap: null,
      effectiveAt: later,
      payoutSchedule: { interval: 'MONTHLY', weeklyAnchor: null, monthlyAnchor: 31 },
    });
    const [{ count }] = await harness.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM merchant_pricing_versions WHERE merchant_id = $1`,
      [merchant.id],
    );
    expect(count).toBe(2);
    const audit = await auditOf(merchant.id, 'PRICING_CHANGED');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_role: 'PLATFORM_STAFF', details: { feeBps: 150, feeCurrency: 'NGN' } });
    await expect(
      harness.db.query(`UPDATE merchant_pricing_versions SET fee_bps = 0 WHERE merchant_id = $1`, [merchant.id]),
    ).rejects.toThrow(/append-only/);
  });

  it.each([
    ['a cap below the fixed fee', { feeCap: 5000 }, 'feeCap'],
    ['a fee over 20%', { feeBps: 2001 }, 'feeBps'],
    ['a negative fixed fee', { feeFixed: -1 }, 'feeFixed'],
    ['a fractional fixed fee', { feeFixed: 10.5 }, 'feeFixed'],
    ['an unknown currency', { feeCurrency: 'XYZ' }, 'feeCurrency'],
    ['a reserve over 50%', { reserveBps: 5001 }, 'reserveBps'],
    ['a hold over 365 days', { reserveHoldDays: 366 }, 'reserveHoldDays'],
    [
      'a weekly schedule without its anchor',
      { payoutSchedule: { interval: 'WEEKLY', delayDays: 1 } },
      'payoutSchedule.weeklyAnchor',
    ],
    [
      'a daily schedule with a weekly anchor',
      { payoutSchedule: { interval: 'DAILY', delayDays: 1, weeklyAnchor: 'MONDAY' } },
      'payoutSchedule.weeklyAnchor',
    ],
    [
      'a monthly anchor of 32',
      { payoutSchedule: { interval: 'MONTHLY', delayDays: 1, monthlyAnchor: 32 } },
      'payoutSchedule.monthlyAnchor',
    ],
    ['a delay of 31 days', { payoutSchedule: { interval: 'DAILY', delayDays: 31 } }, 'payoutSchedule.delayDays'],
    ['a start in the past', { effectiveAt: '2020-01-01T00:00:00.000Z' }, 'effectiveAt'],
    ['a start that is not a date', { effectiveAt: 'tomorrow' }, 'effectiveAt'],
  ])('refuses pricing with %s (400) and keeps no version', async (_label, override, field) => {
    const { merchant } = await registerMerchant(harness);
    const response = await patch(merchant.id, 'pricing', pricing(override)).expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(field);
    expect(
      await harness.db.query(`SELECT 1 FROM merchant_pricing_versions WHERE merchant_id = $1`, [merchant.id]),
    ).toEqual([]);
  });

  it('sets the settlement account masked, pending verification, payouts held 72 hours; a change replaces it', async () => {
    const { merchant } = await registerMerchant(harness);
    const accountNumber = nubanFor('058', '012345678');
    const response = await patch(merchant.id, 'settlement-account', {
      bankCode: '058',
      accountNumber,
      accountName: ' ACME FOODS LTD ',
      currency: 'NGN',
    }).expect(200);
    const account = (response.body as { settlementAccount: Record<string, unknown> }).settlementAccount;
    expect(account).toMatchObject({
      bankCode: '058',
      accountNumberLast4: accountNumber.slice(-4),
      accountName: 'ACME FOODS LTD',
      currency: 'NGN',
      status: 'PENDING_VERIFICATION',
    });
    const held = Date.parse(String(account.payoutsHeldUntil)) - Date.now();
    expect(held).toBeGreaterThan(71.9 * 3600 * 1000);
    expect(held).toBeLessThan(72.1 * 3600 * 1000);
    expect(JSON.stringify(response.body)).not.toContain(accountNumber);
    const [audit] = await auditOf(merchant.id, 'SETTLEMENT_ACCOUNT_CHANGED');
    expect(audit.details).toMatchObject({ accountNumberLast4: accountNumber.slice(-4), bankCode: '058' });
    expect(JSON.stringify(audit.details)).not.toContain(accountNumber);
    // At rest the number is ciphertext; only its last four digits are kept in clear, for display.
    const [stored] = await harness.db.query<Record<string, unknown>[]>(
      `SELECT * FROM merchant_settlement_accounts WHERE merchant_id = $1`,
      [merchant.id],
    );
    expect(stored).not.toHaveProperty('account_number');
    expect(stored).toMatchObject({
      account_number_encrypted: expect.stringMatching(/^v1:/),
      account_number_last4: accountNumber.slice(-4),
    });
    expect(JSON.stringify(stored)).not.toContain(accountNumber);
    const shown = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: merchant.registrationNumber })
      .set(admin.headers)
      .expect(200);
    expect(shown.body).toEqual([
      expect.objectContaining({
        settlementAccount: expect.objectContaining({ accountNumberLast4: accountNumber.slice(-4) }),
      }),
    ]);
    expect(JSON.stringify(shown.body)).not.toContain(accountNumber);

    const second = nubanFor('011', '000001457');
    await patch(merchant.id, 'settlement-account', {
      bankCode: '011',
      accountNumber: second,
      accountName: 'ACME FOODS LTD',
      currency: 'NGN',
    }).expect(200);
    const rows = await harness.db.query<{ bank_code: string; replaced_at: Date | null }[]>(
      `SELECT bank_code, replaced_at FROM merchant_settlement_accounts WHERE merchant_id = $1 ORDER BY created_at`,
      [merchant.id],
    );
    expect(rows.map((row) => [row.bank_code, row.replaced_at === null])).toEqual([
      ['058', false],
      ['011', true],
    ]);
  });

  it.each([
    ['a wrong NUBAN check digit', { accountNumber: 'WRONG' }, 'accountNumber'],
    ['nine digits', { accountNumber: '012345678' }, 'accountNumber'],
    ['a 4-digit bank code', { bankCode: '0581' }, 'bankCode'],
    ['an empty account name', { accountName: ' ' }, 'accountName'],
    ['an unknown currency', { currency: 'NGX' }, 'currency'],
  ])('refuses a settlement account with %s (400)', async (_label, override, field) => {
    const { merchant } = await registerMerchant(harness);
    const good = nubanFor('058', '998877665');
    const wrongDigit = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const body = { bankCode: '058', accountNumber: good, accountName: 'ACME', currency: 'NGN', ...override };
    if (body.accountNumber === 'WRONG') body.accountNumber = wrongDigit;
    const response = await patch(merchant.id, 'settlement-account', body).expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(field);
  });

  it('sets the risk tier and replaces the velocity caps, answering the risk profile; audited', async () => {
    const { merchant } = await registerMerchant(harness);
    const tier = await post(merchant.id, 'risk-tier', { tier: 'HIGH', reason: 'Chargebacks above 1%.' }).expect(200);
    expect(tier.body).toEqual({
      merchantId: merchant.id,
      tier: 'HIGH',
      reason: 'Chargebacks above 1%.',
      tierUpdatedAt: expect.any(String),
      velocityCaps: [],
    });
    const caps = [
      { scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxCount: 500, maxAmount: 500000000 },
      { scope: 'CUSTOMER', window: 'HOUR', currency: 'NGN', maxAmount: 5000000 },
    ];
    const set = await post(merchant.id, 'velocity-caps', { caps }).expect(200);
    expect((set.body as { velocityCaps: unknown[] }).velocityCaps).toEqual([
      { scope: 'CUSTOMER', window: 'HOUR', currency: 'NGN', maxCount: null, maxAmount: 5000000 },
      { scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxCount: 500, maxAmount: 500000000 },
    ]);
    const replaced = await post(merchant.id, 'velocity-caps', { caps: [caps[0]] }).expect(200);
    expect((replaced.body as { velocityCaps: unknown[] }).velocityCaps).toHaveLength(1);
    const cleared = await post(merchant.id, 'velocity-caps', { caps: [] }).expect(200);
    expect(cleared.body as { tier: string; velocityCaps: unknown[] }).toMatchObject({ tier: 'HIGH', velocityCaps: [] });
    expect(await auditOf(merchant.id, 'RISK_TIER_CHANGED')).toEqual([
      { actor_role: 'PLATFORM_STAFF', details: { from: 'STANDARD', to: 'HIGH', reason: 'Chargebacks above 1%.' } },
    ]);
    expect(await auditOf(merchant.id, 'VELOCITY_CAPS_CHANGED')).toHaveLength(3);
    const view = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: merchant.registrationNumber })
      .set(admin.headers);
    expect((view.body as { riskTier: string }[])[0].riskTier).toBe('HIGH');
  });

  it.each([
    ['no limit', { caps: [{ scope: 'MERCHANT', window: 'DAY', currency: 'NGN' }] }, 'caps.0.maxCount'],
    [
      'a repeated scope, window and currency',
      {
        caps: [
          { scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxCount: 1 },
          { scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxAmount: 100 },
        ],
      },
      'caps[1]',
    ],
    [
      'an unknown window',
      { caps: [{ scope: 'MERCHANT', window: 'WEEK', currency: 'NGN', maxCount: 1 }] },
      'caps.0.window',
    ],
    [
      'a zero amount',
      { caps: [{ scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxAmount: 0 }] },
      'caps.0.maxAmount',
    ],
    ['no caps field', {}, 'caps'],
  ])('refuses velocity caps with %s (400)', async (_label, body, field) => {
    const { merchant } = await registerMerchant(harness);
    const response = await post(merchant.id, 'velocity-caps', body).expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(field);
    expect(
      await harness.db.query(`SELECT 1 FROM merchant_velocity_caps WHERE merchant_id = $1`, [merchant.id]),
    ).toEqual([]);
  });

  it('refuses a risk tier that is not one, or without a reason (400)', async () => {
    const { merchant } = await registerMerchant(harness);
    expectCataloguedApiError(
      (await post(merchant.id, 'risk-tier', { tier: 'EXTREME', reason: 'x y z' }).expect(400)).body,
      'VALIDATION_FAILED',
    );
    expectCataloguedApiError(
      (await post(merchant.id, 'risk-tier', { tier: 'LOW' }).expect(400)).body,
      'VALIDATION_FAILED',
    );
  });

  it('answers 404 for an unknown merchant on every route, and 403 to non-admins', async () => {
    const missing = randomUUID();
    const accountNumber = nubanFor('058', '111222333');
    const settlement = { bankCode: '058', accountNumber, accountName: 'ACME', currency: 'NGN' };
    expectCataloguedApiError((await patch(missing, 'pricing', pricing()).expect(404)).body, 'NOT_FOUND');
    expectCataloguedApiError((await patch(missing, 'settlement-account', settlement).expect(404)).body, 'NOT_FOUND');
    expectCataloguedApiError(
      (await post(missing, 'risk-tier', { tier: 'LOW', reason: 'steady' }).expect(404)).body,
      'NOT_FOUND',
    );
    expectCataloguedApiError((await post(missing, 'velocity-caps', { caps: [] }).expect(404)).body, 'NOT_FOUND');
    const { merchant } = await registerMerchant(harness);
    for (const caller of [await createCustomer(harness), await createStaffUser(harness, 'COMPLIANCE')]) {
      await patch(merchant.id, 'pricing', pricing(), caller).expect(403);
      await patch(merchant.id, 'settlement-account', settlement, caller).expect(403);
      await post(merchant.id, 'risk-tier', { tier: 'LOW', reason: 'steady' }, caller).expect(403);
      await post(merchant.id, 'velocity-caps', { caps: [] }, caller).expect(403);
    }
    await harness.http
      .post(`/api/v1/admin/merchants/${merchant.id}/risk-tier`)
      .send({ tier: 'LOW', reason: 'x y' })
      .expect(401);
    expect(await auditOf(merchant.id, 'RISK_TIER_CHANGED')).toEqual([]);
  });
});
