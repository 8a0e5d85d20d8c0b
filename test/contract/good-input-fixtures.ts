import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { RunningBillerSimulator } from '../../src/simulators/biller-simulator';
import { createBiller, createBillerCategory, ensureStandardRails } from '../factories/biller.factory';
import { billInput, createClaimedBill, pushBills } from '../factories/bill.factory';
import {
  createCustomer,
  latestOtp,
  login,
  randomPhoneNumber,
  registerAndVerify,
  signUp,
} from '../factories/customer.factory';
import { createNotification } from '../factories/notification.factory';
import { insertOutboxEvent } from '../factories/outbox-event.factory';
import { createPayment, GOOD_REFERENCE } from '../factories/payment.factory';
import { createGaveUpPostingAttempt } from '../factories/posting-attempt.factory';
import { createSavedAccount } from '../factories/saved-account.factory';
import { createSchedule, scheduleRequest } from '../factories/schedule.factory';
import type { AppParts } from '../support/app-target';

/**
 * What a good-input call needs beyond the document's examples: the objects its path names and
 * the body fields that must point at them. A fixture builds them with the factories, through
 * the API as a client would where the API can, so the example request then answers its
 * documented success.
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
  app: INestApplication;
}

type Fixture = (context: FixtureContext) => Promise<GoodInputOverrides>;

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** What the factories build on: the app, its simulator and the fixtures' ADMIN. */
function targetOf(context: FixtureContext): AppParts {
  return {
    app: context.app,
    admin: { headers: context.adminHeaders },
    simulator: context.simulator,
    prefix: 'contract',
  };
}

/** A biller on the simulator that takes the example payment (5,000 minor units by card). */
function newBiller(context: FixtureContext): Promise<{ id: string; slug: string }> {
  return createBiller(targetOf(context), {
    name: 'Contract biller',
    logoUrl: 'https://cdn.example.com/billers/contract.png',
    minAmount: 100,
  });
}

function newCategory(context: FixtureContext): Promise<{ id: string }> {
  return createBillerCategory(targetOf(context), { slug: unique('cat') });
}

async function created<T>(call: Promise<request.Response>, what: string): Promise<T> {
  const response = await call;
  if (response.status !== 201) throw new Error(`fixture ${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

/** A biller body over the document's example, pointing at a category and the simulator. */
function billerBody(context: FixtureContext, categoryId: string): Record<string, unknown> {
  const slug = unique('biller');
  return { slug, categoryId, acceptedRails: ['CARD'], connectorBaseUrl: context.simulator.billerUrl(slug) };
}

async function newSavedAccount(context: FixtureContext): Promise<{ id: string }> {
  const biller = await newBiller(context);
  return createSavedAccount(targetOf(context), context, {
    billerId: biller.id,
    accountReference: GOOD_REFERENCE,
    nickname: 'Home',
  });
}

/** A notification of the caller's, made the way the worker makes one: from a payment event. */
async function newNotification(context: FixtureContext): Promise<{ id: string }> {
  const profile = await context.http.get('/api/v1/profile').set(context.headers).expect(200);
  const id = await createNotification(targetOf(context), (profile.body as { id: string }).id, {
    billerName: 'Contract biller',
    fee: 0,
  });
  return { id };
}

/** A captured payment of the calling customer, to a new biller on the simulator; SUCCEEDED when `posted`. */
async function newPayment(context: FixtureContext, options: { posted?: boolean } = {}): Promise<{ id: string }> {
  const biller = await newBiller(context);
  return createPayment(targetOf(context), context, { biller: biller.slug, amount: 5_000 }, options);
}

/** A schedule of the calling customer to a new biller on the simulator. */
async function newSchedule(context: FixtureContext): Promise<{ id: string }> {
  const biller = await newBiller(context);
  return createSchedule(targetOf(context), context, { biller: biller.slug, amount: 5_000 });
}

/** The same context, calling as a new customer of its own. */
async function asNewCustomer(context: FixtureContext): Promise<FixtureContext> {
  const customer = await createCustomer(context.app);
  return { ...context, headers: customer.headers };
}

/** A bill of a new biller that matched nobody (pushed as the biller's system would), 50.00 due. */
function contractBill(): ReturnType<typeof billInput> {
  return billInput({
    accountReference: GOOD_REFERENCE,
    amountDue: 5_000,
    lineItems: [{ description: 'Bill', amount: 5_000 }],
  });
}

async function newClaimableBill(context: FixtureContext): Promise<{ biller: string; accountReference: string }> {
  const biller = await newBiller(context);
  await pushBills(targetOf(context), biller.slug, [contractBill()]);
  return { biller: biller.slug, accountReference: GOOD_REFERENCE };
}

/** A bill in the calling customer's inbox (pushed unmatched, then claimed by them). */
async function newBill(context: FixtureContext): Promise<{ id: string }> {
  return createClaimedBill(targetOf(context), context, (await newBiller(context)).slug, contractBill());
}

/** Fixtures by operationId; an operation without one is called with the examples alone. */
export const GOOD_INPUT_FIXTURES: Record<string, Fixture> = {
  Auth_verify: async ({ http }) => {
    const phone = randomPhoneNumber();
    await http.post('/api/v1/auth/register').send({ phone }).expect(200);
    return { body: { phone, otp: await latestOtp(http, phone) } };
  },
  Auth_login: async ({ http }) => {
    const phone = randomPhoneNumber();
    await signUp(http, phone, '135790');
    return { body: { phone, pin: '135790' } };
  },
  Auth_refresh: async ({ http }) => ({
    body: { refreshToken: (await registerAndVerify(http, randomPhoneNumber())).refreshToken },
  }),
  Sessions_revoke: async ({ http }) => {
    const phone = randomPhoneNumber();
    const first = await signUp(http, phone);
    const second = await login(http, phone);
    return { headers: { authorization: `Bearer ${first.accessToken}` }, pathParams: { sessionId: second.sessionId } };
  },
  Billers_detail: async (context) => ({ pathParams: { billerIdOrSlug: (await newBiller(context)).slug } }),
  Billers_validateAccount: async (context) => ({
    pathParams: { billerIdOrSlug: (await newBiller(context)).slug },
    body: { accountReference: GOOD_REFERENCE },
  }),
  SavedAccounts_save: async (context) => ({
    body: { billerId: (await newBiller(context)).id, accountReference: GOOD_REFERENCE },
  }),
  SavedAccounts_rename: async (context) => ({ pathParams: { id: (await newSavedAccount(context)).id } }),
  SavedAccounts_remove: async (context) => ({ pathParams: { id: (await newSavedAccount(context)).id } }),
  Notifications_markRead: async (context) => ({ pathParams: { id: (await newNotification(context)).id } }),
  AdminCatalogue_createBiller: async (context) => {
    await ensureStandardRails(targetOf(context));
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
      accountReference: GOOD_REFERENCE,
      savedAccountId: undefined,
      amount: 5_000,
    },
  }),
  Payments_detail: async (context) => ({ pathParams: { id: (await newPayment(context)).id } }),
  Payments_reorder: async (context) => ({ pathParams: { id: (await newPayment(context)).id } }),
  Payments_receipt: async (context) => ({ pathParams: { id: (await newPayment(context, { posted: true })).id } }),
  Receipts_download: async (context) => {
    // The download is public: the payment and its link belong to a customer of its own.
    const owner = await asNewCustomer(context);
    const payment = await newPayment(owner, { posted: true });
    const receipt = await context.http.post(`/api/v1/payments/${payment.id}/receipt`).set(owner.headers).expect(200);
    const token = new URL((receipt.body as { url: string }).url).pathname.split('/').pop() as string;
    return { pathParams: { token } };
  },
  AdminPosting_retry: async (context) => {
    // A cycle that gave up: the payment waits in PROCESSING for an operator.
    const payment = await newPayment(await asNewCustomer(context));
    const attempt = await createGaveUpPostingAttempt(targetOf(context), payment.id);
    return { pathParams: { id: attempt.id } };
  },
  Schedules_create: async (context) => ({
    // The example names the account both ways; a request names it one way (undefined is not sent).
    body: {
      ...scheduleRequest({ biller: (await newBiller(context)).slug, amount: 5_000 }),
      savedAccountId: undefined,
      maximumAmount: undefined,
      dayOfWeek: undefined,
      endDate: undefined,
    },
  }),
  Schedules_detail: async (context) => ({ pathParams: { id: (await newSchedule(context)).id } }),
  Schedules_update: async (context) => ({
    pathParams: { id: (await newSchedule(context)).id },
    body: {
      amount: 4_000,
      maximumAmount: undefined,
      frequency: undefined,
      dayOfWeek: undefined,
      dayOfMonth: undefined,
      endDate: undefined,
      status: 'PAUSED',
      consent: undefined,
    },
  }),
  Schedules_cancel: async (context) => ({ pathParams: { id: (await newSchedule(context)).id } }),
  Schedules_runs: async (context) => ({ pathParams: { id: (await newSchedule(context)).id } }),
  Bills_claim: async (context) => ({ body: await newClaimableBill(context) }),
  Bills_detail: async (context) => ({ pathParams: { billId: (await newBill(context)).id } }),
  Bills_pay: async (context) => ({
    pathParams: { billId: (await newBill(context)).id },
    headers: { 'Idempotency-Key': unique('contract-bill') },
    body: { amount: 5_000 },
  }),
  InternalBills_ingest: async (context) => ({
    body: { biller: (await newBiller(context)).slug, bills: [contractBill()] },
  }),
  InternalBills_resolve: async (context) => ({
    body: { biller: (await newBiller(context)).slug, accountReference: GOOD_REFERENCE },
  }),
  Operations_retryOutboxEvent: async (context) => {
    const id = await insertOutboxEvent(targetOf(context), {
      status: 'FAILED',
      eventType: 'contract.probe',
      payload: {},
    });
    return { pathParams: { id } };
  },
};
