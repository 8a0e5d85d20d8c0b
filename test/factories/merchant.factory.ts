import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { nubanFor } from '../../src/modules/merchants/onboarding/nuban';
import { AppTarget, Caller, dbOf, httpOf } from '../support/app-target';
import { adminOf } from './staff-user.factory';

/** MerchantResponse as the API answers it (the fields specs read). */
export interface MerchantBody {
  id: string;
  name: string;
  registrationNumber: string;
  contactEmail: string;
  kyb: {
    status: string;
    disabledReason: string | null;
    note: string | null;
    requirements: {
      currentlyDue: string[];
      eventuallyDue: string[];
      pastDue: string[];
      pendingVerification: string[];
      errors: { documentType: string; code: string; message: string }[];
      currentDeadline: string | null;
    };
  };
  capabilities: Record<string, boolean>;
  onboardingToken: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RegisteredMerchant {
  merchant: MerchantBody;
  onboardingToken: string;
}

/** A valid application with a registration number and contact e-mail no other spec uses. */
export function merchantRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const suffix = randomBytes(5).toString('hex').toUpperCase();
  return {
    name: `Acme ${suffix} Ltd`,
    registrationNumber: `RC${suffix}`,
    contactEmail: `owner-${suffix.toLowerCase()}@merchant.example`,
    contactPhone: '+2348031234567',
    country: 'NG',
    businessType: 'LIMITED_COMPANY',
    website: 'https://acme.example',
    ...overrides,
  };
}

/** POST /merchants/register, expecting 200. */
export async function registerMerchant(
  target: AppTarget,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredMerchant> {
  const response = await httpOf(target)
    .post('/api/v1/merchants/register')
    .send(merchantRegistration(overrides))
    .expect(200);
  const merchant = response.body as MerchantBody;
  if (!merchant.onboardingToken) throw new Error('registration answered no onboarding token');
  return { merchant, onboardingToken: merchant.onboardingToken };
}

/** PATCH /admin/merchants/{id}/kyb by the target's ADMIN (or `caller`); any answer. */
export async function patchKyb(target: AppTarget, merchantId: string, body: Record<string, unknown>, caller?: Caller) {
  const admin = caller ?? (await adminOf(target));
  return httpOf(target).patch(`/api/v1/admin/merchants/${merchantId}/kyb`).set(admin.headers).send(body);
}

/** A registered merchant an ADMIN approved. */
export async function approvedMerchant(
  target: AppTarget,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredMerchant> {
  const registered = await registerMerchant(target, overrides);
  const response = await patchKyb(target, registered.merchant.id, { status: 'APPROVED' });
  if (response.status !== 200)
    throw new Error(`approval answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { merchant: response.body as MerchantBody, onboardingToken: registered.onboardingToken };
}

/** The ports `addLocalhostOrigin` hands out: 1024-61023, from a random start, one after another. */
const LOCALHOST_PORTS = { first: 1024, count: 60_000 };
let nextLocalhostPort = randomInt(0, LOCALHOST_PORTS.count);

/**
 * Adds a test-mode origin (`http://localhost:<port>`, verified at once: its check needs no network)
 * to the caller's merchant; answers its id. Each call takes the next port of the range, so a
 * merchant adding several never meets 409 ORIGIN_ALREADY_EXISTS, where ports drawn at random
 * repeated now and then (a spec adds up to twenty).
 */
export async function addLocalhostOrigin(target: AppTarget, caller: Caller): Promise<string> {
  const port = LOCALHOST_PORTS.first + (nextLocalhostPort++ % LOCALHOST_PORTS.count);
  const response = await httpOf(target)
    .post('/api/v1/merchant/origins')
    .set(caller.headers)
    .send({ origin: `http://localhost:${port}` })
    .expect(201);
  return (response.body as { id: string }).id;
}

/**
 * Adds an https origin (a new `https://<random>.shop.example` unless given) to the caller's merchant
 * and marks it VERIFIED in the database, as a DNS check would leave it; answers its id and origin.
 */
export async function addVerifiedOrigin(
  target: AppTarget,
  caller: Caller,
  origin = `https://${randomUUID().slice(0, 8)}.shop.example`,
): Promise<{ id: string; origin: string }> {
  const added = await httpOf(target).post('/api/v1/merchant/origins').set(caller.headers).send({ origin }).expect(201);
  const id = (added.body as { id: string }).id;
  await dbOf(target).query(
    `UPDATE merchant_origins SET status = 'VERIFIED', verification_method = 'DNS_TXT', verified_at = now() WHERE id = $1`,
    [id],
  );
  return { id, origin };
}

/**
 * PATCH /admin/merchants/{id}/settlement-account by the target's ADMIN, expecting 200: an NGN account
 * at bank 058 (account 012345678's NUBAN, "SHOP LTD") unless `fields` say otherwise. It starts unverified.
 */
export async function setSettlementAccount(
  target: AppTarget,
  merchantId: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const admin = await adminOf(target);
  await httpOf(target)
    .patch(`/api/v1/admin/merchants/${merchantId}/settlement-account`)
    .set(admin.headers)
    .send({
      bankCode: '058',
      accountNumber: nubanFor('058', '012345678'),
      accountName: 'SHOP LTD',
      currency: 'NGN',
      ...fields,
    })
    .expect(200);
}

/**
 * Marks the merchant's current settlement account VERIFIED in the database (verification, a name
 * match, comes with payouts), its hold on payouts ending at `payoutsHeldUntil`.
 */
export async function verifySettlementAccount(target: AppTarget, merchantId: string, payoutsHeldUntil: Date) {
  await dbOf(target).query(
    `UPDATE merchant_settlement_accounts SET status = 'VERIFIED', payouts_held_until = $2
      WHERE merchant_id = $1 AND replaced_at IS NULL`,
    [merchantId, payoutsHeldUntil],
  );
}
