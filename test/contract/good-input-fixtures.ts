import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { PostingAttemptRepository } from '../../src/modules/payments/posting-attempt.repository';
import { PostingService } from '../../src/modules/payments/posting.service';
import { DataSource } from 'typeorm';
import { NotificationDeliveryService } from '../../src/modules/notifications/notification-delivery.service';
import { newId } from '../../src/platform/database/new-id';
import { PAYMENT_EVENTS } from '../../src/platform/queue/queues';
import type { RunningBillerSimulator } from '../../src/simulators/biller-simulator';
import { latestOtp, login, randomPhone, registerAndVerify, signUp } from '../identity/support/identity-kit';

/**
 * What a good-input call needs beyond the document's examples: the objects its path names and
 * the body fields that must point at them. A fixture builds them through the API, as a client
 * would, so the example request then answers its documented success.
 */
export interface GoodInputOverrides {
  pathParams?: Record<string, string>;
  /** Merged over the example body. */
  body?: Record<string, unknown>;
  /** Merged over the call's headers: another credential (the owner of a second session), an Idempotency-Key. */
  headers?: Record<string, string>;
}

export interface FixtureContext {
  http: ReturnType<typeof request>;
  /** The credential the good-input call will carry. */
  headers: Record<string, string>;
  /** An ADMIN's credential, for building catalogue objects. */
  adminHeaders: Record<string, string>;
  simulator: RunningBillerSimulator;
  /** The app under test, for objects only the worker makes (notifications come from events). */
  app?: INestApplication;
}

type Fixture = (context: FixtureContext) => Promise<GoodInputOverrides>;

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** An account reference the simulator answers as an ordinary, valid account. */
const VALID_REFERENCE = '45010001234';

async function created<T>(call: Promise<request.Response>, what: string): Promise<T> {
  const response = await call;
  if (response.status !== 201) throw new Error(`fixture ${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

async function newCategory(context: FixtureContext): Promise<{ id: string }> {
  const slug = unique('cat');
  return created(
    context.http
      .post('/api/v1/admin/biller-categories')
      .set(context.adminHeaders)
      .send({ slug, name: slug, icon: 'bolt' }),
    'category',
  );
}

function billerBody(context: FixtureContext, categoryId: string): Record<string, unknown> {
  const slug = unique('biller');
  return { slug, categoryId, acceptedRails: ['CARD'], connectorBaseUrl: context.simulator.billerUrl(slug) };
}

async function newBiller(context: FixtureContext): Promise<{ id: string; slug: string }> {
  await ensureRail(context, 'CARD');
  const category = await newCategory(context);
  const example = {
    name: 'Contract biller',
    aliases: [],
    logoUrl: 'https://cdn.example.com/billers/contract.png',
    country: 'NG',
    currency: 'NGN',
    feeFlat: 10_000,
    feePercentBps: 0,
    minAmount: 100,
    maxAmount: 50_000_000,
    accountReferenceLabel: 'Meter number',
    accountReferencePattern: '\\d{11}',
    amountRule: 'ANY',
    validatesDirectly: true,
    connectorSecretRef: 'simulator',
    connectorTimeoutMs: 1000,
  };
  return created(
    context.http
      .post('/api/v1/admin/billers')
      .set(context.adminHeaders)
      .send({ ...example, ...billerBody(context, category.id) }),
    'biller',
  );
}

async function newSavedAccount(context: FixtureContext): Promise<{ id: string }> {
  const biller = await newBiller(context);
  const saved = await context.http
    .post('/api/v1/saved-accounts')
    .set(context.headers)
    .send({ billerId: biller.id, accountReference: VALID_REFERENCE, nickname: 'Home' });
  if (saved.status !== 204) throw new Error(`fixture saved account: ${saved.status} ${JSON.stringify(saved.body)}`);
  const list = await context.http.get('/api/v1/saved-accounts').set(context.headers).expect(200);
  return (list.body as { id: string; billerId: string }[]).find((account) => account.billerId === biller.id)!;
}

async function ensureRail(context: FixtureContext, code: string): Promise<void> {
  const rails = await context.http.get('/api/v1/admin/payment-rails').set(context.adminHeaders);
  if ((rails.body as { code: string }[]).some((rail) => rail.code === code)) return;
  await created(
    context.http
      .post('/api/v1/admin/payment-rails')
      .set(context.adminHeaders)
      .send({ code, name: code, minAmount: 1, maxAmount: 1_000_000_000 }),
    'rail',
  );
}

/**
 * A notification of the caller's, made the way the worker makes one: from a payment event
 * handed to the notifications service.
 */
async function newNotification(context: FixtureContext): Promise<{ id: string }> {
  if (!context.app) throw new Error('fixture notification: the context has no app');
  const profile = await context.http.get('/api/v1/profile').set(context.headers).expect(200);
  const paymentId = newId();
  const outcome = await context.app.get(NotificationDeliveryService).deliverPaymentEvent({
    eventId: newId(),
    eventType: PAYMENT_EVENTS.succeeded,
    aggregateType: 'payment',
    aggregateId: paymentId,
    payload: {
      paymentId,
      customerId: (profile.body as { id: string }).id,
      billerId: newId(),
      billerName: 'Contract biller',
      accountReference: VALID_REFERENCE,
      amount: 500_000,
      fee: 0,
      currency: 'NGN',
      status: 'SUCCEEDED',
    },
    occurredAt: new Date().toISOString(),
  });
  if (!outcome.notificationId) throw new Error(`fixture notification: ${JSON.stringify(outcome)}`);
  return { id: outcome.notificationId };
}

/** A captured payment of the calling customer, to a new biller on the simulator. */
async function newPayment(context: FixtureContext): Promise<{ id: string }> {
  const biller = await newBiller(context);
  const response = await context.http
    .post('/api/v1/payments')
    .set(context.headers)
    .set('Idempotency-Key', unique('fixture'))
    .send({
      biller: biller.slug,
      accountReference: VALID_REFERENCE,
      amount: 5_000,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccount: '4242424242424242',
    });
  if (response.status !== 200) throw new Error(`fixture payment: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string };
}

function appOf(context: FixtureContext): INestApplication {
  if (!context.app) throw new Error('this fixture needs the app under test');
  return context.app;
}

/** A payment posted to the simulator and confirmed: SUCCEEDED. */
async function newSucceededPayment(context: FixtureContext): Promise<{ id: string }> {
  const payment = await newPayment(context);
  await appOf(context).get(PostingService).start(payment.id);
  return payment;
}

/** Fixtures by operationId; an operation without one is called with the examples alone. */
export const GOOD_INPUT_FIXTURES: Record<string, Fixture> = {
  Auth_verify: async ({ http }) => {
    const phone = randomPhone();
    await http.post('/api/v1/auth/register').send({ phone }).expect(200);
    return { body: { phone, otp: await latestOtp(http, phone) } };
  },
  Auth_login: async ({ http }) => {
    const phone = randomPhone();
    await signUp(http, phone, '135790');
    return { body: { phone, pin: '135790' } };
  },
  Auth_refresh: async ({ http }) => ({
    body: { refreshToken: (await registerAndVerify(http, randomPhone())).refreshToken },
  }),
  Sessions_revoke: async ({ http }) => {
    const phone = randomPhone();
    const first = await signUp(http, phone);
    const second = await login(http, phone);
    return { headers: { authorization: `Bearer ${first.accessToken}` }, pathParams: { sessionId: second.sessionId } };
  },
  Billers_detail: async (context) => ({ pathParams: { billerIdOrSlug: (await newBiller(context)).slug } }),
  Billers_validateAccount: async (context) => ({
    pathParams: { billerIdOrSlug: (await newBiller(context)).slug },
    body: { accountReference: VALID_REFERENCE },
  }),
  SavedAccounts_save: async (context) => ({
    body: { billerId: (await newBiller(context)).id, accountReference: VALID_REFERENCE },
  }),
  SavedAccounts_rename: async (context) => ({ pathParams: { id: (await newSavedAccount(context)).id } }),
  SavedAccounts_remove: async (context) => ({ pathParams: { id: (await newSavedAccount(context)).id } }),
  Notifications_markRead: async (context) => ({ pathParams: { id: (await newNotification(context)).id } }),
  AdminCatalogue_createBiller: async (context) => {
    await Promise.all(['CARD', 'BANK_TRANSFER'].map((code) => ensureRail(context, code)));
    return {
      body: { ...billerBody(context, (await newCategory(context)).id), acceptedRails: ['CARD', 'BANK_TRANSFER'] },
    };
  },
  AdminCatalogue_updateBiller: async (context) => {
    const biller = await newBiller(context);
    return { pathParams: { id: biller.id }, body: billerBody(context, (await newCategory(context)).id) };
  },
  AdminCatalogue_deleteBiller: async (context) => ({ pathParams: { id: (await newBiller(context)).id } }),
  AdminCatalogue_createCategory: async () => ({ body: { slug: unique('cat') } }),
  AdminCatalogue_updateCategory: async (context) => ({
    pathParams: { id: (await newCategory(context)).id },
    body: { slug: unique('cat') },
  }),
  AdminCatalogue_createRail: async () => ({ body: { code: `R_${randomBytes(4).toString('hex').toUpperCase()}` } }),
  AdminCatalogue_updateRail: async (context) => {
    const code = `R_${randomBytes(4).toString('hex').toUpperCase()}`;
    const rail = await created<{ id: string }>(
      context.http
        .post('/api/v1/admin/payment-rails')
        .set(context.adminHeaders)
        .send({ code, name: code, minAmount: 1, maxAmount: 1_000_000_000 }),
      'rail',
    );
    return { pathParams: { id: rail.id } };
  },
  Payments_create: async (context) => ({
    headers: { 'Idempotency-Key': unique('contract') },
    // The example names the account both ways; a request names it one way (undefined is not sent).
    body: {
      biller: (await newBiller(context)).slug,
      accountReference: VALID_REFERENCE,
      savedAccountId: undefined,
      amount: 5_000,
    },
  }),
  Payments_detail: async (context) => ({ pathParams: { id: (await newPayment(context)).id } }),
  Payments_reorder: async (context) => ({ pathParams: { id: (await newPayment(context)).id } }),
  Payments_receipt: async (context) => ({ pathParams: { id: (await newSucceededPayment(context)).id } }),
  Receipts_download: async (context) => {
    // The download is public: the payment and its link belong to a customer of its own.
    const customer = await registerAndVerify(context.http, randomPhone());
    const owner = { ...context, headers: { authorization: `Bearer ${customer.accessToken}` } };
    const payment = await newSucceededPayment(owner);
    const receipt = await context.http.post(`/api/v1/payments/${payment.id}/receipt`).set(owner.headers).expect(200);
    const token = new URL((receipt.body as { url: string }).url).pathname.split('/').pop() as string;
    return { pathParams: { token } };
  },
  AdminPosting_retry: async (context) => {
    // A cycle that gave up: the payment waits in PROCESSING for an operator.
    const customer = await registerAndVerify(context.http, randomPhone());
    const payment = await newPayment({ ...context, headers: { authorization: `Bearer ${customer.accessToken}` } });
    const db = appOf(context).get(DataSource);
    await db.query(`UPDATE payments SET status = 'PROCESSING' WHERE id = $1`, [payment.id]);
    const attempt = await db.transaction((manager) =>
      appOf(context).get(PostingAttemptRepository).openCycle(manager, payment.id),
    );
    await db.query(`UPDATE posting_attempts SET status = 'FAILED', tries = 6, last_outcome = 'GAVE_UP' WHERE id = $1`, [
      attempt.id,
    ]);
    return { pathParams: { id: attempt.id } };
  },
  Operations_retryOutboxEvent: async (context) => {
    const id = newId();
    await appOf(context)
      .get(DataSource)
      .query(
        `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status, attempts, last_error)
         VALUES ($1, 'contract.probe', 'probe', $2, '{}', 'FAILED', 8, 'relay gave up')`,
        [id, id],
      );
    return { pathParams: { id } };
  },
};
