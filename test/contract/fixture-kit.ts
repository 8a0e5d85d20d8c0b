import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { RunningBillerSimulator } from '../../src/simulators/biller-simulator';
import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { billInput, createClaimedBill, pushBills } from '../factories/bill.factory';
import { createCustomer } from '../factories/customer.factory';
import { createNotification } from '../factories/notification.factory';
import { createPayment, GOOD_REFERENCE } from '../factories/payment.factory';
import { createSavedAccount } from '../factories/saved-account.factory';
import { createSchedule } from '../factories/schedule.factory';
import type { AppParts } from '../support/app-target';

/**
 * The building blocks of the good-input fixtures (`good-input-fixtures.ts` and each context's
 * `<context>-fixtures.ts` beside it): the fixture types and the objects most fixtures start from.
 *
 * What a good-input call needs beyond the document's examples: the objects its path names and
 * the body fields that must point at them. A fixture builds them with the factories, through
 * the API as a client would where the API can, so the example request then answers its
 * documented success.
 */
export interface GoodInputOverrides {
  pathParams?: Record<string, string>;
  /** Query parameters beyond the required ones the document's examples fill (one of two optional ones). */
  query?: Record<string, string>;
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

export type Fixture = (context: FixtureContext) => Promise<GoodInputOverrides>;

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** What the factories build on: the app, its simulator and the fixtures' ADMIN. */
export function targetOf(context: FixtureContext): AppParts {
  return {
    app: context.app,
    admin: { headers: context.adminHeaders },
    simulator: context.simulator,
    prefix: 'contract',
  };
}

/** A biller on the simulator that takes the example payment (5,000 minor units by card). */
export function newBiller(context: FixtureContext): Promise<{ id: string; slug: string }> {
  return createBiller(targetOf(context), {
    name: 'Contract biller',
    logoUrl: 'https://cdn.example.com/billers/contract.png',
    minAmount: 100,
  });
}

export function newCategory(context: FixtureContext): Promise<{ id: string }> {
  return createBillerCategory(targetOf(context), { slug: unique('cat') });
}

export async function created<T>(call: Promise<request.Response>, what: string): Promise<T> {
  const response = await call;
  if (response.status !== 201) throw new Error(`fixture ${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

/** A biller body over the document's example, pointing at a category and the simulator. */
export function billerBody(context: FixtureContext, categoryId: string): Record<string, unknown> {
  const slug = unique('biller');
  return { slug, categoryId, acceptedRails: ['CARD'], connectorBaseUrl: context.simulator.billerUrl(slug) };
}

export async function newSavedAccount(context: FixtureContext): Promise<{ id: string }> {
  const biller = await newBiller(context);
  return createSavedAccount(targetOf(context), context, {
    billerId: biller.id,
    accountReference: GOOD_REFERENCE,
    nickname: 'Home',
  });
}

/** A notification of the caller's, made the way the worker makes one: from a payment event. */
export async function newNotification(context: FixtureContext): Promise<{ id: string }> {
  const profile = await context.http.get('/api/v1/profile').set(context.headers).expect(200);
  const id = await createNotification(targetOf(context), (profile.body as { id: string }).id, {
    billerName: 'Contract biller',
    fee: 0,
  });
  return { id };
}

/** A captured payment of the calling customer, to a new biller on the simulator; SUCCEEDED when `posted`. */
export async function newPayment(context: FixtureContext, options: { posted?: boolean } = {}): Promise<{ id: string }> {
  const biller = await newBiller(context);
  return createPayment(targetOf(context), context, { biller: biller.slug, amount: 5_000 }, options);
}

/** A schedule of the calling customer to a new biller on the simulator. */
export async function newSchedule(context: FixtureContext): Promise<{ id: string }> {
  const biller = await newBiller(context);
  return createSchedule(targetOf(context), context, { biller: biller.slug, amount: 5_000 });
}

/** The same context, calling as a new customer of its own. */
export async function asNewCustomer(context: FixtureContext): Promise<FixtureContext> {
  const customer = await createCustomer(context.app);
  return { ...context, headers: customer.headers };
}

/** A bill of a new biller that matched nobody (pushed as the biller's system would), 50.00 due. */
export function contractBill(): ReturnType<typeof billInput> {
  return billInput({
    accountReference: GOOD_REFERENCE,
    amountDue: 5_000,
    lineItems: [{ description: 'Bill', amount: 5_000 }],
  });
}

export async function newClaimableBill(context: FixtureContext): Promise<{ biller: string; accountReference: string }> {
  const biller = await newBiller(context);
  await pushBills(targetOf(context), biller.slug, [contractBill()]);
  return { biller: biller.slug, accountReference: GOOD_REFERENCE };
}

/** A bill in the calling customer's inbox (pushed unmatched, then claimed by them). */
export async function newBill(context: FixtureContext): Promise<{ id: string }> {
  return createClaimedBill(targetOf(context), context, (await newBiller(context)).slug, contractBill());
}
