import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MerchantVelocity } from '../../src/modules/merchants';
import { MerchantApiOutcomes } from '../../src/modules/merchants/health/merchant-api-outcomes';
import { MerchantLedger } from '../../src/modules/merchants/ledger/merchant-ledger';
import {
  approvedMerchant,
  patchKyb,
  setSettlementAccount,
  verifySettlementAccount,
} from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { adminOf } from '../factories/staff-user.factory';
import type { Caller } from '../support/app-target';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Check {
  name: string;
  status: 'OK' | 'WARN' | 'FAIL';
  detail: string;
}

interface HealthBody {
  status: string;
  liveEnabled: boolean;
  payoutsEnabled: boolean;
  livemode: boolean;
  asOf: string;
  checks: Check[];
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * GET /merchant/health: each status from planted states (KYB, settlement account, API outcomes,
 * webhook endpoints, velocity use, refunds in the ledger, origins), in the key's mode.
 */
describe('Merchant health (GET /merchant/health)', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let db: DataSource;
  let admin: Caller;
  let outcomes: MerchantApiOutcomes;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const healthOf = async (secret: string) =>
    (await harness.http.get('/api/v1/merchant/health').set(bearer(secret)).expect(200)).body as HealthBody;
  const check = (body: HealthBody, name: string) => body.checks.find((candidate) => candidate.name === name)!;
  const statusesOf = (body: HealthBody) => Object.fromEntries(body.checks.map((c) => [c.name, c.status]));

  /** A VERIFIED NGN settlement account whose 72-hour hold is over, and a VERIFIED https origin. */
  async function makeHealthy(shop: KeyedMerchant): Promise<void> {
    await setSettlementAccount(harness, shop.id);
    await verifySettlementAccount(harness, shop.id, new Date(clock.now().getTime() - HOUR));
    await db.query(
      `INSERT INTO merchant_origins (id, merchant_id, origin, test_mode_only, status, challenge_token,
                                     verification_method, verified_at, created_at)
       VALUES ($1, $2, $3, false, 'VERIFIED', $4, 'DNS_TXT', $5, $5)`,
      [randomUUID(), shop.id, `https://${shop.id.slice(0, 8)}.shop.example`, 'x'.repeat(43), clock.now()],
    );
  }

  async function plantEndpoint(
    shop: KeyedMerchant,
    livemode: boolean,
    state: Record<string, unknown>,
  ): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO merchant_webhook_endpoints (id, merchant_id, livemode, url, enabled_events, status, disabled_reason,
                                               secret_sealed, failing_since, created_at, updated_at)
       VALUES ($1, $2, $3, 'https://hooks.shop.example/paysvc', '{*}', $4, $5, 'sealed', $6, $7, $7)`,
      [id, shop.id, livemode, state.status, state.disabledReason ?? null, state.failingSince ?? null, clock.now()],
    );
    return id;
  }

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    db = harness.db;
    admin = await adminOf(harness);
    outcomes = harness.app.get(MerchantApiOutcomes);
  });

  afterEach(async () => {
    await expectLedgerBalanced(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('answers HEALTHY with every check OK for an approved live merchant with a verified account and origin', async () => {
    const shop = await merchantWithKeys(harness);
    await makeHealthy(shop);
    const body = await healthOf(shop.live);
    expect(body).toEqual({
      status: 'HEALTHY',
      liveEnabled: true,
      payoutsEnabled: true,
      livemode: true,
      asOf: clock.now().toISOString(),
      checks: [
        { name: 'kyb', status: 'OK', detail: 'KYB APPROVED' },
        { name: 'settlement_account', status: 'OK', detail: 'Settlement account VERIFIED' },
        { name: 'api_error_rate', status: 'OK', detail: expect.stringContaining('too few to judge') },
        { name: 'webhook_delivery', status: 'OK', detail: 'No webhook endpoints in this mode' },
        { name: 'velocity_headroom', status: 'OK', detail: 'No merchant velocity caps' },
        { name: 'refund_rate', status: 'OK', detail: 'No captured volume in 30 days' },
        { name: 'dispute_rate', status: 'OK', detail: '0.00%: checkout payments cannot be disputed yet' },
        { name: 'verified_origins', status: 'OK', detail: '1 VERIFIED origins' },
      ],
    });
  });

  it('answers DEGRADED on a WARN: no settlement account, no verified origin in live mode', async () => {
    const shop = await merchantWithKeys(harness);
    const live = await healthOf(shop.live);
    expect(live).toMatchObject({ status: 'DEGRADED', liveEnabled: true, payoutsEnabled: false, livemode: true });
    expect(statusesOf(live)).toMatchObject({ settlement_account: 'WARN', verified_origins: 'WARN', kyb: 'OK' });
    expect(check(live, 'settlement_account').detail).toBe('No settlement account: payouts cannot be made');
    // Test mode needs no origin; the settlement account still warns.
    const test = await healthOf(shop.test);
    expect(test).toMatchObject({ status: 'DEGRADED', livemode: false });
    expect(statusesOf(test)).toMatchObject({ settlement_account: 'WARN', verified_origins: 'OK' });
  });

  it('warns when a velocity cap is 80 % used, and fails when it is full', async () => {
    const shop = await merchantWithKeys(harness);
    await makeHealthy(shop);
    await harness.http
      .post(`/api/v1/admin/merchants/${shop.id}/velocity-caps`)
      .set(admin.headers)
      .send({ caps: [{ scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxCount: 10 }] })
      .expect(200);
    const velocity = harness.app.get(MerchantVelocity);
    const admit = () =>
      db.transaction((manager) =>
        velocity.admit(manager, {
          merchantId: shop.id,
          livemode: true,
          currency: 'NGN',
          amount: 1000n,
          customerKey: null,
          at: clock.now(),
        }),
      );
    for (let i = 0; i < 7; i += 1) await admit();
    expect(check(await healthOf(shop.live), 'velocity_headroom').status).toBe('OK');
    await admit();
    const warned = await healthOf(shop.live);
    expect(warned.status).toBe('DEGRADED');
    expect(check(warned, 'velocity_headroom')).toEqual({
      name: 'velocity_headroom',
      status: 'WARN',
      detail: 'The most used cap (DAY NGN) is 80.00% used',
    });
    await admit();
    await admit();
    const full = await healthOf(shop.live);
    expect(full.status).toBe('AT_RISK');
    expect(check(full, 'velocity_headroom').status).toBe('FAIL');
    // The test mode's buckets are apart.
    expect(check(await healthOf(shop.test), 'velocity_headroom').status).toBe('OK');
  });

  it("answers AT_RISK on a FAIL: the last 24 h's API error rate of the key's mode, counted per request", async () => {
    const shop = await merchantWithKeys(harness);
    await makeHealthy(shop);
    // 15 answers 404 and 10 answer 200, in live mode; the test key's errors are another mode's.
    for (let i = 0; i < 15; i += 1) {
      await harness.http.get(`/api/v1/merchant/checkout-sessions/${randomUUID()}`).set(bearer(shop.live)).expect(404);
      await harness.http.get(`/api/v1/merchant/checkout-sessions/${randomUUID()}`).set(bearer(shop.test)).expect(404);
    }
    for (let i = 0; i < 10; i += 1)
      await harness.http.get('/api/v1/merchant/ledger').set(bearer(shop.live)).expect(200);
    await outcomes.flush();
    const [row] = await db.query<{ total: number; client_errors: number; server_errors: number }[]>(
      `SELECT sum(total)::int AS total, sum(client_errors)::int AS client_errors, sum(server_errors)::int AS server_errors
         FROM merchant_api_request_counts WHERE merchant_id = $1 AND livemode`,
      [shop.id],
    );
    expect(row).toEqual({ total: 25, client_errors: 15, server_errors: 0 });
    const body = await healthOf(shop.live);
    expect(body.status).toBe('AT_RISK');
    expect(check(body, 'api_error_rate')).toEqual({
      name: 'api_error_rate',
      status: 'FAIL',
      detail: '60.00% of 25 API requests in 24 h answered an error (15 4xx, 0 5xx)',
    });
    // Counts older than 24 hours no longer count.
    clock.advance(25 * HOUR);
    try {
      await outcomes.flush();
      expect(check(await healthOf(shop.live), 'api_error_rate').status).toBe('OK');
    } finally {
      // Back, so the tokens of the people and staff the other tests sign in stay valid.
      clock.advance(-25 * HOUR);
    }
  });

  it('judges webhook delivery by the mode’s endpoints: failing warns, failing a day or disabled by failures fails', async () => {
    const shop = await merchantWithKeys(harness);
    await makeHealthy(shop);
    await plantEndpoint(shop, true, { status: 'ENABLED' });
    expect(check(await healthOf(shop.live), 'webhook_delivery').status).toBe('OK');
    const failing = await plantEndpoint(shop, true, {
      status: 'ENABLED',
      failingSince: new Date(clock.now().getTime() - 2 * HOUR),
    });
    const warned = await healthOf(shop.live);
    expect(warned.status).toBe('DEGRADED');
    expect(check(warned, 'webhook_delivery')).toEqual({
      name: 'webhook_delivery',
      status: 'WARN',
      detail:
        '2 endpoints: 1 failing (0 for 24 h or more), 0 disabled by failures; 0 deliveries ran out of attempts in 24 h',
    });
    await db.query(`UPDATE merchant_webhook_endpoints SET failing_since = $2 WHERE id = $1`, [
      failing,
      new Date(clock.now().getTime() - 2 * DAY),
    ]);
    expect(check(await healthOf(shop.live), 'webhook_delivery').status).toBe('FAIL');
    // The test mode has none of these; an endpoint the merchant disabled is no failure.
    await plantEndpoint(shop, false, { status: 'DISABLED', disabledReason: 'MERCHANT' });
    expect(check(await healthOf(shop.test), 'webhook_delivery').status).toBe('OK');
    await plantEndpoint(shop, false, { status: 'DISABLED', disabledReason: 'GONE' });
    const test = await healthOf(shop.test);
    expect(check(test, 'webhook_delivery').status).toBe('FAIL');
    expect(test.status).toBe('AT_RISK');
  });

  it("fails the refund rate from the ledger's last 30 days: refunds of 10 % or more of the captured volume", async () => {
    const shop = await merchantWithKeys(harness);
    await makeHealthy(shop);
    const ledger = harness.app.get(MerchantLedger);
    const paymentId = randomUUID();
    await db.transaction((manager) =>
      ledger.recordCapture(manager, {
        paymentId,
        merchantId: shop.id,
        livemode: true,
        currency: 'NGN',
        amount: 1_000_000,
        fee: 10_000,
        reserveBps: 0,
        reserveHoldDays: 0,
        payoutDelayDays: 1,
        rail: 'CARD',
        capturedAt: clock.now(),
      }),
    );
    const refund = (amount: number) =>
      db.transaction((manager) =>
        ledger.recordRefund(manager, {
          paymentId,
          merchantId: shop.id,
          livemode: true,
          currency: 'NGN',
          amount,
          rail: 'CARD',
        }),
      );
    await refund(60_000);
    const warned = await healthOf(shop.live);
    expect(check(warned, 'refund_rate')).toEqual({
      name: 'refund_rate',
      status: 'WARN',
      detail: 'Refunds 6.00% of the 30-day NGN volume captured',
    });
    await refund(40_000);
    const failed = await healthOf(shop.live);
    expect(failed.status).toBe('AT_RISK');
    expect(check(failed, 'refund_rate').status).toBe('FAIL');
    // Test mode's ledger is apart.
    expect(check(await healthOf(shop.test), 'refund_rate').status).toBe('OK');
  });

  it('answers RESTRICTED for a SUSPENDED merchant, whatever the other checks say', async () => {
    const shop = await merchantWithKeys(harness);
    await makeHealthy(shop);
    expect((await patchKyb(harness, shop.id, { status: 'SUSPENDED', reasonCode: 'suspended.risk' })).status).toBe(200);
    const body = await healthOf(shop.live);
    expect(body).toMatchObject({ status: 'RESTRICTED', liveEnabled: false, payoutsEnabled: false });
    expect(check(body, 'kyb')).toEqual({
      name: 'kyb',
      status: 'FAIL',
      detail: 'KYB SUSPENDED: live payments are refused',
    });
  });

  it('takes the API key only: 401 without one, 403 for a dashboard token', async () => {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const anonymous = await harness.http.get('/api/v1/merchant/health').expect(401);
    expectCataloguedApiError(anonymous.body as Record<string, unknown>, 'UNAUTHENTICATED');
    const person = await harness.http.get('/api/v1/merchant/health').set(owner.headers).expect(403);
    expectCataloguedApiError(person.body as Record<string, unknown>, 'MERCHANT_API_KEY_REQUIRED');
  });
});
