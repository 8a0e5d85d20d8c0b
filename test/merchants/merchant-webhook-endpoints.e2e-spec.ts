import type { TestingModuleBuilder } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { FieldCipher } from '../../src/platform/crypto/field-cipher';
import { DnsResolver } from '../../src/platform/outbound/dns-resolver';
import { registerMerchant } from '../factories/merchant.factory';
import { MerchantMember, merchantOwnerOf, teamMemberOf } from '../factories/merchant-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { TestDnsResolver } from '../support/test-dns-resolver';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface EndpointBody {
  id: string;
  url: string;
  description: string | null;
  enabledEvents: string[];
  livemode: boolean;
  status: 'ENABLED' | 'DISABLED';
  disabledReason: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
/** Names leading to addresses no endpoint may use (without the loopback test setting). */
const FORBIDDEN: Record<string, string> = {
  'loopback.hooks.test': '127.0.0.1',
  'loopback6.hooks.test': '::1',
  'mapped.hooks.test': '::ffff:127.0.0.1',
  'metadata.hooks.test': '169.254.169.254',
  'private.hooks.test': '10.1.2.3',
};

describe('Merchant webhook endpoints: register (URL vetted by the outbound guard), list, change, rotate, delete', () => {
  const resolver = new TestDnsResolver();
  const clock = new FakeClock();
  let harness: TestHarness;

  beforeAll(async () => {
    resolver.addresses.set('shop.hooks.test', ['93.184.215.14']);
    resolver.addresses.set('other.hooks.test', ['2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
    for (const [name, address] of Object.entries(FORBIDDEN)) resolver.addresses.set(name, [address]);
    harness = await createTestHarness({
      redisNamespace: 'webhook-endpoints',
      clock,
      override: (builder: TestingModuleBuilder) => builder.overrideProvider(DnsResolver).useValue(resolver),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function newOwner(): Promise<{ merchantId: string; owner: MerchantMember }> {
    const { merchant } = await registerMerchant(harness);
    return { merchantId: merchant.id, owner: await merchantOwnerOf(harness, merchant) };
  }
  const base = '/api/v1/merchant/webhook-endpoints';
  const create = (caller: MerchantMember, body: Record<string, unknown>) =>
    harness.http.post(base).set(caller.headers).send(body);
  const list = (caller: MerchantMember) => harness.http.get(base).set(caller.headers);
  const patch = (caller: MerchantMember, id: string, body: Record<string, unknown>) =>
    harness.http.patch(`${base}/${id}`).set(caller.headers).send(body);
  const remove = (caller: MerchantMember, id: string) => harness.http.delete(`${base}/${id}`).set(caller.headers);
  const rotate = (caller: MerchantMember, id: string) =>
    harness.http.post(`${base}/${id}/rotate-secret`).set(caller.headers);

  async function auditOf(merchantId: string) {
    return harness.db.query<
      { action: string; actor_role: string; target_id: string; details: Record<string, unknown> }[]
    >(
      `SELECT action, actor_role, target_id, details FROM merchant_audit_log
        WHERE merchant_id = $1 AND action LIKE 'WEBHOOK\\_%' ORDER BY id`,
      [merchantId],
    );
  }

  async function storedSecrets(id: string): Promise<{ current: string; previous: string | null; raw: string }> {
    const [row] = await harness.db.query<{ secret_sealed: string; previous_secret_sealed: string | null }[]>(
      `SELECT secret_sealed, previous_secret_sealed FROM merchant_webhook_endpoints WHERE id = $1`,
      [id],
    );
    const cipher = harness.app.get(FieldCipher);
    const open = (sealed: string) => cipher.decrypt('merchants.webhook-endpoint-secret', id, sealed);
    return {
      current: open(row.secret_sealed),
      previous: row.previous_secret_sealed === null ? null : open(row.previous_secret_sealed),
      raw: `${row.secret_sealed} ${row.previous_secret_sealed}`,
    };
  }

  it('registers an endpoint (test mode by default) with a whsec_ secret shown once and sealed at rest; lists both modes; audited', async () => {
    const { merchantId, owner } = await newOwner();
    const response = await create(owner, {
      url: 'https://shop.hooks.test/paysvc?source=1',
      enabledEvents: ['kyb.status_changed'],
      description: 'Orders',
    }).expect(201);
    const created = response.body as EndpointBody;
    expect(created).toEqual({
      id: expect.any(String),
      url: 'https://shop.hooks.test/paysvc?source=1',
      description: 'Orders',
      enabledEvents: ['kyb.status_changed'],
      livemode: false,
      status: 'ENABLED',
      disabledReason: null,
      previousSecretExpiresAt: null,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
      secret: expect.stringMatching(SECRET),
    });
    expect(Buffer.from(created.secret!.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const stored = await storedSecrets(created.id);
    expect(stored.current).toBe(created.secret);
    expect(stored.raw).not.toContain(created.secret!.slice('whsec_'.length));

    const live = (
      await create(owner, { url: 'https://other.hooks.test/', enabledEvents: ['*'], livemode: true }).expect(201)
    ).body as EndpointBody;
    expect(live).toMatchObject({ livemode: true, enabledEvents: ['*'], description: null });
    expect(live.secret).not.toBe(created.secret);

    const { secret: _first, ...firstListed } = created;
    const { secret: _second, ...secondListed } = live;
    expect((await list(owner).expect(200)).body).toEqual([firstListed, secondListed]);
    expect(JSON.stringify((await list(owner)).body)).not.toContain('whsec_');

    const audit = await auditOf(merchantId);
    expect(audit).toEqual([
      {
        action: 'WEBHOOK_ENDPOINT_CREATED',
        actor_role: 'OWNER',
        target_id: created.id,
        details: { url: created.url, livemode: false, enabledEvents: ['kyb.status_changed'] },
      },
      {
        action: 'WEBHOOK_ENDPOINT_CREATED',
        actor_role: 'OWNER',
        target_id: live.id,
        details: { url: 'https://other.hooks.test/', livemode: true, enabledEvents: ['*'] },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('refuses URLs that are not https or lead to a non-public address (400 WEBHOOK_URL_INVALID), naming no address', async () => {
    const { owner } = await newOwner();
    const refused = async (url: string, message: string) => {
      const response = await create(owner, { url, enabledEvents: ['*'] }).expect(400);
      expectCataloguedApiError(response.body, 'WEBHOOK_URL_INVALID');
      expect((response.body as { details: unknown }).details).toEqual([{ field: 'url', message }]);
      return response;
    };
    await refused('http://shop.hooks.test/', 'is not https');
    await refused('https://user:pw@shop.hooks.test/', 'holds user information');
    await refused('https://shop.hooks.test/#top', 'has a fragment');
    await refused('not a url', 'is not a URL');
    await refused('https://nowhere.hooks.test/', 'the name has no address');
    for (const [name, address] of Object.entries(FORBIDDEN)) {
      const response = await refused(`https://${name}/hook`, 'the name leads to an address that is not public');
      expect(JSON.stringify(response.body)).not.toContain(address);
    }
    for (const literal of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      await refused(literal, 'the name leads to an address that is not public');
    }
    expect((await list(owner).expect(200)).body).toEqual([]);
  });

  it('refuses unknown event types and "*" mixed with others (400 WEBHOOK_EVENT_TYPE_UNKNOWN), and malformed bodies (400)', async () => {
    const { owner } = await newOwner();
    const unknown = await create(owner, {
      url: 'https://shop.hooks.test/',
      enabledEvents: ['kyb.status_changed', 'payment.exploded'],
    }).expect(400);
    expectCataloguedApiError(unknown.body, 'WEBHOOK_EVENT_TYPE_UNKNOWN');
    expect((unknown.body as { details: unknown }).details).toEqual([
      { field: 'enabledEvents', message: 'payment.exploded' },
    ]);
    expectCataloguedApiError(
      (await create(owner, { url: 'https://shop.hooks.test/', enabledEvents: ['*', 'kyb.status_changed'] }).expect(400))
        .body,
      'WEBHOOK_EVENT_TYPE_UNKNOWN',
    );
    for (const body of [
      {},
      { url: 'https://shop.hooks.test/' },
      { url: 'https://shop.hooks.test/', enabledEvents: [] },
      { url: 'https://shop.hooks.test/', enabledEvents: ['*'], livemode: 'yes' },
      { url: 42, enabledEvents: ['*'] },
    ]) {
      expectCataloguedApiError((await create(owner, body).expect(400)).body, 'VALIDATION_FAILED');
    }
    expect((await list(owner).expect(200)).body).toEqual([]);
  });

  it('holds at most 16 endpoints per merchant and mode (422 WEBHOOK_ENDPOINT_LIMIT_REACHED); the other mode has its own room', async () => {
    const { owner } = await newOwner();
    for (let index = 0; index < 16; index += 1) {
      await create(owner, { url: `https://shop.hooks.test/${index}`, enabledEvents: ['*'] }).expect(201);
    }
    expectCataloguedApiError(
      (await create(owner, { url: 'https://shop.hooks.test/16', enabledEvents: ['*'] }).expect(422)).body,
      'WEBHOOK_ENDPOINT_LIMIT_REACHED',
    );
    await create(owner, { url: 'https://shop.hooks.test/live', enabledEvents: ['*'], livemode: true }).expect(201);
  });

  it('changes the URL (vetted again), the events, the description and the status; audited with what changed', async () => {
    const { merchantId, owner } = await newOwner();
    const created = (await create(owner, { url: 'https://shop.hooks.test/', enabledEvents: ['*'] }).expect(201))
      .body as EndpointBody;
    clock.advanceSeconds(60);
    const refused = await patch(owner, created.id, { url: 'https://metadata.hooks.test/' }).expect(400);
    expectCataloguedApiError(refused.body, 'WEBHOOK_URL_INVALID');
    expectCataloguedApiError(
      (await patch(owner, created.id, { enabledEvents: ['nope'] }).expect(400)).body,
      'WEBHOOK_EVENT_TYPE_UNKNOWN',
    );
    expectCataloguedApiError(
      (await patch(owner, created.id, { status: 'PAUSED' }).expect(400)).body,
      'VALIDATION_FAILED',
    );

    const changed = (
      await patch(owner, created.id, {
        url: 'https://other.hooks.test/v2',
        enabledEvents: ['kyb.status_changed'],
        description: 'v2',
        status: 'DISABLED',
      }).expect(200)
    ).body as EndpointBody;
    expect(changed).toEqual({
      ...created,
      secret: undefined,
      url: 'https://other.hooks.test/v2',
      enabledEvents: ['kyb.status_changed'],
      description: 'v2',
      status: 'DISABLED',
      disabledReason: 'MERCHANT',
      updatedAt: clock.now().toISOString(),
    });
    const enabled = (await patch(owner, created.id, { status: 'ENABLED', description: null }).expect(200))
      .body as EndpointBody;
    expect(enabled).toMatchObject({ status: 'ENABLED', disabledReason: null, description: null });
    expect((await list(owner).expect(200)).body).toEqual([enabled]);
    const updates = (await auditOf(merchantId)).filter((entry) => entry.action === 'WEBHOOK_ENDPOINT_UPDATED');
    expect(updates.map((entry) => entry.details)).toEqual([
      {
        changed: ['url', 'enabledEvents', 'description', 'status'],
        url: 'https://other.hooks.test/v2',
        enabledEvents: ['kyb.status_changed'],
        status: 'DISABLED',
      },
      {
        changed: ['description', 'status'],
        url: 'https://other.hooks.test/v2',
        enabledEvents: ['kyb.status_changed'],
        status: 'ENABLED',
      },
    ]);
  });

  it('rotates the secret: a new one shown once, the previous kept sealed for 24 h; audited without secrets', async () => {
    const { merchantId, owner } = await newOwner();
    const created = (await create(owner, { url: 'https://shop.hooks.test/', enabledEvents: ['*'] }).expect(201))
      .body as EndpointBody;
    const rotated = (await rotate(owner, created.id).expect(200)).body as EndpointBody;
    expect(rotated).toMatchObject({
      id: created.id,
      secret: expect.stringMatching(SECRET),
      previousSecretExpiresAt: new Date(clock.now().getTime() + 24 * 3600 * 1000).toISOString(),
    });
    expect(rotated.secret).not.toBe(created.secret);
    expect(await storedSecrets(created.id)).toMatchObject({ current: rotated.secret, previous: created.secret });
    expect(((await list(owner).expect(200)).body as EndpointBody[])[0]).not.toHaveProperty('secret');
    const entry = (await auditOf(merchantId)).find((row) => row.action === 'WEBHOOK_ENDPOINT_SECRET_ROTATED');
    expect(entry).toMatchObject({ actor_role: 'OWNER', target_id: created.id });
    expect(JSON.stringify(entry)).not.toContain('whsec_');
  });

  it("deletes once (204, then 404); another merchant's endpoint is 404 on every route; a bad id 400; no token 401", async () => {
    const { merchantId, owner } = await newOwner();
    const stranger = (await newOwner()).owner;
    const created = (await create(owner, { url: 'https://shop.hooks.test/', enabledEvents: ['*'] }).expect(201))
      .body as EndpointBody;
    const foreign = [
      () => patch(stranger, created.id, { description: 'mine' }),
      () => remove(stranger, created.id),
      () => rotate(stranger, created.id),
      () => harness.http.post(`${base}/${created.id}/test`).set(stranger.headers),
      () => harness.http.get(`${base}/${created.id}/deliveries`).set(stranger.headers),
      () => harness.http.post(`${base}/${created.id}/deliveries/${randomUUID()}/retry`).set(stranger.headers),
    ];
    for (const send of foreign) expectCataloguedApiError((await send().expect(404)).body, 'NOT_FOUND');
    expect((await list(stranger).expect(200)).body).toEqual([]);
    await harness.http.post(`${base}/${created.id}/deliveries/${randomUUID()}/retry`).set(owner.headers).expect(404);
    await patch(owner, 'nope', {}).expect(400);
    await harness.http.get(base).expect(401);
    await harness.http
      .post(base)
      .send({ url: 'https://shop.hooks.test/', enabledEvents: ['*'] })
      .expect(401);

    await remove(owner, created.id).expect(204);
    await remove(owner, created.id).expect(404);
    await rotate(owner, created.id).expect(404);
    expect((await list(owner).expect(200)).body).toEqual([]);
    const deleted = (await auditOf(merchantId)).filter((entry) => entry.action === 'WEBHOOK_ENDPOINT_DELETED');
    expect(deleted).toEqual([
      {
        action: 'WEBHOOK_ENDPOINT_DELETED',
        actor_role: 'OWNER',
        target_id: created.id,
        details: { url: 'https://shop.hooks.test/', livemode: false },
      },
    ]);
  });

  it('is for the OWNER and DEVELOPERs: a DEVELOPER registers, ADMIN and ANALYST get 403, an API key 403', async () => {
    const { merchantId, owner } = await newOwner();
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const created = (await create(developer, { url: 'https://shop.hooks.test/', enabledEvents: ['*'] }).expect(201))
      .body as EndpointBody;
    for (const role of ['ADMIN', 'ANALYST'] as const) {
      const member = await teamMemberOf(harness, owner, role);
      expectCataloguedApiError((await list(member).expect(403)).body, 'FORBIDDEN');
      expectCataloguedApiError((await rotate(member, created.id).expect(403)).body, 'FORBIDDEN');
    }
    const key = await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({}).expect(201);
    const keyed = await harness.http
      .get(base)
      .set({ Authorization: `Bearer ${(key.body as { secret: string }).secret}` })
      .expect(403);
    expectCataloguedApiError(keyed.body, 'HUMAN_CONTEXT_REQUIRED');
    expect((await auditOf(merchantId))[0]).toMatchObject({
      action: 'WEBHOOK_ENDPOINT_CREATED',
      actor_role: 'DEVELOPER',
    });
  });
});
