import type { INestApplicationContext } from '@nestjs/common';
import type { Job } from 'bull';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { MerchantBalanceReleases } from '../../src/modules/merchants/ledger/merchant-balance-releases';
import { MerchantsConfig } from '../../src/modules/merchants/merchants.config';
import { newId } from '../../src/platform/database/new-id';
import { WebhookDeliveryQueue } from '../../src/modules/merchants/webhooks/webhook-queues';
import { buildOpenApiDocument } from '../../src/platform/openapi/openapi-document';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import type { OutboxEventJob } from '../../src/platform/queue/queues';
import { approvedMerchant, patchKyb, registerMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import {
  MERCHANT_PASSWORD,
  MerchantMember,
  merchantLogin,
  merchantOwnerOf,
  MerchantTokens,
} from '../factories/merchant-user.factory';
import { outboxEventJob, outboxEventsOf } from '../factories/outbox-event.factory';
import { FakeClock } from '../support/fake-clock';
import { HttpsTestServer, makeTestCertificates, startHttpsTestServer } from '../support/https-test-server';
import type { IsolatedDatabase } from '../support/isolated-database';
import { TestDnsResolver } from '../support/test-dns-resolver';
import type { TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { startOutboundMerchantsApp } from './support/merchants-worker';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Attempt {
  attemptNumber: number;
  manual: boolean;
  status: 'SUCCEEDED' | 'FAILED';
  responseStatus: number | null;
  responseBodySnippet: string | null;
  failure: string | null;
  durationMs: number;
  nextAttemptAt: string | null;
  attemptedAt: string;
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
  attempts: Attempt[];
}

interface Endpoint {
  id: string;
  url: string;
  livemode: boolean;
  status: string;
  disabledReason: string | null;
  secret: string;
}

const MINUTE = 60_000;
const DAY = 24 * 3600 * 1000;
const DELIVERIES_QUEUE = 'merchant-webhook-deliveries';
const EVENTS_QUEUE = 'merchant-webhook-events';
const MAINTENANCE_QUEUE = 'merchant-webhook-maintenance';

/** Standard Webhooks headers as the receiver got them, for `Webhook.verify`. */
function signatureHeaders(request: Received): Record<string, string> {
  return {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
}

describe('Merchant webhook deliveries: outbox events and test events, signed as Standard Webhooks, retried, recorded', () => {
  const resolver = new TestDnsResolver();
  const clock = new FakeClock();
  /** What each path answers; 200 "ok" unless set. */
  const answers = new Map<string, { status: number; body: string }>();
  const received: Received[] = [];
  let server: HttpsTestServer;
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    const certificates = makeTestCertificates(['*.hooks.test']);
    server = await startHttpsTestServer(certificates, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = answers.get(path) ?? { status: 200, body: 'ok' };
        response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
      });
    });
    resolver.addresses.set('receiver.hooks.test', ['127.0.0.1']);
    // The receiver is on loopback, under the test's own authority. A database of its own: the purge
    // runs with the clock a month ahead, over every merchant's rows.
    ({ database, harness, worker } = await startOutboundMerchantsApp({
      redisNamespace: 'webhook-deliveries',
      clock,
      resolver,
      caPem: certificates.caPem,
    }));
  });

  // Each test starts at the real time: receivers verify timestamps against their own clock.
  afterEach(() => clock.advance(Date.now() - clock.now().getTime()));

  afterAll(async () => {
    await worker?.close();
    await harness?.close();
    await server?.close();
    await database?.drop();
  });

  const base = '/api/v1/merchant/webhook-endpoints';
  const queue = (name: string) => worker.get(QueueRegistry).get(name);

  async function newOwner(): Promise<{ merchantId: string; owner: MerchantMember }> {
    const { merchant } = await registerMerchant(harness);
    return { merchantId: merchant.id, owner: await merchantOwnerOf(harness, merchant) };
  }

  /** An endpoint on the local receiver at a path of its own. */
  async function endpointOf(
    owner: MerchantMember,
    body: Record<string, unknown> = {},
  ): Promise<Endpoint & { path: string }> {
    const path = `/hooks/${randomUUID()}`;
    const response = await harness.http
      .post(base)
      .set(owner.headers)
      .send({ url: `https://receiver.hooks.test:${server.port}${path}`, enabledEvents: ['*'], ...body })
      .expect(201);
    return { ...(response.body as Endpoint), path };
  }

  const deliveriesOf = async (owner: MerchantMember, endpointId: string) =>
    (await harness.http.get(`${base}/${endpointId}/deliveries`).set(owner.headers).expect(200)).body as Delivery[];

  /** Waits until the endpoint's newest delivery has `attempts` attempts; answers it. */
  async function deliveryAfter(owner: MerchantMember, endpointId: string, attempts: number): Promise<Delivery> {
    return waitFor(
      async () => (await deliveriesOf(owner, endpointId))[0],
      (delivery) => delivery !== undefined && delivery.attempts.length >= attempts,
      `delivery with ${attempts} attempt(s)`,
    );
  }

  /** The member signed in again (after the clock moved past the access token's life). */
  async function signedInAgain(member: MerchantMember): Promise<MerchantMember> {
    const login = await merchantLogin(harness, { email: member.email, password: MERCHANT_PASSWORD }).expect(200);
    const tokens = login.body as MerchantTokens;
    return { ...member, ...tokens, headers: { Authorization: `Bearer ${tokens.accessToken}` } };
  }

  const requestsTo = (path: string) => received.filter((request) => request.path === path);

  /**
   * The outbox events of an aggregate (a merchant for KYB events, a session for a session's) as
   * the relay would publish them to the webhooks' queue (the relay is not run here).
   */
  async function publishOutboxEvents(aggregateId: string, eventType: string): Promise<string[]> {
    const rows = await outboxEventsOf(harness, aggregateId, eventType);
    for (const row of rows) {
      await queue(EVENTS_QUEUE).add(row.event_type, outboxEventJob(row), { jobId: row.id });
    }
    return rows.map((row) => row.id);
  }

  /** Moves the delivery's delayed job (its backoff) to now, as if its time had come. */
  async function promote(deliveryId: string): Promise<void> {
    const job = (await waitFor(
      async () => {
        const found = await queue(DELIVERIES_QUEUE).getJob(deliveryId);
        return found && (await found.getState()) === 'delayed' ? found : null;
      },
      (found) => found !== null,
      'delayed delivery job',
    )) as Job;
    await job.promote();
  }

  it('delivers a KYB change from the outbox to the live endpoints subscribed, signed as Standard Webhooks with the outbox event id', async () => {
    const { merchantId, owner } = await newOwner();
    const live = await endpointOf(owner, { livemode: true, enabledEvents: ['kyb.status_changed'] });
    const test = await endpointOf(owner, { livemode: false });
    const disabled = await endpointOf(owner, { livemode: true });
    await harness.http.patch(`${base}/${disabled.id}`).set(owner.headers).send({ status: 'DISABLED' }).expect(200);

    expect((await patchKyb(harness, merchantId, { status: 'APPROVED' })).status).toBe(200);
    const [eventId] = await publishOutboxEvents(merchantId, 'merchant.kyb_status_changed');
    const delivery = await deliveryAfter(owner, live.id, 1);

    expect(delivery).toMatchObject({ eventId, eventType: 'kyb.status_changed', status: 'SUCCEEDED', attemptCount: 1 });
    expect(delivery.attempts).toEqual([
      {
        attemptNumber: 1,
        manual: false,
        status: 'SUCCEEDED',
        responseStatus: 200,
        responseBodySnippet: 'ok',
        failure: null,
        durationMs: expect.any(Number),
        nextAttemptAt: null,
        attemptedAt: clock.now().toISOString(),
      },
    ]);
    const [request] = requestsTo(live.path);
    expect(request.headers).toMatchObject({
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(clock.now().getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
      'content-type': 'application/json',
      'paysvc-event-type': 'kyb.status_changed',
    });
    expect(request.headers).not.toHaveProperty('cookie');
    expect(request.headers).not.toHaveProperty('authorization');
    const payload = new Webhook(live.secret).verify(request.body, signatureHeaders(request));
    expect(payload).toEqual({
      id: eventId,
      type: 'kyb.status_changed',
      createdAt: expect.any(String),
      livemode: true,
      apiVersion: 'v1',
      data: { object: { merchantId, status: 'APPROVED', previousStatus: 'PENDING', reasonCode: null } },
    });

    // The test-mode endpoint and the disabled one heard nothing; publishing again delivers nothing new.
    await publishOutboxEvents(merchantId, 'merchant.kyb_status_changed');
    await queue(EVENTS_QUEUE).add('again', (await queue(EVENTS_QUEUE).getJob(eventId))!.data as OutboxEventJob, {
      jobId: `${eventId}:again`,
    });
    await waitFor(
      async () => (await queue(EVENTS_QUEUE).getJob(`${eventId}:again`))?.getState(),
      (state) => state === 'completed',
      'the repeated event handled',
    );
    expect(await deliveriesOf(owner, test.id)).toEqual([]);
    expect(await deliveriesOf(owner, disabled.id)).toEqual([]);
    expect(await deliveriesOf(owner, live.id)).toHaveLength(1);
    expect(requestsTo(live.path)).toHaveLength(1);
  });

  it('redelivers an event to every endpoint it went to, same id and body; 404 for another merchant, an unknown id, or after 30 days', async () => {
    const { merchantId, owner: first } = await newOwner();
    let owner = first;
    const one = await endpointOf(owner, { livemode: true });
    const two = await endpointOf(owner, { livemode: true });
    expect((await patchKyb(harness, merchantId, { status: 'APPROVED' })).status).toBe(200);
    const [eventId] = await publishOutboxEvents(merchantId, 'merchant.kyb_status_changed');
    await deliveryAfter(owner, one.id, 1);
    await deliveryAfter(owner, two.id, 1);

    const response = await harness.http
      .post(`/api/v1/merchant/events/${eventId}/redeliver`)
      .set(owner.headers)
      .expect(202);
    const listed = response.body as Delivery[];
    expect(listed.map((delivery) => delivery.eventId)).toEqual([eventId, eventId]);
    for (const endpoint of [one, two]) {
      const delivery = await deliveryAfter(owner, endpoint.id, 2);
      expect(delivery.attempts[1]).toMatchObject({ attemptNumber: 2, manual: true, status: 'SUCCEEDED' });
      const [before, after] = requestsTo(endpoint.path);
      expect(after.headers['webhook-id']).toBe(eventId);
      expect(after.body).toBe(before.body);
      expect(new Webhook(endpoint.secret).verify(after.body, signatureHeaders(after))).toBeTruthy();
    }

    const stranger = (await newOwner()).owner;
    await harness.http.post(`/api/v1/merchant/events/${eventId}/redeliver`).set(stranger.headers).expect(404);
    await harness.http.post(`/api/v1/merchant/events/${randomUUID()}/redeliver`).set(owner.headers).expect(404);
    await harness.http.post('/api/v1/merchant/events/nope/redeliver').set(owner.headers).expect(400);
    clock.advance(31 * 24 * 3600 * 1000);
    owner = await signedInAgain(owner);
    await harness.http.post(`/api/v1/merchant/events/${eventId}/redeliver`).set(owner.headers).expect(404);
    expect(requestsTo(one.path)).toHaveLength(2);
  });

  it('lets standardwebhooks refuse a tampered body, an old timestamp and a wrong secret', async () => {
    const { owner } = await newOwner();
    const endpoint = await endpointOf(owner);
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    await deliveryAfter(owner, endpoint.id, 1);
    const [request] = requestsTo(endpoint.path);
    const verifier = new Webhook(endpoint.secret);
    expect(verifier.verify(request.body, signatureHeaders(request))).toMatchObject({
      type: 'webhook.test',
      livemode: false,
      data: { object: { endpointId: endpoint.id } },
    });
    expect(() =>
      verifier.verify(request.body.replace('webhook.test', 'webhook.tast'), signatureHeaders(request)),
    ).toThrow(/No matching signature/);
    const wrong = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => new Webhook(wrong).verify(request.body, signatureHeaders(request))).toThrow(/No matching signature/);

    // Sent ten minutes "ago" (the service's clock behind): past the receivers' five-minute tolerance.
    clock.advance(-10 * MINUTE);
    try {
      await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
      await waitFor(
        () => Promise.resolve(requestsTo(endpoint.path).length),
        (count) => count === 2,
        'second test',
      );
    } finally {
      clock.advance(10 * MINUTE);
    }
    const old = requestsTo(endpoint.path)[1];
    expect(() => verifier.verify(old.body, signatureHeaders(old))).toThrow(/timestamp too old/);
  });

  it('signs with both secrets during a rotation, and with the new one alone once the 24 h have passed', async () => {
    const { owner: first } = await newOwner();
    let owner = first;
    const endpoint = await endpointOf(owner);
    const rotated = (await harness.http.post(`${base}/${endpoint.id}/rotate-secret`).set(owner.headers).expect(200))
      .body as Endpoint;
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    await waitFor(
      () => Promise.resolve(requestsTo(endpoint.path).length),
      (count) => count === 1,
      'delivery',
    );
    const [during] = requestsTo(endpoint.path);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(endpoint.secret).verify(during.body, signatureHeaders(during))).toBeTruthy();
    expect(new Webhook(rotated.secret).verify(during.body, signatureHeaders(during))).toBeTruthy();

    clock.advance(24 * 3600 * 1000 + 1000);
    owner = await signedInAgain(owner);
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    await waitFor(
      () => Promise.resolve(requestsTo(endpoint.path).length),
      (count) => count === 2,
      'delivery',
    );
    const after = requestsTo(endpoint.path)[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    // The receiver's own clock is real: check the signature with a verifier at the service's time.
    const verifyAt = (secret: string) => {
      const headers = signatureHeaders(after);
      const resigned = new Webhook(secret).sign(
        headers['webhook-id'],
        new Date(Number(headers['webhook-timestamp']) * 1000),
        after.body,
      );
      return headers['webhook-signature'] === resigned;
    };
    expect(verifyAt(rotated.secret)).toBe(true);
    expect(verifyAt(endpoint.secret)).toBe(false);
  });
  it('retries a live delivery along the schedule (1 min, 5 min... each within 20%) with every attempt recorded; a later 2xx settles it', async () => {
    const { merchantId, owner: first } = await newOwner();
    let owner = first;
    const endpoint = await endpointOf(owner, { livemode: true });
    answers.set(endpoint.path, { status: 500, body: `busy ${'x'.repeat(2000)}` });
    expect((await patchKyb(harness, merchantId, { status: 'APPROVED' })).status).toBe(200);
    const [eventId] = await publishOutboxEvents(merchantId, 'merchant.kyb_status_changed');

    const firstTry = await deliveryAfter(owner, endpoint.id, 1);
    const started = clock.now().getTime();
    expect(firstTry).toMatchObject({ status: 'PENDING', attemptCount: 1, eventId });
    const [one] = firstTry.attempts;
    expect(one).toMatchObject({ attemptNumber: 1, status: 'FAILED', responseStatus: 500, failure: null });
    expect(one.responseBodySnippet).toHaveLength(1024);
    expect(one.responseBodySnippet!.startsWith('busy xxx')).toBe(true);
    const firstDelay = Date.parse(one.nextAttemptAt!) - started;
    expect(firstDelay).toBeGreaterThanOrEqual(0.8 * MINUTE);
    expect(firstDelay).toBeLessThanOrEqual(1.2 * MINUTE);
    expect(firstTry.nextAttemptAt).toBe(one.nextAttemptAt);

    // The clock reaches the next attempt's time; Bull's delayed job is moved up to match.
    clock.advance(firstDelay);
    await promote(firstTry.id);
    const secondTry = await deliveryAfter(owner, endpoint.id, 2);
    const two = secondTry.attempts[1];
    expect(two).toMatchObject({ attemptNumber: 2, status: 'FAILED', responseStatus: 500, manual: false });
    const secondDelay = Date.parse(two.nextAttemptAt!) - Date.parse(two.attemptedAt);
    expect(secondDelay).toBeGreaterThanOrEqual(0.8 * 5 * MINUTE);
    expect(secondDelay).toBeLessThanOrEqual(1.2 * 5 * MINUTE);

    answers.set(endpoint.path, { status: 204, body: '' });
    clock.advance(secondDelay);
    owner = await signedInAgain(owner);
    await promote(firstTry.id);
    const settled = await deliveryAfter(owner, endpoint.id, 3);
    expect(settled).toMatchObject({ status: 'SUCCEEDED', attemptCount: 3, nextAttemptAt: null });
    expect(settled.attempts[2]).toMatchObject({ status: 'SUCCEEDED', responseStatus: 204, nextAttemptAt: null });
    // Every attempt carried the same event id (the receiver's dedupe key).
    expect(new Set(requestsTo(endpoint.path).map((request) => request.headers['webhook-id']))).toEqual(
      new Set([eventId]),
    );
    const [row] = await harness.db.query<{ failing_since: Date | null }[]>(
      `SELECT failing_since FROM merchant_webhook_endpoints WHERE id = $1`,
      [endpoint.id],
    );
    expect(row.failing_since).toBeNull();
  });

  it('gives a test-mode delivery 3 tries over about an hour, then FAILED with no next attempt', async () => {
    const { merchantId, owner: first } = await newOwner();
    let owner = first;
    const endpoint = await endpointOf(owner);
    answers.set(endpoint.path, { status: 503, body: 'down' });
    // A test-mode event as the sandbox's will be: recorded, then queued along the test schedule.
    const eventId = randomUUID();
    const deliveryId = randomUUID();
    await harness.db.query(
      `INSERT INTO merchant_webhook_events (id, merchant_id, livemode, type, body, created_at)
       VALUES ($1, $2, false, 'kyb.status_changed', $3, now())`,
      [eventId, merchantId, JSON.stringify({ id: eventId, type: 'kyb.status_changed' })],
    );
    await harness.db.query(
      `INSERT INTO merchant_webhook_deliveries (id, merchant_id, endpoint_id, event_id, event_type, status, attempt_count, created_at)
       VALUES ($1, $2, $3, $4, 'kyb.status_changed', 'PENDING', 0, now())`,
      [deliveryId, merchantId, endpoint.id, eventId],
    );
    await worker.get(WebhookDeliveryQueue).scheduled(deliveryId, false);

    const delays: number[] = [];
    for (const [tries, nominal] of [
      [1, 10 * MINUTE],
      [2, 50 * MINUTE],
    ] as const) {
      const delivery = await deliveryAfter(owner, endpoint.id, tries);
      const last = delivery.attempts[tries - 1];
      const delay = Date.parse(last.nextAttemptAt!) - Date.parse(last.attemptedAt);
      expect(delay).toBeGreaterThanOrEqual(0.8 * nominal);
      expect(delay).toBeLessThanOrEqual(1.2 * nominal);
      delays.push(delay);
      clock.advance(delay);
      owner = await signedInAgain(owner);
      await promote(deliveryId);
    }
    const failed = await deliveryAfter(owner, endpoint.id, 3);
    expect(failed).toMatchObject({ status: 'FAILED', attemptCount: 3, nextAttemptAt: null });
    expect(
      failed.attempts.map((attempt) => [attempt.status, attempt.responseStatus, attempt.nextAttemptAt === null]),
    ).toEqual([
      ['FAILED', 503, false],
      ['FAILED', 503, false],
      ['FAILED', 503, true],
    ]);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(0.8 * 60 * MINUTE);
    expect(total).toBeLessThanOrEqual(1.2 * 60 * MINUTE);
    const job = await queue(DELIVERIES_QUEUE).getJob(deliveryId);
    expect(await job?.getState()).toBe('completed');
  });

  it('counts a redirect as a failure without following it, and retries by hand with the same event id', async () => {
    const { owner } = await newOwner();
    const endpoint = await endpointOf(owner);
    answers.set(endpoint.path, { status: 302, body: '' });
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    const failed = await deliveryAfter(owner, endpoint.id, 1);
    expect(failed).toMatchObject({ status: 'FAILED', nextAttemptAt: null });
    expect(failed.attempts[0]).toMatchObject({
      status: 'FAILED',
      responseStatus: 302,
      failure: 'redirects are not followed',
      nextAttemptAt: null,
    });
    expect(requestsTo(endpoint.path)).toHaveLength(1);

    answers.set(endpoint.path, { status: 200, body: 'thanks' });
    const retried = await harness.http
      .post(`${base}/${endpoint.id}/deliveries/${failed.id}/retry`)
      .set(owner.headers)
      .expect(202);
    expect(retried.body).toMatchObject({ id: failed.id, eventId: failed.eventId });
    const settled = await deliveryAfter(owner, endpoint.id, 2);
    expect(settled).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2 });
    expect(settled.attempts[1]).toMatchObject({
      attemptNumber: 2,
      manual: true,
      status: 'SUCCEEDED',
      responseBodySnippet: 'thanks',
    });
    const [before, after] = requestsTo(endpoint.path);
    expect(after.headers['webhook-id']).toBe(before.headers['webhook-id']);
    expect(after.body).toBe(before.body);
    expect(new Webhook(endpoint.secret).verify(after.body, signatureHeaders(after))).toBeTruthy();
  });

  it('disables an endpoint that answers 410 Gone: audited by SYSTEM, the merchant e-mailed, no retry', async () => {
    const { merchantId, owner } = await newOwner();
    const endpoint = await endpointOf(owner, { livemode: true });
    answers.set(endpoint.path, { status: 410, body: 'gone' });
    expect((await patchKyb(harness, merchantId, { status: 'APPROVED' })).status).toBe(200);
    await publishOutboxEvents(merchantId, 'merchant.kyb_status_changed');
    const delivery = await deliveryAfter(owner, endpoint.id, 1);
    expect(delivery).toMatchObject({ status: 'FAILED', nextAttemptAt: null });
    expect(delivery.attempts[0]).toMatchObject({ responseStatus: 410, nextAttemptAt: null });
    const [listed] = (await harness.http.get(base).set(owner.headers).expect(200)).body as Endpoint[];
    expect(listed).toMatchObject({ status: 'DISABLED', disabledReason: 'GONE' });
    await expectDisabledNotice(merchantId, endpoint, 'GONE');
    expect(await (await queue(DELIVERIES_QUEUE).getJob(delivery.id))?.getState()).toBe('completed');
  });

  it('disables an endpoint after 5 days without a successful delivery: audited, e-mailed', async () => {
    const { merchantId, owner: first } = await newOwner();
    let owner = first;
    const endpoint = await endpointOf(owner);
    answers.set(endpoint.path, { status: 500, body: 'still down' });
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    await deliveryAfter(owner, endpoint.id, 1);
    clock.advance(4 * 24 * 3600 * 1000);
    owner = await signedInAgain(owner);
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    await waitFor(
      () => Promise.resolve(requestsTo(endpoint.path).length),
      (count) => count === 2,
      'second delivery',
    );
    await waitFor(
      async () => (await deliveriesOf(owner, endpoint.id))[0]?.attempts.length,
      (count) => count === 1,
      'recorded',
    );
    const [still] = (await harness.http.get(base).set(owner.headers).expect(200)).body as Endpoint[];
    expect(still.status).toBe('ENABLED');

    clock.advance(24 * 3600 * 1000);
    owner = await signedInAgain(owner);
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    await waitFor(
      async () => ((await harness.http.get(base).set(owner.headers)).body as Endpoint[])[0].status,
      (status) => status === 'DISABLED',
      'endpoint disabled',
    );
    const [disabled] = (await harness.http.get(base).set(owner.headers).expect(200)).body as Endpoint[];
    expect(disabled.disabledReason).toBe('FAILING');
    await expectDisabledNotice(merchantId, endpoint, 'FAILING');
  });

  it('refuses at delivery an endpoint whose name now leads to a non-public address, without connecting', async () => {
    const { owner } = await newOwner();
    const name = `moving-${randomUUID().slice(0, 8)}.hooks.test`;
    resolver.addresses.set(name, ['127.0.0.1']);
    const path = '/moving';
    const response = await harness.http
      .post(base)
      .set(owner.headers)
      .send({ url: `https://${name}:${server.port}${path}`, enabledEvents: ['*'] })
      .expect(201);
    const endpoint = response.body as Endpoint;
    resolver.addresses.set(name, ['169.254.169.254']);
    const connections = server.connections;
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    const delivery = await deliveryAfter(owner, endpoint.id, 1);
    expect(delivery.attempts[0]).toMatchObject({
      status: 'FAILED',
      responseStatus: null,
      failure: 'the name leads to an address that is not public',
    });
    expect(JSON.stringify(delivery)).not.toContain('169.254');
    expect(server.connections).toBe(connections);
    expect(requestsTo(path)).toEqual([]);
  });

  /** Runs one tick of the webhooks' maintenance queue now (as the repeatable job would) and answers its result. */
  async function runMaintenance<T>(name: 'sweep' | 'purge'): Promise<T> {
    const job = await queue(MAINTENANCE_QUEUE).add(name, {}, { jobId: `${name}-${randomUUID()}` });
    return (await job.finished()) as T;
  }

  it('keeps the sweep and the purge as repeatable jobs of the maintenance queue', async () => {
    const repeats = await waitFor(
      () => queue(MAINTENANCE_QUEUE).getRepeatableJobs(),
      (jobs) => jobs.length === 2,
      'both repeatable jobs',
    );
    const config = worker.get(MerchantsConfig);
    expect(repeats.map((repeat) => [repeat.name, Number(repeat.every)]).sort()).toEqual([
      ['purge', config.MERCHANT_WEBHOOK_PURGE_INTERVAL_MS],
      ['sweep', config.MERCHANT_WEBHOOK_SWEEP_INTERVAL_MS],
    ]);
  });

  it('queues again a PENDING delivery whose Bull job was lost, once due past the pickup grace; its schedule goes on where it stopped', async () => {
    const { merchantId, owner: first } = await newOwner();
    let owner = first;
    const endpoint = await endpointOf(owner, { livemode: true });
    answers.set(endpoint.path, { status: 500, body: 'down' });
    expect((await patchKyb(harness, merchantId, { status: 'APPROVED' })).status).toBe(200);
    const [eventId] = await publishOutboxEvents(merchantId, 'merchant.kyb_status_changed');
    const firstTry = await deliveryAfter(owner, endpoint.id, 1);
    expect(firstTry).toMatchObject({ status: 'PENDING', attemptCount: 1 });

    // Redis loses the delivery's job (restarted without its data).
    const lost = await waitFor(
      () => queue(DELIVERIES_QUEUE).getJob(firstTry.id),
      (job) => job !== null,
      'the delayed job',
    );
    await lost!.remove();
    expect(await queue(DELIVERIES_QUEUE).getJob(firstTry.id)).toBeNull();

    // Due, but not yet past the pickup grace: the sweep leaves it to its (lost) job.
    const grace = worker.get(MerchantsConfig).MERCHANT_WEBHOOK_PICKUP_GRACE_MS;
    clock.advance(Date.parse(firstTry.nextAttemptAt!) - clock.now().getTime() + grace - 1000);
    await runMaintenance('sweep');
    expect(await queue(DELIVERIES_QUEUE).getJob(firstTry.id)).toBeNull();

    // Past the grace: queued again under the delivery's id, for the 8 scheduled attempts left.
    clock.advance(2000);
    owner = await signedInAgain(owner);
    expect(await runMaintenance<number>('sweep')).toBeGreaterThanOrEqual(1);
    const secondTry = await deliveryAfter(owner, endpoint.id, 2);
    const requeued = await queue(DELIVERIES_QUEUE).getJob(firstTry.id);
    expect(requeued?.data).toEqual({ deliveryId: firstTry.id, manual: false, scheduledBefore: 1 });
    expect(requeued?.opts.attempts).toBe(8);
    // The second scheduled attempt waits the schedule's second delay (5 min), not its first again.
    const two = secondTry.attempts[1];
    expect(two).toMatchObject({ attemptNumber: 2, manual: false, status: 'FAILED', responseStatus: 500 });
    const delay = Date.parse(two.nextAttemptAt!) - Date.parse(two.attemptedAt);
    expect(delay).toBeGreaterThanOrEqual(0.8 * 5 * MINUTE);
    expect(delay).toBeLessThanOrEqual(1.2 * 5 * MINUTE);

    // Its job is there (delayed): a sweep past the grace leaves it alone, and nothing is sent twice.
    clock.advance(delay + grace + 1000);
    owner = await signedInAgain(owner);
    const job = await queue(DELIVERIES_QUEUE).getJob(firstTry.id);
    expect(await job?.getState()).toBe('delayed');
    await runMaintenance('sweep');
    expect((await queue(DELIVERIES_QUEUE).getJob(firstTry.id))?.timestamp).toBe(job?.timestamp);
    expect(requestsTo(endpoint.path)).toHaveLength(2);

    answers.set(endpoint.path, { status: 200, body: 'ok' });
    await promote(firstTry.id);
    const settled = await deliveryAfter(owner, endpoint.id, 3);
    expect(settled).toMatchObject({ status: 'SUCCEEDED', attemptCount: 3, nextAttemptAt: null });
    expect(new Set(requestsTo(endpoint.path).map((request) => request.headers['webhook-id']))).toEqual(
      new Set([eventId]),
    );
    // Settled: later sweeps never pick it up again.
    clock.advance(DAY);
    await runMaintenance('sweep');
    expect(requestsTo(endpoint.path)).toHaveLength(3);
  });

  it('purges events, deliveries and attempts older than 30 days, and keeps younger ones', async () => {
    const { owner: first } = await newOwner();
    let owner = first;
    const endpoint = await endpointOf(owner);
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    const old = await deliveryAfter(owner, endpoint.id, 1);
    clock.advance(2 * DAY);
    owner = await signedInAgain(owner);
    await harness.http.post(`${base}/${endpoint.id}/test`).set(owner.headers).expect(202);
    const young = await waitFor(
      async () => (await deliveriesOf(owner, endpoint.id)).find((delivery) => delivery.id !== old.id),
      (delivery) => delivery !== undefined && delivery.attempts.length === 1,
      'second test delivery',
    );

    // 29 days later: the first event is 31 days old, the second 29.
    clock.advance(29 * DAY);
    owner = await signedInAgain(owner);
    const purged = await runMaintenance<{ events: number; deliveries: number }>('purge');
    expect(purged.events).toBeGreaterThanOrEqual(1);
    expect(purged.deliveries).toBeGreaterThanOrEqual(1);

    expect((await deliveriesOf(owner, endpoint.id)).map((delivery) => delivery.id)).toEqual([young!.id]);
    const count = async (sql: string, ids: string[]) =>
      Number((await harness.db.query<{ n: string }[]>(sql, [ids]))[0].n);
    expect(await count(`SELECT count(*) AS n FROM merchant_webhook_events WHERE id = ANY($1)`, [old.eventId])).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM merchant_webhook_attempts WHERE delivery_id = ANY($1)`, [old.id]),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM merchant_webhook_events WHERE id = ANY($1)`, [young!.eventId])).toBe(
      1,
    );
    expect(
      await count(`SELECT count(*) AS n FROM merchant_webhook_attempts WHERE delivery_id = ANY($1)`, [young!.id]),
    ).toBe(1);
    // Nothing left to do: a second run deletes nothing.
    expect(await runMaintenance('purge')).toEqual({ events: 0, deliveries: 0 });
  });

  it('pages the deliveries: the latest 50 by default with X-Total-Count and Link, then page and size, and a status filter', async () => {
    const { merchantId, owner } = await newOwner();
    const endpoint = await endpointOf(owner);
    // 53 deliveries, oldest first (UUIDv7 ids sort by creation); every third FAILED.
    const ids = Array.from({ length: 53 }, () => newId());
    for (const [index, id] of ids.entries()) {
      await harness.db.query(
        `INSERT INTO merchant_webhook_deliveries (id, merchant_id, endpoint_id, event_id, event_type, status, attempt_count, created_at)
         VALUES ($1, $2, $3, $4, 'webhook.test', $5, 0, now())`,
        // (event, endpoint) is unique: each delivery gets an event of its own.
        [id, merchantId, endpoint.id, await testEvent(merchantId), index % 3 === 0 ? 'FAILED' : 'SUCCEEDED'],
      );
    }
    const newest = [...ids].reverse();
    const list = (query: Record<string, string | number> = {}) =>
      harness.http.get(`${base}/${endpoint.id}/deliveries`).query(query).set(owner.headers);

    const first = await list().expect(200);
    expect((first.body as Delivery[]).map((delivery) => delivery.id)).toEqual(newest.slice(0, 50));
    expect(first.headers['x-total-count']).toBe('53');
    expect(first.headers.link).toContain(`rel="next"`);
    expect(first.headers.link).toMatch(/deliveries\?size=50&page=1>; rel="next"/);

    const second = await list({ page: 1 }).expect(200);
    expect((second.body as Delivery[]).map((delivery) => delivery.id)).toEqual(newest.slice(50));
    const small = await list({ page: 2, size: 10 }).expect(200);
    expect((small.body as Delivery[]).map((delivery) => delivery.id)).toEqual(newest.slice(20, 30));
    expect(small.headers.link).toMatch(/size=10&page=5>; rel="last"/);
    expect(await list({ page: 9 }).expect(200)).toHaveProperty('body', []);

    const failed = await list({ status: 'FAILED', size: 5 }).expect(200);
    expect(failed.headers['x-total-count']).toBe('18');
    expect((failed.body as Delivery[]).map((delivery) => delivery.id)).toEqual(
      newest.filter((id) => ids.indexOf(id) % 3 === 0).slice(0, 5),
    );
    expect((failed.body as Delivery[]).every((delivery) => delivery.status === 'FAILED')).toBe(true);

    const refusedQueries: Record<string, string | number>[] = [
      { size: 0 },
      { size: 101 },
      { page: -1 },
      { status: 'LOST' },
      { size: 'ten' },
    ];
    for (const query of refusedQueries) {
      const refused = await list(query).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  /** A recorded test event of the merchant's, for deliveries inserted by hand. */
  async function testEvent(merchantId: string): Promise<string> {
    const id = randomUUID();
    await harness.db.query(
      `INSERT INTO merchant_webhook_events (id, merchant_id, livemode, type, body, created_at)
       VALUES ($1, $2, false, 'webhook.test', '{}', now())`,
      [id, merchantId],
    );
    return id;
  }

  it('sends an expired test-mode checkout session to the subscribed test endpoints as checkout_session.expired, never to live ones', async () => {
    const { owner: first } = await newOwner();
    let owner = first;
    const test = await endpointOf(owner, { livemode: false, enabledEvents: ['checkout_session.expired'] });
    const all = await endpointOf(owner, { livemode: false });
    const kybOnly = await endpointOf(owner, { livemode: false, enabledEvents: ['kyb.status_changed'] });
    const live = await endpointOf(owner, { livemode: true });
    // A test key, before any KYB decision.
    const key = (await createApiKey(harness, owner, false)).secret;
    const created = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set({ Authorization: `Bearer ${key}`, 'Idempotency-Key': randomUUID() })
      .send({
        amount: 1500,
        currency: 'NGN',
        merchantReference: 'order-77',
        successUrl: 'http://localhost:3000/paid',
        cancelUrl: 'http://localhost:3000/cart',
        expiresInMinutes: 30,
      })
      .expect(201);
    const session = created.body as { id: string; expiresAt: string };

    clock.advance(31 * MINUTE);
    owner = await signedInAgain(owner);
    await harness.http
      .get(`/api/v1/merchant/checkout-sessions/${session.id}`)
      .set({ Authorization: `Bearer ${key}` })
      .expect(200)
      .expect((response) => expect(response.body).toMatchObject({ status: 'EXPIRED' }));
    const [eventId] = await publishOutboxEvents(session.id, 'merchant.checkout_session.expired');
    expect(eventId).toBeDefined();

    for (const endpoint of [test, all]) {
      const delivery = await deliveryAfter(owner, endpoint.id, 1);
      expect(delivery).toMatchObject({ eventId, eventType: 'checkout_session.expired', status: 'SUCCEEDED' });
      const [request] = requestsTo(endpoint.path);
      expect(request.headers['paysvc-event-type']).toBe('checkout_session.expired');
      // Signed at the service's (moved) clock: check the signature with a verifier at that time.
      const headers = signatureHeaders(request);
      const resigned = new Webhook(endpoint.secret).sign(
        headers['webhook-id'],
        new Date(Number(headers['webhook-timestamp']) * 1000),
        request.body,
      );
      expect(headers['webhook-signature']).toBe(resigned);
      expect(JSON.parse(request.body)).toEqual({
        id: eventId,
        type: 'checkout_session.expired',
        createdAt: expect.any(String),
        livemode: false,
        apiVersion: 'v1',
        data: {
          object: {
            id: session.id,
            status: 'EXPIRED',
            paymentStatus: 'UNPAID',
            amount: 1500,
            currency: 'NGN',
            merchantReference: 'order-77',
            livemode: false,
            expiresAt: session.expiresAt,
            paymentId: null,
            completedAt: null,
          },
        },
      });
    }
    expect(await deliveriesOf(owner, kybOnly.id)).toEqual([]);
    expect(await deliveriesOf(owner, live.id)).toEqual([]);
    expect(requestsTo(live.path)).toEqual([]);
  });

  /** A test-mode checkout session of the key's merchant, paid through the payment core with `card`; the outcome. */
  async function payTestSession(key: string, card: string, merchantReference: string) {
    const created = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set({ Authorization: `Bearer ${key}`, 'Idempotency-Key': randomUUID() })
      .send({
        amount: 250_000,
        currency: 'NGN',
        merchantReference,
        successUrl: 'http://localhost:3000/paid',
        cancelUrl: 'http://localhost:3000/cart',
      })
      .expect(201);
    const session = created.body as { id: string; expiresAt: string };
    const outcome = await harness.app
      .get(CheckoutPayments)
      .pay({ sessionId: session.id, rail: 'CARD', fundingAccount: card, idempotencyKey: randomUUID() });
    return { session, outcome };
  }

  /** The endpoint's delivery of `eventId` once attempted, and the request its receiver got (signature checked). */
  async function deliveredTo(owner: MerchantMember, endpoint: Endpoint & { path: string }, eventId: string) {
    const delivery = await waitFor(
      async () => (await deliveriesOf(owner, endpoint.id)).find((candidate) => candidate.eventId === eventId),
      (found) => found !== undefined && found.attempts.length >= 1,
      `the delivery of ${eventId}`,
    );
    const request = requestsTo(endpoint.path).find((candidate) => candidate.headers['webhook-id'] === eventId);
    expect(request).toBeDefined();
    const body = new Webhook(endpoint.secret).verify(request!.body, signatureHeaders(request!)) as Record<
      string,
      unknown
    >;
    return { delivery: delivery!, request: request!, body };
  }

  it('sends a paid test-mode checkout session as payment.succeeded and checkout_session.completed to test endpoints only, signed', async () => {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const all = await endpointOf(owner, { livemode: false });
    const payments = await endpointOf(owner, {
      livemode: false,
      enabledEvents: ['payment.succeeded', 'payment.failed'],
    });
    const live = await endpointOf(owner, { livemode: true });
    const key = (await createApiKey(harness, owner, false)).secret;

    const { session, outcome } = await payTestSession(key, '4242424242424242', 'order-paid-1');
    expect(outcome).toMatchObject({ outcome: 'PAID' });
    const [payment] = await harness.db.query<{ id: string; merchant_fee: string; livemode: boolean }[]>(
      `SELECT id, merchant_fee, livemode FROM payments WHERE checkout_session_id = $1`,
      [session.id],
    );
    expect(payment.livemode).toBe(false);
    const fee = Number(payment.merchant_fee);
    const [succeededId] = await publishOutboxEvents(payment.id, 'merchant.payment.succeeded');
    const [completedId] = await publishOutboxEvents(session.id, 'merchant.checkout_session.completed');
    expect(succeededId).toBeDefined();
    expect(completedId).toBeDefined();

    const paymentObject = {
      id: payment.id,
      status: 'SUCCEEDED',
      amount: 250_000,
      fee,
      net: 250_000 - fee,
      currency: 'NGN',
      rail: 'CARD',
      merchantReference: 'order-paid-1',
      checkoutSessionId: session.id,
      paymentLinkId: null,
      failureCode: null,
      livemode: false,
    };
    for (const endpoint of [all, payments]) {
      const { delivery, request, body } = await deliveredTo(owner, endpoint, succeededId);
      expect(delivery).toMatchObject({ eventType: 'payment.succeeded', status: 'SUCCEEDED', attemptCount: 1 });
      expect(request.headers['paysvc-event-type']).toBe('payment.succeeded');
      expect(body).toEqual({
        id: succeededId,
        type: 'payment.succeeded',
        createdAt: expect.any(String),
        livemode: false,
        apiVersion: 'v1',
        data: { object: paymentObject },
      });
    }
    const completed = await deliveredTo(owner, all, completedId);
    expect(completed.delivery).toMatchObject({ eventType: 'checkout_session.completed', status: 'SUCCEEDED' });
    expect(completed.body).toMatchObject({
      id: completedId,
      type: 'checkout_session.completed',
      livemode: false,
      data: {
        object: {
          id: session.id,
          status: 'COMPLETE',
          paymentStatus: 'PAID',
          amount: 250_000,
          livemode: false,
          paymentId: payment.id,
          completedAt: expect.any(String),
        },
      },
    });
    // The payments-only endpoint did not subscribe to the session's event; the live one hears of neither.
    expect((await deliveriesOf(owner, payments.id)).map((delivery) => delivery.eventType)).toEqual([
      'payment.succeeded',
    ]);
    expect(await deliveriesOf(owner, live.id)).toEqual([]);
    expect(requestsTo(live.path)).toEqual([]);
  });

  it('sends a declined test-mode payment as payment.failed with its failure code, and a release of its balance as balance.updated', async () => {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const test = await endpointOf(owner, { livemode: false });
    const live = await endpointOf(owner, { livemode: true });
    const key = (await createApiKey(harness, owner, false)).secret;

    const { session, outcome } = await payTestSession(key, '4000000000000002', 'order-declined-1');
    expect(outcome).toMatchObject({ outcome: 'DECLINED' });
    const [failedId] = await publishOutboxEvents(outcome.paymentId, 'merchant.payment.failed');
    const failed = await deliveredTo(owner, test, failedId);
    expect(failed.delivery).toMatchObject({ eventType: 'payment.failed', status: 'SUCCEEDED' });
    expect(failed.body).toEqual({
      id: failedId,
      type: 'payment.failed',
      createdAt: expect.any(String),
      livemode: false,
      apiVersion: 'v1',
      data: {
        object: expect.objectContaining({
          id: outcome.paymentId,
          status: 'FAILED',
          amount: 250_000,
          checkoutSessionId: session.id,
          merchantReference: 'order-declined-1',
          failureCode: 'RAIL_DECLINED',
          livemode: false,
        }),
      },
    });

    // Paid on a retry, then its releases come due: the release job moves the balance and says so.
    const paid = await harness.app
      .get(CheckoutPayments)
      .pay({ sessionId: session.id, rail: 'CARD', fundingAccount: '4242424242424242', idempotencyKey: randomUUID() });
    expect(paid).toMatchObject({ outcome: 'PAID' });
    await harness.db.query(`UPDATE merchant_balance_releases SET due_at = $2 WHERE payment_id = $1`, [
      paid.paymentId,
      new Date(clock.now().getTime() - MINUTE),
    ]);
    expect(await harness.app.get(MerchantBalanceReleases).releaseDue()).toBeGreaterThan(0);
    const ledger = (
      await harness.http
        .get('/api/v1/merchant/ledger')
        .set({ Authorization: `Bearer ${key}` })
        .expect(200)
    ).body as { currency: string; pending: number; available: number; reserve: number };
    expect(ledger.available).toBeGreaterThan(0);
    const [balanceId] = await publishOutboxEvents(merchant.id, 'merchant.balance_updated');
    const balance = await deliveredTo(owner, test, balanceId);
    expect(balance.delivery).toMatchObject({ eventType: 'balance.updated', status: 'SUCCEEDED' });
    expect(balance.body).toMatchObject({
      id: balanceId,
      type: 'balance.updated',
      livemode: false,
      data: {
        object: {
          currency: 'NGN',
          pending: ledger.pending,
          available: ledger.available,
          reserve: ledger.reserve,
          reason: 'RELEASE',
          livemode: false,
        },
      },
    });
    expect(await deliveriesOf(owner, live.id)).toEqual([]);
  });

  it('lists the payment and balance types in the OpenAPI enabledEvents enum, and accepts them on an endpoint', async () => {
    // The document the app serves at /api/v1/openapi.json when SWAGGER_ENABLED (off in this harness).
    const document = buildOpenApiDocument(harness.app) as unknown as {
      components: { schemas: Record<string, { properties?: Record<string, { items?: { enum?: string[] } }> }> };
    };
    const enums = Object.values(document.components.schemas)
      .map((schema) => schema.properties?.enabledEvents?.items?.enum)
      .filter((values): values is string[] => Array.isArray(values));
    expect(enums.length).toBeGreaterThan(0);
    for (const values of enums) {
      expect(values).toEqual(
        expect.arrayContaining([
          'payment.succeeded',
          'payment.failed',
          'checkout_session.completed',
          'balance.updated',
        ]),
      );
    }
    const { owner } = await newOwner();
    const endpoint = await endpointOf(owner, {
      livemode: false,
      enabledEvents: ['payment.succeeded', 'payment.failed', 'balance.updated'],
    });
    expect(endpoint).toMatchObject({ enabledEvents: ['payment.succeeded', 'payment.failed', 'balance.updated'] });
  });

  async function expectDisabledNotice(merchantId: string, endpoint: Endpoint, reason: string): Promise<void> {
    const audit = await harness.db.query<{ actor_role: string; target_id: string; details: Record<string, unknown> }[]>(
      `SELECT actor_role, target_id, details FROM merchant_audit_log
        WHERE merchant_id = $1 AND action = 'WEBHOOK_ENDPOINT_DISABLED'`,
      [merchantId],
    );
    expect(audit).toEqual([
      { actor_role: 'SYSTEM', target_id: endpoint.id, details: expect.objectContaining({ reason, url: endpoint.url }) },
    ]);
    const [merchant] = await harness.db.query<{ contact_email: string }[]>(
      `SELECT contact_email FROM merchants WHERE id = $1`,
      [merchantId],
    );
    const mail = await waitFor(
      async () =>
        (
          (await harness.http.get('/api/v1/dev/messages').query({ email: merchant.contact_email }).expect(200))
            .body as {
            subject?: string;
            body: string;
          }[]
        ).find((message) => message.body.includes(endpoint.url)),
      (message) => message !== undefined,
      'the disabled notice',
    );
    expect(mail?.body).toContain('was disabled');
  }
});
