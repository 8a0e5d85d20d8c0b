import { randomBytes } from 'node:crypto';
import request from 'supertest';
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
  /** Replaces the call's credential (e.g. the owner of a second session). */
  headers?: Record<string, string>;
}

export interface FixtureContext {
  http: ReturnType<typeof request>;
  /** The credential the good-input call will carry. */
  headers: Record<string, string>;
  /** An ADMIN's credential, for building catalogue objects. */
  adminHeaders: Record<string, string>;
  simulator: RunningBillerSimulator;
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
};
