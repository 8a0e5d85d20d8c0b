import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerCheckService } from '../../src/modules/ledger';
import { MerchantLedger, type MerchantCapture } from '../../src/modules/merchants/ledger/merchant-ledger';
import { merchantFee } from '../../src/modules/merchants/ledger/merchant-fee';
import { MerchantPricing } from '../../src/modules/merchants/ledger/merchant-pricing';
import { approvedMerchant } from '../factories/merchant.factory';
import { MerchantMember, merchantOwnerOf } from '../factories/merchant-user.factory';
import { adminOf } from '../factories/staff-user.factory';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Merchant {
  id: string;
  owner: MerchantMember;
  test: string;
  live: string;
}

interface ReleaseRow {
  kind: string;
  amount: string;
  due_at: Date;
  released_at: Date | null;
  livemode: boolean;
  currency: string;
}

const DAY = 24 * 3600 * 1000;

describe('Merchant ledger: pending, available and reserve balances per merchant, mode and currency', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let db: DataSource;
  let ledger: MerchantLedger;
  let pricing: MerchantPricing;
  let shop: Merchant;

  async function newMerchant(): Promise<Merchant> {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const key = async (livemode: boolean) =>
      (
        (await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({ livemode }).expect(201))
          .body as { secret: string }
      ).secret;
    return { id: merchant.id, owner, test: await key(false), live: await key(true) };
  }

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
  async function capture(merchant: Merchant, livemode: boolean, amount: number, currency = 'NGN') {
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

  async function expectLedgerBalanced() {
    const report = await harness.app.get(LedgerCheckService).check();
    expect(report.unbalancedEntries).toEqual([]);
    expect(report.balanced).toBe(true);
  }

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    db = harness.db;
    ledger = harness.app.get(MerchantLedger);
    pricing = harness.app.get(MerchantPricing);
    shop = await newMerchant();
  });

  afterEach(async () => {
    await expectLedgerBalanced();
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe('terms and fees', () => {
    it('answers the platform default (1.5% + NGN 100, capped at NGN 2,000, T+1, no reserve) for a merchant without pricing', async () => {
      const merchant = await newMerchant();
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
      const merchant = await newMerchant();
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
      const merchant = await newMerchant();
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
});
