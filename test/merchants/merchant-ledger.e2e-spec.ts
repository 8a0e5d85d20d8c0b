import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MerchantBalanceReleases } from '../../src/modules/merchants/ledger/merchant-balance-releases';
import { MerchantLedger, type MerchantCapture } from '../../src/modules/merchants/ledger/merchant-ledger';
import { merchantFee } from '../../src/modules/merchants/ledger/merchant-fee';
import { MerchantPricing } from '../../src/modules/merchants/ledger/merchant-pricing';
import { nextPayoutDay } from '../../src/modules/merchants/ledger/payout-schedule';
import { setSettlementAccount, verifySettlementAccount } from '../factories/merchant.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { adminOf } from '../factories/staff-user.factory';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface ReleaseRow {
  kind: string;
  amount: string;
  due_at: Date;
  released_at: Date | null;
  livemode: boolean;
  currency: string;
}

const DAY = 24 * 3600 * 1000;

interface LedgerBody {
  currency: string;
  pending: number;
  available: number;
  reserve: number;
  asOf: string;
  livemode: boolean;
  nextPayout: { date: string; estimatedAmount: number } | null;
}

describe('KeyedMerchant ledger: pending, available and reserve balances per merchant, mode and currency', () => {
  const clock = new FakeClock();
  /**
   * A database of the spec's own: the release job it runs after moving the clock days ahead makes
   * every release due by then, whoever's, and other specs' merchants would see their pending
   * become available in the middle of their own tests.
   */
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let db: DataSource;
  let ledger: MerchantLedger;
  let pricing: MerchantPricing;
  let shop: KeyedMerchant;
  /** With pricing (2% + NGN 50, 10% reserve for 30 days, DAILY T+2) and a VERIFIED NGN settlement account. */
  let priced: KeyedMerchant;
  /** With the same pricing and no settlement account. */
  let refunder: KeyedMerchant;
  let other: KeyedMerchant;

  /** PATCH /admin/merchants/{id}/pricing, in force from the fake clock's now. */
  async function setPricing(merchantId: string, overrides: Record<string, unknown> = {}) {
    const admin = await adminOf(harness);
    await harness.http
      .patch(`/api/v1/admin/merchants/${merchantId}/pricing`)
      .set(admin.headers)
      .send({
        feeBps: 200,
        feeFixed: 5000,
        feeCap: 150000,
        feeCurrency: 'NGN',
        reserveBps: 1000,
        reserveHoldDays: 30,
        payoutSchedule: { interval: 'DAILY', delayDays: 2 },
        minimumPayoutAmount: 0,
        effectiveAt: clock.now().toISOString(),
        ...overrides,
      })
      .expect(200);
  }

  /** A capture as the payment core records it: the terms at capture time, the fee from them, one transaction. */
  async function capture(merchant: KeyedMerchant, livemode: boolean, amount: number, currency = 'NGN') {
    const paymentId = randomUUID();
    const entryId = await db.transaction(async (manager) => {
      const terms = await pricing.termsAt(manager, merchant.id, currency, clock.now());
      const record: MerchantCapture = {
        paymentId,
        merchantId: merchant.id,
        livemode,
        currency,
        amount,
        fee: merchantFee(BigInt(amount), terms),
        reserveBps: terms.reserveBps,
        reserveHoldDays: terms.reserveHoldDays,
        payoutDelayDays: terms.payoutDelayDays,
        rail: 'CARD',
        capturedAt: clock.now(),
      };
      return ledger.recordCapture(manager, record);
    });
    return { paymentId, entryId };
  }

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const ledgerOf = async (secret: string, query = '') =>
    (await harness.http.get(`/api/v1/merchant/ledger${query}`).set(bearer(secret)).expect(200)).body as LedgerBody;
  const tomorrow = () =>
    nextPayoutDay(clock.now(), { interval: 'DAILY', weeklyAnchor: null, monthlyAnchor: null })!
      .toISOString()
      .slice(0, 10);
  const balanceEvents = (merchantId: string) =>
    db.query<{ payload: Record<string, unknown> }[]>(
      `SELECT payload FROM outbox_events WHERE event_type = 'merchant.balance_updated' AND aggregate_id = $1
        ORDER BY id`,
      [merchantId],
    );
  const refund = (merchant: KeyedMerchant, livemode: boolean, paymentId: string, amount: number) =>
    db.transaction((manager) =>
      ledger.recordRefund(manager, {
        paymentId,
        merchantId: merchant.id,
        livemode,
        currency: 'NGN',
        amount,
        rail: 'CARD',
      }),
    );

  const linesOf = (entryId: string) =>
    db.query<{ code: string; amount: string }[]>(
      `SELECT a.code, l.amount FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE l.entry_id = $1 ORDER BY a.code`,
      [entryId],
    );
  const releasesOf = (paymentId: string) =>
    db.query<ReleaseRow[]>(
      `SELECT kind, amount, due_at, released_at, livemode, currency FROM merchant_balance_releases
        WHERE payment_id = $1 ORDER BY kind`,
      [paymentId],
    );

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({ clock, config: { DATABASE_URL: database.url } });
    db = harness.db;
    ledger = harness.app.get(MerchantLedger);
    pricing = harness.app.get(MerchantPricing);
    shop = await merchantWithKeys(harness);
    // Everything a person or staff does is set up before any test moves the clock past their tokens.
    priced = await merchantWithKeys(harness);
    await setPricing(priced.id);
    await setSettlementAccount(harness, priced.id);
    // Verification (a name match) comes with payouts; the 72-hour hold of a new account is over.
    await verifySettlementAccount(harness, priced.id, clock.now());
    refunder = await merchantWithKeys(harness);
    await setPricing(refunder.id);
    other = await merchantWithKeys(harness);
  });

  afterEach(async () => {
    await expectLedgerBalanced(harness);
  });

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  describe('terms and fees', () => {
    it('answers the platform default (1.5% + NGN 100, capped at NGN 2,000, T+1, no reserve) for a merchant without pricing', async () => {
      const merchant = await merchantWithKeys(harness);
      const terms = await pricing.termsAt(db.manager, merchant.id, 'NGN', clock.now());
      expect(terms).toEqual({
        pricingVersionId: null,
        currency: 'NGN',
        feeBps: 150,
        feeFixed: 10_000n,
        feeCap: 200_000n,
        reserveBps: 0,
        reserveHoldDays: 0,
        payoutInterval: 'DAILY',
        payoutDelayDays: 1,
        payoutWeeklyAnchor: null,
        payoutMonthlyAnchor: null,
        minimumPayoutAmount: 0n,
      });
      expect(merchantFee(1_000_000n, terms)).toBe(25_000n);
      // Another currency: the percentage alone (the fixed part and cap are naira amounts).
      const usd = await pricing.termsAt(db.manager, merchant.id, 'USD', clock.now());
      expect(usd).toMatchObject({ feeBps: 150, feeFixed: 0n, feeCap: null });
    });

    it('answers the version in force at the time asked, not a later one', async () => {
      const merchant = await merchantWithKeys(harness);
      const before = clock.now();
      clock.advance(1000);
      await setPricing(merchant.id);
      const first = await pricing.termsAt(db.manager, merchant.id, 'NGN', clock.now());
      expect(first).toMatchObject({
        pricingVersionId: expect.any(String),
        feeBps: 200,
        feeFixed: 5000n,
        feeCap: 150_000n,
        reserveBps: 1000,
        reserveHoldDays: 30,
        payoutInterval: 'DAILY',
        payoutDelayDays: 2,
      });
      // Before the version took effect: the default.
      expect((await pricing.termsAt(db.manager, merchant.id, 'NGN', before)).pricingVersionId).toBeNull();
      // A newer version scheduled in an hour does not apply now, and applies after.
      await setPricing(merchant.id, {
        feeBps: 100,
        effectiveAt: new Date(clock.now().getTime() + 3600_000).toISOString(),
      });
      expect((await pricing.termsAt(db.manager, merchant.id, 'NGN', clock.now())).feeBps).toBe(200);
      const later = await pricing.termsAt(db.manager, merchant.id, 'NGN', new Date(clock.now().getTime() + 3600_000));
      expect(later.feeBps).toBe(100);
      expect(later.pricingVersionId).not.toBe(first.pricingVersionId);
    });
  });

  describe('a capture', () => {
    it('debits the rail clearing, credits pending, reserve and fee revenue, and schedules both releases', async () => {
      const merchant = await merchantWithKeys(harness);
      await setPricing(merchant.id);
      const capturedAt = clock.now();
      const { paymentId, entryId } = await capture(merchant, true, 1_000_000);
      // fee = 2% of 1,000,000 + 5,000 = 25,000; net 975,000; reserve 10% = 97,500; pending 877,500.
      const prefix = `merchant:${merchant.id}:live`;
      expect(await linesOf(entryId)).toEqual(
        [
          { code: `${prefix}:pending:NGN`, amount: '-877500' },
          { code: `${prefix}:reserve:NGN`, amount: '-97500' },
          { code: 'rail:CARD:clearing:NGN', amount: '1000000' },
          { code: 'revenue:merchant-fees:NGN', amount: '-25000' },
        ].sort((a, b) => a.code.localeCompare(b.code)),
      );
      const [entry] = await db.query<{ kind: string; reference_type: string; reference_id: string }[]>(
        `SELECT kind, reference_type, reference_id FROM journal_entries WHERE id = $1`,
        [entryId],
      );
      expect(entry).toEqual({ kind: 'MERCHANT_PAYMENT_CAPTURE', reference_type: 'payment', reference_id: paymentId });
      expect(await releasesOf(paymentId)).toEqual([
        {
          kind: 'PENDING_TO_AVAILABLE',
          amount: '877500',
          due_at: new Date(capturedAt.getTime() + 2 * DAY),
          released_at: null,
          livemode: true,
          currency: 'NGN',
        },
        {
          kind: 'RESERVE_RELEASE',
          amount: '97500',
          due_at: new Date(capturedAt.getTime() + 30 * DAY),
          released_at: null,
          livemode: true,
          currency: 'NGN',
        },
      ]);
    });

    it('posts to accounts opened beforehand, outside the transaction, as the payment core does', async () => {
      const merchant = await merchantWithKeys(harness);
      await ledger.openAccounts({ merchantId: merchant.id, livemode: true, currency: 'GHS', rail: 'CARD' });
      const opened = await db.query<{ code: string; type: string }[]>(
        `SELECT code, type FROM ledger_accounts WHERE code LIKE $1 ORDER BY code`,
        [`merchant:${merchant.id}:%`],
      );
      expect(opened).toEqual(
        ['available', 'pending', 'reserve'].map((balance) => ({
          code: `merchant:${merchant.id}:live:${balance}:GHS`,
          type: 'LIABILITY',
        })),
      );
      const { entryId } = await capture(merchant, true, 10_000, 'GHS');
      // Default terms outside NGN: 1.5% alone (150), no fixed part, no cap.
      expect(await linesOf(entryId)).toEqual([
        { code: `merchant:${merchant.id}:live:pending:GHS`, amount: '-9850' },
        { code: 'rail:CARD:clearing:GHS', amount: '10000' },
        { code: 'revenue:merchant-fees:GHS', amount: '-150' },
      ]);
    });

    it('keeps test-mode money on sandbox accounts, never the real rail clearing or fee revenue', async () => {
      const { paymentId, entryId } = await capture(shop, false, 500_000);
      // Default terms: 1.5% of 500,000 + 10,000 = 17,500; no reserve.
      expect(await linesOf(entryId)).toEqual([
        { code: `merchant:${shop.id}:test:pending:NGN`, amount: '-482500' },
        { code: 'sandbox:rail:CARD:clearing:NGN', amount: '500000' },
        { code: 'sandbox:revenue:merchant-fees:NGN', amount: '-17500' },
      ]);
      expect((await releasesOf(paymentId)).map((row) => [row.kind, row.amount, row.livemode])).toEqual([
        ['PENDING_TO_AVAILABLE', '482500', false],
      ]);
    });

    it('refuses a second capture of the same payment, and the transaction leaves nothing behind', async () => {
      const paymentId = randomUUID();
      const record = (): MerchantCapture => ({
        paymentId,
        merchantId: shop.id,
        livemode: true,
        currency: 'NGN',
        amount: 100_000,
        fee: 11_500,
        reserveBps: 0,
        reserveHoldDays: 0,
        payoutDelayDays: 1,
        rail: 'CARD',
        capturedAt: clock.now(),
      });
      await db.transaction((manager) => ledger.recordCapture(manager, record()));
      await expect(db.transaction((manager) => ledger.recordCapture(manager, record()))).rejects.toThrow(
        /merchant_balance_releases_payment_kind_key/,
      );
      const [{ count }] = await db.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM journal_entries WHERE reference_id = $1`,
        [paymentId],
      );
      expect(count).toBe(1);
    });

    it('refuses a fee above the amount before writing anything', async () => {
      const paymentId = randomUUID();
      await expect(
        db.transaction((manager) =>
          ledger.recordCapture(manager, {
            paymentId,
            merchantId: shop.id,
            livemode: true,
            currency: 'NGN',
            amount: 100,
            fee: 101,
            reserveBps: 0,
            reserveHoldDays: 0,
            payoutDelayDays: 1,
            rail: 'CARD',
            capturedAt: clock.now(),
          }),
        ),
      ).rejects.toThrow(RangeError);
      expect(await releasesOf(paymentId)).toEqual([]);
    });
  });

  describe('GET /merchant/ledger', () => {
    // Before any test moves the clock past a person's access token (15 minutes).
    it('answers 401 without a key and 403 MERCHANT_API_KEY_REQUIRED to a person of the team', async () => {
      expectCataloguedApiError((await harness.http.get('/api/v1/merchant/ledger').expect(401)).body, 'UNAUTHENTICATED');
      expectCataloguedApiError(
        (await harness.http.get('/api/v1/merchant/ledger').set(shop.owner.headers).expect(403)).body,
        'MERCHANT_API_KEY_REQUIRED',
      );
    });

    it.each(['XYZ', 'ngn', 'NAIRA', ''])('answers 400 for the currency "%s", not ISO 4217', async (currency) => {
      const response = await harness.http
        .get(`/api/v1/merchant/ledger?currency=${currency}`)
        .set(bearer(shop.test))
        .expect(400);
      expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
      expect((response.body as { details: { field: string }[] }).details).toEqual([
        expect.objectContaining({ field: 'currency' }),
      ]);
    });

    it('answers 400 for a query parameter it does not know', async () => {
      const response = await harness.http.get('/api/v1/merchant/ledger?mode=live').set(bearer(shop.test)).expect(400);
      expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    });

    it('answers zeros for a merchant with no money yet, in NGN without a settlement account, and no payout', async () => {
      const body = await ledgerOf(other.live);
      expect(body).toEqual({
        currency: 'NGN',
        pending: 0,
        available: 0,
        reserve: 0,
        asOf: clock.now().toISOString(),
        livemode: true,
        nextPayout: null,
      });
      expect(await ledgerOf(other.test, '?currency=USD')).toMatchObject({
        currency: 'USD',
        livemode: false,
        pending: 0,
      });
    });
  });

  describe('ledger balances after a moved clock (pending to available, reserve held and released)', () => {
    let livePayment: string;
    let testPayment: string;

    it('shows a capture as pending and reserve, each mode to its own key, another merchant nothing', async () => {
      expect(await ledgerOf(priced.live)).toMatchObject({
        pending: 0,
        available: 0,
        reserve: 0,
        nextPayout: { date: tomorrow(), estimatedAmount: 0 },
      });
      livePayment = (await capture(priced, true, 1_000_000)).paymentId;
      testPayment = (await capture(priced, false, 500_000)).paymentId;
      // Live: fee 2% + 5,000 = 25,000; reserve 10% of 975,000 = 97,500; pending 877,500, available in 2 days.
      expect(await ledgerOf(priced.live)).toEqual({
        currency: 'NGN',
        pending: 877_500,
        available: 0,
        reserve: 97_500,
        asOf: clock.now().toISOString(),
        livemode: true,
        nextPayout: { date: tomorrow(), estimatedAmount: 0 },
      });
      // Test: fee 10,000 + 5,000 = 15,000; reserve 48,500; pending 436,500. Test money is never paid out.
      expect(await ledgerOf(priced.test)).toEqual({
        currency: 'NGN',
        pending: 436_500,
        available: 0,
        reserve: 48_500,
        asOf: clock.now().toISOString(),
        livemode: false,
        nextPayout: null,
      });
      // The settlement account is in NGN: no payout of another currency.
      expect(await ledgerOf(priced.live, '?currency=USD')).toMatchObject({ pending: 0, nextPayout: null });
      expect(await ledgerOf(other.live)).toMatchObject({ pending: 0, available: 0, reserve: 0 });
      expect(await ledgerOf(other.test)).toMatchObject({ pending: 0, available: 0, reserve: 0 });
    });

    it('releases nothing before the payout delay', async () => {
      await harness.app.get(MerchantBalanceReleases).releaseDue();
      clock.advance(DAY);
      await harness.app.get(MerchantBalanceReleases).releaseDue();
      expect(await ledgerOf(priced.live)).toMatchObject({ pending: 877_500, available: 0, reserve: 97_500 });
      expect((await releasesOf(livePayment)).every((row) => row.released_at === null)).toBe(true);
      expect(await balanceEvents(priced.id)).toEqual([]);
    });

    it('moves pending to available once the delay has passed, once however often the job runs', async () => {
      clock.advance(DAY + 1000);
      // Due but the job has not run: the estimate counts it already.
      expect(await ledgerOf(priced.live)).toMatchObject({
        pending: 877_500,
        available: 0,
        nextPayout: { date: tomorrow(), estimatedAmount: 877_500 },
      });
      const releases = harness.app.get(MerchantBalanceReleases);
      expect(await releases.releaseDue()).toBeGreaterThanOrEqual(2);
      await releases.releaseDue();
      expect(await ledgerOf(priced.live)).toEqual({
        currency: 'NGN',
        pending: 0,
        available: 877_500,
        reserve: 97_500,
        asOf: clock.now().toISOString(),
        livemode: true,
        nextPayout: { date: tomorrow(), estimatedAmount: 877_500 },
      });
      expect(await ledgerOf(priced.test)).toMatchObject({ pending: 0, available: 436_500, reserve: 48_500 });
      const [pendingRelease, reserveRelease] = await releasesOf(livePayment);
      expect(pendingRelease).toMatchObject({ kind: 'PENDING_TO_AVAILABLE', released_at: clock.now() });
      expect(reserveRelease).toMatchObject({ kind: 'RESERVE_RELEASE', released_at: null });
      const events = (await balanceEvents(priced.id)).map((row) => row.payload);
      expect(events).toHaveLength(2);
      expect(events).toEqual(
        expect.arrayContaining([
          {
            merchantId: priced.id,
            livemode: true,
            currency: 'NGN',
            reason: 'RELEASE',
            pending: 0,
            available: 877_500,
            reserve: 97_500,
          },
          {
            merchantId: priced.id,
            livemode: false,
            currency: 'NGN',
            reason: 'RELEASE',
            pending: 0,
            available: 436_500,
            reserve: 48_500,
          },
        ]),
      );
    });

    it('holds the reserve for its 30 days, then releases it to available', async () => {
      const releases = harness.app.get(MerchantBalanceReleases);
      clock.advance(27 * DAY);
      await releases.releaseDue();
      expect(await ledgerOf(priced.live)).toMatchObject({ available: 877_500, reserve: 97_500 });
      clock.advance(DAY);
      await releases.releaseDue();
      expect(await ledgerOf(priced.live)).toMatchObject({
        pending: 0,
        available: 975_000,
        reserve: 0,
        nextPayout: { date: tomorrow(), estimatedAmount: 975_000 },
      });
      expect(await ledgerOf(priced.test)).toMatchObject({ pending: 0, available: 485_000, reserve: 0 });
      expect((await releasesOf(testPayment)).every((row) => row.released_at !== null)).toBe(true);
      expect(await balanceEvents(priced.id)).toHaveLength(4);
    });
  });

  describe('the release job', () => {
    it('posts each release once when two runs race (rows claimed FOR UPDATE SKIP LOCKED)', async () => {
      const racer = await capture(other, true, 300_000);
      const racerTest = await capture(other, false, 300_000);
      clock.advance(2 * DAY);
      const releases = harness.app.get(MerchantBalanceReleases);
      await Promise.all([releases.releaseDue(), releases.releaseDue(), releases.releaseDue()]);
      const entries = await db.query<{ reference_id: string; kind: string; count: number }[]>(
        `SELECT reference_id, kind, count(*)::int AS count FROM journal_entries
          WHERE reference_id = ANY($1) GROUP BY reference_id, kind ORDER BY reference_id, kind`,
        [[racer.paymentId, racerTest.paymentId]],
      );
      expect(entries).toEqual(
        [racer.paymentId, racerTest.paymentId].sort().flatMap((id) => [
          { reference_id: id, kind: 'MERCHANT_PAYMENT_CAPTURE', count: 1 },
          { reference_id: id, kind: 'MERCHANT_PENDING_RELEASE', count: 1 },
        ]),
      );
      // Default terms: 1.5% + 10,000 = 14,500 fee; no reserve.
      expect(await ledgerOf(other.live)).toMatchObject({ pending: 0, available: 285_500, reserve: 0 });
      expect(await ledgerOf(other.test)).toMatchObject({ pending: 0, available: 285_500, reserve: 0 });
    });
  });

  describe('refunds', () => {
    let first: string;
    let second: string;

    it("spends available first, then pending, and takes the spent pending off the payment's release", async () => {
      const releases = harness.app.get(MerchantBalanceReleases);
      first = (await capture(refunder, true, 1_000_000)).paymentId;
      clock.advance(2 * DAY + 1000);
      await releases.releaseDue();
      second = (await capture(refunder, true, 200_000)).paymentId;
      // Second: fee 4,000 + 5,000 = 9,000; reserve 19,100; pending 171,900.
      expect(await ledgerOf(refunder.live)).toMatchObject({ pending: 171_900, available: 877_500, reserve: 116_600 });

      const entryId = await refund(refunder, true, second, 1_000_000);
      expect(await linesOf(entryId)).toEqual([
        { code: `merchant:${refunder.id}:live:available:NGN`, amount: '877500' },
        { code: `merchant:${refunder.id}:live:pending:NGN`, amount: '122500' },
        { code: 'rail:CARD:clearing:NGN', amount: '-1000000' },
      ]);
      // The reserve is not spent; the fee is not given back.
      expect(await ledgerOf(refunder.live)).toMatchObject({ pending: 49_400, available: 0, reserve: 116_600 });
      expect((await releasesOf(second)).map((row) => [row.kind, row.amount])).toEqual([
        ['PENDING_TO_AVAILABLE', '49400'],
        ['RESERVE_RELEASE', '19100'],
      ]);
      expect((await balanceEvents(refunder.id)).map((row) => row.payload).at(-1)).toEqual({
        merchantId: refunder.id,
        livemode: true,
        currency: 'NGN',
        reason: 'REFUND',
        pending: 49_400,
        available: 0,
        reserve: 116_600,
      });
    });

    it('refuses 422 INSUFFICIENT_BALANCE when available and pending do not cover it, writing nothing', async () => {
      const entriesBefore = await db.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM journal_entries WHERE reference_id = $1`,
        [first],
      );
      const refused = await refund(refunder, true, first, 100_000).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 422 });
      // The test mode has no money: its own refusal, whatever the live balance.
      await expect(refund(refunder, false, first, 1)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(await ledgerOf(refunder.live)).toMatchObject({ pending: 49_400, available: 0, reserve: 116_600 });
      expect(
        await db.query<{ count: number }[]>(
          `SELECT count(*)::int AS count FROM journal_entries WHERE reference_id = $1`,
          [first],
        ),
      ).toEqual(entriesBefore);
    });

    it('releases only what is left pending after the delay', async () => {
      clock.advance(2 * DAY + 1000);
      await harness.app.get(MerchantBalanceReleases).releaseDue();
      expect(await ledgerOf(refunder.live)).toMatchObject({ pending: 0, available: 49_400, reserve: 116_600 });
      // A refund of what is now available only.
      await refund(refunder, true, first, 49_400);
      expect(await ledgerOf(refunder.live)).toMatchObject({ pending: 0, available: 0, reserve: 116_600 });
    });
  });
});
