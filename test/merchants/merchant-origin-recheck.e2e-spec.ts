import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MerchantOriginRecheck } from '../../src/modules/merchants/origins/merchant-origin-recheck';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import {
  MERCHANT_PASSWORD,
  MerchantMember,
  merchantLogin,
  merchantOwnerOf,
  MerchantTokens,
} from '../factories/merchant-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { HttpsTestServer, makeTestCertificates, startHttpsTestServer } from '../support/https-test-server';
import type { IsolatedDatabase } from '../support/isolated-database';
import { TestDnsResolver } from '../support/test-dns-resolver';
import type { TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { startOutboundMerchantsApp } from './support/merchants-worker';

interface OriginRow {
  status: string;
  verification_method: string | null;
  verified_at: Date | null;
  last_checked_at: Date | null;
  last_error: string | null;
  failing_since: Date | null;
  recheck_claimed_until: Date | null;
}

const CHALLENGE_PATH = '/.well-known/paysvc-verification.txt';
const DAY = 86_400_000;

describe('Merchant origins: the weekly re-check of verified origins (worker)', () => {
  const clock = new FakeClock();
  /**
   * A database of the spec's own: the re-check, run with the clock days ahead, claims every verified
   * origin then due, whoever's, and through this spec's resolver would find other specs' origins
   * failing.
   */
  let database: IsolatedDatabase;
  /** Its names resolve to the local HTTPS server; no TXT record anywhere. */
  const resolver = new TestDnsResolver();
  /** The challenge file each host serves (host:port → token); absent → 404. */
  const files = new Map<string, string>();
  let server: HttpsTestServer;
  let harness: TestHarness;
  let worker: INestApplicationContext;
  let owner: MerchantMember;
  let merchantId: string;
  let live: string;

  beforeAll(async () => {
    const certificates = makeTestCertificates(['*.recheck.test']);
    server = await startHttpsTestServer(certificates, (request, response) => {
      const token = files.get(request.headers.host ?? '');
      if (request.url !== CHALLENGE_PATH || token === undefined) return void response.writeHead(404).end('not here');
      response.writeHead(200).end(token);
    });
    ({ database, harness, worker } = await startOutboundMerchantsApp({
      redisNamespace: 'origin-recheck',
      clock,
      resolver,
      caPem: certificates.caPem,
    }));

    const { merchant } = await approvedMerchant(harness);
    merchantId = merchant.id;
    owner = await merchantOwnerOf(harness, merchant);
    live = (await createApiKey(harness, owner, true)).secret;
  });

  afterAll(async () => {
    await worker?.close();
    await harness?.close();
    await server?.close();
    await database?.drop();
  });

  /** The owner's headers, signed in again (the clock moves past an access token's life). */
  async function ownerHeaders(): Promise<Record<string, string>> {
    const login = await merchantLogin(harness, { email: owner.email, password: MERCHANT_PASSWORD }).expect(200);
    return { Authorization: `Bearer ${(login.body as MerchantTokens).accessToken}` };
  }

  /** The repeatable's work, as its tick runs it. */
  const runDue = () => worker.get(MerchantOriginRecheck).runDue();

  /** An https origin of the merchant on the local server, serving its challenge and verified by it. */
  async function verifiedOrigin(label: string): Promise<{ id: string; origin: string; host: string }> {
    const name = `${label}-${randomUUID().slice(0, 8)}.recheck.test`;
    resolver.addresses.set(name, ['127.0.0.1']);
    const host = `${name}:${server.port}`;
    const headers = await ownerHeaders();
    const added = await harness.http
      .post('/api/v1/merchant/origins')
      .set(headers)
      .send({ origin: `https://${host}` })
      .expect(201);
    const { id, origin, challenge } = added.body as { id: string; origin: string; challenge: { token: string } };
    files.set(host, challenge.token);
    const verified = await harness.http.post(`/api/v1/merchant/origins/${id}/verify`).set(headers).expect(200);
    expect(verified.body).toMatchObject({ status: 'VERIFIED', verificationMethod: 'HTTP_FILE' });
    return { id, origin, host };
  }

  const rowOf = async (id: string) =>
    (await harness.db.query<OriginRow[]>(`SELECT * FROM merchant_origins WHERE id = $1`, [id]))[0];
  const lapsedAudit = () =>
    harness.db.query<{ actor_type: string; actor_role: string; target_id: string; details: Record<string, unknown> }[]>(
      `SELECT actor_type, actor_role, target_id, details FROM merchant_audit_log
        WHERE merchant_id = $1 AND action = 'ORIGIN_VERIFICATION_LAPSED' ORDER BY id`,
      [merchantId],
    );
  const liveSession = (origin: string) =>
    harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set({ Authorization: `Bearer ${live}`, 'Idempotency-Key': randomUUID() })
      .send({
        amount: 250000,
        currency: 'NGN',
        merchantReference: `order-${randomUUID().slice(0, 8)}`,
        successUrl: `${origin}/paid`,
        cancelUrl: `${origin}/cart`,
      });
  const requestsFor = (host: string) => server.received.filter((line) => line.includes(host)).length;

  it('re-checks a week after the last check: served stays VERIFIED; removed is recorded, then after 7 days failing goes PENDING, audited and e-mailed', async () => {
    const served = await verifiedOrigin('served');
    const removed = await verifiedOrigin('removed');
    const localhost = (
      await harness.http.post('/api/v1/merchant/origins').set(owner.headers).send({ origin: 'http://localhost:4242' })
    ).body as { id: string };
    const verifiedAt = (await rowOf(served.id)).verified_at;

    // Nothing is due within the week.
    clock.advance(6 * DAY);
    await runDue();
    expect((await rowOf(served.id)).last_checked_at).toEqual(verifiedAt);

    files.delete(removed.host);
    clock.advance(2 * DAY);
    const firstFailure = clock.now();
    await runDue();
    expect(await rowOf(served.id)).toMatchObject({
      status: 'VERIFIED',
      verification_method: 'HTTP_FILE',
      verified_at: verifiedAt,
      last_checked_at: clock.now(),
      last_error: null,
      failing_since: null,
      recheck_claimed_until: null,
    });
    expect(await rowOf(removed.id)).toMatchObject({
      status: 'VERIFIED',
      last_checked_at: clock.now(),
      last_error: expect.stringContaining(`https://${removed.host}${CHALLENGE_PATH} answered 404, not 200`),
      failing_since: firstFailure,
      recheck_claimed_until: null,
    });
    // Test-mode localhost origins are never re-checked.
    expect(await rowOf(localhost.id)).toMatchObject({ status: 'VERIFIED', last_checked_at: null });
    // Still verified within the 7 days: live sessions may still return to it; the merchant sees the finding.
    await liveSession(removed.origin).expect(201);
    const listed = (
      await harness.http
        .get('/api/v1/merchant/origins')
        .set(await ownerHeaders())
        .expect(200)
    ).body as {
      id: string;
      status: string;
      lastError: string | null;
      lastCheckedAt: string;
    }[];
    expect(listed.find((origin) => origin.id === removed.id)).toMatchObject({
      status: 'VERIFIED',
      lastError: expect.stringContaining('answered 404'),
      lastCheckedAt: clock.now().toISOString(),
    });

    // While failing it is checked daily; the served one is not due again for a week.
    const servedRequests = requestsFor(served.host);
    clock.advance(DAY);
    await runDue();
    expect(requestsFor(served.host)).toBe(servedRequests);
    expect(await rowOf(removed.id)).toMatchObject({
      status: 'VERIFIED',
      last_checked_at: clock.now(),
      failing_since: firstFailure,
    });
    for (let day = 2; day < 7; day += 1) {
      clock.advance(DAY);
      await runDue();
      expect((await rowOf(removed.id)).status).toBe('VERIFIED');
    }
    expect(await lapsedAudit()).toEqual([]);

    // Seven days after the first failure, still failing: back to PENDING.
    clock.advance(DAY);
    await runDue();
    expect(await rowOf(removed.id)).toMatchObject({
      status: 'PENDING',
      verification_method: null,
      verified_at: null,
      last_checked_at: clock.now(),
      last_error: expect.stringContaining('answered 404'),
      failing_since: null,
    });
    expect(await lapsedAudit()).toEqual([
      {
        actor_type: 'SYSTEM',
        actor_role: 'SYSTEM',
        target_id: removed.id,
        details: expect.objectContaining({
          origin: removed.origin,
          method: 'HTTP_FILE',
          failingSince: firstFailure.toISOString(),
        }),
      },
    ]);
    const [merchant] = await harness.db.query<{ contact_email: string }[]>(
      `SELECT contact_email FROM merchants WHERE id = $1`,
      [merchantId],
    );
    const mail = await waitFor(
      async () =>
        (
          (await harness.http.get('/api/v1/dev/messages').query({ email: merchant.contact_email }).expect(200))
            .body as { subject?: string; body: string }[]
        ).find((message) => message.body.includes(removed.origin)),
      (message) => message !== undefined,
      'the lapsed notice',
    );
    expect(mail).toMatchObject({ subject: 'An origin is no longer verified' });
    expect(mail?.body).toContain('no longer verified');

    // Live redirect URLs on it are refused now; the served origin still takes them.
    const refused = await liveSession(removed.origin).expect(422);
    expectCataloguedApiError(refused.body, 'REDIRECT_URL_NOT_ALLOWED');
    await liveSession(served.origin).expect(201);
    // A PENDING origin is not re-checked: the merchant verifies it again.
    const removedRequests = requestsFor(removed.host);
    clock.advance(8 * DAY);
    await runDue();
    expect(requestsFor(removed.host)).toBe(removedRequests);
    expect(await lapsedAudit()).toHaveLength(1);
  });

  it('a success after failures clears the run of failures', async () => {
    const origin = await verifiedOrigin('flaky');
    const token = files.get(origin.host) as string;
    files.delete(origin.host);
    clock.advance(8 * DAY);
    await runDue();
    expect(await rowOf(origin.id)).toMatchObject({ status: 'VERIFIED', failing_since: clock.now() });
    files.set(origin.host, token);
    clock.advance(DAY);
    await runDue();
    expect(await rowOf(origin.id)).toMatchObject({
      status: 'VERIFIED',
      last_checked_at: clock.now(),
      last_error: null,
      failing_since: null,
    });
  });

  it('never checks one origin twice when runs overlap (the claim), and leaves it to the next week', async () => {
    const origins = await Promise.all(['a', 'b', 'c', 'd'].map((label) => verifiedOrigin(`overlap-${label}`)));
    const before = origins.map((origin) => requestsFor(origin.host));
    clock.advance(8 * DAY);
    const runs = await Promise.all([runDue(), runDue(), runDue()]);
    expect(runs.reduce((sum, run) => sum + run.checked, 0)).toBeGreaterThanOrEqual(origins.length);
    expect(origins.map((origin) => requestsFor(origin.host))).toEqual(before.map((count) => count + 1));
    for (const origin of origins) {
      expect(await rowOf(origin.id)).toMatchObject({ status: 'VERIFIED', last_checked_at: clock.now() });
    }
  });
});
