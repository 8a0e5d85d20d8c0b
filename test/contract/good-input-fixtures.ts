import { randomBytes } from 'node:crypto';
import { ensureStandardRails } from '../factories/biller.factory';
import { latestOtp, login, randomPhoneNumber, registerAndVerify, signUp } from '../factories/customer.factory';
import { insertOutboxEvent } from '../factories/outbox-event.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { createGaveUpPostingAttempt } from '../factories/posting-attempt.factory';
import { scheduleRequest } from '../factories/schedule.factory';
import {
  asNewCustomer,
  billerBody,
  contractBill,
  created,
  type Fixture,
  newBill,
  newBiller,
  newCategory,
  newClaimableBill,
  newNotification,
  newPayment,
  newSavedAccount,
  newSchedule,
  targetOf,
  unique,
} from './fixture-kit';

import { ADMIN_USER_FIXTURES } from './admin-users-fixtures';
import { AGENT_FIXTURES } from './agents-fixtures';
import { COMPLIANCE_FIXTURES } from './compliance-fixtures';
import { DISPUTE_FIXTURES } from './disputes-fixtures';
import { HOUSEHOLD_FIXTURES } from './households-fixtures';
import { MERCHANT_FIXTURES } from './merchants-fixtures';

export type { FixtureContext, GoodInputOverrides } from './fixture-kit';

/**
 * Fixtures by operationId; an operation without one is called with the examples alone. A
 * context with many operations keeps its fixtures in `<context>-fixtures.ts` beside this file,
 * built from `fixture-kit.ts`, and they are merged here.
 */
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
  DevMailbox_list: () => Promise.resolve({ query: { phone: randomPhoneNumber() } }),
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
  ...DISPUTE_FIXTURES,
  ...COMPLIANCE_FIXTURES,
  ...AGENT_FIXTURES,
  ...HOUSEHOLD_FIXTURES,
  ...MERCHANT_FIXTURES,
  ...ADMIN_USER_FIXTURES,
};
