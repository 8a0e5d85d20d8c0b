import { SchedulerRegistry } from '@nestjs/schedule';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { MerchantApiKeyUsage } from '../../src/modules/merchants';
import { SECRET_PURPOSE } from '../../src/modules/merchants/api-keys/merchant-api-keys.service';
import { MerchantsConfig } from '../../src/modules/merchants/merchants.config';
import { KeyedHash } from '../../src/platform/crypto/keyed-hash';
import { REDIS } from '../../src/platform/redis/redis.module';
import { bearer, createCustomer } from '../factories/customer.factory';
import { approvedMerchant, patchKyb, registerMerchant } from '../factories/merchant.factory';
import { MerchantMember, merchantOwnerOf, teamMemberOf } from '../factories/merchant-user.factory';
import { adminOf } from '../factories/staff-user.factory';
import { MerchantProbeController } from '../platform/support/merchant-probe.controller';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface KeyBody {
  id: string;
  name: string;
  livemode: boolean;
  prefix: string;
  last4: string;
  status: string;
  secret?: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

describe('Merchant API keys: issue, list, revoke, verify, live keys after approval', () => {
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ controllers: [MerchantProbeController] });
  });

  afterAll(async () => {
    await harness.close();
  });

  const http = () => harness.http;
  const createKey = (caller: MerchantMember, body: Record<string, unknown> = {}) =>
    http().post('/api/v1/merchant/api-keys').set(caller.headers).send(body);
  const listKeys = (caller: MerchantMember) => http().get('/api/v1/merchant/api-keys').set(caller.headers);
  const probeKey = (secret: string) => http().get('/api/v1/merchant-probe/keys').set(bearer(secret));

  async function ownerOf(approved: boolean) {
    const { merchant } = approved ? await approvedMerchant(harness) : await registerMerchant(harness);
    return { merchant, owner: await merchantOwnerOf(harness, merchant) };
  }

  async function auditOf(merchantId: string, action: string) {
    return harness.db.query<{ actor_role: string; target_id: string; details: Record<string, unknown> }[]>(
      `SELECT actor_role, target_id, details FROM merchant_audit_log WHERE merchant_id = $1 AND action = $2 ORDER BY id`,
      [merchantId, action],
    );
  }

  it('issues a test key shown once, stored only as a hash, audited without the secret', async () => {
    const { merchant, owner } = await ownerOf(false);
    const response = await createKey(owner, { name: ' Checkout server ' }).expect(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const key = response.body as KeyBody;
    expect(key).toEqual({
      id: expect.any(String),
      name: 'Checkout server',
      livemode: false,
      prefix: key.secret?.slice(0, 14),
      last4: key.secret?.slice(-4),
      status: 'ACTIVE',
      createdAt: expect.any(String),
      createdBy: 'USER',
      createdByUserId: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      secret: expect.stringMatching(/^sk_test_[A-Za-z0-9_-]{43}$/),
    });
    const secret = key.secret as string;
    const [row] = await harness.db.query<{ secret_hash: string; prefix: string }[]>(
      `SELECT secret_hash, prefix FROM merchant_api_keys WHERE id = $1`,
      [key.id],
    );
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(14));

    const listed = await listKeys(owner).expect(200);
    const { secret: _shownOnce, ...summary } = key;
    expect(listed.body).toEqual([summary]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(14));

    const [entry] = await auditOf(merchant.id, 'API_KEY_CREATED');
    expect(entry).toMatchObject({
      actor_role: 'OWNER',
      target_id: key.id,
      details: { name: 'Checkout server', livemode: false, prefix: key.prefix, last4: key.last4 },
    });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('authenticates with the key: merchant, mode and key id on the principal; a wrong key is 401', async () => {
    const { merchant, owner } = await ownerOf(true);
    const test = (await createKey(owner).expect(201)).body as KeyBody;
    const live = (await createKey(owner, { livemode: true }).expect(201)).body as KeyBody;
    expect(live.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(live.name).toBe('Live key');
    expect((await probeKey(test.secret as string).expect(200)).body).toEqual({
      kind: 'merchant-api-key',
      apiKeyId: test.id,
      merchantId: merchant.id,
      livemode: false,
    });
    expect((await probeKey(live.secret as string).expect(200)).body).toMatchObject({ livemode: true });

    // Same prefix, another secret; a key of the right shape nobody issued; the wrong mode.
    const tampered = `${(test.secret as string).slice(0, -1)}${(test.secret as string).endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      tampered,
      `sk_test_${'x'.repeat(43)}`,
      (test.secret as string).replace('sk_test_', 'sk_live_'),
    ]) {
      expectCataloguedApiError((await probeKey(forged).expect(401)).body, 'UNAUTHENTICATED');
    }
    // Keys are for the merchant API: the dashboard's people-only routes refuse them.
    expectCataloguedApiError(
      (
        await http()
          .get('/api/v1/merchant/me')
          .set(bearer(test.secret as string))
          .expect(403)
      ).body,
      'HUMAN_CONTEXT_REQUIRED',
    );
    expectCataloguedApiError(
      (
        await http()
          .get('/api/v1/merchant/api-keys')
          .set(bearer(test.secret as string))
          .expect(403)
      ).body,
      'HUMAN_CONTEXT_REQUIRED',
    );
  });

  it('flushes last uses on an interval of the API process, registered in the scheduler registry', () => {
    expect(harness.app.get(SchedulerRegistry).getIntervals()).toContain('merchant-api-key-usage-flush');
  });

  it('keeps lastUsedAt from batched writes, not one per request', async () => {
    const { owner } = await ownerOf(false);
    const key = (await createKey(owner).expect(201)).body as KeyBody;
    const usage = harness.app.get(MerchantApiKeyUsage);
    await usage.flush();
    for (let count = 0; count < 3; count += 1) await probeKey(key.secret as string).expect(200);
    const before = (await listKeys(owner).expect(200)).body as KeyBody[];
    expect(before[0].lastUsedAt).toBeNull();
    await usage.flush();
    const after = (await listKeys(owner).expect(200)).body as KeyBody[];
    expect(after[0].lastUsedAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(after[0].lastUsedAt as string)).toBeLessThan(60_000);
  });

  it('writes the last uses still in memory when an API process shuts down', async () => {
    const { owner } = await ownerOf(false);
    const key = (await createKey(owner).expect(201)).body as KeyBody;
    const other = await createTestHarness({ controllers: [MerchantProbeController] });
    try {
      await other.http
        .get('/api/v1/merchant-probe/keys')
        .set(bearer(key.secret as string))
        .expect(200);
    } finally {
      await other.close();
    }
    const [row] = await harness.db.query<{ last_used_at: Date | null }[]>(
      `SELECT last_used_at FROM merchant_api_keys WHERE id = $1`,
      [key.id],
    );
    expect(row.last_used_at).toBeInstanceOf(Date);
  });

  it('needs an APPROVED merchant for live keys (422), test keys work from the start', async () => {
    const { merchant, owner } = await ownerOf(false);
    const refused = await createKey(owner, { livemode: true }).expect(422);
    expectCataloguedApiError(refused.body, 'MERCHANT_NOT_APPROVED');
    await createKey(owner, { livemode: false }).expect(201);
    expect((await patchKyb(harness, merchant.id, { status: 'APPROVED' })).status).toBe(200);
    await createKey(owner, { livemode: true }).expect(201);
  });

  it('revokes: the summary answers, the key stops at once, a second revoke and a stranger get 404', async () => {
    const { merchant, owner } = await ownerOf(false);
    const other = await ownerOf(false);
    const key = (await createKey(owner).expect(201)).body as KeyBody;
    await probeKey(key.secret as string).expect(200);
    await http().delete(`/api/v1/merchant/api-keys/${key.id}`).set(other.owner.headers).expect(404);
    const revoked = await http().delete(`/api/v1/merchant/api-keys/${key.id}`).set(owner.headers).expect(200);
    expect(revoked.body).toMatchObject({ id: key.id, status: 'REVOKED', revokedAt: expect.any(String) });
    expect(revoked.body).not.toHaveProperty('secret');
    expectCataloguedApiError((await probeKey(key.secret as string).expect(401)).body, 'UNAUTHENTICATED');
    await http().delete(`/api/v1/merchant/api-keys/${key.id}`).set(owner.headers).expect(404);
    await http().delete(`/api/v1/merchant/api-keys/${randomUUID()}`).set(owner.headers).expect(404);
    await http().delete('/api/v1/merchant/api-keys/nope').set(owner.headers).expect(400);
    const listed = (await listKeys(owner).expect(200)).body as KeyBody[];
    expect(listed.map((item) => [item.id, item.status])).toEqual([[key.id, 'REVOKED']]);
    expect(await auditOf(merchant.id, 'API_KEY_REVOKED')).toEqual([
      expect.objectContaining({ actor_role: 'OWNER', target_id: key.id }),
    ]);
  });

  it('verifies a key from the Redis cache after its first request: revoked behind the service (no mark), it answers until its entry goes; a forged key is never stored', async () => {
    const { merchant, owner } = await ownerOf(false);
    const key = (await createKey(owner).expect(201)).body as KeyBody;
    const secret = key.secret as string;
    const redis = harness.app.get<Redis>(REDIS);
    const entryOf = (raw: string) => `merchants:api-key:${harness.app.get(KeyedHash).digest(SECRET_PURPOSE, raw)}`;
    expect(await redis.get(entryOf(secret))).toBeNull();

    await probeKey(secret).expect(200);
    expect(JSON.parse((await redis.get(entryOf(secret))) ?? 'null')).toEqual({
      kind: 'merchant-api-key',
      apiKeyId: key.id,
      merchantId: merchant.id,
      livemode: false,
    });
    const ttl = await redis.ttl(entryOf(secret));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(harness.configuration.get(MerchantsConfig).MERCHANT_API_KEY_CACHE_TTL_SECONDS);

    // Revoked in PostgreSQL alone, as a revocation whose mark Redis did not take: the cached entry
    // answers until it lapses (MERCHANT_API_KEY_CACHE_TTL_SECONDS), and PostgreSQL after.
    await harness.db.query(
      `UPDATE merchant_api_keys SET revoked_at = now(), revoked_reason = 'REVOKED_BY_MERCHANT' WHERE id = $1`,
      [key.id],
    );
    await probeKey(secret).expect(200);
    await redis.del(entryOf(secret));
    expectCataloguedApiError((await probeKey(secret).expect(401)).body, 'UNAUTHENTICATED');
    expect(await redis.get(entryOf(secret))).toBeNull();

    const forged = `sk_test_${'y'.repeat(43)}`;
    await probeKey(forged).expect(401);
    await probeKey(forged).expect(401);
    expect(await redis.get(entryOf(forged))).toBeNull();
  });

  it("revokes live keys and ends the people's sessions when the KYB is REJECTED; test keys stay", async () => {
    const { merchant, owner } = await ownerOf(true);
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const live = (await createKey(owner, { livemode: true }).expect(201)).body as KeyBody;
    const test = (await createKey(owner).expect(201)).body as KeyBody;
    const admin = await adminOf(harness);
    expect(
      (await patchKyb(harness, merchant.id, { status: 'SUSPENDED', reasonCode: 'review.outcome' }, admin)).status,
    ).toBe(200);
    await probeKey(live.secret as string).expect(200);
    const rejected = await patchKyb(harness, merchant.id, { status: 'REJECTED', reasonCode: 'rejected.fraud' }, admin);
    expect(rejected.status).toBe(200);
    await probeKey(live.secret as string).expect(401);
    await probeKey(test.secret as string).expect(200);
    // The people lose the dashboard at once, not when their access tokens run out.
    for (const person of [owner, developer]) {
      expectCataloguedApiError(
        (await http().get('/api/v1/merchant/me').set(person.headers).expect(401)).body,
        'UNAUTHENTICATED',
      );
      await http().post('/api/v1/merchant/auth/refresh').send({ refreshToken: person.refreshToken }).expect(401);
    }
    const [row] = await harness.db.query<{ revoked_reason: string }[]>(
      `SELECT revoked_reason FROM merchant_api_keys WHERE id = $1`,
      [live.id],
    );
    expect(row.revoked_reason).toBe('MERCHANT_REJECTED');
    const [entry] = await auditOf(merchant.id, 'KYB_STATUS_CHANGED').then((rows) => rows.slice(-1));
    expect(entry.details).toMatchObject({ to: 'REJECTED', revokedLiveKeys: 1, endedSessions: 2 });
  });

  it('caps active keys per mode (422 API_KEY_LIMIT_REACHED) and validates the request', async () => {
    const { owner } = await ownerOf(false);
    for (let count = 0; count < 25; count += 1) await createKey(owner).expect(201);
    expectCataloguedApiError((await createKey(owner).expect(422)).body, 'API_KEY_LIMIT_REACHED');
    for (const body of [{ name: '' }, { name: 'x'.repeat(101) }, { livemode: 'yes' }, { scope: 'all' }]) {
      expectCataloguedApiError((await createKey(owner, body).expect(400)).body, 'VALIDATION_FAILED');
    }
  });

  it('is for the OWNER and DEVELOPERs: ADMIN and ANALYST get 403', async () => {
    const { owner } = await ownerOf(false);
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    await createKey(developer).expect(201);
    await listKeys(developer).expect(200);
    for (const role of ['ADMIN', 'ANALYST'] as const) {
      const member = await teamMemberOf(harness, owner, role);
      expectCataloguedApiError((await listKeys(member).expect(403)).body, 'FORBIDDEN');
      expectCataloguedApiError((await createKey(member).expect(403)).body, 'FORBIDDEN');
    }
  });

  describe('POST /admin/merchants/{id}/api-keys', () => {
    it('issues a key on the merchant’s behalf (200), audited as platform staff, with the same rules', async () => {
      const admin = await adminOf(harness);
      const { merchant } = await registerMerchant(harness);
      const issue = (merchantId: string, body: Record<string, unknown>) =>
        http().post(`/api/v1/admin/merchants/${merchantId}/api-keys`).set(admin.headers).send(body);
      const issued = await issue(merchant.id, { name: 'Onboarding' }).expect(200);
      expect(issued.body).toMatchObject({
        livemode: false,
        createdBy: 'STAFF',
        secret: expect.stringMatching(/^sk_test_/),
      });
      await probeKey(issued.body.secret).expect(200);
      expectCataloguedApiError(
        (await issue(merchant.id, { livemode: true }).expect(422)).body,
        'MERCHANT_NOT_APPROVED',
      );
      await issue(randomUUID(), {}).expect(404);
      const [entry] = await auditOf(merchant.id, 'API_KEY_CREATED');
      expect(entry).toMatchObject({ actor_role: 'PLATFORM_STAFF', target_id: issued.body.id });

      const customer = await createCustomer(harness);
      await http().post(`/api/v1/admin/merchants/${merchant.id}/api-keys`).set(customer.headers).send({}).expect(403);
    });
  });
});
