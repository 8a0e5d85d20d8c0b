import type { TestingModuleBuilder } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { PUBLIC_ONLY } from '../../src/platform/outbound/address-policy';
import { DnsResolver } from '../../src/platform/outbound/dns-resolver';
import { OutboundTrust } from '../../src/platform/outbound/outbound-trust';
import { registerMerchant } from '../factories/merchant.factory';
import { MerchantMember, merchantOwnerOf, teamMemberOf } from '../factories/merchant-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { HttpsTestServer, makeTestCertificates, startHttpsTestServer } from '../support/https-test-server';
import { TestDnsResolver } from '../support/test-dns-resolver';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface OriginBody {
  id: string;
  origin: string;
  status: 'PENDING' | 'VERIFIED';
  testModeOnly: boolean;
  verifiedAt: string | null;
  verificationMethod: string | null;
  lastCheckedAt: string | null;
  lastError: string | null;
  challenge: {
    token: string;
    dns: { type: string; name: string; value: string };
    http: { url: string; body: string };
  } | null;
  createdAt: string;
}

const CHALLENGE_PATH = '/.well-known/paysvc-verification.txt';
/** Addresses the origin check must never reach without the loopback setting, each behind a name. */
const FORBIDDEN: Record<string, string> = {
  'loopback.origins.test': '127.0.0.1',
  'loopback6.origins.test': '::1',
  'mapped.origins.test': '::ffff:127.0.0.1',
  'metadata.origins.test': '169.254.169.254',
  'private.origins.test': '10.1.2.3',
};

describe('Merchant origins: add, list, verify by DNS TXT or HTTPS file through the outbound guard, delete', () => {
  const resolver = new TestDnsResolver();
  const files = new Map<string, { status: number; body: string; headers?: Record<string, string> }>();
  let server: HttpsTestServer;
  /** Loopback allowed (the test setting): the HTTPS file is served by the local test server. */
  let harness: TestHarness;
  /** The defaults: no loopback; everything else the same. */
  let strict: TestHarness;

  beforeAll(async () => {
    const certificates = makeTestCertificates(['*.origins.test']);
    server = await startHttpsTestServer(certificates, (request, response) => {
      const file = files.get(request.headers.host ?? '');
      if (request.url !== CHALLENGE_PATH || !file) return void response.writeHead(404).end('not here');
      response.writeHead(file.status, file.headers).end(file.body);
    });
    for (const [name, address] of Object.entries(FORBIDDEN)) resolver.addresses.set(name, [address]);
    // Both trust the test server's authority; only `harness` may reach loopback, where it runs.
    const override = (trust: OutboundTrust) => (builder: TestingModuleBuilder) =>
      builder.overrideProvider(DnsResolver).useValue(resolver).overrideProvider(OutboundTrust).useValue(trust);
    harness = await createTestHarness({
      redisNamespace: 'origins',
      override: override(new OutboundTrust({ allowLoopback: true }, [certificates.caPem])),
    });
    strict = await createTestHarness({
      redisNamespace: 'origins-strict',
      config: { MERCHANT_ORIGIN_VERIFICATIONS_PER_HOUR: '3' },
      override: override(new OutboundTrust(PUBLIC_ONLY, [certificates.caPem])),
    });
  });

  afterAll(async () => {
    await harness?.close();
    await strict?.close();
    await server?.close();
  });

  async function ownerOn(target: TestHarness): Promise<{ merchantId: string; owner: MerchantMember }> {
    const { merchant } = await registerMerchant(target);
    return { merchantId: merchant.id, owner: await merchantOwnerOf(target, merchant) };
  }
  const add = (target: TestHarness, caller: MerchantMember, origin: string) =>
    target.http.post('/api/v1/merchant/origins').set(caller.headers).send({ origin });
  const list = (target: TestHarness, caller: MerchantMember) =>
    target.http.get('/api/v1/merchant/origins').set(caller.headers);
  const verify = (target: TestHarness, caller: MerchantMember, id: string) =>
    target.http.post(`/api/v1/merchant/origins/${id}/verify`).set(caller.headers);
  const remove = (target: TestHarness, caller: MerchantMember, id: string) =>
    target.http.delete(`/api/v1/merchant/origins/${id}`).set(caller.headers);

  async function auditOf(target: TestHarness, merchantId: string) {
    return target.db.query<
      { action: string; actor_role: string; target_id: string; details: Record<string, unknown> }[]
    >(
      `SELECT action, actor_role, target_id, details FROM merchant_audit_log
        WHERE merchant_id = $1 AND action LIKE 'ORIGIN\\_%' ORDER BY id`,
      [merchantId],
    );
  }

  /** A name of the test's own resolving to the local server, for one test. */
  function servedName(label: string): string {
    const name = `${label}-${randomUUID().slice(0, 8)}.origins.test`;
    resolver.addresses.set(name, ['127.0.0.1']);
    return name;
  }

  it('adds an origin PENDING in canonical form with its own challenge, lists it, and audits the addition', async () => {
    const { merchantId, owner } = await ownerOn(harness);
    const response = await add(harness, owner, 'https://Bücher.Example:443/').expect(201);
    const origin = response.body as OriginBody;
    expect(origin).toEqual({
      id: expect.any(String),
      origin: 'https://xn--bcher-kva.example',
      status: 'PENDING',
      testModeOnly: false,
      verifiedAt: null,
      verificationMethod: null,
      lastCheckedAt: null,
      lastError: null,
      challenge: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        dns: {
          type: 'TXT',
          name: '_paysvc-challenge.xn--bcher-kva.example',
          value: `paysvc-verification=${origin.challenge?.token}`,
        },
        http: { url: `https://xn--bcher-kva.example${CHALLENGE_PATH}`, body: origin.challenge?.token },
      },
      createdAt: expect.any(String),
    });
    const second = (await add(harness, owner, 'https://pay.shop.example:8443').expect(201)).body as OriginBody;
    expect(second.challenge?.token).not.toBe(origin.challenge?.token);
    expect(second.challenge?.http.url).toBe(`https://pay.shop.example:8443${CHALLENGE_PATH}`);
    expect(second.challenge?.dns.name).toBe('_paysvc-challenge.pay.shop.example');

    expect((await list(harness, owner).expect(200)).body).toEqual([origin, second]);
    const [row] = await harness.db.query<{ origin: string; status: string; challenge_token: string }[]>(
      `SELECT origin, status, challenge_token FROM merchant_origins WHERE id = $1`,
      [origin.id],
    );
    expect(row).toEqual({
      origin: 'https://xn--bcher-kva.example',
      status: 'PENDING',
      challenge_token: origin.challenge?.token,
    });
    expect((await auditOf(harness, merchantId))[0]).toEqual({
      action: 'ORIGIN_ADDED',
      actor_role: 'OWNER',
      target_id: origin.id,
      details: { origin: 'https://xn--bcher-kva.example', testModeOnly: false, status: 'PENDING' },
    });
  });

  it('refuses what is not a strict https origin (400 ORIGIN_INVALID), IP literals in every form included', async () => {
    const { owner } = await ownerOn(harness);
    for (const input of [
      'http://shop.example',
      'https://shop.example/checkout',
      'https://shop.example?x=1',
      'https://shop.example#a',
      'https://user:pw@shop.example',
      'https://*.shop.example',
      'https://127.0.0.1',
      'https://[::1]',
      'https://[::ffff:127.0.0.1]',
      'https://169.254.169.254',
      'https://localhost',
      'shop.example',
    ]) {
      const response = await add(harness, owner, input).expect(400);
      expectCataloguedApiError(response.body, 'ORIGIN_INVALID');
      expect((response.body as { details: { field: string }[] }).details[0].field).toBe('origin');
    }
    expect((await list(harness, owner).expect(200)).body).toEqual([]);
  });

  it('answers 409 ORIGIN_ALREADY_EXISTS for the same origin in any spelling; another merchant may have it too', async () => {
    const { owner } = await ownerOn(harness);
    await add(harness, owner, 'https://shop.example').expect(201);
    for (const spelling of ['https://shop.example', 'https://SHOP.example:443/']) {
      expectCataloguedApiError((await add(harness, owner, spelling).expect(409)).body, 'ORIGIN_ALREADY_EXISTS');
    }
    const other = await ownerOn(harness);
    await add(harness, other.owner, 'https://shop.example').expect(201);
  });

  it('verifies http://localhost[:port] at once, for test mode only, without a challenge', async () => {
    const { owner } = await ownerOn(harness);
    const origin = (await add(harness, owner, 'http://localhost:3000').expect(201)).body as OriginBody;
    expect(origin).toMatchObject({
      origin: 'http://localhost:3000',
      status: 'VERIFIED',
      testModeOnly: true,
      verificationMethod: 'LOCALHOST',
      verifiedAt: expect.any(String),
      challenge: null,
    });
    expect((await verify(harness, owner, origin.id).expect(200)).body).toEqual(origin);
  });

  it('holds at most 20 origins per merchant (422 ORIGIN_LIMIT_REACHED); a deletion makes room', async () => {
    const { owner } = await ownerOn(harness);
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      ids.push(((await add(harness, owner, `https://s${index}.limit.example`).expect(201)).body as OriginBody).id);
    }
    expectCataloguedApiError(
      (await add(harness, owner, 'https://s20.limit.example').expect(422)).body,
      'ORIGIN_LIMIT_REACHED',
    );
    await remove(harness, owner, ids[0]).expect(204);
    await add(harness, owner, 'https://s20.limit.example').expect(201);
  });

  it('keeps the limit under concurrent additions: 25 at once, exactly 20 stored', async () => {
    const { merchantId, owner } = await ownerOn(harness);
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_unused, index) => add(harness, owner, `https://c${index}.race.example`)),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      ...Array<number>(20).fill(201),
      ...Array<number>(5).fill(422),
    ]);
    const [{ count }] = await harness.db.query<{ count: string }[]>(
      `SELECT count(*) FROM merchant_origins WHERE merchant_id = $1`,
      [merchantId],
    );
    expect(Number(count)).toBe(20);
  });

  it('verifies by DNS TXT: 422 with what each method found until the record exists, then VERIFIED; audited both ways', async () => {
    const { merchantId, owner } = await ownerOn(harness);
    const origin = (await add(harness, owner, 'https://dns-shop.example').expect(201)).body as OriginBody;
    const challenge = origin.challenge!;

    resolver.txt.set(challenge.dns.name, [['v=spf1 -all'], ['paysvc-verification=', 'not-the-token']]);
    const failed = await verify(harness, owner, origin.id).expect(422);
    expectCataloguedApiError(failed.body, 'ORIGIN_CHALLENGE_NOT_FOUND');
    expect((failed.body as { details: unknown }).details).toEqual([
      { field: 'dns', message: `2 TXT record(s) at ${challenge.dns.name}, none equal to the challenge value` },
      { field: 'http', message: `${challenge.http.url}: the name has no address` },
    ]);
    const pending = ((await list(harness, owner).expect(200)).body as OriginBody[])[0];
    expect(pending).toMatchObject({
      status: 'PENDING',
      lastCheckedAt: expect.any(String),
      lastError: expect.stringContaining('dns: 2 TXT'),
    });

    // A long record comes in chunks; they are joined before comparing.
    resolver.txt.set(challenge.dns.name, [
      ['v=spf1 -all'],
      [challenge.dns.value.slice(0, 30), challenge.dns.value.slice(30)],
    ]);
    const verified = (await verify(harness, owner, origin.id).expect(200)).body as OriginBody;
    expect(verified).toMatchObject({
      id: origin.id,
      status: 'VERIFIED',
      verificationMethod: 'DNS_TXT',
      verifiedAt: expect.any(String),
      lastError: null,
    });
    expect((await list(harness, owner).expect(200)).body).toEqual([verified]);
    expect((await auditOf(harness, merchantId)).map((entry) => [entry.action, entry.target_id, entry.details])).toEqual(
      [
        ['ORIGIN_ADDED', origin.id, expect.anything()],
        [
          'ORIGIN_VERIFY_FAILED',
          origin.id,
          { origin: origin.origin, findings: (failed.body as { details: unknown }).details },
        ],
        ['ORIGIN_VERIFIED', origin.id, { origin: origin.origin, method: 'DNS_TXT' }],
      ],
    );
  });

  it('verifies by the HTTPS file on the vetted, pinned address, with the name as Host; a wrong body, a 404 or a redirect is 422', async () => {
    const { owner } = await ownerOn(harness);
    const name = servedName('file');
    const host = `${name}:${server.port}`;
    const origin = (await add(harness, owner, `https://${host}`).expect(201)).body as OriginBody;
    const token = origin.challenge!.token;
    const httpDetail = async () => {
      const response = await verify(harness, owner, origin.id).expect(422);
      expectCataloguedApiError(response.body, 'ORIGIN_CHALLENGE_NOT_FOUND');
      return (response.body as { details: { field: string; message: string }[] }).details[1];
    };

    expect(await httpDetail()).toEqual({
      field: 'http',
      message: `${origin.challenge!.http.url} answered 404, not 200`,
    });
    files.set(host, { status: 200, body: 'someone else' });
    expect((await httpDetail()).message).toContain('does not hold the challenge token');
    files.set(host, { status: 302, body: '', headers: { location: `https://${host}/elsewhere` } });
    const before = server.received.length;
    expect((await httpDetail()).message).toContain('answered 302: redirects are not followed');
    expect(server.received.slice(before)).toEqual([`${host} ${CHALLENGE_PATH}`]);

    files.set(host, { status: 200, body: `${token}\n` });
    const verified = (await verify(harness, owner, origin.id).expect(200)).body as OriginBody;
    expect(verified).toMatchObject({ status: 'VERIFIED', verificationMethod: 'HTTP_FILE', lastError: null });
    expect(server.received.at(-1)).toBe(`${host} ${CHALLENGE_PATH}`);
  });

  it('without the loopback setting refuses 127.0.0.1, ::1, ::ffff:127.0.0.1, 169.254.169.254 and a private address, before connecting, and never shows them', async () => {
    const { merchantId, owner } = await ownerOn(strict);
    const connections = server.connections;
    for (const [name, address] of Object.entries(FORBIDDEN)) {
      const host = `${name}:${server.port}`;
      const origin = (await add(strict, owner, `https://${host}`).expect(201)).body as OriginBody;
      files.set(host, { status: 200, body: origin.challenge!.token });
      const response = await verify(strict, owner, origin.id).expect(422);
      expectCataloguedApiError(response.body, 'ORIGIN_CHALLENGE_NOT_FOUND');
      expect((response.body as { details: unknown }).details).toEqual([
        { field: 'dns', message: `no TXT record at _paysvc-challenge.${name}` },
        { field: 'http', message: `${origin.challenge!.http.url}: the name leads to an address that is not public` },
      ]);
      expect(JSON.stringify(response.body)).not.toContain(address);
    }
    expect(server.connections).toBe(connections);
    const audit = JSON.stringify(await auditOf(strict, merchantId));
    for (const address of Object.values(FORBIDDEN)) expect(audit).not.toContain(address);

    // The same kind of origin, on a name resolving to loopback, passes where the setting allows loopback.
    const allowed = await ownerOn(harness);
    const host = `${servedName('allowed')}:${server.port}`;
    const origin = (await add(harness, allowed.owner, `https://${host}`).expect(201)).body as OriginBody;
    files.set(host, { status: 200, body: origin.challenge!.token });
    await verify(harness, allowed.owner, origin.id).expect(200);
  });

  it('limits checks per origin (429 with Retry-After); another origin keeps its own budget', async () => {
    const { owner } = await ownerOn(strict);
    const first = (await add(strict, owner, 'https://limited.example').expect(201)).body as OriginBody;
    const second = (await add(strict, owner, 'https://other-limited.example').expect(201)).body as OriginBody;
    for (let attempt = 0; attempt < 3; attempt += 1) await verify(strict, owner, first.id).expect(422);
    const limited = await verify(strict, owner, first.id).expect(429);
    expectCataloguedApiError(limited.body, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    await verify(strict, owner, second.id).expect(422);
  });

  it("answers 404 for another merchant's origin; deletes once (204, then 404), audited", async () => {
    const { merchantId, owner } = await ownerOn(harness);
    const stranger = await ownerOn(harness);
    const origin = (await add(harness, owner, 'https://delete-me.example').expect(201)).body as OriginBody;
    await verify(harness, stranger.owner, origin.id).expect(404);
    expectCataloguedApiError((await remove(harness, stranger.owner, origin.id).expect(404)).body, 'NOT_FOUND');
    expect((await list(harness, stranger.owner).expect(200)).body).toEqual([]);

    await remove(harness, owner, origin.id).expect(204);
    await remove(harness, owner, origin.id).expect(404);
    await verify(harness, owner, origin.id).expect(404);
    await remove(harness, owner, randomUUID()).expect(404);
    await remove(harness, owner, 'nope').expect(400);
    expect((await list(harness, owner).expect(200)).body).toEqual([]);
    const removed = (await auditOf(harness, merchantId)).filter((entry) => entry.action === 'ORIGIN_REMOVED');
    expect(removed).toEqual([
      {
        action: 'ORIGIN_REMOVED',
        actor_role: 'OWNER',
        target_id: origin.id,
        details: { origin: 'https://delete-me.example', status: 'PENDING', testModeOnly: false },
      },
    ]);
  });

  it('is for the OWNER and DEVELOPERs: a DEVELOPER adds and verifies, ADMIN and ANALYST get 403', async () => {
    const { merchantId, owner } = await ownerOn(harness);
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const origin = (await add(harness, developer, 'http://localhost:8080').expect(201)).body as OriginBody;
    for (const role of ['ADMIN', 'ANALYST'] as const) {
      const member = await teamMemberOf(harness, owner, role);
      expectCataloguedApiError((await list(harness, member).expect(403)).body, 'FORBIDDEN');
      expectCataloguedApiError((await remove(harness, member, origin.id).expect(403)).body, 'FORBIDDEN');
    }
    expect((await auditOf(harness, merchantId))[0]).toMatchObject({ action: 'ORIGIN_ADDED', actor_role: 'DEVELOPER' });
  });
});
