import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  MERCHANT_ANALYTICS_OUTBOX_EVENTS,
  MerchantAnalyticsRollups,
  type AppliedOutcome,
} from '../../src/modules/merchants/analytics/merchant-analytics-rollups';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { RailReversalService } from '../../src/modules/payments';
import { newId } from '../../src/platform/database/new-id';
import { nubanFor } from '../../src/modules/merchants/onboarding/nuban';
import { payOnHostedPage } from '../factories/checkout-session.factory';
import { addVerifiedOrigin, setSettlementAccount, verifySettlementAccount } from '../factories/merchant.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { OUTBOX_EVENT_COLUMNS, outboxEventJob, OutboxEventRow } from '../factories/outbox-event.factory';
import { adminOf } from '../factories/staff-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createIsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';

/** A planted checkout: its session and, unless OPEN, its payment, with the outbox events the producers write. */
interface Planted {
  merchant: KeyedMerchant;
  livemode?: boolean;
  currency?: string;
  source?: 'API' | 'PAYMENT_LINK';
  linkId?: string | null;
  /** Hours before the start of the current hour; the payment is at 10 minutes past that hour, the session opens at 5. */
  hoursAgo: number;
  amount: number;
  fee?: number;
  rail?: string;
  email?: string | null;
  funding?: string;
  outcome: 'SUCCEEDED' | 'FAILED' | 'OPEN';
}

/** A planted succeeded payment, for top customers' expectations. */
interface PlantedPayment {
  email: string;
  amount: number;
  paidAt: Date;
}

const customerKeyOf = (email: string) => createHash('sha256').update(`email:${email}`).digest('hex').slice(0, 32);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const CARD = '4242424242424242';
/** Captures; every refund of the capture is refused for good by the sandbox rail. */
const REFUNDS_REFUSED_CARD = '4000000000005126';

/**
 * KeyedMerchant analytics over HTTP: a planted dataset (sessions, payments and link views as the payment core and
 * the hosted pages write them, with their outbox events) consumed into the rollups as the worker does, then
 * every route's figures exact, scoped to the key's merchant and mode; the rebuild agrees with the live rollups,
 * and a redelivered event counts once.
 */
describe('KeyedMerchant analytics (GET /merchant/analytics/*)', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let db: DataSource;
  let rollups: MerchantAnalyticsRollups;
  let shop: KeyedMerchant;
  let other: KeyedMerchant;
  let link: string;
  /** Start of the current UTC hour. */
  let h0: number;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const at = (hoursAgo: number, minutes: number) => new Date(h0 - hoursAgo * HOUR + minutes * MINUTE);
  const iso = (ms: number) => new Date(ms).toISOString();

  async function outbox(eventType: string, aggregateId: string, payload: object, createdAt: Date): Promise<void> {
    await db.query(
      `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status, created_at, published_at)
       VALUES ($1, $2, 'analytics_test', $3, $4, 'PUBLISHED', $5, $5)`,
      [newId(), eventType, aggregateId, JSON.stringify(payload), createdAt],
    );
  }

  async function insertLink(merchant: KeyedMerchant, livemode: boolean): Promise<string> {
    const id = newId();
    await db.query(
      `INSERT INTO merchant_payment_links (id, merchant_id, livemode, title, amount, currency, slug, created_at)
       VALUES ($1, $2, $3, 'Ticket', 100000, 'NGN', $4, now())`,
      [id, merchant.id, livemode, `analytics-${randomUUID().slice(0, 8)}`],
    );
    return id;
  }

  async function plant(spec: Planted): Promise<{ sessionId: string; paymentId: string | null }> {
    const livemode = spec.livemode ?? true;
    const currency = spec.currency ?? 'NGN';
    const source = spec.source ?? 'API';
    const sessionId = newId();
    const paymentId = spec.outcome === 'OPEN' ? null : newId();
    const openedAt = at(spec.hoursAgo, 5);
    const paidAt = at(spec.hoursAgo, 10);
    const succeeded = spec.outcome === 'SUCCEEDED';
    await db.query(
      `INSERT INTO merchant_checkout_sessions
         (id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference,
          success_url, cancel_url, customer_email, payment_id, expires_at, completed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ORDER-1', 'https://shop.example/ok', 'https://shop.example/no',
               $9, $10, $11, $12, $13)`,
      [
        sessionId,
        spec.merchant.id,
        livemode,
        succeeded ? 'COMPLETE' : 'OPEN',
        source,
        source === 'PAYMENT_LINK' ? (spec.linkId ?? link) : null,
        spec.amount,
        currency,
        spec.email ?? null,
        succeeded ? paymentId : null,
        new Date(openedAt.getTime() + DAY),
        succeeded ? paidAt : null,
        openedAt,
      ],
    );
    const sessionPayload = (status: string) => ({
      merchantId: spec.merchant.id,
      checkoutSessionId: sessionId,
      livemode,
      status,
      amount: spec.amount,
      currency,
      merchantReference: 'ORDER-1',
      expiresAt: new Date(openedAt.getTime() + DAY).toISOString(),
    });
    await outbox('merchant.checkout_session.created', sessionId, sessionPayload('OPEN'), openedAt);
    if (paymentId === null) return { sessionId, paymentId };
    const fee = spec.fee ?? 0;
    await db.query(
      `INSERT INTO payments (id, payer_id, payer_type, channel, idempotency_key, request_hash, amount, fee, currency,
                             rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id,
                             merchant_fee, created_at, updated_at, completed_at)
       VALUES ($1, $2, 'CHECKOUT_PAYER', 'CHECKOUT', $3, $4, $5, 0, $6, $7, $8, $9, $10, $11, $2, $12, $13, $14, $14)`,
      [
        paymentId,
        sessionId,
        `key-${paymentId}`,
        'a'.repeat(64),
        spec.amount,
        currency,
        spec.rail ?? 'CARD',
        spec.funding ?? 'Visa ****4242',
        spec.outcome,
        spec.merchant.id,
        livemode,
        fee,
        new Date(paidAt.getTime() - MINUTE),
        paidAt,
      ],
    );
    const paymentPayload = {
      merchantId: spec.merchant.id,
      livemode,
      paymentId,
      checkoutSessionId: sessionId,
      paymentLinkId: source === 'PAYMENT_LINK' ? (spec.linkId ?? link) : null,
      status: spec.outcome,
      amount: spec.amount,
      fee,
      net: spec.amount - fee,
      currency,
      rail: spec.rail ?? 'CARD',
      merchantReference: 'ORDER-1',
      failureCode: succeeded ? null : 'RAIL_DECLINED',
    };
    if (succeeded) {
      await outbox(
        'merchant.checkout_session.completed',
        sessionId,
        { ...sessionPayload('COMPLETE'), paymentId, completedAt: paidAt.toISOString() },
        paidAt,
      );
      await outbox('merchant.payment.succeeded', paymentId, paymentPayload, paidAt);
    } else {
      await outbox('merchant.payment.failed', paymentId, paymentPayload, paidAt);
    }
    return { sessionId, paymentId };
  }

  async function plantView(merchant: KeyedMerchant, linkId: string, hoursAgo: number, livemode = true): Promise<void> {
    const id = newId();
    const viewedAt = at(hoursAgo, 1);
    await db.query(
      `INSERT INTO merchant_payment_link_views (id, payment_link_id, merchant_id, livemode, visitor_key, viewed_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, linkId, merchant.id, livemode, 'f'.repeat(64), viewedAt],
    );
    await outbox(
      'merchant.payment_link.viewed',
      linkId,
      { merchantId: merchant.id, livemode, paymentLinkId: linkId, viewId: id, viewedAt: viewedAt.toISOString() },
      viewedAt,
    );
  }

  /** The merchants' analytics events in the outbox, as the relay hands them to the worker's consumer. */
  async function eventsOf(merchants: KeyedMerchant[]) {
    const rows = await db.query<OutboxEventRow[]>(
      `SELECT ${OUTBOX_EVENT_COLUMNS} FROM outbox_events
        WHERE event_type = ANY($1) AND payload->>'merchantId' = ANY($2) ORDER BY id`,
      [[...MERCHANT_ANALYTICS_OUTBOX_EVENTS.events], merchants.map((merchant) => merchant.id)],
    );
    return rows.map((row) => {
      const event = MERCHANT_ANALYTICS_OUTBOX_EVENTS.read(outboxEventJob(row));
      if (!event) throw new Error(`unread event ${row.event_type}`);
      return event;
    });
  }

  /** Consumes every analytics event of the merchants (again, for those already counted); the outcomes. */
  async function consume(merchants: KeyedMerchant[]): Promise<AppliedOutcome[]> {
    const outcomes: AppliedOutcome[] = [];
    for (const event of await eventsOf(merchants)) outcomes.push(await rollups.apply(event));
    return outcomes;
  }

  /** Every rollup row of a merchant, in a stable order, for comparing the live rollups with a rebuild's. */
  async function rollupsOf(merchantId: string) {
    const hours = await db.query<Record<string, unknown>[]>(
      `SELECT livemode, hour, currency, rail, payments_succeeded, payments_failed, volume, fees, refunds, link_views,
              link_sessions_opened, link_sessions_completed, api_sessions_opened, api_sessions_completed
         FROM merchant_stats_hourly WHERE merchant_id = $1 ORDER BY livemode, hour, currency, rail`,
      [merchantId],
    );
    const payers = await db.query<Record<string, unknown>[]>(
      `SELECT livemode, currency, day::text, customer_key, display_masked, payment_count, volume, last_paid_at,
              cum_count, cum_volume
         FROM merchant_stats_payers_daily WHERE merchant_id = $1 ORDER BY livemode, currency, day, customer_key`,
      [merchantId],
    );
    const payerTotals = await db.query<Record<string, unknown>[]>(
      `SELECT livemode, currency, customer_key, display_masked, payment_count, volume, first_day::text, last_day::text,
              last_paid_at
         FROM merchant_stats_payers WHERE merchant_id = $1 ORDER BY livemode, currency, customer_key`,
      [merchantId],
    );
    return { hours, payers, payerTotals };
  }

  /**
   * The payers' day rows whose cumulative totals, and the lifetime rows whose totals, differ from a recomputation
   * from the day rows' own counts and volumes (none when the rollups hold together).
   */
  async function cumulativeMismatches(merchantId: string) {
    const days = await db.query<Record<string, unknown>[]>(
      `SELECT * FROM (
         SELECT day::text, customer_key, cum_count, cum_volume,
                sum(payment_count) OVER payer AS expected_count, sum(volume) OVER payer AS expected_volume
           FROM merchant_stats_payers_daily WHERE merchant_id = $1
         WINDOW payer AS (PARTITION BY livemode, currency, customer_key ORDER BY day)) d
        WHERE cum_count <> expected_count OR cum_volume <> expected_volume`,
      [merchantId],
    );
    const payers = await db.query<Record<string, unknown>[]>(
      `SELECT p.customer_key, p.payment_count, p.volume, d.count, d.volume AS day_volume
         FROM (SELECT * FROM merchant_stats_payers WHERE merchant_id = $1) p
         FULL JOIN (SELECT livemode, currency, customer_key, sum(payment_count) AS count, sum(volume) AS volume,
                           min(day) AS first_day, max(day) AS last_day, max(last_paid_at) AS last_paid_at
                      FROM merchant_stats_payers_daily WHERE merchant_id = $1 GROUP BY 1, 2, 3) d
           ON d.livemode = p.livemode AND d.currency = p.currency AND d.customer_key = p.customer_key
        WHERE (p.payment_count, p.volume, p.first_day, p.last_day, p.last_paid_at)
              IS DISTINCT FROM (d.count, d.volume, d.first_day, d.last_day, d.last_paid_at)`,
      [merchantId],
    );
    return { days, payers };
  }

  /** Deletes every rollup row of a merchant, for a rebuild from nothing. */
  async function deleteRollups(merchantId: string): Promise<void> {
    for (const table of ['merchant_stats_hourly', 'merchant_stats_payers_daily', 'merchant_stats_payers']) {
      await db.query(`DELETE FROM ${table} WHERE merchant_id = $1`, [merchantId]);
    }
  }

  /** Top customers straight from planted payments over the last `days` UTC days, today included. */
  function topCustomersOf(planted: PlantedPayment[], days: number) {
    const today = Math.floor(clock.now().getTime() / DAY) * DAY;
    const from = today - (days - 1) * DAY;
    const byPayer = new Map<string, { paymentCount: number; volume: number; lastPaidAt: Date; email: string }>();
    for (const payment of planted) {
      const paid = payment.paidAt.getTime();
      if (paid < from || paid >= today + DAY) continue;
      const payer = byPayer.get(payment.email) ?? { paymentCount: 0, volume: 0, lastPaidAt: new Date(0), email: '' };
      byPayer.set(payment.email, {
        email: payment.email,
        paymentCount: payer.paymentCount + 1,
        volume: payer.volume + payment.amount,
        lastPaidAt: paid > payer.lastPaidAt.getTime() ? payment.paidAt : payer.lastPaidAt,
      });
    }
    return [...byPayer.values()]
      .map((payer) => ({
        customerKey: customerKeyOf(payer.email),
        displayMasked: `${payer.email[0]}***@${payer.email.split('@')[1]}`,
        paymentCount: payer.paymentCount,
        volume: payer.volume,
        lastPaidAt: payer.lastPaidAt.toISOString(),
      }))
      .sort(
        (a, b) => b.volume - a.volume || b.paymentCount - a.paymentCount || (a.customerKey < b.customerKey ? -1 : 1),
      );
  }

  const get = (path: string, secret: string) =>
    harness.http.get(`/api/v1/merchant/analytics/${path}`).set(bearer(secret));
  const body = async <T = Record<string, unknown>>(path: string, secret: string) =>
    (await get(path, secret).expect(200)).body as T;

  /** The shop's planted live payments (NGN unless said), for expectations. */
  const SHOP = {
    p1: { hoursAgo: 1, amount: 100000, fee: 1500 },
    p2: { hoursAgo: 1, amount: 250000, fee: 3750 },
    p3: { hoursAgo: 5, amount: 400000, fee: 6000 },
    p4: { hoursAgo: 30, amount: 50000, fee: 750 },
    p5: { hoursAgo: 240, amount: 300000, fee: 4500 },
    p6: { hoursAgo: 480, amount: 70000, fee: 1000 },
  };

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    db = harness.db;
    rollups = harness.app.get(MerchantAnalyticsRollups);
    h0 = Math.floor(clock.now().getTime() / HOUR) * HOUR;
    shop = await merchantWithKeys(harness);
    other = await merchantWithKeys(harness);
    link = await insertLink(shop, true);

    // The shop, live, NGN: six succeeded payments over 20 days, one failed, two sessions left open.
    await plant({
      merchant: shop,
      ...SHOP.p1,
      source: 'PAYMENT_LINK',
      email: 'Alice@Example.com',
      outcome: 'SUCCEEDED',
    });
    await plant({ merchant: shop, ...SHOP.p2, email: 'alice@example.com', outcome: 'SUCCEEDED' });
    await plant({ merchant: shop, ...SHOP.p3, rail: 'BANK_TRANSFER', funding: 'Bank ****1234', outcome: 'SUCCEEDED' });
    await plant({ merchant: shop, ...SHOP.p4, source: 'PAYMENT_LINK', email: 'bob@shop.test', outcome: 'SUCCEEDED' });
    await plant({ merchant: shop, ...SHOP.p5, email: 'alice@example.com', outcome: 'SUCCEEDED' });
    await plant({ merchant: shop, ...SHOP.p6, rail: 'USSD', email: 'bob@shop.test', outcome: 'SUCCEEDED' });
    await plant({ merchant: shop, hoursAgo: 2, amount: 90000, fee: 1350, outcome: 'FAILED' });
    await plant({ merchant: shop, hoursAgo: 2, amount: 100000, source: 'PAYMENT_LINK', outcome: 'OPEN' });
    await plant({ merchant: shop, hoursAgo: 3, amount: 20000, outcome: 'OPEN' });
    // Another currency, the other mode, another merchant: never in the shop's live NGN figures.
    await plant({
      merchant: shop,
      hoursAgo: 3,
      amount: 10000,
      fee: 150,
      currency: 'USD',
      email: 'alice@example.com',
      outcome: 'SUCCEEDED',
    });
    await plant({ merchant: shop, livemode: false, hoursAgo: 1, amount: 999000, fee: 10, outcome: 'SUCCEEDED' });
    await plant({ merchant: other, hoursAgo: 1, amount: 777000, fee: 11, outcome: 'SUCCEEDED' });
    // The link's views: four within 30 days, one 40 days ago.
    for (const hoursAgo of [1, 2, 2, 30, 960]) await plantView(shop, link, hoursAgo);

    const outcomes = await consume([shop, other]);
    expect(outcomes.filter((outcome) => outcome === 'COUNTED')).toHaveLength(outcomes.length);
  });

  afterAll(async () => {
    await harness?.close();
  });

  /**
   * Runs `work` with the spec's helpers (`harness`, `db`, `rollups`) on an app of its own over a migrated database of
   * its own, with the same clock, for a step that reads every merchant (`createIsolatedDatabase`); then puts them back.
   */
  async function onDatabaseOfItsOwn(work: () => Promise<void>): Promise<void> {
    const database = await createIsolatedDatabase();
    const saved = { harness, db, rollups };
    try {
      harness = await createTestHarness({ clock, config: { DATABASE_URL: database.url } });
      db = harness.db;
      rollups = harness.app.get(MerchantAnalyticsRollups);
      await work();
    } finally {
      const isolated = harness;
      ({ harness, db, rollups } = saved);
      if (isolated !== saved.harness) await isolated.close();
      await database.drop();
    }
  }

  describe('GET /merchant/analytics/overview', () => {
    it('sums the last 7 days (the default) and the 7 before them, in the settlement currency (NGN by default)', async () => {
      const overview = await body('overview', shop.live);
      expect(overview).toEqual({
        currency: 'NGN',
        livemode: true,
        from: iso(h0 + HOUR - 168 * HOUR),
        to: iso(h0 + HOUR),
        gross: 800000,
        fees: 12000,
        net: 788000,
        count: 4,
        refunds: 0,
        averageTicket: 200000,
        successRateBps: 8000,
        previousPeriod: {
          from: iso(h0 + HOUR - 336 * HOUR),
          to: iso(h0 + HOUR - 168 * HOUR),
          gross: 300000,
          fees: 4500,
          net: 295500,
          count: 1,
          refunds: 0,
          averageTicket: 300000,
          successRateBps: 10000,
        },
      });
    });

    it('counts whole hours for a range in hours, and another currency apart', async () => {
      const day = await body('overview?range=24h', shop.live);
      expect(day).toMatchObject({ gross: 750000, fees: 11250, net: 738750, count: 3, successRateBps: 7500 });
      expect(day.averageTicket).toBe(250000);
      expect(day.previousPeriod).toMatchObject({ gross: 50000, count: 1, successRateBps: 10000 });
      expect(await body('overview?currency=USD', shop.live)).toMatchObject({
        currency: 'USD',
        gross: 10000,
        fees: 150,
        count: 1,
        successRateBps: 10000,
      });
    });

    it("scopes every figure to the key's merchant and mode", async () => {
      expect(await body('overview', shop.test)).toMatchObject({ livemode: false, gross: 999000, count: 1 });
      expect(await body('overview', other.live)).toMatchObject({ gross: 777000, count: 1 });
      expect(await body('overview', other.test)).toMatchObject({
        gross: 0,
        count: 0,
        averageTicket: 0,
        successRateBps: 0,
      });
    });
  });

  describe('GET /merchant/analytics/timeseries', () => {
    it('gives every hour of the range, oldest first, zero-filled', async () => {
      const series = await body<{ metric: string; bucket: string; points: { t: string; value: number }[] }>(
        'timeseries?range=24h',
        shop.live,
      );
      expect(series).toMatchObject({ metric: 'volume', bucket: 'hour', currency: 'NGN' });
      expect(series.points).toHaveLength(24);
      expect(series.points[0].t).toBe(iso(h0 - 23 * HOUR));
      expect(series.points[23].t).toBe(iso(h0));
      const nonZero = series.points.filter((point) => point.value !== 0);
      expect(nonZero).toEqual([
        { t: iso(h0 - 5 * HOUR), value: 400000 },
        { t: iso(h0 - HOUR), value: 350000 },
      ]);
      const counts = await body<{ points: { t: string; value: number }[] }>(
        'timeseries?range=24h&metric=count',
        shop.live,
      );
      expect(counts.points.filter((point) => point.value !== 0).map((point) => point.value)).toEqual([1, 2]);
    });

    it('gives UTC days for bucket=day, net of fees, today included', async () => {
      const series = await body<{ points: { t: string; value: number }[] }>(
        'timeseries?range=30d&bucket=day&metric=net',
        shop.live,
      );
      const today = Math.floor(h0 / DAY) * DAY;
      expect(series.points).toHaveLength(30);
      expect(series.points[0].t).toBe(iso(today - 29 * DAY));
      expect(series.points[29].t).toBe(iso(today));
      const expected = new Map<string, number>();
      for (const payment of Object.values(SHOP)) {
        const day = iso(Math.floor(at(payment.hoursAgo, 10).getTime() / DAY) * DAY);
        expected.set(day, (expected.get(day) ?? 0) + payment.amount - payment.fee);
      }
      expect(Object.fromEntries(series.points.filter((point) => point.value !== 0).map((p) => [p.t, p.value]))).toEqual(
        Object.fromEntries(expected),
      );
      expect(series.points.reduce((sum, point) => sum + point.value, 0)).toBe(1170000 - 17500);
    });

    it('takes fees and refunds as metrics (no refund recorded: zeros)', async () => {
      const fees = await body<{ points: { value: number }[] }>('timeseries?range=7d&metric=fees', shop.live);
      expect(fees.points).toHaveLength(168);
      expect(fees.points.reduce((sum, point) => sum + point.value, 0)).toBe(12000);
      const refunds = await body<{ points: { value: number }[] }>(
        'timeseries?range=2d&bucket=day&metric=refunds',
        shop.live,
      );
      expect(refunds.points).toEqual([expect.objectContaining({ value: 0 }), expect.objectContaining({ value: 0 })]);
    });
  });

  describe('GET /merchant/analytics/rails', () => {
    it('gives each rail of the last 30 days with its share of the volume, the largest first', async () => {
      expect(await body('rails', shop.live)).toEqual([
        { rail: 'CARD', count: 4, volume: 700000, shareBps: 5982 },
        { rail: 'BANK_TRANSFER', count: 1, volume: 400000, shareBps: 3418 },
        { rail: 'USSD', count: 1, volume: 70000, shareBps: 598 },
      ]);
      expect(await body('rails?range=24h', shop.live)).toEqual([
        { rail: 'BANK_TRANSFER', count: 1, volume: 400000, shareBps: 5333 },
        { rail: 'CARD', count: 2, volume: 350000, shareBps: 4666 },
      ]);
      expect(await body('rails', other.test)).toEqual([]);
    });
  });

  describe('GET /merchant/analytics/funnel', () => {
    it("counts the links' views, their sessions opened and completed, and the API's sessions apart", async () => {
      expect(await body('funnel', shop.live)).toEqual({
        linkViews: 4,
        sessionsOpened: 3,
        sessionsCompleted: 2,
        viewToOpenBps: 7500,
        openToCompleteBps: 6666,
        api: { opened: 7, completed: 5 },
      });
      expect(await body('funnel?range=24h', shop.live)).toEqual({
        linkViews: 3,
        sessionsOpened: 2,
        sessionsCompleted: 1,
        viewToOpenBps: 6666,
        openToCompleteBps: 5000,
        api: { opened: 5, completed: 3 },
      });
      expect(await body('funnel', shop.test)).toEqual({
        linkViews: 0,
        sessionsOpened: 0,
        sessionsCompleted: 0,
        viewToOpenBps: 0,
        openToCompleteBps: 0,
        api: { opened: 1, completed: 1 },
      });
    });
  });

  describe('GET /merchant/analytics/top-customers', () => {
    it('ranks payers by volume: the e-mail (any case) when given, else the masked funding account', async () => {
      const top = await body<Record<string, unknown>[]>('top-customers', shop.live);
      expect(top).toEqual([
        {
          customerKey: expect.stringMatching(/^[0-9a-f]{32}$/),
          displayMasked: 'a***@example.com',
          paymentCount: 3,
          volume: 650000,
          lastPaidAt: at(1, 10).toISOString(),
        },
        {
          customerKey: expect.stringMatching(/^[0-9a-f]{32}$/),
          displayMasked: 'Bank ****1234',
          paymentCount: 1,
          volume: 400000,
          lastPaidAt: at(5, 10).toISOString(),
        },
        {
          customerKey: expect.stringMatching(/^[0-9a-f]{32}$/),
          displayMasked: 'b***@shop.test',
          paymentCount: 2,
          volume: 120000,
          lastPaidAt: at(30, 10).toISOString(),
        },
      ]);
      const two = await body<{ customerKey: string }[]>('top-customers?limit=2', shop.live);
      expect(two.map((row) => row.customerKey)).toEqual([top[0].customerKey, top[1].customerKey]);
      expect(await body('top-customers', shop.test)).toEqual([
        expect.objectContaining({ displayMasked: 'Visa ****4242', paymentCount: 1, volume: 999000 }),
      ]);
      expect(await body('top-customers?currency=USD', shop.live)).toEqual([
        expect.objectContaining({ displayMasked: 'a***@example.com', customerKey: top[0].customerKey, volume: 10000 }),
      ]);
    });
  });

  describe("GET /merchant/analytics/top-customers over long ranges (payers' lifetime rows and days)", () => {
    /** Five payers' payments over 400 days, and two dated after today, live and consumed as the worker does. */
    const EMAILS = ['ann@long.test', 'ben@long.test', 'cat@long.test', 'dan@long.test', 'eve@long.test'];
    const planted: PlantedPayment[] = [];
    let merchant: KeyedMerchant;

    beforeAll(async () => {
      merchant = await merchantWithKeys(harness);
      const hoursAgo = [
        ...Array.from({ length: 70 }, (_, i) => (i * 137 + 5) % (400 * 24)),
        // Around today's edges and a month back: the edge days of every range below.
        0,
        3,
        23,
        25,
        24 * 14 + 2,
        24 * 15 + 2,
        24 * 29 + 1,
        24 * 30 + 1,
        24 * 31 + 1,
        24 * 45,
        24 * 364 + 1,
        24 * 365 + 1,
        // After today: counted by no range.
        -30,
        -60,
      ];
      for (const [i, ago] of hoursAgo.entries()) {
        const email = EMAILS[i % EMAILS.length];
        const amount = 1000 + ((i * 7919) % 50000);
        await plant({ merchant, hoursAgo: ago, amount, fee: 10, email, outcome: 'SUCCEEDED' });
        planted.push({ email, amount, paidAt: at(ago, 10) });
      }
      expect(new Set(await consume([merchant]))).toEqual(new Set(['COUNTED']));
    });

    const expected = (days: number) => topCustomersOf(planted, days);

    it.each([1, 2, 7, 14, 15, 16, 29, 30, 31, 32, 45, 60, 90, 120, 200, 364, 365])(
      'counts exactly the payments of the last %i days',
      async (days) => {
        const answer = await body<unknown[]>(`top-customers?range=${days}d&limit=50`, merchant.live);
        expect(answer).toEqual(expected(days));
      },
    );

    it('agrees with a rebuild, day for day and payer for payer', async () => {
      const live = await rollupsOf(merchant.id);
      expect(live.payerTotals.length).toBe(EMAILS.length);
      expect(await cumulativeMismatches(merchant.id)).toEqual({ days: [], payers: [] });
      expect((await rollups.rebuild(merchant.id))[0]).toMatchObject({ payerDays: 0, payers: 0 });
      await deleteRollups(merchant.id);
      expect((await rollups.rebuild(merchant.id))[0]).toMatchObject({
        payerDays: live.payers.length,
        payers: live.payerTotals.length,
      });
      expect(await rollupsOf(merchant.id)).toEqual(live);
      expect(await body(`top-customers?range=365d&limit=50`, merchant.live)).toEqual(expected(365));
    });
  });

  describe("top customers' cumulative totals (a payer's total through a day, less its total before the window)", () => {
    /** Plants a payer's succeeded payment (live, NGN) and records it for the expectations. */
    async function pay(
      merchant: KeyedMerchant,
      planted: PlantedPayment[],
      email: string,
      hoursAgo: number,
      amount: number,
    ) {
      await plant({ merchant, hoursAgo, amount, fee: 10, email, outcome: 'SUCCEEDED' });
      planted.push({ email, amount, paidAt: at(hoursAgo, 10) });
    }

    /** A payer's day rows: day, count and volume, and the cumulative count and volume through the day. */
    async function daysOf(merchant: KeyedMerchant, email: string) {
      return db.query<{ day: string; payment_count: number; cum_count: number; cum_volume: string }[]>(
        `SELECT day::text, payment_count, cum_count, cum_volume FROM merchant_stats_payers_daily
          WHERE merchant_id = $1 AND livemode AND currency = 'NGN' AND customer_key = $2 ORDER BY day`,
        [merchant.id, customerKeyOf(email)],
      );
    }

    async function expectRanges(merchant: KeyedMerchant, planted: PlantedPayment[], ranges: number[]) {
      for (const days of ranges) {
        expect([days, await body<unknown[]>(`top-customers?range=${days}d&limit=50`, merchant.live)]).toEqual([
          days,
          topCustomersOf(planted, days),
        ]);
      }
    }

    it("counts a late payment (dated before the payer's last day) in the later days' totals too", async () => {
      const merchant = await merchantWithKeys(harness);
      const planted: PlantedPayment[] = [];
      await pay(merchant, planted, 'lee@late.test', 0, 1000);
      await pay(merchant, planted, 'lee@late.test', 24 * 3, 2000);
      await pay(merchant, planted, 'mo@late.test', 24 * 20, 9000);
      expect(new Set(await consume([merchant]))).toEqual(new Set(['COUNTED']));
      expect((await daysOf(merchant, 'lee@late.test')).map((row) => [row.cum_count, row.cum_volume])).toEqual([
        [1, '2000'],
        [2, '3000'],
      ]);

      // Late: 10 and 5 days ago, before the payer's two days; and one on its day of 3 days ago.
      await pay(merchant, planted, 'lee@late.test', 24 * 10, 400);
      await pay(merchant, planted, 'lee@late.test', 24 * 5, 50);
      await pay(merchant, planted, 'lee@late.test', 24 * 3, 60);
      expect(new Set(await consume([merchant]))).toEqual(new Set(['COUNTED', 'ALREADY_COUNTED']));
      expect(
        (await daysOf(merchant, 'lee@late.test')).map((row) => [row.payment_count, row.cum_count, row.cum_volume]),
      ).toEqual([
        [1, 1, '400'],
        [1, 2, '450'],
        [2, 4, '2510'],
        [1, 5, '3510'],
      ]);
      expect(await cumulativeMismatches(merchant.id)).toEqual({ days: [], payers: [] });
      await expectRanges(merchant, planted, [1, 2, 4, 5, 6, 7, 10, 11, 12, 21, 30]);
      expect((await rollups.rebuild(merchant.id))[0]).toMatchObject({ payerDays: 0, payers: 0 });
    });

    it('counts a payment dated after today in no window, and leaves out a payer with nothing in the window', async () => {
      const merchant = await merchantWithKeys(harness);
      const planted: PlantedPayment[] = [];
      // Fay: 40 days ago and after today; Gus: 40 and 2 days ago, and after today (twice).
      await pay(merchant, planted, 'fay@later.test', 24 * 40, 7000);
      await pay(merchant, planted, 'fay@later.test', -30, 90000);
      await pay(merchant, planted, 'gus@later.test', 24 * 40, 100);
      await pay(merchant, planted, 'gus@later.test', 24 * 2, 200);
      await pay(merchant, planted, 'gus@later.test', -30, 80000);
      await pay(merchant, planted, 'gus@later.test', -60, 300);
      expect(new Set(await consume([merchant]))).toEqual(new Set(['COUNTED']));
      const [gus] = await body<{ displayMasked: string; paymentCount: number; volume: number; lastPaidAt: string }[]>(
        'top-customers?range=30d',
        merchant.live,
      );
      expect(await body('top-customers?range=30d', merchant.live)).toEqual([
        expect.objectContaining({ displayMasked: 'g***@later.test', paymentCount: 1, volume: 200 }),
      ]);
      expect(gus.lastPaidAt).toBe(at(48, 10).toISOString());
      expect(await body('top-customers?range=1d', merchant.live)).toEqual([]);
      await expectRanges(merchant, planted, [1, 2, 3, 30, 40, 41, 365]);
      expect(await cumulativeMismatches(merchant.id)).toEqual({ days: [], payers: [] });
      expect((await rollups.rebuild(merchant.id))[0]).toMatchObject({ payerDays: 0, payers: 0 });
    });

    it("applies many facts of one payer at once, one after the other: the payer's totals hold together", async () => {
      const merchant = await merchantWithKeys(harness);
      const planted: PlantedPayment[] = [];
      // 30 payments of one payer over 12 days, several a day, and a few of another payer.
      for (let i = 0; i < 30; i += 1) {
        await pay(merchant, planted, 'con@once.test', ((i * 7) % 12) * 24 + (i % 3), 100 + i);
      }
      for (let i = 0; i < 4; i += 1) await pay(merchant, planted, 'ola@once.test', i * 30, 1000 + i);
      // Newest first, so most facts are late ones; all at once.
      const events = (await eventsOf([merchant])).reverse();
      const outcomes = await Promise.all(events.map((event) => rollups.apply(event)));
      expect(new Set(outcomes)).toEqual(new Set(['COUNTED']));
      expect(await cumulativeMismatches(merchant.id)).toEqual({ days: [], payers: [] });
      const days = await daysOf(merchant, 'con@once.test');
      expect(days[days.length - 1]).toMatchObject({ cum_count: 30, cum_volume: String(30 * 100 + (29 * 30) / 2) });
      await expectRanges(merchant, planted, [1, 2, 5, 12, 13, 30]);
      expect((await rollups.rebuild(merchant.id))[0]).toMatchObject({ payerDays: 0, payers: 0 });
      const live = await rollupsOf(merchant.id);
      await deleteRollups(merchant.id);
      await rollups.rebuild(merchant.id);
      expect(await rollupsOf(merchant.id)).toEqual(live);
    });
  });

  describe('GET /merchant/analytics/payout-schedule', () => {
    it('gives the schedule in force, the ledger’s next payout and the settlement account, masked', async () => {
      const admin = await adminOf(harness);
      await harness.http
        .patch(`/api/v1/admin/merchants/${shop.id}/pricing`)
        .set(admin.headers)
        .send({
          feeBps: 200,
          feeFixed: 5000,
          feeCap: 150000,
          feeCurrency: 'NGN',
          reserveBps: 0,
          reserveHoldDays: 0,
          payoutSchedule: { interval: 'DAILY', delayDays: 2 },
          minimumPayoutAmount: 100000,
          effectiveAt: clock.now().toISOString(),
        })
        .expect(200);
      await setSettlementAccount(harness, shop.id);
      await verifySettlementAccount(harness, shop.id, clock.now());
      const ledger = (await harness.http.get('/api/v1/merchant/ledger').set(bearer(shop.live)).expect(200)).body as {
        nextPayout: { date: string; estimatedAmount: number };
      };
      expect(await body('payout-schedule', shop.live)).toEqual({
        interval: 'DAILY',
        delayDays: 2,
        anchors: [],
        minimumPayoutAmount: 100000,
        currency: 'NGN',
        nextPayoutDate: ledger.nextPayout.date,
        estimatedAmount: ledger.nextPayout.estimatedAmount,
        settlementAccount: {
          bankName: 'Guaranty Trust Bank',
          last4: nubanFor('058', '012345678').slice(-4),
          status: 'VERIFIED',
        },
        recentPayouts: [],
      });
      expect(ledger.nextPayout.date).toBe(iso(Math.floor(clock.now().getTime() / DAY) * DAY + DAY).slice(0, 10));
      // Test balances are never paid out.
      expect(await body('payout-schedule', shop.test)).toMatchObject({ nextPayoutDate: null, estimatedAmount: null });
      // No pricing version: the platform's default terms; no settlement account.
      expect(await body('payout-schedule', other.live)).toEqual({
        interval: 'DAILY',
        delayDays: 1,
        anchors: [],
        minimumPayoutAmount: 0,
        currency: 'NGN',
        nextPayoutDate: null,
        estimatedAmount: null,
        settlementAccount: null,
        recentPayouts: [],
      });
    });
  });

  describe('bad input', () => {
    it.each([
      ['overview?range=abc', 'INVALID_RANGE'],
      ['overview?range=0h', 'INVALID_RANGE'],
      ['overview?range=366d', 'INVALID_RANGE'],
      ['overview?range=8761h', 'INVALID_RANGE'],
      ['overview?range=1000d', 'INVALID_RANGE'],
      ['overview?range=7w', 'INVALID_RANGE'],
      ['rails?range=-1d', 'INVALID_RANGE'],
      ['funnel?range=1y', 'INVALID_RANGE'],
      ['top-customers?range=400d', 'INVALID_RANGE'],
      ['timeseries?range=8d', 'INVALID_BUCKET'],
      ['timeseries?range=169h&bucket=hour', 'INVALID_BUCKET'],
      ['timeseries?range=366d&bucket=day', 'INVALID_RANGE'],
      ['timeseries?bucket=week', 'VALIDATION_FAILED'],
      ['timeseries?metric=revenue', 'VALIDATION_FAILED'],
      ['top-customers?limit=51', 'VALIDATION_FAILED'],
      ['top-customers?limit=0', 'VALIDATION_FAILED'],
      ['top-customers?limit=ten', 'VALIDATION_FAILED'],
      ['overview?currency=ngn', 'VALIDATION_FAILED'],
      ['overview?since=2026-01-01', 'VALIDATION_FAILED'],
    ])('%s is 400 %s', async (path, code) => {
      const response = await get(path, shop.live).expect(400);
      expectCataloguedApiError(response.body as Record<string, unknown>, code);
    });

    it('accepts the longest ranges: 365 days by day, 7 days by hour, 50 customers', async () => {
      expect((await body<{ points: unknown[] }>('timeseries?range=365d&bucket=day', shop.live)).points).toHaveLength(
        365,
      );
      expect((await body<{ points: unknown[] }>('timeseries?range=168h', shop.live)).points).toHaveLength(168);
      await get('top-customers?limit=50', shop.live).expect(200);
    });

    it('is 401 without a key and 403 MERCHANT_API_KEY_REQUIRED for a person of the team', async () => {
      for (const path of ['overview', 'timeseries', 'rails', 'funnel', 'top-customers', 'payout-schedule']) {
        await harness.http.get(`/api/v1/merchant/analytics/${path}`).expect(401);
        const person = await harness.http.get(`/api/v1/merchant/analytics/${path}`).set(shop.owner.headers).expect(403);
        expectCataloguedApiError(person.body as Record<string, unknown>, 'MERCHANT_API_KEY_REQUIRED');
      }
    });
  });

  describe('the rollups', () => {
    it('count a redelivered event once', async () => {
      const before = await body('overview', shop.live);
      const [event] = (await eventsOf([shop])).filter((e) => e.eventType === 'merchant.payment.succeeded');
      expect(await rollups.apply(event)).toBe('ALREADY_COUNTED');
      const outcomes = await consume([shop]);
      expect(new Set(outcomes)).toEqual(new Set(['ALREADY_COUNTED']));
      expect(await body('overview', shop.live)).toEqual(before);
    });

    it('agree with a rebuild from payments, sessions and link views, which the worker does not then count again', async () => {
      const live = await rollupsOf(shop.id);
      expect(live.hours.length).toBeGreaterThan(10);
      // Agreeing with them, it writes nothing.
      const [result] = await rollups.rebuild(shop.id);
      expect(result).toEqual({
        merchantId: shop.id,
        hours: 0,
        staleHours: 0,
        payerDays: 0,
        stalePayerDays: 0,
        payers: 0,
        stalePayers: 0,
        eventsMarked: 0,
      });
      expect(await rollupsOf(shop.id)).toEqual(live);

      // From nothing: the same rows.
      await deleteRollups(shop.id);
      const [fromNothing] = await rollups.rebuild(shop.id);
      expect(fromNothing).toMatchObject({
        hours: live.hours.length,
        payerDays: live.payers.length,
        payers: live.payerTotals.length,
      });
      expect(await rollupsOf(shop.id)).toEqual(live);
      // A row off by one is put right.
      await db.query(
        `UPDATE merchant_stats_hourly SET volume = volume + 1 WHERE merchant_id = $1 AND livemode AND hour = $2 AND rail = 'CARD'`,
        [shop.id, new Date(h0 - HOUR)],
      );
      expect((await rollups.rebuild(shop.id))[0].hours).toBe(1);
      expect(await rollupsOf(shop.id)).toEqual(live);
      // A stray row is removed.
      await db.query(
        `INSERT INTO merchant_stats_hourly (merchant_id, livemode, hour, currency, rail, volume) VALUES ($1, true, $2, 'NGN', 'CARD', 5)`,
        [shop.id, new Date(h0 - 100 * DAY)],
      );
      expect((await rollups.rebuild(shop.id))[0].staleHours).toBe(1);
      expect(await rollupsOf(shop.id)).toEqual(live);
      // The same for a payer's lifetime row and a day's cumulative totals.
      await db.query(
        `UPDATE merchant_stats_payers SET payment_count = payment_count + 1 WHERE merchant_id = $1 AND livemode
            AND customer_key = (SELECT min(customer_key) FROM merchant_stats_payers WHERE merchant_id = $1)`,
        [shop.id],
      );
      expect((await rollups.rebuild(shop.id))[0].payers).toBe(1);
      await db.query(
        `UPDATE merchant_stats_payers_daily SET cum_volume = cum_volume + 1 WHERE merchant_id = $1 AND livemode
            AND customer_key = (SELECT min(customer_key) FROM merchant_stats_payers WHERE merchant_id = $1)`,
        [shop.id],
      );
      expect((await rollups.rebuild(shop.id))[0].payerDays).toBeGreaterThan(0);
      await db.query(
        `INSERT INTO merchant_stats_payers (merchant_id, livemode, currency, customer_key, display_masked, payment_count,
                                            volume, first_day, last_day, last_paid_at)
         VALUES ($1, true, 'NGN', $2, 'x***@example.com', 1, 5, '2020-01-02', '2020-01-02', '2020-01-02T00:00:00Z')`,
        [shop.id, 'f'.repeat(32)],
      );
      expect((await rollups.rebuild(shop.id))[0].stalePayers).toBe(1);
      expect(await rollupsOf(shop.id)).toEqual(live);
    });

    it('a rebuild counts an event not consumed yet, and the worker then adds nothing for it', async () => {
      const before = await body<{ gross: number; count: number }>('overview', other.live);
      await plant({
        merchant: other,
        hoursAgo: 2,
        amount: 5000,
        fee: 75,
        email: 'carol@example.com',
        outcome: 'SUCCEEDED',
      });
      const [rebuilt] = await rollups.rebuild(other.id);
      expect(rebuilt.eventsMarked).toBeGreaterThanOrEqual(3);
      expect(await body('overview', other.live)).toMatchObject({ gross: before.gross + 5000, count: before.count + 1 });
      const outcomes = await consume([other]);
      expect(new Set(outcomes)).toEqual(new Set(['ALREADY_COUNTED']));
      expect(await body('overview', other.live)).toMatchObject({ gross: before.gross + 5000, count: before.count + 1 });
    });

    it('are rebuilt for every merchant when none is named, each as it stands (on a database of their own)', async () => {
      // A rebuild of all reads and rewrites every merchant's rollups: on the run's database it would rewrite those of
      // the specs running beside this one, whose figures count only what their own steps consumed.
      await onDatabaseOfItsOwn(async () => {
        const first = await merchantWithKeys(harness);
        const second = await merchantWithKeys(harness);
        await plant({
          merchant: first,
          hoursAgo: 3,
          amount: 120000,
          fee: 1800,
          email: 'ann@first.test',
          outcome: 'SUCCEEDED',
        });
        await plant({ merchant: first, hoursAgo: 2, amount: 9000, outcome: 'OPEN', livemode: false });
        await plant({
          merchant: second,
          hoursAgo: 50,
          amount: 64000,
          fee: 960,
          email: 'ben@second.test',
          outcome: 'SUCCEEDED',
        });
        await plant({ merchant: second, hoursAgo: 1, amount: 7000, outcome: 'FAILED' });
        expect(new Set(await consume([first, second]))).toEqual(new Set(['COUNTED']));
        const live = { first: await rollupsOf(first.id), second: await rollupsOf(second.id) };
        expect(live.first.hours.length).toBeGreaterThan(0);
        expect(live.second.payerTotals).toHaveLength(1);
        // Consumed already: the rollups stand as they are.
        const again = await rollups.rebuild(null);
        expect(again.map((merchant) => merchant.merchantId).sort()).toEqual([first.id, second.id].sort());
        expect({ first: await rollupsOf(first.id), second: await rollupsOf(second.id) }).toEqual(live);
        // From nothing: the same rows again.
        await deleteRollups(first.id);
        await deleteRollups(second.id);
        await rollups.rebuild(null);
        expect({ first: await rollupsOf(first.id), second: await rollupsOf(second.id) }).toEqual(live);
      });
    });

    it("follow a link's real visit and hosted payment: the view, the session and the payment from their producers", async () => {
      const merchant = await merchantWithKeys(harness);
      const slug = `an-${randomUUID().slice(0, 8)}`;
      await harness.http
        .post('/api/v1/merchant/payment-links')
        .set(bearer(merchant.test))
        .send({ title: 'Concert ticket', currency: 'NGN', slug, amount: 250000 })
        .expect(201);
      const visit = await harness.http.get(`/l/${slug}`).expect(303);
      const sessionId = /^\/c\/([0-9a-f-]{36})$/.exec(visit.headers.location as string)![1];
      await payOnHostedPage(harness, sessionId);

      const types = (await eventsOf([merchant])).map((event) => event.eventType).sort();
      expect(types).toEqual([
        'merchant.checkout_session.completed',
        'merchant.checkout_session.created',
        'merchant.payment.succeeded',
        'merchant.payment_link.viewed',
      ]);
      expect(new Set(await consume([merchant]))).toEqual(new Set(['COUNTED']));
      expect(await body('funnel?range=1h', merchant.test)).toEqual({
        linkViews: 1,
        sessionsOpened: 1,
        sessionsCompleted: 1,
        viewToOpenBps: 10000,
        openToCompleteBps: 10000,
        api: { opened: 0, completed: 0 },
      });
      const overview = await body<{ gross: number; count: number; fees: number }>('overview?range=1h', merchant.test);
      expect(overview).toMatchObject({ gross: 250000, count: 1, successRateBps: 10000 });
      const fee = await db.query<{ merchant_fee: string }[]>(
        `SELECT merchant_fee FROM payments WHERE checkout_session_id = $1`,
        [sessionId],
      );
      expect(overview.fees).toBe(Number(fee[0].merchant_fee));
      expect(await body('overview?range=1h', merchant.live)).toMatchObject({ gross: 0, count: 0 });
      const live = await rollupsOf(merchant.id);
      await rollups.rebuild(merchant.id);
      expect(await rollupsOf(merchant.id)).toEqual(live);
    });

    // Last: it moves the clock.
    it('count a refund the rail confirmed once, in the hour it was refunded; a pending or refused one not at all', async () => {
      const merchant = await merchantWithKeys(harness);
      const { origin } = await addVerifiedOrigin(harness, merchant.owner);
      const AMOUNT = 250_000;
      const pay = async (card: string): Promise<string> => {
        const session = await harness.http
          .post('/api/v1/merchant/checkout-sessions')
          .set(bearer(merchant.test))
          .set('Idempotency-Key', randomUUID())
          .send({
            amount: AMOUNT,
            currency: 'NGN',
            merchantReference: `order-${randomUUID().slice(0, 8)}`,
            successUrl: `${origin}/paid`,
            cancelUrl: `${origin}/cart`,
          })
          .expect(201);
        const paid = await harness.app.get(CheckoutPayments).pay({
          sessionId: (session.body as { id: string }).id,
          rail: 'CARD',
          fundingAccount: card,
          idempotencyKey: randomUUID(),
        });
        expect(paid.outcome).toBe('PAID');
        return paid.paymentId as string;
      };
      const refund = async (paymentId: string, amount: number): Promise<string> =>
        (
          (
            await harness.http
              .post('/api/v1/merchant/refunds')
              .set(bearer(merchant.test))
              .set('Idempotency-Key', randomUUID())
              .send({ paymentId, amount, reason: 'REQUESTED_BY_CUSTOMER' })
              .expect(201)
          ).body as { id: string }
        ).id;
      /** The rail's answer to the refund's reversal, as the worker's reversal job gets it. */
      const railAnswers = async (refundId: string) => {
        const [reversal] = await db.query<{ id: string }[]>(`SELECT id FROM rail_reversals WHERE refund_id = $1`, [
          refundId,
        ]);
        await harness.app.get(RailReversalService).reverseById(reversal.id);
      };

      const paymentIds = [await pay(CARD), await pay(CARD), await pay(REFUNDS_REFUSED_CARD)];
      const [, paymentId, refusedId] = paymentIds;
      expect(new Set(await consume([merchant]))).toEqual(new Set(['COUNTED']));
      const paidHours = await db.query<{ hour: Date }[]>(
        `SELECT DISTINCT date_bin('1 hour', completed_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour
           FROM payments WHERE id = ANY($1)`,
        [paymentIds],
      );
      const [{ fees }] = await db.query<{ fees: string }[]>(
        `SELECT sum(merchant_fee)::text AS fees FROM payments WHERE id = ANY($1)`,
        [paymentIds],
      );
      const paid = { gross: 3 * AMOUNT, fees: Number(fees), count: 3 };
      expect(await body('overview?range=24h', merchant.test)).toMatchObject({
        ...paid,
        refunds: 0,
        net: paid.gross - paid.fees,
      });

      // Two hours on: one refund the rail confirms, one it has not answered yet, one it refuses for good.
      clock.advance(2 * HOUR);
      const confirmed = await refund(paymentId, 50_000);
      const pending = await refund(paymentId, 20_000);
      const refused = await refund(refusedId, 30_000);
      await railAnswers(confirmed);
      await railAnswers(refused);
      const refunds = await db.query<{ id: string; status: string; refunded_at: Date | null }[]>(
        `SELECT id, status, refunded_at FROM merchant_refunds WHERE merchant_id = $1`,
        [merchant.id],
      );
      expect(Object.fromEntries(refunds.map((row) => [row.id, row.status]))).toEqual({
        [confirmed]: 'SUCCEEDED',
        [pending]: 'PENDING',
        [refused]: 'FAILED',
      });
      const refundedAt = refunds.find((row) => row.id === confirmed)!.refunded_at!;
      const refundHour = Math.floor(refundedAt.getTime() / HOUR) * HOUR;
      expect(paidHours.map((row) => row.hour.getTime())).not.toContain(refundHour);

      // Only the confirmed refund has an analytics event; the worker counts it, once.
      const refundEvents = (await eventsOf([merchant])).filter((e) => e.eventType === 'merchant.payment.refunded');
      expect(refundEvents).toHaveLength(1);
      expect(refundEvents[0].payload).toMatchObject({ refundId: confirmed, refundAmount: 50_000 });
      const outcomes = await consume([merchant]);
      expect(outcomes.filter((outcome) => outcome === 'COUNTED')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'ALREADY_COUNTED')).toHaveLength(outcomes.length - 1);
      expect(await rollups.apply(refundEvents[0])).toBe('ALREADY_COUNTED');
      expect(new Set(await consume([merchant]))).toEqual(new Set(['ALREADY_COUNTED']));

      const overview = await body('overview?range=24h', merchant.test);
      expect(overview).toMatchObject({ ...paid, refunds: 50_000, net: paid.gross - paid.fees - 50_000 });
      // In the refund's hour, on the payment's rail and currency, in the merchant's mode; nothing else there.
      const hours = await db.query<Record<string, unknown>[]>(
        `SELECT livemode, hour, currency, rail, payments_succeeded, volume, fees, refunds FROM merchant_stats_hourly
          WHERE merchant_id = $1 AND refunds <> 0`,
        [merchant.id],
      );
      expect(hours).toEqual([
        {
          livemode: false,
          hour: new Date(refundHour),
          currency: 'NGN',
          rail: 'CARD',
          payments_succeeded: 0,
          volume: '0',
          fees: '0',
          refunds: '50000',
        },
      ]);
      const series = await body<{ points: { t: string; value: number }[] }>(
        'timeseries?range=24h&bucket=hour&metric=refunds',
        merchant.test,
      );
      expect(series.points.filter((point) => point.value !== 0)).toEqual([{ t: iso(refundHour), value: 50_000 }]);
      const net = await body<{ points: { value: number }[] }>('timeseries?range=24h&metric=net', merchant.test);
      expect(net.points.reduce((sum, point) => sum + point.value, 0)).toBe(paid.gross - paid.fees - 50_000);
      // What payers paid is unchanged: rails and top customers count payments, not what went back.
      expect(await body('rails?range=24h', merchant.test)).toEqual([
        { rail: 'CARD', count: 3, volume: 3 * AMOUNT, shareBps: 10000 },
      ]);
      expect(await body('overview?range=24h', merchant.live)).toMatchObject({ refunds: 0, gross: 0 });

      // A rebuild counts the same, and from nothing gives the same rows.
      const live = await rollupsOf(merchant.id);
      expect((await rollups.rebuild(merchant.id))[0]).toMatchObject({ hours: 0, staleHours: 0 });
      await deleteRollups(merchant.id);
      await rollups.rebuild(merchant.id);
      expect(await rollupsOf(merchant.id)).toEqual(live);
      expect(await body('overview?range=24h', merchant.test)).toEqual(overview);
    });
  });
});
