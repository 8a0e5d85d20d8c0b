import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * The mode-isolation table (design/merchants.md section 6): every merchant-scoped route, each with
 * what its owner gets and how an answer shows whose objects it holds. The e2e spec
 * (`../mode-isolation.e2e-spec.ts`) runs every route for every caller (the merchant's test and live
 * keys and OWNER, another merchant's test and live keys and OWNER) and, for a route naming an
 * object, for the merchant's test object and its live object. The architecture test
 * (`test/architecture/mode-isolation-coverage.spec.ts`) fails when a merchant route that takes an
 * API key has no row here.
 *
 * Adding a row (a new merchant-scoped route):
 * 1. Add a descriptor to ISOLATION_ROUTES below, `name` as `METHOD /path/{param}` under /api/v1,
 *    exactly as the controller declares it (the architecture test compares).
 * 2. If it acts on an object the table does not make yet, add the object's id to `ModeObjects` and
 *    make it in the spec's `objectsOf` through the API, once per merchant and mode.
 * 3. `scope: 'object'` when the path names one object: its owner in the object's mode answers
 *    `expectOwner`, everyone else 404. `scope: 'scoped'` when it names none (a list, a balance, a
 *    create): every admitted caller answers `expectOwner`, and `shows(answer, objects)` must hold
 *    for the caller's own mode's objects and for nobody else's.
 * A route whose success changes its object for good (a DELETE) acts on an object of its own
 * (`doomed...`): the spec runs the owners' rows of each object last. A key route's object has two
 * owner rows (the test key as Bearer and as X-Service-Developer-Key; each live key once), so a
 * key route that changes state must succeed twice on the same object: a refund row refunds a small
 * part of the payment, not all of it.
 */

export type Mode = 'test' | 'live';
export const MODES: readonly Mode[] = ['test', 'live'];

/** One merchant's objects in one mode, made once in the spec's beforeAll through the HTTP API. */
export interface ModeObjects {
  merchantId: string;
  livemode: boolean;
  /** A VERIFIED https origin of the merchant, the same for both merchants (live redirect URLs must be on one). */
  origin: string;
  /** An OPEN checkout session, and the Idempotency-Key and body that opened it. */
  checkoutSessionId: string;
  checkoutSessionIdempotencyKey: string;
  checkoutSessionRequest: Record<string, unknown>;
  /** A session paid on its hosted page, and its payment. */
  paidCheckoutSessionId: string;
  paymentId: string;
  /** The paid amount (minor units), different for each merchant and mode, so figures tell whose they are. */
  amount: number;
  /** The amount less the merchant's fee: what the merchant's balances hold. */
  net: number;
  paymentLinkId: string;
  /** A webhook endpoint registered for this mode (by the OWNER: `livemode` in the request). */
  webhookEndpointId: string;
  /** Another, deleted by the DELETE row. */
  doomedWebhookEndpointId: string;
  /** The `webhook.test` delivery sent to `webhookEndpointId`, and its event. */
  webhookDeliveryId: string;
  webhookEventId: string;
  /**
   * An origin of the merchant. Origins are the merchant's, not a mode's, but a `http://localhost`
   * one serves test mode only: the test object is such an origin, the live object the VERIFIED
   * https `origin`.
   */
  originId: string;
  /** Another (test: localhost; live: a PENDING https one), deleted by the DELETE row. */
  doomedOriginId: string;
  /** The API key of this mode the table calls with, and another, revoked by the DELETE row. */
  apiKeyId: string;
  doomedApiKeyId: string;
  /** The events the stream recorded for this merchant and mode, oldest first (at least two). */
  streamEventIds: string[];
  /** Checkout sessions opened beyond `checkoutSessionId` and the paid one (different for each merchant and mode). */
  extraSessions: number;
  /** A refund of 100 of `paymentId`, made with the objects. */
  refundId: string;
  /** A READY statement of last month in this mode (planted activity, staff's on-demand month). */
  statementId: string;
}

/** An answer as a row reads it: a JSON body, or an event stream's first event. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface IsolationRoute {
  /** `METHOD /path/{param}` under /api/v1, as the controller declares it. */
  name: string;
  /** A second row of the same route (another way to reach across), named in the test title. */
  variant?: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  /**
   * Who the route takes: `key` the merchant API (`@MerchantApiKey()`, `@SandboxKey()`; a person
   * gets 403 MERCHANT_API_KEY_REQUIRED), `person` dashboard people only (a key gets 403
   * HUMAN_CONTEXT_REQUIRED; a person acts in both modes), `either` (`@MerchantAuth({ apiKey: true })`:
   * a key in its mode, a person in live).
   */
  principal: 'key' | 'person' | 'either';
  /** The path under /api/v1, for the objects of one merchant and mode (`twin`: the same merchant's other mode). */
  path: (objects: ModeObjects, twin: ModeObjects) => string;
  body?: (objects: ModeObjects) => Record<string, unknown>;
  headers?: (objects: ModeObjects) => Record<string, string>;
  /** `object`: the path names an object of `objects`; `scoped`: it names none (below). */
  scope: 'object' | 'scoped';
  /** The status for the owner (in the object's mode). */
  expectOwner: number;
  /** The status for an admitted caller the object is not visible to (404 unless said). */
  expectOther?: number;
  /**
   * Whether the answer is of `objects` (a list holding its id, figures equal to its amount, a
   * created row of its merchant and mode). `scoped` rows: true for the caller's own mode's
   * objects, false for the three other sets. `object` rows with `expectOther` 2xx: true for the
   * owner only.
   */
  shows?: (answer: Answer, objects: ModeObjects, db: DataSource) => boolean | Promise<boolean>;
  /** `object` rows with `expectOther` 2xx: what the answer is to a caller the object is hidden from. */
  hidden?: (answer: Answer) => boolean;
  /**
   * The answer is the merchant's, the same in both modes (terms, not money): a key sees its own
   * merchant's test and live objects in it, and never another merchant's.
   */
  merchantWide?: boolean;
  /** A sandbox route: live keys get 403 SANDBOX_KEY_REQUIRED. */
  sandbox?: boolean;
  /** Read as a `text/event-stream` with this `Last-Event-ID`; the answer's body is the first event. */
  eventStream?: { lastEventId: (objects: ModeObjects) => string };
}

const list = (answer: Answer) => (Array.isArray(answer.body) ? (answer.body as { id: string }[]) : []);
const field = (answer: Answer, name: string) => (answer.body as Record<string, unknown> | null)?.[name];

/** A created row's merchant and mode, read from its table. */
function createdIn(table: string) {
  return async (answer: Answer, objects: ModeObjects, db: DataSource): Promise<boolean> => {
    const id = field(answer, 'id');
    if (typeof id !== 'string') return false;
    const [row] = await db.query<{ merchant_id: string; livemode: boolean }[]>(
      `SELECT merchant_id, livemode FROM ${table} WHERE id = $1`,
      [id],
    );
    return row?.merchant_id === objects.merchantId && row.livemode === objects.livemode;
  };
}

const order = (objects: ModeObjects, amount = 120_000) => ({
  amount,
  currency: 'NGN',
  merchantReference: `isolation-${randomUUID().slice(0, 8)}`,
  successUrl: `${objects.origin}/paid`,
  cancelUrl: `${objects.origin}/cart`,
});

export const ISOLATION_ROUTES: IsolationRoute[] = [
  // The merchant API (spec 4.10): checkout sessions and payment links.
  {
    name: 'POST /merchant/checkout-sessions',
    method: 'post',
    principal: 'key',
    path: () => '/merchant/checkout-sessions',
    body: (objects) => order(objects),
    headers: () => ({ 'Idempotency-Key': randomUUID() }),
    scope: 'scoped',
    expectOwner: 201,
    shows: createdIn('merchant_checkout_sessions'),
  },
  {
    // A replay answers the first session only to its own merchant and mode: anyone else sending
    // the same key and body opens a session of their own.
    name: 'POST /merchant/checkout-sessions',
    variant: "the Idempotency-Key and body of the object's session",
    method: 'post',
    principal: 'key',
    path: () => '/merchant/checkout-sessions',
    body: (objects) => objects.checkoutSessionRequest,
    headers: (objects) => ({ 'Idempotency-Key': objects.checkoutSessionIdempotencyKey }),
    scope: 'object',
    expectOwner: 201,
    expectOther: 201,
    shows: (answer, objects) => field(answer, 'id') === objects.checkoutSessionId,
  },
  {
    name: 'GET /merchant/checkout-sessions/{checkoutSessionId}',
    method: 'get',
    principal: 'key',
    path: (objects) => `/merchant/checkout-sessions/${objects.checkoutSessionId}`,
    scope: 'object',
    expectOwner: 200,
  },
  {
    name: 'GET /merchant/checkout-sessions/{checkoutSessionId}',
    variant: 'a paid session',
    method: 'get',
    principal: 'key',
    path: (objects) => `/merchant/checkout-sessions/${objects.paidCheckoutSessionId}`,
    scope: 'object',
    expectOwner: 200,
  },
  {
    name: 'POST /merchant/payment-links',
    method: 'post',
    principal: 'key',
    path: () => '/merchant/payment-links',
    body: (objects) => ({ title: 'Isolation', amount: 5000, currency: 'NGN', redirectUrl: `${objects.origin}/thanks` }),
    scope: 'scoped',
    expectOwner: 201,
    shows: createdIn('merchant_payment_links'),
  },
  {
    name: 'GET /merchant/payment-links',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/payment-links',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => list(answer).some((link) => link.id === objects.paymentLinkId),
  },
  // The developer sandbox (spec 4.11): test keys only, test objects only.
  {
    name: 'POST /developer/sandbox/checkout-sessions',
    method: 'post',
    principal: 'key',
    sandbox: true,
    path: () => '/developer/sandbox/checkout-sessions',
    body: () => ({
      amount: 120_000,
      currency: 'NGN',
      merchantReference: `sandbox-${randomUUID().slice(0, 8)}`,
      endpoint: 'http://localhost:4999/return',
    }),
    headers: () => ({ 'Idempotency-Key': randomUUID() }),
    scope: 'scoped',
    expectOwner: 201,
    shows: createdIn('merchant_checkout_sessions'),
  },
  // The developer test clock: a test key moves its own test objects' time (a minute: the session stays OPEN).
  {
    name: 'POST /developer/test-clock/advance',
    method: 'post',
    principal: 'key',
    sandbox: true,
    path: () => '/developer/test-clock/advance',
    body: (objects) => ({ checkoutSessionId: objects.checkoutSessionId, seconds: 60 }),
    scope: 'object',
    expectOwner: 200,
  },
  // Balances, in the key's mode.
  {
    name: 'GET /merchant/ledger',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/ledger?currency=NGN',
    scope: 'scoped',
    expectOwner: 200,
    // The mode's one payment, net of its fee, less what its refunds (the refund rows') took back.
    shows: async (answer, objects, db) => {
      const [payment] = await db.query<{ refunded_amount: string }[]>(
        `SELECT refunded_amount FROM payments WHERE id = $1`,
        [objects.paymentId],
      );
      return (
        field(answer, 'livemode') === objects.livemode &&
        Number(field(answer, 'pending')) + Number(field(answer, 'available')) + Number(field(answer, 'reserve')) ===
          objects.net - Number(payment.refunded_amount)
      );
    },
  },
  // Refunds of the mode's payment: each owner row refunds 100 of it (a small part, so every row can).
  {
    name: 'POST /merchant/refunds',
    method: 'post',
    principal: 'key',
    path: () => '/merchant/refunds',
    body: (objects) => ({ paymentId: objects.paymentId, amount: 100, reason: 'REQUESTED_BY_CUSTOMER' }),
    headers: () => ({ 'Idempotency-Key': randomUUID() }),
    scope: 'object',
    expectOwner: 201,
  },
  {
    name: 'GET /merchant/refunds',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/refunds',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => list(answer).some((refund) => refund.id === objects.refundId),
  },
  {
    name: 'GET /merchant/refunds/{refundId}',
    method: 'get',
    principal: 'key',
    path: (objects) => `/merchant/refunds/${objects.refundId}`,
    scope: 'object',
    expectOwner: 200,
  },
  // The merchant's payments, in the key's mode: the list and its CSV export.
  {
    name: 'GET /merchant/payments',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/payments',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => {
      const items = (field(answer, 'items') ?? []) as { id: string; livemode: boolean }[];
      return (
        items.length > 0 &&
        items.every((item) => item.livemode === objects.livemode) &&
        items.some((item) => item.id === objects.paymentId)
      );
    },
  },
  {
    name: 'GET /merchant/payments.csv',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/payments.csv',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => typeof answer.body === 'string' && answer.body.includes(objects.paymentId),
  },
  // Health and statements, in the key's mode.
  {
    name: 'GET /merchant/health',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/health',
    scope: 'scoped',
    expectOwner: 200,
    // Each check reads the key's merchant and mode: the velocity check states how much of the
    // 100,000,000 daily cap the mode's one payment used (its amount differs by merchant and mode).
    shows: (answer, objects) => {
      const checks = (field(answer, 'checks') ?? []) as { name: string; detail: string }[];
      const velocity = checks.find((check) => check.name === 'velocity_headroom');
      return (
        field(answer, 'livemode') === objects.livemode &&
        velocity?.detail.endsWith(`is ${(objects.amount / 1_000_000).toFixed(2)}% used`) === true
      );
    },
  },
  {
    name: 'GET /merchant/statements',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/statements',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => {
      const items = (field(answer, 'items') ?? []) as { id: string }[];
      return items.length === 1 && items[0].id === objects.statementId;
    },
  },
  {
    name: 'GET /merchant/statements/{statementId}/files/{format}',
    method: 'get',
    principal: 'key',
    path: (objects) => `/merchant/statements/${objects.statementId}/files/csv`,
    scope: 'object',
    expectOwner: 200,
  },
  // Analytics, in the key's mode, from rollups rebuilt once the objects were made: the mode's one
  // payment (its amount differs by merchant and mode) and its sessions.
  {
    name: 'GET /merchant/analytics/overview',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/analytics/overview?range=30d&currency=NGN',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      field(answer, 'livemode') === objects.livemode && field(answer, 'gross') === objects.amount,
  },
  {
    name: 'GET /merchant/analytics/timeseries',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/analytics/timeseries?metric=volume&range=7d&bucket=day&currency=NGN',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      ((field(answer, 'points') ?? []) as { value: number }[]).reduce((sum, point) => sum + point.value, 0) ===
      objects.amount,
  },
  {
    name: 'GET /merchant/analytics/rails',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/analytics/rails?range=30d&currency=NGN',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      (answer.body as { volume: number }[]).reduce((sum, rail) => sum + rail.volume, 0) === objects.amount,
  },
  {
    name: 'GET /merchant/analytics/funnel',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/analytics/funnel?range=30d',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      (field(answer, 'api') as { opened: number; completed: number }).opened === 2 + objects.extraSessions,
  },
  {
    name: 'GET /merchant/analytics/top-customers',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/analytics/top-customers?range=30d&currency=NGN',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => {
      const payers = answer.body as { volume: number }[];
      return payers.length === 1 && payers[0].volume === objects.amount;
    },
  },
  {
    // The schedule is the merchant's terms (its payout interval, settlement account), the same to
    // both of its keys; the other merchant's account is another (its last four digits differ).
    name: 'GET /merchant/analytics/payout-schedule',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/analytics/payout-schedule',
    scope: 'scoped',
    merchantWide: true,
    expectOwner: 200,
    shows: async (answer, objects, db) => {
      const [account] = await db.query<{ last4: string }[]>(
        `SELECT account_number_last4 AS last4 FROM merchant_settlement_accounts WHERE merchant_id = $1`,
        [objects.merchantId],
      );
      const settlement = field(answer, 'settlementAccount') as { last4: string } | null;
      return account !== undefined && settlement?.last4 === account.last4;
    },
  },
  // The event stream: resuming after one of the mode's events replays the next one; after an
  // event of the other mode or merchant, the stream does not know it (resync) and sends none of it.
  {
    name: 'GET /merchant/events',
    method: 'get',
    principal: 'key',
    path: () => '/merchant/events',
    eventStream: { lastEventId: (objects) => objects.streamEventIds[0] },
    scope: 'object',
    expectOwner: 200,
    expectOther: 200,
    shows: (answer, objects) => field(answer, 'id') === objects.streamEventIds[1],
    hidden: (answer) =>
      field(answer, 'event') === 'resync' &&
      (JSON.parse(String(field(answer, 'data'))) as { reason: string }).reason === 'LAST_EVENT_ID_UNKNOWN',
  },
  // Risk: a key reads its mode, a person live.
  {
    name: 'GET /merchant/risk/profile',
    method: 'get',
    principal: 'either',
    path: () => '/merchant/risk/profile',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      field(answer, 'merchantId') === objects.merchantId && field(answer, 'livemode') === objects.livemode,
  },
  {
    name: 'GET /merchant/risk/limits',
    method: 'get',
    principal: 'either',
    path: () => '/merchant/risk/limits',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => {
      const caps = (field(answer, 'caps') ?? []) as { scope: string; usedAmount: number | null }[];
      return (
        field(answer, 'livemode') === objects.livemode &&
        caps.some((cap) => cap.scope === 'MERCHANT' && cap.usedAmount === objects.amount)
      );
    },
  },
  {
    name: 'GET /merchant/risk/kpis',
    method: 'get',
    principal: 'either',
    path: () => '/merchant/risk/kpis?range=2d&currency=NGN',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      (answer.body as { volume: number }[]).reduce((sum, day) => sum + day.volume, 0) === objects.amount,
  },
  // Webhook endpoints: people only; an endpoint belongs to the mode chosen when it is registered
  // (`livemode` in the request) and hears only that mode's events; a person manages both modes'.
  {
    name: 'GET /merchant/webhook-endpoints',
    method: 'get',
    principal: 'person',
    path: () => '/merchant/webhook-endpoints',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      list(answer).some(
        (endpoint) =>
          endpoint.id === objects.webhookEndpointId &&
          (endpoint as unknown as { livemode: boolean }).livemode === objects.livemode,
      ),
  },
  {
    name: 'PATCH /merchant/webhook-endpoints/{id}',
    method: 'patch',
    principal: 'person',
    path: (objects) => `/merchant/webhook-endpoints/${objects.webhookEndpointId}`,
    body: () => ({ description: 'Isolation' }),
    scope: 'object',
    expectOwner: 200,
  },
  {
    name: 'POST /merchant/webhook-endpoints/{id}/rotate-secret',
    method: 'post',
    principal: 'person',
    path: (objects) => `/merchant/webhook-endpoints/${objects.webhookEndpointId}/rotate-secret`,
    scope: 'object',
    expectOwner: 200,
  },
  {
    name: 'POST /merchant/webhook-endpoints/{id}/test',
    method: 'post',
    principal: 'person',
    path: (objects) => `/merchant/webhook-endpoints/${objects.webhookEndpointId}/test`,
    scope: 'object',
    expectOwner: 202,
  },
  {
    name: 'GET /merchant/webhook-endpoints/{id}/deliveries',
    method: 'get',
    principal: 'person',
    path: (objects) => `/merchant/webhook-endpoints/${objects.webhookEndpointId}/deliveries`,
    scope: 'object',
    expectOwner: 200,
  },
  {
    name: 'POST /merchant/webhook-endpoints/{id}/deliveries/{deliveryId}/retry',
    method: 'post',
    principal: 'person',
    path: (objects) =>
      `/merchant/webhook-endpoints/${objects.webhookEndpointId}/deliveries/${objects.webhookDeliveryId}/retry`,
    scope: 'object',
    expectOwner: 202,
  },
  {
    name: 'POST /merchant/webhook-endpoints/{id}/deliveries/{deliveryId}/retry',
    variant: "the delivery under the other mode's endpoint",
    method: 'post',
    principal: 'person',
    path: (objects, twin) =>
      `/merchant/webhook-endpoints/${twin.webhookEndpointId}/deliveries/${objects.webhookDeliveryId}/retry`,
    scope: 'object',
    expectOwner: 404,
  },
  {
    name: 'POST /merchant/events/{eventId}/redeliver',
    method: 'post',
    principal: 'person',
    path: (objects) => `/merchant/events/${objects.webhookEventId}/redeliver`,
    scope: 'object',
    expectOwner: 202,
  },
  // API keys: people only; each key is of one mode, a person manages both modes' keys.
  {
    name: 'GET /merchant/api-keys',
    method: 'get',
    principal: 'person',
    path: () => '/merchant/api-keys',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) =>
      list(answer).some(
        (key) => key.id === objects.apiKeyId && (key as unknown as { livemode: boolean }).livemode === objects.livemode,
      ),
  },
  {
    name: 'DELETE /merchant/api-keys/{apiKeyId}',
    method: 'delete',
    principal: 'person',
    path: (objects) => `/merchant/api-keys/${objects.doomedApiKeyId}`,
    scope: 'object',
    expectOwner: 200,
  },
  // Origins: people only, the merchant's whatever the mode; another merchant's is 404.
  {
    name: 'GET /merchant/origins',
    method: 'get',
    principal: 'person',
    path: () => '/merchant/origins',
    scope: 'scoped',
    expectOwner: 200,
    shows: (answer, objects) => list(answer).some((origin) => origin.id === objects.originId),
  },
  {
    name: 'DELETE /merchant/origins/{id}',
    method: 'delete',
    principal: 'person',
    path: (objects) => `/merchant/origins/${objects.doomedOriginId}`,
    scope: 'object',
    expectOwner: 204,
  },
  {
    name: 'DELETE /merchant/webhook-endpoints/{id}',
    method: 'delete',
    principal: 'person',
    path: (objects) => `/merchant/webhook-endpoints/${objects.doomedWebhookEndpointId}`,
    scope: 'object',
    expectOwner: 204,
  },
];
