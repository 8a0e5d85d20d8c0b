import { randomUUID } from 'node:crypto';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface SessionBody {
  id: string;
  status: string;
  livemode: boolean;
  successUrl: string;
  cancelUrl: string;
  url: string;
  amount: number;
  currency: string;
  merchantReference: string;
  title: string | null;
}

const SANDBOX = '/api/v1/developer/sandbox/checkout-sessions';
const MERCHANT = '/api/v1/merchant/checkout-sessions';
const DEVELOPER_KEY = 'X-Service-Developer-Key';

describe('Developer sandbox: test-mode checkout sessions with a sandbox key as Bearer or X-Service-Developer-Key', () => {
  let harness: TestHarness;
  /** A merchant still in KYB review: test keys only. */
  let pending: KeyedMerchant<false>;
  /** An APPROVED merchant, with a live key too. */
  let approved: KeyedMerchant;

  const order = (overrides: Record<string, unknown> = {}) => ({
    amount: 4200,
    currency: 'NGN',
    merchantReference: `sandbox-${randomUUID().slice(0, 8)}`,
    title: 'Sandbox order',
    endpoint: 'http://localhost:3000/return',
    ...overrides,
  });

  const post = (
    path: string,
    headers: Record<string, string>,
    body: Record<string, unknown>,
    key: string = randomUUID(),
  ) =>
    harness.http
      .post(path)
      .set({ ...headers, ...(key === '' ? {} : { 'Idempotency-Key': key }) })
      .send(body);

  const sessionsOf = async (merchantId: string) =>
    harness.db.query<{ id: string; livemode: boolean; success_url: string; cancel_url: string }[]>(
      `SELECT id, livemode, success_url, cancel_url FROM merchant_checkout_sessions WHERE merchant_id = $1 ORDER BY id`,
      [merchantId],
    );

  beforeAll(async () => {
    harness = await createTestHarness({ redisNamespace: 'sandbox-checkout' });
    pending = await merchantWithKeys(harness, { approved: false });
    approved = await merchantWithKeys(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('opens a test-mode session on the sandbox route with a test key as Bearer, before KYB approval; endpoint is the return URL', async () => {
    const body = order();
    const response = await post(SANDBOX, { Authorization: `Bearer ${pending.test}` }, body).expect(201);
    const session = response.body as SessionBody;
    expect(session).toMatchObject({
      status: 'OPEN',
      livemode: false,
      amount: 4200,
      currency: 'NGN',
      merchantReference: body.merchantReference,
      title: 'Sandbox order',
      successUrl: 'http://localhost:3000/return',
      cancelUrl: 'http://localhost:3000/return',
    });
    expect(session.url).toMatch(new RegExp(`/c/${session.id}$`));
    expect((await sessionsOf(pending.id)).find((row) => row.id === session.id)).toEqual({
      id: session.id,
      livemode: false,
      success_url: 'http://localhost:3000/return',
      cancel_url: 'http://localhost:3000/return',
    });
    const [merchant] = await harness.db.query<{ kyb_status: string }[]>(
      `SELECT kyb_status FROM merchants WHERE id = $1`,
      [pending.id],
    );
    expect(merchant.kyb_status).not.toBe('APPROVED');

    // The same session through the merchant API, read with the developer header.
    const read = await harness.http.get(`${MERCHANT}/${session.id}`).set(DEVELOPER_KEY, pending.test).expect(200);
    expect(read.body).toMatchObject({ id: session.id, livemode: false });
  });

  it('takes the key in X-Service-Developer-Key on both routes, or the same key in both headers', async () => {
    const viaHeader = await post(SANDBOX, { [DEVELOPER_KEY]: pending.test }, order()).expect(201);
    expect(viaHeader.body).toMatchObject({ livemode: false, status: 'OPEN' });

    // The spec's second sandbox row: the merchant route with the developer header and `endpoint`.
    const merchantRoute = await post(MERCHANT, { [DEVELOPER_KEY]: pending.test }, order()).expect(201);
    expect(merchantRoute.body).toMatchObject({ livemode: false, successUrl: 'http://localhost:3000/return' });

    const both = await post(
      SANDBOX,
      { Authorization: `Bearer ${pending.test}`, [DEVELOPER_KEY]: pending.test },
      order(),
    ).expect(201);
    const ids = (await sessionsOf(pending.id)).map((row) => row.id);
    for (const response of [viaHeader, merchantRoute, both]) expect(ids).toContain((response.body as SessionBody).id);
  });

  it('answers 400 AMBIGUOUS_CREDENTIALS when Authorization and X-Service-Developer-Key differ, and creates nothing', async () => {
    const before = (await sessionsOf(approved.id)).length;
    const cases: Record<string, string>[] = [
      { Authorization: `Bearer ${approved.test}`, [DEVELOPER_KEY]: pending.test },
      { Authorization: `Bearer ${approved.owner.accessToken}`, [DEVELOPER_KEY]: approved.test },
      { Authorization: 'Basic abc', [DEVELOPER_KEY]: approved.test },
    ];
    for (const headers of cases) {
      for (const path of [SANDBOX, MERCHANT]) {
        const response = await post(path, headers, order()).expect(400);
        expectCataloguedApiError(response.body as Record<string, unknown>, 'AMBIGUOUS_CREDENTIALS');
      }
    }
    expect(await sessionsOf(approved.id)).toHaveLength(before);
  });

  it('answers 403 SANDBOX_KEY_REQUIRED for a live key on the sandbox route, and for a live key in X-Service-Developer-Key anywhere', async () => {
    const before = (await sessionsOf(approved.id)).length;
    const bearer = await post(SANDBOX, { Authorization: `Bearer ${approved.live}` }, order()).expect(403);
    expectCataloguedApiError(bearer.body as Record<string, unknown>, 'SANDBOX_KEY_REQUIRED');
    const header = await post(SANDBOX, { [DEVELOPER_KEY]: approved.live }, order()).expect(403);
    expectCataloguedApiError(header.body as Record<string, unknown>, 'SANDBOX_KEY_REQUIRED');
    const merchantRoute = await post(MERCHANT, { [DEVELOPER_KEY]: approved.live }, order()).expect(403);
    expectCataloguedApiError(merchantRoute.body as Record<string, unknown>, 'SANDBOX_KEY_REQUIRED');
    expect(await sessionsOf(approved.id)).toHaveLength(before);

    // The live key as Bearer on the merchant route is the live API, as before (a live session).
    const live = await post(
      MERCHANT,
      { Authorization: `Bearer ${approved.live}` },
      order({ endpoint: undefined, successUrl: 'http://localhost:3000/paid', cancelUrl: 'http://localhost:3000/cart' }),
    ).expect(422);
    expectCataloguedApiError(live.body as Record<string, unknown>, 'REDIRECT_URL_NOT_ALLOWED');
  });

  it('answers 401 for a missing or unknown key, and 403 for a person or on a route for people', async () => {
    const none = await post(SANDBOX, {}, order()).expect(401);
    expectCataloguedApiError(none.body as Record<string, unknown>, 'UNAUTHENTICATED');
    const unknown = await post(SANDBOX, { [DEVELOPER_KEY]: `sk_test_${'x'.repeat(43)}` }, order()).expect(401);
    expectCataloguedApiError(unknown.body as Record<string, unknown>, 'UNAUTHENTICATED');
    const notAKey = await post(SANDBOX, { [DEVELOPER_KEY]: 'hello' }, order()).expect(401);
    expectCataloguedApiError(notAKey.body as Record<string, unknown>, 'UNAUTHENTICATED');

    const person = await post(SANDBOX, approved.owner.headers, order()).expect(403);
    expectCataloguedApiError(person.body as Record<string, unknown>, 'MERCHANT_API_KEY_REQUIRED');
    const keyOnPeopleRoute = await harness.http
      .get('/api/v1/merchant/webhook-endpoints')
      .set(DEVELOPER_KEY, approved.test)
      .expect(403);
    expectCataloguedApiError(keyOnPeopleRoute.body as Record<string, unknown>, 'HUMAN_CONTEXT_REQUIRED');
  });

  it('requires an Idempotency-Key (409), replays the same key and body (201), refuses another body under it (409)', async () => {
    const missing = await post(SANDBOX, { [DEVELOPER_KEY]: pending.test }, order(), '').expect(409);
    expectCataloguedApiError(missing.body as Record<string, unknown>, 'IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const body = order();
    const first = await post(SANDBOX, { [DEVELOPER_KEY]: pending.test }, body, key).expect(201);
    const again = await post(SANDBOX, { Authorization: `Bearer ${pending.test}` }, body, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.body as SessionBody).id).toBe((first.body as SessionBody).id);
    const other = await post(SANDBOX, { [DEVELOPER_KEY]: pending.test }, { ...body, amount: 1 }, key).expect(409);
    expectCataloguedApiError(other.body as Record<string, unknown>, 'IDEMPOTENCY_KEY_REUSED');
    expect((await sessionsOf(pending.id)).filter((row) => row.id === (first.body as SessionBody).id)).toHaveLength(1);
  });

  it('checks the return URL: endpoint or successUrl and cancelUrl (400), an allowed origin (422)', async () => {
    const headers = { [DEVELOPER_KEY]: pending.test };
    const mixed = await post(SANDBOX, headers, order({ successUrl: 'http://localhost:3000/paid' })).expect(400);
    expectCataloguedApiError(mixed.body as Record<string, unknown>, 'VALIDATION_FAILED');
    const neither = await post(SANDBOX, headers, order({ endpoint: undefined })).expect(400);
    expectCataloguedApiError(neither.body as Record<string, unknown>, 'VALIDATION_FAILED');
    const refused = await post(SANDBOX, headers, order({ endpoint: 'http://shop.example.com/return' })).expect(422);
    expectCataloguedApiError(refused.body as Record<string, unknown>, 'REDIRECT_URL_NOT_ALLOWED');
    expect((refused.body as { details: { field: string }[] }).details[0].field).toBe('endpoint');

    // successUrl and cancelUrl still work on the sandbox route, and https URLs in test mode.
    const classic = await post(
      SANDBOX,
      headers,
      order({
        endpoint: undefined,
        successUrl: 'https://shop.example.com/paid',
        cancelUrl: 'https://shop.example.com/cart',
      }),
    ).expect(201);
    expect(classic.body).toMatchObject({
      successUrl: 'https://shop.example.com/paid',
      cancelUrl: 'https://shop.example.com/cart',
    });
  });
});
