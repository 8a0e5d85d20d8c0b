import { parse } from 'csv-parse/sync';
import { ClientRequest, get as httpGet, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { newId } from '../../src/platform/database/new-id';
import { csvBatch, CsvColumn } from '../../src/platform/http/csv-export';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { responseText } from '../support/response-text';

interface PaymentItem {
  id: string;
  checkoutSessionId: string;
  paymentLinkId: string | null;
  merchantReference: string;
  amount: number;
  fee: number;
  net: number;
  refundedAmount: number;
  currency: string;
  status: string;
  rail: string;
  payer: { fundingAccountMasked: string; emailMasked: string | null };
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  livemode: boolean;
}

interface Page {
  items: PaymentItem[];
  nextCursor: string | null;
}

interface Planted {
  amount?: number;
  fee?: number;
  status?: 'SUCCEEDED' | 'FAILED' | 'REFUNDED' | 'PENDING';
  refunded?: number;
  rail?: string;
  reference?: string;
  email?: string | null;
  createdAt: Date;
  fundingAccountMasked?: string;
  paymentLinkId?: string | null;
}

const LIST = '/api/v1/merchant/payments';
const CSV = '/api/v1/merchant/payments.csv';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const HOSTILE_FORMULA = "=cmd|' /C calc'!A0";
const HOSTILE_TEXT = 'say "hi", twice\r\nthen, a new line\nand more';
const CSV_HEADER = [
  'id',
  'createdAt',
  'paidAt',
  'refundedAt',
  'status',
  'amount',
  'fee',
  'net',
  'refundedAmount',
  'currency',
  'rail',
  'merchantReference',
  'checkoutSessionId',
  'paymentLinkId',
  'payerFundingAccountMasked',
  'payerEmailMasked',
  'livemode',
];

describe('Merchant payments list and CSV export (GET /merchant/payments, /merchant/payments.csv)', () => {
  let harness: TestHarness;
  let port: number;
  let shop: KeyedMerchant;
  let other: KeyedMerchant;
  /** The start of the UTC day ten days ago: the planted payments' day 0. */
  let day0: Date;
  /** Shop's test-mode payments, oldest first, as planted (ids). */
  const shopTest: Record<string, string> = {};
  let realPaymentId: string;
  let otherPaymentId: string;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const at = (offset: number) => new Date(day0.getTime() + offset);
  const isoDay = (date: Date) => date.toISOString().slice(0, 10);

  /** A checkout payment and its session, as the payment core and checkout leave them, in SQL. */
  async function plant(merchantId: string, livemode: boolean, fields: Planted): Promise<string> {
    const sessionId = newId();
    const paymentId = newId();
    const status = fields.status ?? 'SUCCEEDED';
    const amount = fields.amount ?? 250_000;
    const paid = status === 'SUCCEEDED' || status === 'REFUNDED';
    const completedAt = paid ? new Date(fields.createdAt.getTime() + 1500) : null;
    await harness.db.query(
      `INSERT INTO merchant_checkout_sessions (id, merchant_id, livemode, status, source, payment_link_id, amount,
          currency, merchant_reference, success_url, cancel_url, customer_email, metadata, payment_id, expires_at,
          completed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'NGN', $8, 'https://shop.example/paid', 'https://shop.example/cart', $9,
          '{}', $10, $11::timestamptz + interval '1 day', $12, $11)`,
      [
        sessionId,
        merchantId,
        livemode,
        paid ? 'COMPLETE' : 'OPEN',
        fields.paymentLinkId ? 'PAYMENT_LINK' : 'API',
        fields.paymentLinkId ?? null,
        amount,
        fields.reference ?? `order-${randomUUID().slice(0, 8)}`,
        fields.email ?? null,
        paid ? paymentId : null,
        fields.createdAt,
        completedAt,
      ],
    );
    await harness.db.query(
      `INSERT INTO payments (id, channel, payer_type, payer_id, idempotency_key, request_hash, amount, fee, currency,
          rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id, merchant_fee,
          refunded_amount, created_at, updated_at, completed_at)
       VALUES ($1, 'CHECKOUT', 'CHECKOUT_PAYER', $2, $3, repeat('0', 64), $4, 0, 'NGN', $5, $6, $7, $8, $9, $2, $10,
          $11, $12, $12, $13)`,
      [
        paymentId,
        sessionId,
        randomUUID(),
        amount,
        fields.rail ?? 'CARD',
        fields.fundingAccountMasked ?? '424242******4242',
        status,
        merchantId,
        livemode,
        fields.fee ?? Math.round(amount * 0.015),
        fields.refunded ?? (status === 'REFUNDED' ? amount : 0),
        fields.createdAt,
        completedAt ?? (status === 'FAILED' ? fields.createdAt : null),
      ],
    );
    return paymentId;
  }

  /** A merchant refund of a planted payment, as the refunds path and its rail settlement leave it, in SQL. */
  async function plantRefund(
    merchantId: string,
    paymentId: string,
    refund: { amount: number; status: 'PENDING' | 'SUCCEEDED' | 'FAILED'; createdAt: Date; settledAt?: Date },
  ): Promise<void> {
    const settledAt = refund.settledAt ?? null;
    await harness.db.query(
      `INSERT INTO merchant_refunds (id, merchant_id, livemode, payment_id, amount, currency, reason, status,
          idempotency_key, request_fingerprint, ledger_entry_id, from_available, from_pending, reversal_entry_id,
          created_at, updated_at, refunded_at, failed_at)
       VALUES ($1, $2, false, $3, $4, 'NGN', 'REQUESTED_BY_CUSTOMER', $5, $6, repeat('0', 64), $7, $4, 0, $8, $9::timestamptz,
          coalesce($10::timestamptz, $9::timestamptz), $11::timestamptz, $12::timestamptz)`,
      [
        newId(),
        merchantId,
        paymentId,
        refund.amount,
        refund.status,
        randomUUID(),
        newId(),
        refund.status === 'FAILED' ? newId() : null,
        refund.createdAt,
        settledAt,
        refund.status === 'SUCCEEDED' ? settledAt : null,
        refund.status === 'FAILED' ? settledAt : null,
      ],
    );
  }

  const list = (secret: string, query: Record<string, string | number> = {}) =>
    harness.http.get(LIST).query(query).set(bearer(secret));

  const idsOf = async (secret: string, query: Record<string, string | number> = {}) => {
    const response = await list(secret, query).expect(200);
    return (response.body as Page).items.map((item) => item.id);
  };

  /** Every page of the list, following nextCursor. */
  async function everyPage(secret: string, query: Record<string, string | number>): Promise<PaymentItem[]> {
    const items: PaymentItem[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = (await list(secret, { ...query, ...(cursor ? { cursor } : {}) }).expect(200)).body as Page;
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return items;
  }

  const csvText = (secret: string, query: Record<string, string | number> = {}) =>
    harness.http.get(CSV).query(query).set(bearer(secret)).buffer(true).parse(responseText);

  const records = (text: string) => parse(text, { record_delimiter: '\r\n', relax_quotes: false }) as string[][];

  beforeAll(async () => {
    harness = await createTestHarness({ redisNamespace: 'm-payments' });
    port = (harness.app.getHttpServer().address() as AddressInfo).port;
    shop = await merchantWithKeys(harness);
    other = await merchantWithKeys(harness);
    const today = new Date();
    day0 = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 10 * DAY);

    // Oldest first, so id order is created_at order (ids are UUIDv7 of the insert).
    shopTest.a = await plant(shop.id, false, {
      createdAt: at(HOUR),
      amount: 100_000,
      fee: 1_500,
      reference: 'order-A',
      email: 'Ada.Payer@Example.com',
      fundingAccountMasked: '400000******0002',
    });
    shopTest.b = await plant(shop.id, false, {
      createdAt: at(DAY + HOUR),
      amount: 200_000,
      refunded: 50_000,
      rail: 'BANK_TRANSFER',
      reference: 'order-B',
    });
    shopTest.c = await plant(shop.id, false, {
      createdAt: at(2 * DAY + HOUR),
      amount: 300_000,
      status: 'REFUNDED',
      reference: 'order-C',
    });
    shopTest.d = await plant(shop.id, false, {
      createdAt: at(3 * DAY + HOUR),
      amount: 400_000,
      status: 'FAILED',
      reference: 'order-D',
      email: 'dee@example.com',
    });
    shopTest.e = await plant(shop.id, false, {
      createdAt: at(4 * DAY + HOUR),
      amount: 500_000,
      rail: 'MOBILE_MONEY',
      reference: HOSTILE_FORMULA,
    });
    shopTest.f = await plant(shop.id, false, {
      createdAt: at(5 * DAY + HOUR),
      amount: 600_000,
      reference: HOSTILE_TEXT,
      email: '+2348031234567@example.com',
    });
    // refundedAt is the latest SUCCEEDED refund's time: b's second refund, not its later pending or failed ones.
    await plantRefund(shop.id, shopTest.b, {
      amount: 20_000,
      status: 'SUCCEEDED',
      createdAt: at(DAY + 2 * HOUR),
      settledAt: at(DAY + 3 * HOUR),
    });
    await plantRefund(shop.id, shopTest.b, {
      amount: 20_000,
      status: 'SUCCEEDED',
      createdAt: at(DAY + 4 * HOUR),
      settledAt: at(DAY + 5 * HOUR),
    });
    await plantRefund(shop.id, shopTest.b, { amount: 10_000, status: 'PENDING', createdAt: at(DAY + 6 * HOUR) });
    await plantRefund(shop.id, shopTest.b, {
      amount: 5_000,
      status: 'FAILED',
      createdAt: at(DAY + 6 * HOUR),
      settledAt: at(DAY + 7 * HOUR),
    });
    await plantRefund(shop.id, shopTest.c, {
      amount: 300_000,
      status: 'SUCCEEDED',
      createdAt: at(2 * DAY + 2 * HOUR),
      settledAt: at(2 * DAY + 3 * HOUR),
    });
    // The same references in the other mode and at another merchant: never in shop's test list.
    await plant(shop.id, true, { createdAt: at(HOUR), reference: 'order-A', email: 'ada.payer@example.com' });
    await plant(shop.id, true, { createdAt: at(2 * HOUR), reference: 'live-only' });
    // Refunded in part, its refund still PENDING: refundedAmount counts it, refundedAt waits for it.
    otherPaymentId = await plant(other.id, false, {
      createdAt: at(HOUR),
      reference: 'order-A',
      email: 'ada.payer@example.com',
      refunded: 70_000,
    });
    await plantRefund(other.id, otherPaymentId, { amount: 70_000, status: 'PENDING', createdAt: at(2 * HOUR) });

    // One paid through the real path: a session opened over HTTP, paid through the payment core.
    const session = (
      await harness.http
        .post('/api/v1/merchant/checkout-sessions')
        .set(bearer(shop.test))
        .set('Idempotency-Key', randomUUID())
        .send({
          amount: 250_000,
          currency: 'NGN',
          merchantReference: 'order-real',
          customerEmail: 'real.payer@example.com',
          successUrl: 'https://shop.example/paid',
          cancelUrl: 'https://shop.example/cart',
        })
        .expect(201)
    ).body as { id: string };
    const outcome = await harness.app.get(CheckoutPayments).pay({
      sessionId: session.id,
      rail: 'CARD',
      fundingAccount: '4242424242424242',
      idempotencyKey: randomUUID(),
    });
    expect(outcome).toMatchObject({ outcome: 'PAID' });
    realPaymentId = (outcome as { paymentId: string }).paymentId;
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe('the list', () => {
    it("lists the key mode's checkout payments newest first, each with its session's reference, fee, net and masked payer", async () => {
      const response = await list(shop.test).expect(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const page = response.body as Page;
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((item) => item.id)).toEqual([
        realPaymentId,
        shopTest.f,
        shopTest.e,
        shopTest.d,
        shopTest.c,
        shopTest.b,
        shopTest.a,
      ]);

      const [real] = page.items;
      const [row] = await harness.db.query<{ merchant_fee: string; completed_at: Date; created_at: Date }[]>(
        `SELECT merchant_fee, completed_at, created_at FROM payments WHERE id = $1`,
        [realPaymentId],
      );
      const fee = Number(row.merchant_fee);
      expect(fee).toBeGreaterThan(0);
      expect(real).toEqual({
        id: realPaymentId,
        checkoutSessionId: expect.any(String),
        paymentLinkId: null,
        merchantReference: 'order-real',
        amount: 250_000,
        fee,
        net: 250_000 - fee,
        refundedAmount: 0,
        currency: 'NGN',
        status: 'SUCCEEDED',
        rail: 'CARD',
        payer: { fundingAccountMasked: expect.stringMatching(/4242$/), emailMasked: 'r*********@example.com' },
        createdAt: row.created_at.toISOString(),
        paidAt: row.completed_at.toISOString(),
        refundedAt: null,
        livemode: false,
      });
      expect(real.payer.fundingAccountMasked).not.toContain('4242424242424242');

      const a = page.items.find((item) => item.id === shopTest.a)!;
      expect(a).toEqual({
        id: shopTest.a,
        checkoutSessionId: expect.any(String),
        paymentLinkId: null,
        merchantReference: 'order-A',
        amount: 100_000,
        fee: 1_500,
        net: 98_500,
        refundedAmount: 0,
        currency: 'NGN',
        status: 'SUCCEEDED',
        rail: 'CARD',
        payer: { fundingAccountMasked: '400000******0002', emailMasked: 'A********@Example.com' },
        createdAt: at(HOUR).toISOString(),
        paidAt: new Date(at(HOUR).getTime() + 1500).toISOString(),
        refundedAt: null,
        livemode: false,
      });
      const b = page.items.find((item) => item.id === shopTest.b)!;
      expect(b).toMatchObject({
        status: 'SUCCEEDED',
        refundedAmount: 50_000,
        rail: 'BANK_TRANSFER',
        // The latest SUCCEEDED refund's time: not the later PENDING or FAILED ones.
        refundedAt: at(DAY + 5 * HOUR).toISOString(),
      });
      // A search's statements read it alike.
      const [searched] = ((await list(shop.test, { q: 'order-B' }).expect(200)).body as Page).items;
      expect(searched).toMatchObject({ id: shopTest.b, refundedAt: at(DAY + 5 * HOUR).toISOString() });
      const c = page.items.find((item) => item.id === shopTest.c)!;
      expect(c).toMatchObject({ status: 'REFUNDED', refundedAt: at(2 * DAY + 3 * HOUR).toISOString() });
      expect(b.payer.emailMasked).toBeNull();
      const d = page.items.find((item) => item.id === shopTest.d)!;
      expect(d).toMatchObject({ status: 'FAILED', paidAt: null });
    });

    it("never shows another merchant's payments or the other mode's", async () => {
      const live = (await list(shop.live).expect(200)).body as Page;
      expect(live.items.map((item) => item.merchantReference)).toEqual(['live-only', 'order-A']);
      expect(live.items.every((item) => item.livemode)).toBe(true);

      const others = (await list(other.test).expect(200)).body as Page;
      expect(others.items).toHaveLength(1);
      expect(others.items[0]).toMatchObject({
        id: otherPaymentId,
        merchantReference: 'order-A',
        livemode: false,
        refundedAmount: 70_000,
        refundedAt: null,
      });
      expect(Object.values(shopTest)).not.toContain(others.items[0].id);
      // The same search in each scope finds that scope's payment only.
      expect(await idsOf(shop.test, { q: 'order-A' })).toEqual([shopTest.a]);
      expect(await idsOf(other.test, { q: 'order-A' })).toEqual([others.items[0].id]);
      expect(await idsOf(other.live, { q: 'order-A' })).toEqual([]);
    });

    it('pages by cursor: no duplicate and no gap while payments are added between pages; the new ones head a fresh first page', async () => {
      const pager = await merchantWithKeys(harness);
      const planted: string[] = [];
      for (let index = 0; index < 7; index += 1) {
        planted.unshift(await plant(pager.id, false, { createdAt: at(index * HOUR), reference: `p-${index}` }));
      }
      const first = (await list(pager.test, { size: 3 }).expect(200)).body as Page;
      expect(first.items.map((item) => item.id)).toEqual(planted.slice(0, 3));
      expect(first.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));

      // Paid while the client pages: newer than every page it has or will read.
      const added = [
        await plant(pager.id, false, { createdAt: new Date(), reference: 'late-1' }),
        await plant(pager.id, false, { createdAt: new Date(), reference: 'late-2' }),
      ];
      const second = (await list(pager.test, { size: 3, cursor: first.nextCursor! }).expect(200)).body as Page;
      expect(second.items.map((item) => item.id)).toEqual(planted.slice(3, 6));
      await plant(pager.id, false, { createdAt: new Date(), reference: 'late-3' });
      const third = (await list(pager.test, { size: 3, cursor: second.nextCursor! }).expect(200)).body as Page;
      expect(third.items.map((item) => item.id)).toEqual(planted.slice(6));
      expect(third.nextCursor).toBeNull();

      const seen = [...first.items, ...second.items, ...third.items].map((item) => item.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(planted);

      const fresh = await idsOf(pager.test, { size: 3 });
      expect(fresh.slice(1)).toEqual([added[1], added[0]]);
      // A search (its own statement) pages the same way: three payments under one reference, two a page.
      const repeated = [
        await plant(pager.id, false, { createdAt: new Date(), reference: 'repeat' }),
        await plant(pager.id, false, { createdAt: new Date(), reference: 'repeat', status: 'FAILED' }),
        await plant(pager.id, false, { createdAt: new Date(), reference: 'repeat' }),
      ];
      const searched = await everyPage(pager.test, { size: 2, q: 'repeat' });
      expect(searched.map((item) => item.id)).toEqual([...repeated].reverse());
      expect(await idsOf(pager.test, { size: 2, q: 'repeat', status: 'PAID' })).toEqual([repeated[2], repeated[0]]);
      // A filtered list pages the same way.
      const paged = await everyPage(shop.test, { size: 2, status: 'PAID' });
      expect(paged.map((item) => item.id)).toEqual([realPaymentId, shopTest.f, shopTest.e, shopTest.b, shopTest.a]);
    });

    it('size: 50 by default and at most, at least 1', async () => {
      const bulk = await merchantWithKeys(harness);
      for (let index = 0; index < 52; index += 1) {
        await plant(bulk.id, false, { createdAt: at(index * 60_000), reference: `bulk-${index}` });
      }
      const page = (await list(bulk.test).expect(200)).body as Page;
      expect(page.items).toHaveLength(50);
      expect(page.nextCursor).not.toBeNull();
      const rest = (await list(bulk.test, { cursor: page.nextCursor!, size: 50 }).expect(200)).body as Page;
      expect(rest.items.map((item) => item.merchantReference)).toEqual(['bulk-1', 'bulk-0']);
      expect(rest.nextCursor).toBeNull();
      for (const size of [51, 0, -1, 'many', 2.5]) {
        const refused = await list(bulk.test, { size }).expect(400);
        expectCataloguedApiError(refused.body as Record<string, unknown>, 'VALIDATION_FAILED');
      }
    });

    it('filters by window (a date alone is a whole UTC day), status, rail, amount and q, alone and together', async () => {
      const { a, b, c, d, e, f } = shopTest;
      // Date-times: inclusive at both ends.
      expect(
        await idsOf(shop.test, { date_from: at(DAY + HOUR).toISOString(), date_to: at(3 * DAY + HOUR).toISOString() }),
      ).toEqual([d, c, b]);
      expect(
        await idsOf(shop.test, {
          date_from: at(DAY + HOUR + 1)
            .toISOString()
            .replace('Z', '+00:00'),
          date_to: at(3 * DAY + HOUR - 1).toISOString(),
        }),
      ).toEqual([c]);
      // An offset other than UTC: 02:00+01:00 is 01:00Z.
      const day1 = isoDay(at(DAY));
      expect(
        await idsOf(shop.test, { date_from: `${day1}T02:00:00+01:00`, date_to: `${day1}T02:00:00+01:00` }),
      ).toEqual([b]);
      // Days: from the first instant of date_from to the last of date_to.
      expect(await idsOf(shop.test, { date_from: isoDay(at(DAY)), date_to: isoDay(at(2 * DAY)) })).toEqual([c, b]);
      expect(await idsOf(shop.test, { date_from: isoDay(at(DAY)), date_to: isoDay(at(DAY)) })).toEqual([b]);
      expect(await idsOf(shop.test, { date_to: isoDay(at(0)) })).toEqual([a]);
      expect(await idsOf(shop.test, { date_from: isoDay(at(5 * DAY)) })).toEqual([realPaymentId, f]);

      // PAID = SUCCEEDED (b is refunded in part and still PAID); REFUNDED = refunded_amount > 0.
      expect(await idsOf(shop.test, { status: 'PAID' })).toEqual([realPaymentId, f, e, b, a]);
      expect(await idsOf(shop.test, { status: 'REFUNDED' })).toEqual([c, b]);

      expect(await idsOf(shop.test, { rail: 'BANK_TRANSFER' })).toEqual([b]);
      expect(await idsOf(shop.test, { rail: 'MOBILE_MONEY' })).toEqual([e]);
      expect(await idsOf(shop.test, { rail: 'WALLET' })).toEqual([]);

      expect(await idsOf(shop.test, { min_amount: 300_000 })).toEqual([f, e, d, c]);
      expect(await idsOf(shop.test, { max_amount: 200_000 })).toEqual([b, a]);
      expect(await idsOf(shop.test, { min_amount: 200_000, max_amount: 300_000 })).toEqual([realPaymentId, c, b]);
      expect(await idsOf(shop.test, { min_amount: 250_000, max_amount: 250_000 })).toEqual([realPaymentId]);

      // q: the reference exactly (case matters), or the payer's e-mail whatever its case.
      expect(await idsOf(shop.test, { q: 'order-B' })).toEqual([b]);
      expect(await idsOf(shop.test, { q: 'ORDER-B' })).toEqual([]);
      expect(await idsOf(shop.test, { q: 'order' })).toEqual([]);
      expect(await idsOf(shop.test, { q: HOSTILE_FORMULA })).toEqual([e]);
      expect(await idsOf(shop.test, { q: 'ada.payer@example.com' })).toEqual([a]);
      expect(await idsOf(shop.test, { q: 'DEE@EXAMPLE.COM' })).toEqual([d]);
      expect(await idsOf(shop.test, { q: 'real.payer@example.com' })).toEqual([realPaymentId]);
      expect(await idsOf(shop.test, { q: 'nobody@example.com' })).toEqual([]);

      // Together: ANDed.
      expect(await idsOf(shop.test, { status: 'PAID', rail: 'CARD', max_amount: 250_000 })).toEqual([realPaymentId, a]);
      expect(await idsOf(shop.test, { status: 'REFUNDED', q: 'order-C', date_from: isoDay(at(2 * DAY)) })).toEqual([c]);
      expect(await idsOf(shop.test, { status: 'REFUNDED', q: 'order-A' })).toEqual([]);
    });

    it('refuses each bad input with 400 and its code, naming the parameter', async () => {
      const refused = async (secret: string, query: Record<string, string | number>, code: string, field?: string) => {
        const response = await list(secret, query).expect(400);
        const body = response.body as Record<string, unknown> & { details?: { field: string }[] };
        expectCataloguedApiError(body, code);
        if (field) expect(body.details?.map((detail) => detail.field)).toContain(field);
      };
      const bareId = ((await list(other.test, { size: 1 }).expect(200)).body as Page).items[0].id;
      const page = (await list(shop.test, { size: 2 }).expect(200)).body as Page;
      const cursor = page.nextCursor!;
      const otherPage = (await list(shop.live, { size: 1 }).expect(200)).body as Page;

      await refused(shop.test, { cursor: 'not a cursor' }, 'INVALID_CURSOR', 'query.cursor');
      await refused(shop.test, { cursor: Buffer.from('["x","y"]').toString('base64url') }, 'INVALID_CURSOR');
      await refused(shop.test, { cursor: bareId }, 'INVALID_CURSOR');
      // Minted for this merchant's test list: refused by its live list and by another merchant's.
      await refused(shop.live, { cursor }, 'INVALID_CURSOR', 'query.cursor');
      await refused(other.test, { cursor }, 'INVALID_CURSOR', 'query.cursor');
      await refused(shop.test, { cursor: otherPage.nextCursor! }, 'INVALID_CURSOR');
      // Another merchant's scope with a real id of theirs, forged: still refused.
      const forged = Buffer.from(JSON.stringify([`${other.id}:test`, shopTest.c])).toString('base64url');
      await refused(shop.test, { cursor: forged }, 'INVALID_CURSOR');
      await refused(
        shop.test,
        { cursor: Buffer.from(JSON.stringify([`${shop.id}:test`, 'nope'])).toString('base64url') },
        'INVALID_CURSOR',
      );

      await refused(
        shop.test,
        { date_from: '2026-11-10', date_to: '2026-11-09' },
        'VALIDATION_FAILED',
        'query.date_to',
      );
      await refused(
        shop.test,
        { date_from: '2026-11-10T10:00:00Z', date_to: '2026-11-10T09:59:59Z' },
        'VALIDATION_FAILED',
        'query.date_to',
      );
      await refused(shop.test, { date_from: '2026-02-30' }, 'VALIDATION_FAILED', 'query.date_from');
      await refused(shop.test, { date_to: '2026-11-10T24:00:00Z' }, 'VALIDATION_FAILED', 'query.date_to');
      await refused(shop.test, { date_to: '2026-11-10T10:00:00' }, 'VALIDATION_FAILED', 'date_to');
      await refused(shop.test, { date_from: 'yesterday' }, 'VALIDATION_FAILED', 'date_from');
      await refused(shop.test, { min_amount: 500, max_amount: 499 }, 'VALIDATION_FAILED', 'query.max_amount');
      await refused(shop.test, { min_amount: -1 }, 'VALIDATION_FAILED', 'min_amount');
      await refused(shop.test, { max_amount: 'lots' }, 'VALIDATION_FAILED', 'max_amount');
      await refused(shop.test, { min_amount: '10.5' }, 'VALIDATION_FAILED', 'min_amount');
      await refused(shop.test, { status: 'SETTLED' }, 'VALIDATION_FAILED', 'status');
      await refused(shop.test, { status: 'paid' }, 'VALIDATION_FAILED', 'status');
      await refused(shop.test, { rail: 'CASH' }, 'VALIDATION_FAILED', 'rail');
      await refused(shop.test, { q: '' }, 'VALIDATION_FAILED', 'q');
      await refused(shop.test, { q: 'x'.repeat(255) }, 'VALIDATION_FAILED', 'q');
      await refused(shop.test, { page: 2 }, 'VALIDATION_FAILED');
    });

    it('takes the API key alone: none is 401, a dashboard token 403 MERCHANT_API_KEY_REQUIRED', async () => {
      expectCataloguedApiError(
        (await harness.http.get(LIST).expect(401)).body as Record<string, unknown>,
        'UNAUTHENTICATED',
      );
      const dashboard = await harness.http.get(LIST).set(shop.owner.headers).expect(403);
      expectCataloguedApiError(dashboard.body as Record<string, unknown>, 'MERCHANT_API_KEY_REQUIRED');
      expectCataloguedApiError(
        (await harness.http.get(CSV).expect(401)).body as Record<string, unknown>,
        'UNAUTHENTICATED',
      );
      await harness.http.get(CSV).set(shop.owner.headers).expect(403);
    });
  });

  describe('the CSV export', () => {
    it('sends the same payments as the list, as an RFC 4180 attachment with a header row, hostile cells defused', async () => {
      const response = await csvText(shop.test).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="payments-test-\d{8}T\d{6}Z-\d{8}T\d{6}Z\.csv"$/,
      );
      const text = response.body as string;
      expect(text.startsWith(`${CSV_HEADER.join(',')}\r\n`)).toBe(true);
      const [header, ...rows] = records(text);
      expect(header).toEqual(CSV_HEADER);

      const items = ((await list(shop.test).expect(200)).body as Page).items;
      expect(rows).toEqual(
        items.map((item) => [
          item.id,
          item.createdAt,
          item.paidAt ?? '',
          item.refundedAt ?? '',
          item.status,
          String(item.amount),
          String(item.fee),
          String(item.net),
          String(item.refundedAmount),
          item.currency,
          item.rail,
          item.merchantReference === HOSTILE_FORMULA ? `'${HOSTILE_FORMULA}` : item.merchantReference,
          item.checkoutSessionId,
          item.paymentLinkId ?? '',
          item.payer.fundingAccountMasked,
          item.payer.emailMasked === null
            ? ''
            : /^[=+\-@]/.test(item.payer.emailMasked)
              ? `'${item.payer.emailMasked}`
              : item.payer.emailMasked,
          String(item.livemode),
        ]),
      );
      // The formula is written with its quote prefix; quotes, commas and line breaks are quoted.
      expect(text).toContain(`,'${HOSTILE_FORMULA},`);
      expect(text).toContain(`,"say ""hi"", twice\r\nthen, a new line\nand more",`);
      // The e-mail masked to start with `+` is a text cell: defused too.
      const f = rows.find((row) => row[0] === shopTest.f)!;
      expect(f[15]).toBe("'+*************@example.com");
      expect(f[11]).toBe(HOSTILE_TEXT);
      // refundedAt: the latest SUCCEEDED refund's time, as in the list.
      expect(rows.find((row) => row[0] === shopTest.b)![3]).toBe(at(DAY + 5 * HOUR).toISOString());
      expect(rows.find((row) => row[0] === shopTest.c)![3]).toBe(at(2 * DAY + 3 * HOUR).toISOString());
      expect(rows.find((row) => row[0] === shopTest.a)![3]).toBe('');
    });

    it('takes the same filters, and only its own merchant and mode', async () => {
      const ids = async (secret: string, query: Record<string, string | number>) =>
        records((await csvText(secret, query).expect(200)).body as string)
          .slice(1)
          .map((row) => row[0]);
      const { b, c } = shopTest;
      expect(await ids(shop.test, { status: 'REFUNDED' })).toEqual([c, b]);
      expect(await ids(shop.test, { date_from: isoDay(at(DAY)), date_to: isoDay(at(2 * DAY)), rail: 'CARD' })).toEqual([
        c,
      ]);
      expect(await ids(shop.test, { min_amount: 200_000, max_amount: 200_000, q: 'order-B' })).toEqual([b]);
      expect(await ids(shop.live, { q: 'order-A' })).toHaveLength(1);
      expect(await ids(shop.live, {})).toHaveLength(2);
      expect(await ids(other.test, { q: 'order-B' })).toEqual([]);
      const empty = await csvText(other.live).expect(200);
      expect(empty.body).toBe(`${CSV_HEADER.join(',')}\r\n`);
      expect(empty.headers['content-disposition']).toMatch(/^attachment; filename="payments-live-/);
    });

    it('refuses bad filters and a window longer than 366 days with 400 before any CSV byte', async () => {
      const refused = async (query: Record<string, string | number>, field: string) => {
        const response = await harness.http.get(CSV).query(query).set(bearer(shop.test)).expect(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['content-disposition']).toBeUndefined();
        const body = response.body as Record<string, unknown> & { details?: { field: string }[] };
        expectCataloguedApiError(body, 'VALIDATION_FAILED');
        expect(body.details?.map((detail) => detail.field).join(' ')).toContain(field);
      };
      await refused({ date_from: '2025-01-01', date_to: '2026-01-02' }, 'query.date_from');
      await refused({ date_from: '2024-01-01T00:00:00Z', date_to: '2025-01-01T00:00:01Z' }, 'query.date_from');
      await refused({ date_from: new Date(Date.now() - 367 * DAY).toISOString() }, 'query.date_from');
      await refused({ date_to: '2026-01-01', date_from: '2026-01-02' }, 'query.date_to');
      await refused({ min_amount: 2, max_amount: 1 }, 'query.max_amount');
      await refused({ status: 'SETTLED' }, 'status');
      await refused({ rail: 'CASH' }, 'rail');
      await refused({ date_from: '2026-02-30' }, 'query.date_from');
      await refused({ cursor: 'abc' }, 'cursor');
      await refused({ size: 10 }, 'size');
      // A leap year's 366 days exactly is allowed (a date_to day reaches its last instant).
      await csvText(shop.test, { date_from: '2024-01-01', date_to: '2024-12-31' }).expect(200);
      await csvText(shop.test, { date_from: '2024-01-01T00:00:00Z', date_to: '2025-01-01T00:00:00Z' }).expect(200);
    });

    it('writes hostile cells byte for byte as the platform CSV writer writes the list items (PostgreSQL encodes the file)', async () => {
      const hostile = await merchantWithKeys(harness);
      // Each hostile text as a merchant reference and a masked funding account, the e-mails (masked) beside.
      const texts = [
        '=1+2',
        '+2348031234567',
        '-42',
        '@SUM(A1:A9)',
        '\tindented',
        '\rreturned',
        'say "hi"',
        'a, b, c',
        'line\nbreak',
        'crlf\r\nbreak',
        '"=quoted", then\n"more"',
        'Ṣàdé “naïve” café 🚀',
        '🚀 first',
        '',
        '\\. and \\N',
      ];
      const emails = [
        '=cmd@example.com',
        '+234@example.com',
        '-x@example.com',
        '@at@example.com',
        'a@b',
        'no-at-sign',
        '',
        'ṣàdé@exámple.com',
        '🚀rocket@example.com',
        'x🚀y@ex🚀.com',
        '"quoted, comma"@example.com',
        '\tTab@example.com',
        null,
      ];
      for (let index = 0; index < texts.length; index += 1) {
        await plant(hostile.id, false, {
          createdAt: at(index * HOUR),
          amount: 1000 + index,
          fee: 10,
          reference: texts[index],
          fundingAccountMasked: texts[(index + 5) % texts.length].slice(0, 40),
          email: emails[index % emails.length],
          status: index % 4 === 0 ? 'REFUNDED' : index % 4 === 1 ? 'FAILED' : 'SUCCEEDED',
        });
      }
      // The payments as the list gives them (JSON, mapped in TypeScript), through the platform writer with the
      // export's columns as they were defined before PostgreSQL encoded the file: the bytes must not change.
      const items = (await everyPage(hostile.test, { size: 50 })).sort((x, y) => (x.id < y.id ? 1 : -1));
      const columns: CsvColumn<PaymentItem>[] = [
        { header: 'id', kind: 'text', value: (item) => item.id },
        { header: 'createdAt', kind: 'text', value: (item) => item.createdAt },
        { header: 'paidAt', kind: 'text', value: (item) => item.paidAt },
        { header: 'refundedAt', kind: 'text', value: (item) => item.refundedAt },
        { header: 'status', kind: 'text', value: (item) => item.status },
        { header: 'amount', kind: 'number', value: (item) => item.amount },
        { header: 'fee', kind: 'number', value: (item) => item.fee },
        { header: 'net', kind: 'number', value: (item) => item.net },
        { header: 'refundedAmount', kind: 'number', value: (item) => item.refundedAmount },
        { header: 'currency', kind: 'text', value: (item) => item.currency },
        { header: 'rail', kind: 'text', value: (item) => item.rail },
        { header: 'merchantReference', kind: 'text', value: (item) => item.merchantReference },
        { header: 'checkoutSessionId', kind: 'text', value: (item) => item.checkoutSessionId },
        { header: 'paymentLinkId', kind: 'text', value: (item) => item.paymentLinkId },
        { header: 'payerFundingAccountMasked', kind: 'text', value: (item) => item.payer.fundingAccountMasked },
        { header: 'payerEmailMasked', kind: 'text', value: (item) => item.payer.emailMasked },
        { header: 'livemode', kind: 'text', value: (item) => String(item.livemode) },
      ];
      const expected = Buffer.from(csvBatch(columns, items, true), 'utf8');
      const response = await harness.http
        .get(CSV)
        .set(bearer(hostile.test))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const bytes = response.body as Buffer;
      expect(bytes.toString('utf8')).toBe(expected.toString('utf8'));
      expect(bytes.equals(expected)).toBe(true);
      // What the comparison covers: every trigger defused, quoted line breaks kept, CRLF record ends.
      const text = bytes.toString('utf8');
      for (const defused of ["'=1+2", "'+2348031234567", "'-42", "'@SUM(A1:A9)", "'\tindented", `"'\rreturned"`]) {
        expect(text).toContain(`,${defused},`);
      }
      expect(text).toContain(`,"say ""hi""",`);
      expect(text).toContain(`,"crlf\r\nbreak",`);
      expect(text).toContain(`,"line\nbreak",`);
      expect(text).toContain(`,'=***@example.com,`);
      expect(text).toContain(',\uFFFD*******@example.com,');
      expect(records(text)).toHaveLength(texts.length + 1);
    });

    it("writes its cells through csv_text and csv_masked_email, which the planner inlines into the export's statement", async () => {
      // Both export statements call them (one place for the rules); inlined, a row costs the expression, not a call.
      const plan = (
        await harness.db.query<{ 'QUERY PLAN': string }[]>(
          `EXPLAIN VERBOSE SELECT csv_text(s.merchant_reference), csv_masked_email(s.customer_email)
             FROM merchant_checkout_sessions s`,
        )
      )
        .map((line) => line['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('NULLIF((merchant_reference)::text');
      expect(plan).not.toMatch(/csv_text|csv_masked_email/);
      const sql = readFileSync(
        join(__dirname, '../../src/modules/merchants/reporting/sql/merchant-payments.sql'),
        'utf8',
      );
      expect(sql.match(/csv_masked_email\(s\.customer_email\)/g)).toHaveLength(2);
      expect(sql).not.toMatch(/ascii\(/);
    });

    it('searches with any text in q (quotes, backslashes, a `$1`) as the list does; NUL is 400 before any byte', async () => {
      const quoted = await merchantWithKeys(harness);
      const reference = `o'brien \\'; DROP TABLE payments; -- $1 "x"`;
      const id = await plant(quoted.id, false, { createdAt: at(HOUR), reference });
      await plant(quoted.id, false, { createdAt: at(2 * HOUR), reference: 'other' });
      const found = records((await csvText(quoted.test, { q: reference }).expect(200)).body as string);
      expect(found.slice(1).map((row) => [row[0], row[11]])).toEqual([[id, reference]]);
      expect((await list(quoted.test, { q: reference }).expect(200)).body).toMatchObject({ items: [{ id }] });
      for (const path of [CSV, LIST]) {
        const response = await harness.http.get(path).query({ q: 'a\0b' }).set(bearer(quoted.test)).expect(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expectCataloguedApiError(response.body as Record<string, unknown>, 'VALIDATION_FAILED');
      }
    });

    it('a client hanging up mid-export ends the query and gives the connection back to the pool', async () => {
      const bulk = await merchantWithKeys(harness);
      // Enough rows that the export is far from done when the client leaves (about 9 MB of CSV). The seed goes
      // through a connection of its own, without the pool's 15 s statement and client timeouts: on a busy
      // two-core machine 80,000 rows and their indexes can take longer than a request's statement may.
      const seed = new Client({ connectionString: harness.config.DATABASE_URL });
      await seed.connect();
      try {
        await seed.query(
          `WITH s AS (
           INSERT INTO merchant_checkout_sessions (id, merchant_id, livemode, status, source, amount, currency,
               merchant_reference, success_url, cancel_url, metadata, payment_id, expires_at, completed_at, created_at)
           SELECT gen_random_uuid(), $1, false, 'COMPLETE', 'API', 1000 + g, 'NGN', 'bulk-' || g,
                  'https://shop.example/paid', 'https://shop.example/cart', '{}', gen_random_uuid(),
                  now() + interval '1 day', now() - interval '1 hour', now() - interval '1 hour'
             FROM generate_series(1, 40000) AS g
           RETURNING id, amount, payment_id, created_at)
         INSERT INTO payments (id, channel, payer_type, payer_id, idempotency_key, request_hash, amount, fee, currency,
             rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id, merchant_fee,
             created_at, updated_at, completed_at)
         SELECT s.payment_id, 'CHECKOUT', 'CHECKOUT_PAYER', s.id, s.id::text, repeat('0', 64), s.amount, 0, 'NGN',
                'CARD', '424242******4242', 'SUCCEEDED', $1, false, s.id, 10, s.created_at, s.created_at, s.created_at
           FROM s`,
          [bulk.id],
        );
      } finally {
        await seed.end();
      }
      const dataSource = harness.app.get(DataSource);
      const exportSessions = () =>
        dataSource.query<{ pid: number; state: string }[]>(
          `SELECT pid, state FROM pg_stat_activity
            WHERE query LIKE '%Every checkout payment MerchantPaymentsPage%' AND pid <> pg_backend_pid()
              AND query NOT LIKE '%pg_stat_activity%'`,
        );
      const pool = () =>
        (dataSource.driver as unknown as { master: { totalCount: number; idleCount: number; waitingCount: number } })
          .master;

      const { call, received } = await new Promise<{ call: ClientRequest; received: number }>((resolve, reject) => {
        const request = httpGet(
          `http://127.0.0.1:${port}${CSV}`,
          { headers: bearer(bulk.test) },
          (res: IncomingMessage) => {
            expect(res.statusCode).toBe(200);
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if (bytes > 64 * 1024 && !res.isPaused()) {
                // The client stops reading: the server's writes back up and the cursor waits.
                res.pause();
                resolve({ call: request, received: bytes });
              }
            });
            res.on('end', () => reject(new Error(`the whole export (${bytes} bytes) arrived before the client left`)));
          },
        );
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      expect(received).toBeGreaterThan(64 * 1024);
      // Mid-export: the export's transaction holds its cursor open.
      const during = await waitFor(exportSessions, (rows) => rows.length > 0, 'the export query to be seen', 20);
      expect(during.map((row) => row.state)).toEqual([expect.stringMatching(/^(active|idle in transaction)$/)]);
      call.destroy();
      // The cursor closed and the transaction rolled back: no session still runs or holds the export query.
      const sessions = await waitFor(
        exportSessions,
        (rows) => rows.every((row) => row.state === 'idle'),
        'the export query to end after the client left',
        20,
      );
      expect(sessions.filter((row) => row.state !== 'idle')).toEqual([]);
      // Cancelled, not cut: the export's backend is still there (back in the pool, maybe running this very
      // query); a cut connection's would be gone.
      const backend = await dataSource.query<{ pid: number }[]>(`SELECT pid FROM pg_stat_activity WHERE pid = $1`, [
        during[0].pid,
      ]);
      expect(backend).toEqual([{ pid: during[0].pid }]);
      await waitFor(
        pool,
        (state) => state.idleCount === state.totalCount && state.waitingCount === 0,
        'the connection back in the pool',
        20,
      );
      // The app still answers from the same pool, and the whole export is whole when read to the end.
      const whole = records((await csvText(bulk.test).expect(200)).body as string);
      expect(whole).toHaveLength(40_001);
      expect(new Set(whole.slice(1).map((row) => row[0])).size).toBe(40_000);
      // About 3.5 s alone; the seed and the two exports of 40,000 rows took more than the run's 30 s once in CI, with
      // the other lanes on the same two cores. Each wait above fails by name well inside this bound.
    }, 120_000);
  });
});
