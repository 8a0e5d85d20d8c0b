import type { INestApplicationContext } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ComplianceModule } from '../../src/modules/compliance';
import { MerchantsJobsModule } from '../../src/modules/merchants';
import { MERCHANT_EVENT_QUEUES } from '../../src/modules/merchants/events/merchant-event-queues';
import { WEBHOOK_OUTBOX_EVENTS } from '../../src/modules/merchants/webhooks/webhook-fan-out.service';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { payOnHostedPage } from '../factories/checkout-session.factory';
import { addVerifiedOrigin, approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { MerchantMember, merchantOwnerOf } from '../factories/merchant-user.factory';
import { adminOf } from '../factories/staff-user.factory';
import { nubanFor } from '../../src/modules/merchants/onboarding/nuban';
import { MerchantAnalyticsRollups } from '../../src/modules/merchants/analytics/merchant-analytics-rollups';
import { plantMerchantEntry } from '../factories/merchant-ledger.factory';
import { OUTBOX_EVENT_COLUMNS, outboxEventJob, OutboxEventRow } from '../factories/outbox-event.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { settledJob, startOutboxWorker } from '../support/outbox-worker';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { EventStreamClient } from './support/event-stream-client';
import { Answer, ISOLATION_ROUTES, IsolationRoute, Mode, ModeObjects, MODES } from './support/mode-isolation-routes';

type Whose = 'own' | 'other';

interface Caller {
  name: string;
  whose: Whose;
  kind: 'key' | 'person';
  /** A key's mode (a person has none). */
  mode?: Mode;
  /** A test key sent as `X-Service-Developer-Key` (the sandbox header) rather than `Authorization: Bearer`. */
  developerHeader?: boolean;
}

/**
 * Who calls: the merchant's keys (the test key also in the sandbox header) and OWNER, and another
 * merchant's.
 */
const CALLERS: Caller[] = [
  { name: 'test key', whose: 'own', kind: 'key', mode: 'test' },
  { name: 'test key in X-Service-Developer-Key', whose: 'own', kind: 'key', mode: 'test', developerHeader: true },
  { name: 'live key', whose: 'own', kind: 'key', mode: 'live' },
  { name: 'OWNER', whose: 'own', kind: 'person' },
  { name: "other merchant's test key", whose: 'other', kind: 'key', mode: 'test' },
  {
    name: "other merchant's test key in X-Service-Developer-Key",
    whose: 'other',
    kind: 'key',
    mode: 'test',
    developerHeader: true,
  },
  { name: "other merchant's live key", whose: 'other', kind: 'key', mode: 'live' },
  { name: "other merchant's OWNER", whose: 'other', kind: 'person' },
];

interface ObjectRef {
  whose: Whose;
  mode: Mode;
}

/** The 403 a caller of the wrong kind gets, before any object is looked at. */
function refusalOf(route: IsolationRoute, caller: Caller): { status: number; code: string } | null {
  if (caller.kind === 'person' && route.principal === 'key') return { status: 403, code: 'MERCHANT_API_KEY_REQUIRED' };
  if (caller.kind === 'key' && route.principal === 'person') return { status: 403, code: 'HUMAN_CONTEXT_REQUIRED' };
  if (route.sandbox && caller.mode === 'live') return { status: 403, code: 'SANDBOX_KEY_REQUIRED' };
  return null;
}

/** The objects a caller may see through a route: a key its merchant's in its mode; a person both modes, or live on a route keys share. */
function seenBy(route: IsolationRoute, caller: Caller): ObjectRef[] {
  if (caller.kind === 'key') {
    return route.merchantWide
      ? MODES.map((mode) => ({ whose: caller.whose, mode }))
      : [{ whose: caller.whose, mode: caller.mode as Mode }];
  }
  return route.principal === 'either'
    ? [{ whose: caller.whose, mode: 'live' }]
    : MODES.map((mode) => ({ whose: caller.whose, mode }));
}

const sees = (route: IsolationRoute, caller: Caller, object: ObjectRef) =>
  seenBy(route, caller).some((seen) => seen.whose === object.whose && seen.mode === object.mode);

interface Row {
  title: string;
  route: IsolationRoute;
  caller: Caller;
  /** The merchant's object the path names (`object` routes). */
  object: ObjectRef | null;
}

/**
 * Every route x caller (x the merchant's test and live object, for a route naming one). For each
 * object, the rows of callers it is hidden from come first, its owner's last: a route whose success
 * changes the object (DELETE) meets it unchanged in every other row.
 */
const ROWS: Row[] = ISOLATION_ROUTES.flatMap((route): Row[] => {
  const name = route.variant ? `${route.name} (${route.variant})` : route.name;
  if (route.scope === 'scoped') {
    return CALLERS.map((caller) => ({ title: `${name} x ${caller.name}`, route, caller, object: null }));
  }
  return MODES.flatMap((mode) => {
    const object: ObjectRef = { whose: 'own', mode };
    const ordered = [...CALLERS].sort(
      (a, b) =>
        Number(sees(route, a, object) && !refusalOf(route, a)) - Number(sees(route, b, object) && !refusalOf(route, b)),
    );
    return ordered.map((caller) => ({ title: `${name} x ${caller.name} x ${mode} object`, route, caller, object }));
  });
});

/** Paid amounts: each merchant and mode its own, so balances and figures tell whose they are. */
/** Checkout sessions each merchant and mode opens beyond its open and paid ones (the funnel's `api.opened`). */
export const EXTRA_SESSIONS: Record<Whose, Record<Mode, number>> = {
  own: { test: 0, live: 1 },
  other: { test: 2, live: 3 },
};

const AMOUNTS: Record<Whose, Record<Mode, number>> = {
  own: { test: 101_000, live: 202_000 },
  other: { test: 303_000, live: 404_000 },
};

/**
 * Mode and merchant isolation (design/merchants.md section 6) as a table over every
 * merchant-scoped route (`support/mode-isolation-routes.ts`): a key reaches only its merchant's
 * objects in its mode, a person only its merchant's; anything else is 404, and lists, balances and
 * figures hold only what the caller may see. Objects are made once, through the HTTP API: two
 * APPROVED merchants, each with a test and a live key, a VERIFIED origin, and in each mode a
 * session, a session paid on its hosted page, a payment link, webhook endpoints with a test
 * delivery, and the events the stream recorded (an in-process worker records what the outbox
 * relay would hand it).
 */
describe('Mode isolation: every merchant-scoped route x test and live keys of two merchants x test and live objects', () => {
  let harness: TestHarness;
  let worker: INestApplicationContext;
  let port: number;
  const owners = new Map<Whose, MerchantMember>();
  const keys = new Map<string, string>();
  const keyIds = new Map<string, string>();
  const objects = new Map<string, ModeObjects>();

  const keyOf = (whose: Whose, mode: Mode) => keys.get(`${whose}:${mode}`) as string;
  const objectsOf = (whose: Whose, mode: Mode) => objects.get(`${whose}:${mode}`) as ModeObjects;
  const twinOf = (mode: Mode): Mode => (mode === 'test' ? 'live' : 'test');

  function credentialOf(caller: Caller): Record<string, string> {
    if (caller.kind === 'person') return (owners.get(caller.whose) as MerchantMember).headers;
    const secret = keyOf(caller.whose, caller.mode as Mode);
    return caller.developerHeader ? { 'X-Service-Developer-Key': secret } : { Authorization: `Bearer ${secret}` };
  }

  /** The origin both merchants verified, so either one's live key may send the other's requests. */
  const origin = `https://${randomUUID().slice(0, 8)}.isolation.example`;

  /** Adds an origin of the merchant; its id. */
  async function addOrigin(owner: MerchantMember, value: string): Promise<string> {
    const added = await harness.http
      .post('/api/v1/merchant/origins')
      .set(owner.headers)
      .send({ origin: value })
      .expect(201);
    return (added.body as { id: string }).id;
  }

  async function openSession(
    secret: string,
    origin: string,
    amount: number,
  ): Promise<{ id: string; idempotencyKey: string; request: Record<string, unknown> }> {
    const idempotencyKey = randomUUID();
    const request = {
      amount,
      currency: 'NGN',
      merchantReference: `isolation-${randomUUID().slice(0, 8)}`,
      successUrl: `${origin}/paid`,
      cancelUrl: `${origin}/cart`,
    };
    const response = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set({ Authorization: `Bearer ${secret}`, 'Idempotency-Key': idempotencyKey })
      .send(request)
      .expect(201);
    return { id: (response.body as { id: string }).id, idempotencyKey, request };
  }

  async function webhookEndpoint(owner: MerchantMember, livemode: boolean): Promise<string> {
    const response = await harness.http
      .post('/api/v1/merchant/webhook-endpoints')
      .set(owner.headers)
      .send({ url: 'https://93.184.215.14/isolation', enabledEvents: ['*'], livemode })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  /** One merchant's objects in one mode, through the API (the stream's events come later). */
  async function modeObjects(
    whose: Whose,
    mode: Mode,
    merchantId: string,
    httpsOriginId: string,
  ): Promise<ModeObjects> {
    const owner = owners.get(whose) as MerchantMember;
    const secret = keyOf(whose, mode);
    const livemode = mode === 'live';
    const amount = AMOUNTS[whose][mode];
    const open = await openSession(secret, origin, 150_000);
    const paidCheckoutSessionId = (await openSession(secret, origin, amount)).id;
    await payOnHostedPage(harness, paidCheckoutSessionId);
    const paid = await harness.http
      .get(`/api/v1/merchant/checkout-sessions/${paidCheckoutSessionId}`)
      .set({ Authorization: `Bearer ${secret}` })
      .expect(200);
    const paymentId = (paid.body as { paymentId: string }).paymentId;
    const [payment] = await harness.db.query<{ amount: string; merchant_fee: string; livemode: boolean }[]>(
      `SELECT amount, merchant_fee, livemode FROM payments WHERE id = $1`,
      [paymentId],
    );
    expect(payment.livemode).toBe(livemode);
    const refund = await harness.http
      .post('/api/v1/merchant/refunds')
      .set({ Authorization: `Bearer ${secret}`, 'Idempotency-Key': randomUUID() })
      .send({ paymentId, amount: 100, reason: 'REQUESTED_BY_CUSTOMER' })
      .expect(201);
    const link = await harness.http
      .post('/api/v1/merchant/payment-links')
      .set({ Authorization: `Bearer ${secret}` })
      .send({ title: `Isolation ${whose} ${mode}`, amount: 5000, currency: 'NGN' })
      .expect(201);
    const webhookEndpointId = await webhookEndpoint(owner, livemode);
    const delivery = await harness.http
      .post(`/api/v1/merchant/webhook-endpoints/${webhookEndpointId}/test`)
      .set(owner.headers)
      .expect(202);
    return {
      merchantId,
      livemode,
      origin,
      checkoutSessionId: open.id,
      checkoutSessionIdempotencyKey: open.idempotencyKey,
      checkoutSessionRequest: open.request,
      paidCheckoutSessionId,
      paymentId,
      amount,
      net: Number(payment.amount) - Number(payment.merchant_fee),
      paymentLinkId: (link.body as { id: string }).id,
      webhookEndpointId,
      doomedWebhookEndpointId: await webhookEndpoint(owner, livemode),
      webhookDeliveryId: (delivery.body as { id: string }).id,
      webhookEventId: (delivery.body as { eventId: string }).eventId,
      originId: livemode ? httpsOriginId : await addOrigin(owner, 'http://localhost:4101'),
      doomedOriginId: await addOrigin(
        owner,
        livemode ? `https://${randomUUID().slice(0, 8)}.isolation.example` : 'http://localhost:4102',
      ),
      apiKeyId: keyIds.get(`${whose}:${mode}`) as string,
      doomedApiKeyId: (await createApiKey(harness, owner, livemode)).id,
      streamEventIds: [],
      statementId: '',
      refundId: (refund.body as { id: string }).id,
      extraSessions: EXTRA_SESSIONS[whose][mode],
    };
  }

  /**
   * A statement of last month in the mode: a move from pending to available and back (activity that
   * leaves today's balances as they are), then staff's on-demand month.
   */
  async function statementOf(admin: { headers: Record<string, string> }, merchantId: string, livemode: boolean) {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    const merchant = { merchantId, livemode };
    await plantMerchantEntry(harness, merchant, lastMonth, 'MERCHANT_PENDING_RELEASE', [
      ['pending', -1_000],
      ['available', 1_000],
    ]);
    await plantMerchantEntry(harness, merchant, lastMonth, 'MANUAL_ADJUSTMENT', [
      ['available', -1_000],
      ['pending', 1_000],
    ]);
    const made = await harness.http
      .post(`/api/v1/admin/merchants/${merchantId}/statements`)
      .set(admin.headers)
      .send({ period: lastMonth.toISOString().slice(0, 7), livemode })
      .expect(200);
    const [statement] = made.body as { id: string; status: string }[];
    expect(statement.status).toBe('READY');
    return statement.id;
  }

  /** Hands the merchant's merchant-facing outbox events to the worker's stream recorder, as the relay does. */
  async function recordStreamEvents(merchantId: string): Promise<void> {
    const rows = await harness.db.query<OutboxEventRow[]>(
      `SELECT ${OUTBOX_EVENT_COLUMNS} FROM outbox_events
        WHERE event_type = ANY ($1::text[]) AND payload->>'merchantId' = $2 ORDER BY id`,
      [[...WEBHOOK_OUTBOX_EVENTS.events], merchantId],
    );
    const queue = worker.get(QueueRegistry).get(MERCHANT_EVENT_QUEUES.stream);
    for (const row of rows) {
      await queue.add(row.event_type, outboxEventJob(row), { jobId: row.id });
    }
    for (const row of rows) {
      expect((await settledJob(worker, MERCHANT_EVENT_QUEUES.stream, row.id)).state).toBe('completed');
    }
  }

  beforeAll(async () => {
    harness = await createTestHarness({ redisNamespace: 'isolation' });
    port = (harness.app.getHttpServer().address() as AddressInfo).port;
    // The stream's recorder, under a Redis prefix of its own: it takes only the jobs given it here
    // (no webhook delivery of the API's queues is attempted).
    worker = await startOutboxWorker(MerchantsJobsModule, {
      runConfig: harness.config,
      label: 'iso',
      imports: [ComplianceModule],
    });
    const admin = await adminOf(harness);

    for (const whose of ['own', 'other'] as const) {
      const { merchant } = await approvedMerchant(harness);
      const owner = await merchantOwnerOf(harness, merchant);
      owners.set(whose, owner);
      for (const mode of MODES) {
        const key = await createApiKey(harness, owner, mode === 'live');
        keys.set(`${whose}:${mode}`, key.secret);
        keyIds.set(`${whose}:${mode}`, key.id);
      }
      // A cap, so the limits answer what each mode used.
      await harness.http
        .post(`/api/v1/admin/merchants/${merchant.id}/velocity-caps`)
        .set(admin.headers)
        .send({ caps: [{ scope: 'MERCHANT', window: 'DAY', currency: 'NGN', maxAmount: 100_000_000 }] })
        .expect(200);
      // A settlement account each, the last four digits differing, so the payout schedule tells whose it is.
      await harness.http
        .patch(`/api/v1/admin/merchants/${merchant.id}/settlement-account`)
        .set(admin.headers)
        .send({
          bankCode: '058',
          accountNumber: nubanFor('058', whose === 'own' ? '123456781' : '987654322'),
          accountName: `${whose.toUpperCase()} LTD`,
          currency: 'NGN',
        })
        .expect(200);
      // The shared origin, VERIFIED for the merchant as a DNS check would leave it.
      const { id: httpsOriginId } = await addVerifiedOrigin(harness, owner, origin);
      for (const mode of MODES) {
        objects.set(`${whose}:${mode}`, await modeObjects(whose, mode, merchant.id, httpsOriginId));
      }

      for (const mode of MODES) {
        objectsOf(whose, mode).statementId = await statementOf(admin, merchant.id, mode === 'live');
        // Sessions opened beyond the two every mode has, a different count for each merchant and
        // mode, so the analytics funnel tells whose it is.
        for (let n = 0; n < EXTRA_SESSIONS[whose][mode]; n += 1) await openSession(keyOf(whose, mode), origin, 150_000);
      }
      // Analytics reads rollups the worker keeps from the outbox; this spec runs no relay, so the
      // rebuild makes them from the objects above.
      await harness.app.get(MerchantAnalyticsRollups).rebuild(merchant.id);

      await recordStreamEvents(merchant.id);
      for (const mode of MODES) {
        const recorded = await harness.db.query<{ id: string }[]>(
          `SELECT id FROM merchant_events WHERE merchant_id = $1 AND livemode = $2 ORDER BY seq`,
          [merchant.id, mode === 'live'],
        );
        expect(recorded.length).toBeGreaterThanOrEqual(2);
        objectsOf(whose, mode).streamEventIds = recorded.map(({ id }) => id);
      }
    }
  });

  afterAll(async () => {
    await worker?.close();
    await harness?.close();
  });

  /** Sends the row's request for `target`'s objects (an event stream: reads its first event). */
  async function send(route: IsolationRoute, caller: Caller, target: ModeObjects, twin: ModeObjects): Promise<Answer> {
    const credential = credentialOf(caller);
    if (route.eventStream) {
      const client = await EventStreamClient.open(port, null, {
        headers: credential,
        lastEventId: route.eventStream.lastEventId(target),
      });
      try {
        if (client.status !== 200) return { status: client.status, body: client.body, headers: client.headers };
        return { status: client.status, body: await client.next(), headers: client.headers };
      } finally {
        client.close();
      }
    }
    const request = harness.http[route.method](`/api/v1${route.path(target, twin)}`)
      .set(credential)
      .set(route.headers?.(target) ?? {});
    const response = route.body ? await request.send(route.body(target)) : await request;
    return {
      status: response.status,
      // JSON as parsed; anything else (a CSV export) as its text.
      body: (response.type.includes('json') ? response.body : response.text) as unknown,
      headers: response.headers as Record<string, string | string[] | undefined>,
    };
  }

  const statusAndCode = (answer: Answer) => ({
    status: answer.status,
    code: (answer.body as { code?: unknown } | null)?.code,
  });

  it.each(ROWS)('$title', async ({ route, caller, object }) => {
    const refusal = refusalOf(route, caller);
    // What the request is made of: the object's merchant and mode, or (a route naming none) the caller's own.
    const [own] = seenBy(route, caller);
    const target = object ? objectsOf(object.whose, object.mode) : objectsOf(own.whose, own.mode);
    const twin = object ? objectsOf(object.whose, twinOf(object.mode)) : objectsOf(own.whose, twinOf(own.mode));
    const answer = await send(route, caller, target, twin);

    if (refusal) {
      expect(statusAndCode(answer)).toEqual(refusal);
      expectCataloguedApiError(answer.body as Record<string, unknown>, refusal.code);
      return;
    }

    if (object) {
      const owner = sees(route, caller, object);
      const expected = owner ? route.expectOwner : (route.expectOther ?? 404);
      if (expected === 404) {
        expect(statusAndCode(answer)).toEqual({ status: 404, code: 'NOT_FOUND' });
        return;
      }
      expect({ status: answer.status, body: answer.body }).toEqual({ status: expected, body: expect.anything() });
      if (route.shows) expect(await route.shows(answer, target, harness.db)).toBe(owner);
      if (!owner && route.hidden) expect(route.hidden(answer)).toBe(true);
      return;
    }

    // A route naming no object: the caller's own mode's objects, nobody else's.
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: route.expectOwner,
      body: expect.anything(),
    });
    if (!route.shows) return;
    const shown: string[] = [];
    for (const whose of ['own', 'other'] as const) {
      for (const mode of MODES) {
        if (await route.shows(answer, objectsOf(whose, mode), harness.db)) shown.push(`${whose} ${mode}`);
      }
    }
    expect(shown).toEqual(seenBy(route, caller).map((seen) => `${seen.whose} ${seen.mode}`));
  });
});
