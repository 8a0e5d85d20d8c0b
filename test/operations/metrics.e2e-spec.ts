import { startOfDay } from '../../src/platform/clock/calendar-dates';
import * as funnel from '../../src/modules/identity/sql/funnel.queries';
import { PAYMENT_QUEUES } from '../../src/modules/payments/payments.events';
import * as paymentMetrics from '../../src/modules/payments/history/sql/payment-metrics.queries';
import type { Statement } from '../../src/platform/database/prepared-statement';
import { sqlStatements } from '../../src/platform/database/sql-query';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { expectApiError } from '../support/assertions';
import {
  createMetricsKit,
  DAY,
  HOUR,
  insertClosedPostingAttempt,
  insertOtpChallenge,
  insertPaymentAt,
  insertPendingOutboxEvent,
  insertUser,
  MetricsKit,
  MINUTE,
  planNodes,
  seedHistory,
} from './support/metrics-kit';

interface Metric {
  name: string;
  value: number | null;
  unit: string;
  window: string;
  asOf: string;
  currency: string | null;
  queue: string | null;
}

interface FunnelBody {
  from: string;
  to: string;
  asOf: string;
  steps: { step: string; count: number; conversionFromPrevious: number | null; conversionFromFirst: number | null }[];
}

const METRICS = '/api/v1/admin/metrics';
const FUNNEL = '/api/v1/admin/funnel-metrics';

describe('GET /admin/metrics and GET /admin/funnel-metrics', () => {
  let kit: MetricsKit;

  beforeAll(async () => {
    kit = await createMetricsKit();
  });

  afterAll(async () => {
    if (!kit) return;
    await kit.app.get(QueueRegistry).get(PAYMENT_QUEUES.posting).obliterate({ force: true });
    await kit.close();
  });

  describe('access', () => {
    it.each([METRICS, FUNNEL])(
      '%s: 401 without a token, 403 to CUSTOMER, SUPPORT and COMPLIANCE, 200 to ADMIN',
      async (path) => {
        expectApiError((await kit.http.get(path).expect(401)).body, 'UNAUTHENTICATED');
        for (const caller of [kit.customer, kit.support, kit.compliance]) {
          expectApiError((await kit.http.get(path).set(caller.headers).expect(403)).body, 'FORBIDDEN');
        }
        await kit.http.get(path).set(kit.admin.headers).expect(200);
      },
    );
  });

  describe('metrics', () => {
    let body: Metric[];
    const find = (name: string, window: string, labels: { currency?: string; queue?: string } = {}) => {
      const found = body.filter(
        (metric) =>
          metric.name === name &&
          metric.window === window &&
          metric.currency === (labels.currency ?? null) &&
          metric.queue === (labels.queue ?? null),
      );
      expect(found).toHaveLength(1);
      return found[0];
    };

    beforeAll(async () => {
      const db = kit.db;
      const old = kit.ago(60 * DAY);
      const [a, b, c] = [
        await insertUser(db, { createdAt: old }),
        await insertUser(db, { createdAt: old }),
        await insertUser(db, { createdAt: old }),
      ];
      const pay = (
        customerId: string,
        amount: number,
        status: 'SUCCEEDED' | 'FAILED' | 'PROCESSING' | 'REFUNDED',
        ago: number,
        currency = 'NGN',
      ) => insertPaymentAt(db, { customerId, biller: kit.biller, amount, currency, status, createdAt: kit.ago(ago) });
      const p1 = await pay(a.id, 10_000, 'SUCCEEDED', 10 * MINUTE);
      const p2 = await pay(a.id, 5_000, 'FAILED', 20 * MINUTE);
      const p3 = await pay(b.id, 700, 'SUCCEEDED', 3 * HOUR, 'USD');
      await pay(b.id, 2_500, 'PROCESSING', 5 * HOUR);
      const p5 = await pay(c.id, 4_000, 'REFUNDED', 13 * HOUR);
      const p6 = await pay(c.id, 9_999, 'SUCCEEDED', 8 * DAY);
      await insertClosedPostingAttempt(db, p1, 'CONFIRMED', kit.ago(5 * MINUTE)); // 300 s
      await insertClosedPostingAttempt(db, p2, 'FAILED', kit.ago(15 * MINUTE));
      await insertClosedPostingAttempt(db, p3, 'CONFIRMED', kit.ago(2 * HOUR)); // 3600 s
      await insertClosedPostingAttempt(db, p5, 'CONFIRMED', kit.ago(12.5 * HOUR)); // 1800 s
      await insertClosedPostingAttempt(db, p6, 'CONFIRMED', kit.ago(8 * DAY - MINUTE));
      await insertPendingOutboxEvent(db, kit.ago(90_000));
      const posting = kit.app.get(QueueRegistry).get(PAYMENT_QUEUES.posting);
      await posting.add({ probe: 'waiting' });
      await posting.add({ probe: 'delayed' }, { delay: HOUR });

      const response = await kit.http.get(METRICS).set(kit.admin.headers).expect(200);
      body = response.body as Metric[];
    });

    it('answers every metric with its unit, window and the time it was computed', () => {
      expect(Array.isArray(body)).toBe(true);
      for (const metric of body) {
        expect(Object.keys(metric).sort()).toEqual(['asOf', 'currency', 'name', 'queue', 'unit', 'value', 'window']);
        expect(metric.asOf).toBe(kit.now.toISOString());
      }
      expect(new Set(body.map((metric) => metric.window))).toEqual(
        new Set(['LAST_HOUR', 'TODAY', 'LAST_7_DAYS', 'NOW']),
      );
    });

    it('counts payments and sums the volume that succeeded, per currency and window', () => {
      const expected = {
        LAST_HOUR: { NGN: [2, 10_000], USD: [0, 0] },
        TODAY: { NGN: [3, 10_000], USD: [1, 700] },
        LAST_7_DAYS: { NGN: [4, 14_000], USD: [1, 700] },
      };
      for (const [window, currencies] of Object.entries(expected)) {
        for (const [currency, [count, volume]] of Object.entries(currencies)) {
          expect(find('payments.count', window, { currency })).toMatchObject({ value: count, unit: 'count' });
          expect(find('payments.volume', window, { currency })).toMatchObject({ value: volume, unit: 'minor_units' });
        }
      }
    });

    it('computes the success rate over finished payments and the active customers', () => {
      expect(find('payments.success_rate', 'LAST_HOUR')).toMatchObject({ value: 0.5, unit: 'ratio' });
      expect(find('payments.success_rate', 'TODAY').value).toBe(0.6667);
      expect(find('payments.success_rate', 'LAST_7_DAYS').value).toBe(0.75);
      expect(find('customers.active', 'LAST_HOUR')).toMatchObject({ value: 1, unit: 'count' });
      expect(find('customers.active', 'TODAY').value).toBe(2);
      expect(find('customers.active', 'LAST_7_DAYS').value).toBe(3);
    });

    it('computes the posting failure rate and the median and p95 time to biller confirmation', () => {
      expect(find('postings.failure_rate', 'LAST_HOUR')).toMatchObject({ value: 0.5, unit: 'ratio' });
      expect(find('postings.failure_rate', 'TODAY').value).toBe(0.3333);
      expect(find('postings.failure_rate', 'LAST_7_DAYS').value).toBe(0.25);
      expect(find('postings.confirmation_seconds.p50', 'LAST_HOUR')).toMatchObject({ value: 300, unit: 'seconds' });
      expect(find('postings.confirmation_seconds.p95', 'LAST_HOUR').value).toBe(300);
      expect(find('postings.confirmation_seconds.p50', 'TODAY').value).toBe(1950);
      expect(find('postings.confirmation_seconds.p95', 'TODAY').value).toBe(3435);
      expect(find('postings.confirmation_seconds.p50', 'LAST_7_DAYS').value).toBe(1800);
      expect(find('postings.confirmation_seconds.p95', 'LAST_7_DAYS').value).toBe(3420);
    });

    it('reports the outbox lag and each queue depth (waiting plus delayed) now', () => {
      expect(find('outbox.lag_seconds', 'NOW')).toMatchObject({ value: 90, unit: 'seconds' });
      expect(find('queue.depth', 'NOW', { queue: PAYMENT_QUEUES.posting })).toMatchObject({ value: 2, unit: 'jobs' });
      expect(find('queue.depth', 'NOW', { queue: PAYMENT_QUEUES.railReversals }).value).toBe(0);
    });
  });

  describe('funnel', () => {
    let windowFrom: Date;
    let windowTo: Date;

    beforeAll(async () => {
      const db = kit.db;
      windowFrom = kit.ago(20 * DAY);
      windowTo = kit.ago(10 * DAY);
      const at = kit.ago(15 * DAY);
      const pay = (customerId: string, status: 'SUCCEEDED' | 'FAILED' | 'REFUNDED') =>
        insertPaymentAt(db, { customerId, biller: kit.biller, amount: 1_000, status, createdAt: kit.ago(9 * DAY) });
      await insertUser(db, { createdAt: at }); // registered, verified
      const withPin = await insertUser(db, { createdAt: at, pin: true });
      await insertUser(db, { createdAt: at, pin: true, kycTier1: true }); // KYC, never paid
      const paidOnce = await insertUser(db, { createdAt: at, pin: true, kycTier1: true });
      await pay(paidOnce.id, 'SUCCEEDED');
      await pay(paidOnce.id, 'FAILED');
      const paidTwice = await insertUser(db, { createdAt: at, pin: true, kycTier1: true });
      await pay(paidTwice.id, 'SUCCEEDED');
      await pay(paidTwice.id, 'REFUNDED');
      await insertUser(db, { createdAt: at, kycTier1: true }); // KYC without a PIN: stops at VERIFIED
      const paidWithoutKyc = await insertUser(db, { createdAt: at, pin: true });
      await pay(paidWithoutKyc.id, 'SUCCEEDED');
      await pay(paidWithoutKyc.id, 'SUCCEEDED');
      await insertUser(db, { createdAt: at, role: 'ADMIN', pin: true }); // staff are not in the funnel
      await insertUser(db, { createdAt: kit.ago(25 * DAY) }); // before the window
      await insertUser(db, { createdAt: kit.ago(5 * DAY) }); // after it
      await insertOtpChallenge(db, '+15550009001', at); // registered, never verified
      await insertOtpChallenge(db, withPin.phone, at); // a sign-in of an existing account, not a registration
      await insertOtpChallenge(db, '+15550009002', kit.ago(25 * DAY)); // before the window
    });

    it('counts each step of the cohort registered in the window, with its conversions', async () => {
      const response = await kit.http
        .get(FUNNEL)
        .query({ from: windowFrom.toISOString(), to: windowTo.toISOString() })
        .set(kit.admin.headers)
        .expect(200);
      const body = response.body as FunnelBody;
      expect(body.from).toBe(windowFrom.toISOString());
      expect(body.to).toBe(windowTo.toISOString());
      expect(body.asOf).toBe(kit.now.toISOString());
      expect(body.steps).toEqual([
        { step: 'REGISTERED', count: 8, conversionFromPrevious: 1, conversionFromFirst: 1 },
        { step: 'VERIFIED', count: 7, conversionFromPrevious: 0.875, conversionFromFirst: 0.875 },
        { step: 'PIN_SET', count: 5, conversionFromPrevious: 0.7143, conversionFromFirst: 0.625 },
        { step: 'KYC_TIER_1', count: 3, conversionFromPrevious: 0.6, conversionFromFirst: 0.375 },
        { step: 'FIRST_PAYMENT', count: 2, conversionFromPrevious: 0.6667, conversionFromFirst: 0.25 },
        { step: 'SECOND_PAYMENT', count: 1, conversionFromPrevious: 0.5, conversionFromFirst: 0.125 },
      ]);
    });

    it('defaults to the 30 days before now', async () => {
      const body = (await kit.http.get(FUNNEL).set(kit.admin.headers).expect(200)).body as FunnelBody;
      expect(body.from).toBe(kit.ago(30 * DAY).toISOString());
      expect(body.to).toBe(kit.now.toISOString());
      // The window's 7 customers, the two either side of it and the 3 payers of the metrics (60 days
      // ago) left out; 2 pending registrations; the app's own sign-ups happened at `now`, excluded.
      expect(body.steps.map((step) => step.count)).toEqual([11, 9, 5, 3, 2, 1]);
    });

    it('takes calendar dates as whole business days', async () => {
      const body = (
        await kit.http.get(FUNNEL).query({ from: '2026-01-01', to: '2026-01-31' }).set(kit.admin.headers).expect(200)
      ).body as FunnelBody;
      const zone = kit.config.SCHEDULE_TIME_ZONE;
      expect(body.from).toBe(startOfDay('2026-01-01', zone).toISOString());
      expect(body.to).toBe(startOfDay('2026-02-01', zone).toISOString());
      expect(body.steps[0]).toEqual({
        step: 'REGISTERED',
        count: 0,
        conversionFromPrevious: null,
        conversionFromFirst: null,
      });
    });

    it.each([
      [{ from: '2026-02-01', to: '2026-01-01' }, 'to'],
      [{ from: '2026-01-01T10:00:00Z', to: '2026-01-01T10:00:00Z' }, 'to'],
      [{ from: 'yesterday' }, 'from'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: '2026-11-24T25:00:00Z' }, 'to'],
      [{ to: '2026-11-24T10:00:00' }, 'to'],
      [{ from: '2024-01-01', to: '2026-01-01' }, 'from'],
    ])('answers 400 VALIDATION_FAILED to %j', async (query, field) => {
      const response = await kit.http.get(FUNNEL).query(query).set(kit.admin.headers).expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(
        field,
      );
    });

    it('answers 400 to an unknown or repeated query parameter', async () => {
      expectApiError(
        (await kit.http.get(FUNNEL).query({ since: '2026-01-01' }).set(kit.admin.headers).expect(400)).body,
        'VALIDATION_FAILED',
      );
      expectApiError(
        (await kit.http.get(`${FUNNEL}?from=2026-01-01&from=2026-01-02`).set(kit.admin.headers).expect(400)).body,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('bounded queries', () => {
    const tables = ['payments', 'posting_attempts', 'users', 'otp_challenges'];

    beforeAll(async () => {
      // 20,000 of each, older than every window asked about below.
      await seedHistory(kit.db, kit.ago(40 * DAY), 20_000);
    });

    // The statements PaymentMetrics and FunnelReadModel run, with their parameters bound as they bind them.
    const METRICS_SQL = sqlStatements('payments', paymentMetrics);
    const FUNNEL_SQL = sqlStatements('identity', funnel);

    async function expectIndexed<Params>(statement: Statement<object, Params>, params: Params, index: string) {
      const nodes = await planNodes(kit.db, statement.text, [...statement.valuesOf(params)]);
      const seqScans = nodes.filter(
        (node) => node['Node Type'] === 'Seq Scan' && tables.includes(node['Relation Name'] ?? ''),
      );
      expect(seqScans).toEqual([]);
      expect(nodes.map((node) => node['Index Name'])).toContain(index);
    }

    it('reads a metrics window through the time indexes, never scanning payments or posting attempts', async () => {
      for (const from of [kit.ago(HOUR), kit.ago(12 * HOUR), kit.ago(7 * DAY)]) {
        await expectIndexed(METRICS_SQL.currencyActivity, { from, to: kit.now }, 'payments_created_at_idx');
        await expectIndexed(METRICS_SQL.activeCustomers, { from, to: kit.now }, 'payments_created_at_idx');
        await expectIndexed(METRICS_SQL.postingActivity, { from, to: kit.now }, 'posting_attempts_completed_idx');
      }
    });

    it('reads the funnel cohort through the registration indexes and each customer by their payments index', async () => {
      const cohort = { from: kit.ago(20 * DAY), to: kit.ago(10 * DAY) };
      await expectIndexed(FUNNEL_SQL.funnelCohort, cohort, 'users_created_at_idx');
      await expectIndexed(FUNNEL_SQL.funnelCohort, cohort, 'otp_challenges_created_at_idx');
      const ids = (await kit.db.query<{ id: string }[]>(`SELECT id FROM users WHERE kyc_tier = 'TIER_1' LIMIT 10`)).map(
        (row) => row.id,
      );
      await expectIndexed(METRICS_SQL.payingCustomers, { customerIds: ids }, 'payments_customer_created_idx');
    });

    it('still answers the same figures with the history in place', async () => {
      const body = (await kit.http.get(METRICS).set(kit.admin.headers).expect(200)).body as Metric[];
      const count = body.find(
        (metric) => metric.name === 'payments.count' && metric.window === 'LAST_7_DAYS' && metric.currency === 'NGN',
      );
      expect(count?.value).toBe(4);
    });
  });
});
