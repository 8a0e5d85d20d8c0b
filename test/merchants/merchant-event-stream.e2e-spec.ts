import type { INestApplicationContext } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { MerchantEventRecorder } from '../../src/modules/merchants/events/merchant-event-recorder.service';
import { MerchantEventStreams } from '../../src/modules/merchants/events/merchant-event-streams.service';
import { MerchantEventsRepository } from '../../src/modules/merchants/events/merchant-events.repository';
import { newId } from '../../src/platform/database/new-id';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { approvedMerchant, patchKyb } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { MerchantMember, merchantOwnerOf } from '../factories/merchant-user.factory';
import {
  OUTBOX_EVENT_COLUMNS,
  outboxEventJob,
  OutboxEventRow,
  outboxEventsOf,
} from '../factories/outbox-event.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { EventStreamClient } from './support/event-stream-client';
import { startMerchantsWorker } from './support/merchants-worker';

interface Merchant {
  id: string;
  owner: MerchantMember;
  live: string;
  test: string;
  liveKeyId: string;
}

interface Envelope {
  id: string;
  type: string;
  createdAt: string;
  livemode: boolean;
  apiVersion: string;
  data: { object: Record<string, unknown> };
}

const STREAM_QUEUE = 'merchant-event-stream';
const HEARTBEAT_MS = 250;

/**
 * GET /merchant/events over real HTTP connections, read with eventsource-parser. The worker runs
 * in process (the same database, Redis prefix and settings as the API); the test plays the outbox
 * relay's part, adding each outbox event to the stream's queue as the relay does.
 */
describe('Merchant API: the event stream (GET /merchant/events)', () => {
  let harness: TestHarness;
  let worker: INestApplicationContext;
  let port: number;
  let redis: Redis;
  const clients: EventStreamClient[] = [];

  beforeAll(async () => {
    harness = await createTestHarness({
      redisNamespace: 'event-stream',
      config: { MERCHANT_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) },
    });
    port = (harness.app.getHttpServer().address() as AddressInfo).port;
    worker = await startMerchantsWorker(harness);
    redis = new Redis(harness.config.REDIS_URL, { keyPrefix: `${harness.config.REDIS_KEY_PREFIX}:` });
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    redis?.disconnect();
    await worker?.close();
    await harness?.close();
  });

  async function connect(
    secret: string | null,
    options: { lastEventId?: string; authorization?: string } = {},
  ): Promise<EventStreamClient> {
    const client = await EventStreamClient.open(port, secret, options);
    clients.push(client);
    return client;
  }

  async function newMerchant(): Promise<Merchant> {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const live = await createApiKey(harness, owner, true);
    const test = await createApiKey(harness, owner, false);
    return { id: merchant.id, owner, live: live.secret, test: test.secret, liveKeyId: live.id };
  }

  const relayed = new Set<string>();

  /** Adds the merchant's outbox events the test has not relayed yet to the stream's queue, as the relay does; their ids. */
  async function relay(merchantId: string): Promise<string[]> {
    const rows = await outboxEventsOf(harness, merchantId, 'merchant.kyb_status_changed');
    const added: string[] = [];
    for (const row of rows.filter((candidate) => !relayed.has(candidate.id))) {
      relayed.add(row.id);
      await addJob(row, row.id);
      added.push(row.id);
    }
    return added;
  }

  async function addJob(row: OutboxEventRow, jobId: string): Promise<void> {
    await worker.get(QueueRegistry).get(STREAM_QUEUE).add(row.event_type, outboxEventJob(row), { jobId });
  }

  /** A KYB decision (a live event), relayed; its outbox event id. */
  async function kybChange(merchantId: string, status: 'APPROVED' | 'SUSPENDED'): Promise<string> {
    const body = status === 'SUSPENDED' ? { status, reasonCode: 'suspended.risk_review' } : { status };
    expect((await patchKyb(harness, merchantId, body)).status).toBe(200);
    const [id] = await relay(merchantId);
    return id;
  }

  const recordedCount = async (merchantId: string) =>
    Number(
      (
        await harness.db.query<{ count: string }[]>(
          `SELECT count(*) AS count FROM merchant_events WHERE merchant_id = $1`,
          [merchantId],
        )
      )[0].count,
    );

  const envelopeOf = (data: string) => JSON.parse(data) as Envelope;

  /** The merchant's approval relayed and recorded, so that a stream opened next starts after it. */
  async function approvalRecorded(merchantId: string): Promise<void> {
    await relay(merchantId);
    await waitFor(
      () => recordedCount(merchantId),
      (count) => count === 1,
      'the approval recorded',
    );
  }

  it('answers a stream with its headers and retry, then each event made after connecting: id, type and the webhook envelope', async () => {
    const shop = await newMerchant();
    await approvalRecorded(shop.id); // before anyone listened

    const client = await connect(shop.live);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache, no-transform');
    expect(client.headers['x-accel-buffering']).toBe('no');
    await client.until(() => client.retry !== null, 'retry');
    expect(client.retry).toBe(5000);

    const suspended = await kybChange(shop.id, 'SUSPENDED');
    const event = await client.next();
    expect(event.id).toBe(suspended);
    expect(event.event).toBe('kyb.status_changed');
    const envelope = envelopeOf(event.data);
    expect(envelope).toEqual({
      id: suspended,
      type: 'kyb.status_changed',
      createdAt: expect.any(String),
      livemode: true,
      apiVersion: 'v1',
      data: {
        object: {
          merchantId: shop.id,
          status: 'SUSPENDED',
          previousStatus: 'APPROVED',
          reasonCode: 'suspended.risk_review',
        },
      },
    });
    // The approval made before the stream opened is not sent (no Last-Event-ID: from now on).
    expect(client.events.map((frame) => frame.id)).toEqual([suspended]);

    const [row] = await harness.db.query<{ merchant_id: string; livemode: boolean; type: string; seq: string }[]>(
      `SELECT merchant_id, livemode, type, seq FROM merchant_events WHERE id = $1`,
      [suspended],
    );
    expect(row).toEqual({ merchant_id: shop.id, livemode: true, type: 'kyb.status_changed', seq: '2' });
  });

  it('resumes after Last-Event-ID with exactly the events missed, in order, then live ones, and sends a redelivered event once', async () => {
    const shop = await newMerchant();
    await approvalRecorded(shop.id);
    const first = await connect(shop.live);
    const e1 = await kybChange(shop.id, 'SUSPENDED');
    expect((await first.next()).id).toBe(e1);
    first.close();

    // Missed while away.
    const e2 = await kybChange(shop.id, 'APPROVED');
    const e3 = await kybChange(shop.id, 'SUSPENDED');
    await waitFor(
      () => recordedCount(shop.id),
      (count) => count === 4,
      'the missed events recorded',
    );

    const again = await connect(shop.live, { lastEventId: e1 });
    expect((await again.take(2)).map((frame) => frame.id)).toEqual([e2, e3]);

    // A redelivery of e3 (the relay publishing it again) is not sent again; the next live event is.
    const [e3Row] = await harness.db.query<OutboxEventRow[]>(
      `SELECT ${OUTBOX_EVENT_COLUMNS} FROM outbox_events WHERE id = $1`,
      [e3],
    );
    await addJob(e3Row, `${e3}:redelivery-1`);
    const e4 = await kybChange(shop.id, 'APPROVED');
    expect((await again.next()).id).toBe(e4);
    expect(again.events.map((frame) => frame.id)).toEqual([e2, e3, e4]);
    expect(await recordedCount(shop.id)).toBe(5);
    expect(again.events.map((frame) => envelopeOf(frame.data).data.object.status)).toEqual([
      'APPROVED',
      'SUSPENDED',
      'APPROVED',
    ]);
  });

  it('fills a gap from the table when a later event is published before an earlier one', async () => {
    const shop = await newMerchant();
    await approvalRecorded(shop.id);
    const client = await connect(shop.live);
    // Two events recorded without their publish reaching the stream (as when Redis lost it): the
    // recorder's first half, the row under the next number, and no message.
    const repository = worker.get(MerchantEventsRepository);
    const silent = [newId(), newId()];
    for (const id of silent) {
      await harness.db.transaction((manager) =>
        repository.record(manager, {
          id,
          merchantId: shop.id,
          livemode: true,
          type: 'kyb.status_changed',
          createdAt: new Date(),
          envelope: { id, type: 'kyb.status_changed', livemode: true, data: { object: {} } },
        }),
      );
    }
    // The next event's message arrives numbered two past the last sent: the stream reads the two from the table first.
    const next = await kybChange(shop.id, 'SUSPENDED');
    expect((await client.take(3)).map((frame) => frame.id)).toEqual([...silent, next]);
  });

  it('answers an unknown or expired Last-Event-ID with a resync event, then live events', async () => {
    const shop = await newMerchant();
    await approvalRecorded(shop.id);
    await waitFor(
      () => recordedCount(shop.id),
      (count) => count === 1,
      'the approval recorded',
    );
    const [approval] = await harness.db.query<{ id: string }[]>(
      `SELECT id FROM merchant_events WHERE merchant_id = $1`,
      [shop.id],
    );

    const unknown = await connect(shop.live, { lastEventId: newId() });
    const resync = await unknown.next();
    expect(resync.event).toBe('resync');
    expect(resync.id).toBeUndefined();
    expect(JSON.parse(resync.data)).toEqual({ type: 'resync', reason: 'LAST_EVENT_ID_UNKNOWN', retentionHours: 72 });
    const garbage = await connect(shop.live, { lastEventId: 'not-an-id' });
    expect(JSON.parse((await garbage.next()).data)).toMatchObject({ reason: 'LAST_EVENT_ID_UNKNOWN' });
    // Another mode's event is unknown to this key's stream.
    const otherMode = await connect(shop.test, { lastEventId: approval.id });
    expect(JSON.parse((await otherMode.next()).data)).toMatchObject({ reason: 'LAST_EVENT_ID_UNKNOWN' });

    // The approval, as if recorded 73 hours ago: past the 72-hour window.
    await harness.db.query(`UPDATE merchant_events SET created_at = now() - interval '73 hours' WHERE id = $1`, [
      approval.id,
    ]);
    const expired = await connect(shop.live, { lastEventId: approval.id });
    expect(await expired.next()).toMatchObject({ event: 'resync', id: undefined });
    expect(JSON.parse(expired.events[0].data)).toEqual({
      type: 'resync',
      reason: 'LAST_EVENT_ID_EXPIRED',
      retentionHours: 72,
    });
    const live = await kybChange(shop.id, 'SUSPENDED');
    expect((await expired.next()).id).toBe(live);
    expect((await unknown.next()).id).toBe(live);

    // The purge deletes it (and keeps the recent one); its id is then unknown.
    expect(await worker.get(MerchantEventRecorder).purge()).toBeGreaterThanOrEqual(1);
    expect(
      (
        await harness.db.query<{ id: string }[]>(`SELECT id FROM merchant_events WHERE merchant_id = $1`, [shop.id])
      ).map((row) => row.id),
    ).toEqual([live]);
    const purged = await connect(shop.live, { lastEventId: approval.id });
    expect(JSON.parse((await purged.next()).data)).toMatchObject({ reason: 'LAST_EVENT_ID_UNKNOWN' });
    // Resuming after the recent one works as ever.
    const resumed = await connect(shop.live, { lastEventId: live });
    const after = await kybChange(shop.id, 'APPROVED');
    expect((await resumed.next()).id).toBe(after);
  });

  it('gives a test key test events only and a live key live events only', async () => {
    const shop = await newMerchant();
    await approvalRecorded(shop.id);
    const live = await connect(shop.live);
    const test = await connect(shop.test);

    const liveEvent = await kybChange(shop.id, 'SUSPENDED');
    expect((await live.next()).id).toBe(liveEvent);

    // A test-mode event, recorded by the worker's recorder as the consumer records every mapped
    // type (KYB changes are live-only; the test-mode types come with the payments).
    const testId = newId();
    await worker.get(MerchantEventRecorder).record({
      id: testId,
      merchantId: shop.id,
      livemode: false,
      type: 'checkout_session.expired',
      createdAt: new Date(),
      envelope: { id: testId, type: 'checkout_session.expired', livemode: false, data: { object: {} } },
    });
    const testFrame = await test.next();
    expect(testFrame.id).toBe(testId);
    expect(envelopeOf(testFrame.data).livemode).toBe(false);
    expect(test.events.map((frame) => frame.id)).toEqual([testId]);

    const liveAgain = await kybChange(shop.id, 'APPROVED');
    expect((await live.next()).id).toBe(liveAgain);
    expect(live.events.map((frame) => frame.id)).toEqual([liveEvent, liveAgain]);
    // A test key resuming after a live event's id does not get live events either.
    const resumed = await connect(shop.test, { lastEventId: liveEvent });
    expect((await resumed.next()).event).toBe('resync');
  });

  it('sends a test-mode checkout payment to a test key as payment.succeeded, with the payment as its object; a live key hears none', async () => {
    const shop = await newMerchant();
    await approvalRecorded(shop.id);
    const live = await connect(shop.live);
    const test = await connect(shop.test);

    const created = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set({ Authorization: `Bearer ${shop.test}`, 'Idempotency-Key': randomUUID() })
      .send({
        amount: 120_000,
        currency: 'NGN',
        merchantReference: 'order-stream-1',
        successUrl: 'http://localhost:3000/paid',
        cancelUrl: 'http://localhost:3000/cart',
      })
      .expect(201);
    const sessionId = (created.body as { id: string }).id;
    const paid = await harness.app
      .get(CheckoutPayments)
      .pay({ sessionId, rail: 'CARD', fundingAccount: '4242424242424242', idempotencyKey: randomUUID() });
    expect(paid).toMatchObject({ outcome: 'PAID' });
    const [row] = await outboxEventsOf(harness, paid.paymentId, 'merchant.payment.succeeded');
    await addJob(row, row.id);

    const frame = await test.next();
    expect(frame.id).toBe(row.id);
    expect(frame.event).toBe('payment.succeeded');
    expect(envelopeOf(frame.data)).toEqual({
      id: row.id,
      type: 'payment.succeeded',
      createdAt: expect.any(String),
      livemode: false,
      apiVersion: 'v1',
      data: {
        object: expect.objectContaining({
          id: paid.paymentId,
          status: 'SUCCEEDED',
          amount: 120_000,
          currency: 'NGN',
          checkoutSessionId: sessionId,
          merchantReference: 'order-stream-1',
          livemode: false,
        }),
      },
    });
    const [recorded] = await harness.db.query<{ livemode: boolean; type: string }[]>(
      `SELECT livemode, type FROM merchant_events WHERE id = $1`,
      [row.id],
    );
    expect(recorded).toEqual({ livemode: false, type: 'payment.succeeded' });

    // The live stream's next event is the next live one: the test payment never reached it.
    const liveEvent = await kybChange(shop.id, 'SUSPENDED');
    expect((await live.next()).id).toBe(liveEvent);
    expect(live.events.map((event) => event.id)).toEqual([liveEvent]);
  });

  it('holds five streams per key across processes: the sixth gets 429, a closed one frees its slot, another key is not counted', async () => {
    const shop = await newMerchant();
    const open = [];
    for (let index = 0; index < 5; index += 1) open.push(await connect(shop.live));
    expect(open.map((client) => client.status)).toEqual([200, 200, 200, 200, 200]);

    const sixth = await connect(shop.live);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe(String(Math.ceil((3 * HEARTBEAT_MS) / 1000)));
    expectCataloguedApiError(sixth.body, 'TOO_MANY_EVENT_STREAMS');
    expect((await connect(shop.test)).status).toBe(200);
    expect(await redis.zcard(`merchant-event-streams:${shop.liveKeyId}`)).toBe(5);

    open[0].close();
    await waitFor(
      () => redis.zcard(`merchant-event-streams:${shop.liveKeyId}`),
      (count) => count === 4,
      'the closed stream to give its slot back',
    );
    const streams = harness.app.get(MerchantEventStreams);
    expect(streams.size).toBe(5); // four live, one test
    expect((await connect(shop.live)).status).toBe(200);
  });

  it('frees the slots of a process that died (leases nobody renews lapse)', async () => {
    const shop = await newMerchant();
    // Five leases as a process that died holding five streams left them: taken now, never renewed.
    const [seconds, micros] = await redis.time();
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    for (let index = 0; index < 5; index += 1) {
      await redis.zadd(`merchant-event-streams:${shop.liveKeyId}`, now + 3 * HEARTBEAT_MS, randomUUID());
    }
    expect((await connect(shop.live)).status).toBe(429);
    const admitted = await waitFor(
      async () => (await connect(shop.live)).status,
      (status) => status === 200,
      'the dead streams to lapse',
      30,
      HEARTBEAT_MS,
    );
    expect(admitted).toBe(200);
  });

  it('sends a heartbeat comment and keeps its slot while open', async () => {
    const shop = await newMerchant();
    const client = await connect(shop.live);
    await client.until(() => client.comments.length >= 4, 'four heartbeats');
    expect(new Set(client.comments)).toEqual(new Set(['ping']));
    // Four heartbeats is longer than a lease: the heartbeat renewed it.
    expect(await redis.zcard(`merchant-event-streams:${shop.liveKeyId}`)).toBe(1);
  });

  it('takes the API key only: none is 401, a dashboard token 403', async () => {
    const shop = await newMerchant();
    const anonymous = await connect(null);
    expect(anonymous.status).toBe(401);
    expectCataloguedApiError(anonymous.body, 'UNAUTHENTICATED');
    const person = await connect(null, { authorization: shop.owner.headers.Authorization });
    expect(person.status).toBe(403);
    expectCataloguedApiError(person.body, 'MERCHANT_API_KEY_REQUIRED');
  });
});
