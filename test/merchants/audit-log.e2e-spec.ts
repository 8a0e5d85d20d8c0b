import { randomUUID } from 'node:crypto';
import { AccessTokenService } from '../../src/platform/auth/access-token.service';
import type { ActiveMerchantSession } from '../../src/platform/auth/merchant-credentials';
import type { MerchantRole } from '../../src/platform/auth/principal';
import { bearer, createCustomer } from '../factories/customer.factory';
import { patchKyb, registerMerchant } from '../factories/merchant.factory';
import { expectCataloguedApiError } from '../support/assertions';
import {
  StubMerchantApiKeys,
  stubMerchantCredentials,
  StubMerchantSessions,
} from '../support/merchant-credential-stubs';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface AuditPage {
  items: {
    id: string;
    action: string;
    actor: { role: string; type: string };
    target: { type: string };
    details: object;
  }[];
  nextCursor: string | null;
}

/**
 * The audit log's route with the merchant guard fed by stand-in verifiers: sessions of a given
 * role on a real merchant, whose log the admin routes below fill.
 */
describe('Merchants: the audit log route', () => {
  let harness: TestHarness;
  const sessions = new StubMerchantSessions();
  const keys = new StubMerchantApiKeys();
  let merchantId: string;
  let otherMerchantId: string;

  beforeAll(async () => {
    harness = await createTestHarness({ override: stubMerchantCredentials(sessions, keys) });
    merchantId = (await registerMerchant(harness)).merchant.id;
    otherMerchantId = (await registerMerchant(harness)).merchant.id;
    await patchKyb(harness, merchantId, {
      status: 'ACTION_REQUIRED',
      reasonCode: 'more.needed',
      requirements: ['TAX_CLEARANCE'],
    });
    await patchKyb(harness, merchantId, { status: 'REJECTED', reasonCode: 'rejected.other' });
    await patchKyb(harness, otherMerchantId, { status: 'APPROVED' });
  });

  afterAll(async () => {
    await harness.close();
  });

  function tokenFor(role: MerchantRole, merchant = merchantId): string {
    const session: ActiveMerchantSession = {
      userId: randomUUID(),
      email: `${role.toLowerCase()}@merchant.example`,
      merchantId: merchant,
      membershipId: randomUUID(),
      role,
    };
    const sessionId = randomUUID();
    sessions.active.set(sessionId, session);
    return harness.app.get(AccessTokenService).issueMerchant({ ...session, sessionId }).token;
  }

  const read = (token: string, query: Record<string, string | number> = {}) =>
    harness.http.get('/api/v1/merchant/audit-log').query(query).set(bearer(token));

  it("shows the merchant's own entries newest first, with actor, target and details", async () => {
    const response = await read(tokenFor('OWNER')).expect(200);
    const page = response.body as AuditPage;
    expect(page.items.map((item) => item.action)).toEqual([
      'KYB_STATUS_CHANGED',
      'KYB_STATUS_CHANGED',
      'MERCHANT_REGISTERED',
    ]);
    expect(page.items[0]).toMatchObject({
      actor: { type: 'STAFF', role: 'PLATFORM_STAFF' },
      target: { type: 'merchant' },
      details: { from: 'ACTION_REQUIRED', to: 'REJECTED' },
    });
    expect(page.nextCursor).toBeNull();
    const other = (await read(tokenFor('ADMIN', otherMerchantId)).expect(200)).body as AuditPage;
    expect(other.items.map((item) => item.action)).toEqual(['KYB_STATUS_CHANGED', 'MERCHANT_REGISTERED']);
  });

  it('pages with the cursor and filters by action and actor role', async () => {
    const token = tokenFor('ADMIN');
    const first = (await read(token, { size: 2 }).expect(200)).body as AuditPage;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = (await read(token, { size: 2, cursor: first.nextCursor! }).expect(200)).body as AuditPage;
    expect(second.items.map((item) => item.action)).toEqual(['MERCHANT_REGISTERED']);
    expect(second.nextCursor).toBeNull();
    const registered = (await read(token, { action: 'MERCHANT_REGISTERED' }).expect(200)).body as AuditPage;
    expect(registered.items).toHaveLength(1);
    const byStaff = (await read(token, { actor: 'PLATFORM_STAFF' }).expect(200)).body as AuditPage;
    expect(byStaff.items.map((item) => item.actor.role)).toEqual(['PLATFORM_STAFF', 'PLATFORM_STAFF']);
    expect(((await read(token, { actor: 'OWNER' }).expect(200)).body as AuditPage).items).toEqual([]);
    // Both filters at once, and a filtered page after a cursor.
    const both = { action: 'KYB_STATUS_CHANGED', actor: 'PLATFORM_STAFF' };
    const bothFirst = (await read(token, { ...both, size: 1 }).expect(200)).body as AuditPage;
    expect(bothFirst.items.map((item) => item.details)).toEqual([
      expect.objectContaining({ from: 'ACTION_REQUIRED', to: 'REJECTED' }),
    ]);
    const bothSecond = (await read(token, { ...both, size: 1, cursor: bothFirst.nextCursor! }).expect(200))
      .body as AuditPage;
    expect(bothSecond.items.map((item) => [item.action, item.actor.role])).toEqual([
      ['KYB_STATUS_CHANGED', 'PLATFORM_STAFF'],
    ]);
    expect(bothSecond.items[0].id).not.toBe(bothFirst.items[0].id);
    const none = { action: 'MERCHANT_REGISTERED', actor: 'PLATFORM_STAFF' };
    expect(((await read(token, none).expect(200)).body as AuditPage).items).toEqual([]);
  });

  it.each([
    ['a cursor that does not decode', { cursor: 'not a cursor' }, 'INVALID_CURSOR'],
    [
      'a cursor of another shape',
      { cursor: Buffer.from('["x","not-a-uuid"]').toString('base64url') },
      'INVALID_CURSOR',
    ],
    ['an unknown action', { action: 'DELETED_EVERYTHING' }, 'VALIDATION_FAILED'],
    ['an unknown actor role', { actor: 'ROOT' }, 'VALIDATION_FAILED'],
    ['size 0', { size: 0 }, 'VALIDATION_FAILED'],
    ['size 101', { size: 101 }, 'VALIDATION_FAILED'],
  ])('answers 400 to %s', async (_label, query, code) => {
    const response = await read(tokenFor('OWNER'), query).expect(400);
    expectCataloguedApiError(response.body, code);
  });

  it('is for owners and admins, people only', async () => {
    for (const role of ['DEVELOPER', 'ANALYST'] as const) {
      expectCataloguedApiError((await read(tokenFor(role)).expect(403)).body, 'FORBIDDEN');
    }
    const key = `sk_test_${'k'.repeat(43)}`;
    keys.keys.set(key, { kind: 'merchant-api-key', apiKeyId: randomUUID(), merchantId, livemode: false });
    expectCataloguedApiError((await read(key).expect(403)).body, 'HUMAN_CONTEXT_REQUIRED');
    const customer = await createCustomer(harness);
    expectCataloguedApiError((await read(customer.accessToken).expect(403)).body, 'MERCHANT_CONTEXT_REQUIRED');
    await harness.http.get('/api/v1/merchant/audit-log').expect(401);
  });

  it('is append-only in the database', async () => {
    await expect(
      harness.db.query(`DELETE FROM merchant_audit_log WHERE merchant_id = $1`, [merchantId]),
    ).rejects.toThrow(/append-only/);
  });
});
