import { randomUUID } from 'node:crypto';
import { addVerifiedOrigin, patchKyb, setSettlementAccount } from '../factories/merchant.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface LinkBody {
  id: string;
  title: string;
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  slug: string | null;
  url: string;
  active: boolean;
  completedCount: number;
  livemode: boolean;
  createdAt: string;
  [field: string]: unknown;
}

const PATH = '/api/v1/merchant/payment-links';
const HOUR = 3_600_000;

describe('Merchant API: payment links (POST and GET /merchant/payment-links)', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let shop: KeyedMerchant;
  let other: KeyedMerchant;
  let liveOrigin: string;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const create = (secret: string, body: Record<string, unknown>) =>
    harness.http.post(PATH).set(bearer(secret)).send(body);
  const list = (secret: string) => harness.http.get(PATH).set(bearer(secret));
  const slug = () => `link-${randomUUID().slice(0, 8)}`;
  const fixed = (overrides: Record<string, unknown> = {}) => ({
    title: 'Concert ticket',
    amount: 500000,
    currency: 'NGN',
    ...overrides,
  });

  const rowOf = async (id: string) =>
    (await harness.db.query<Record<string, unknown>[]>(`SELECT * FROM merchant_payment_links WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    shop = await merchantWithKeys(harness);
    other = await merchantWithKeys(harness);
    liveOrigin = (await addVerifiedOrigin(harness, shop.owner, `https://${randomUUID().slice(0, 8)}.links.example`))
      .origin;
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('creates a fixed-amount link with its slug and hosted page URL, stores it, audits it and raises its event', async () => {
    const chosen = slug();
    const expiresAt = new Date(clock.now().getTime() + 48 * HOUR).toISOString();
    const body = fixed({
      description: 'Entry for one',
      slug: chosen,
      redirectUrl: 'https://shop.example/thanks',
      successMessage: 'Thank you!',
      maxCompletions: 100,
      expiresAt,
      metadata: { campaign: 'winter' },
    });
    const response = await create(shop.test, body).expect(201);
    const link = response.body as LinkBody;
    const base = harness.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
    expect(link).toEqual({
      id: expect.any(String),
      title: 'Concert ticket',
      description: 'Entry for one',
      amount: 500000,
      minAmount: null,
      maxAmount: null,
      currency: 'NGN',
      slug: chosen,
      url: `${base}/l/${chosen}`,
      redirectUrl: 'https://shop.example/thanks',
      successMessage: 'Thank you!',
      maxCompletions: 100,
      completedCount: 0,
      active: true,
      expiresAt,
      metadata: { campaign: 'winter' },
      livemode: false,
      createdAt: clock.now().toISOString(),
    });
    expect(await rowOf(link.id)).toMatchObject({
      merchant_id: shop.id,
      livemode: false,
      amount: '500000',
      min_amount: null,
      slug: chosen,
      completed_count: 0,
    });
    const [audit] = await harness.db.query<{ action: string; actor_role: string }[]>(
      `SELECT action, actor_role FROM merchant_audit_log WHERE target_id = $1`,
      [link.id],
    );
    expect(audit).toEqual({ action: 'PAYMENT_LINK_CREATED', actor_role: 'API_KEY' });
    const events = await harness.db.query<{ event_type: string; payload: Record<string, unknown> }[]>(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'payment_link' AND aggregate_id = $1`,
      [link.id],
    );
    expect(events).toEqual([
      {
        event_type: 'merchant.payment_link.created',
        payload: {
          merchantId: shop.id,
          paymentLinkId: link.id,
          livemode: false,
          amount: 500000,
          currency: 'NGN',
          slug: chosen,
        },
      },
    ]);
  });

  // Before any test moves the clock past a person's access token (15 minutes).
  it('answers 401 without a key and 403 MERCHANT_API_KEY_REQUIRED to a person of the team', async () => {
    expectCataloguedApiError((await harness.http.get(PATH).expect(401)).body, 'UNAUTHENTICATED');
    expectCataloguedApiError((await harness.http.post(PATH).send(fixed()).expect(401)).body, 'UNAUTHENTICATED');
    expectCataloguedApiError(
      (await harness.http.get(PATH).set(shop.owner.headers).expect(403)).body,
      'MERCHANT_API_KEY_REQUIRED',
    );
  });
  it('creates a customer-chosen link within min and max; without a slug its URL is by id', async () => {
    const link = (await create(shop.test, fixed({ amount: undefined, minAmount: 1000, maxAmount: 90000 })).expect(201))
      .body as LinkBody;
    expect(link).toMatchObject({ amount: null, minAmount: 1000, maxAmount: 90000, slug: null });
    expect(link.url.endsWith(`/l/${link.id}`)).toBe(true);
    expect(await rowOf(link.id)).toMatchObject({ amount: null, min_amount: '1000', max_amount: '90000' });
  });

  it.each([
    ['an amount with bounds', { minAmount: 100, maxAmount: 200 }, 'amount'],
    ['neither an amount nor bounds', { amount: undefined }, 'amount'],
    ['only a minimum', { amount: undefined, minAmount: 100 }, 'amount'],
    ['a minimum above the maximum', { amount: undefined, minAmount: 300, maxAmount: 200 }, 'minAmount'],
    ['amount 0', { amount: 0 }, 'amount'],
    ['a currency that is not ISO 4217', { currency: 'ABC' }, 'currency'],
    ['no title', { title: undefined }, 'title'],
    ['an upper-case slug', { slug: 'Concert' }, 'slug'],
    ['a slug of 2 characters', { slug: 'ab' }, 'slug'],
    ['a slug with a space', { slug: 'my link' }, 'slug'],
    ['maxCompletions 0', { maxCompletions: 0 }, 'maxCompletions'],
    ['an expiry in the past', { expiresAt: '2020-01-01T00:00:00.000Z' }, 'expiresAt'],
    ['an expiry that is no date', { expiresAt: 'tomorrow' }, 'expiresAt'],
    [
      '21 metadata keys',
      { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
      'metadata',
    ],
    ['a metadata value that is not a string', { metadata: { n: 1 } }, 'metadata'],
    ['a metadata value of 501 characters', { metadata: { n: 'x'.repeat(501) } }, 'metadata'],
  ])('answers 400 VALIDATION_FAILED for %s, storing nothing', async (_case, overrides, field) => {
    const title = `invalid-${randomUUID()}`;
    const response = await create(shop.test, fixed({ title, ...overrides })).expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect(JSON.stringify(response.body)).toContain(field);
    expect(await harness.db.query(`SELECT 1 FROM merchant_payment_links WHERE title = $1`, [title])).toHaveLength(0);
  });

  it('keeps slugs unique across merchants and modes: 409 SLUG_TAKEN', async () => {
    const taken = slug();
    await create(shop.test, fixed({ slug: taken })).expect(201);
    for (const secret of [shop.test, shop.live, other.test]) {
      const response = await create(secret, fixed({ slug: taken, redirectUrl: undefined })).expect(409);
      expectCataloguedApiError(response.body, 'SLUG_TAKEN');
    }
    expect(await harness.db.query(`SELECT 1 FROM merchant_payment_links WHERE slug = $1`, [taken])).toHaveLength(1);
  });

  it('live: a redirect URL on a VERIFIED origin only (422 REDIRECT_URL_NOT_ALLOWED); test: any https URL', async () => {
    await create(shop.live, fixed({ redirectUrl: `${liveOrigin}/thanks` })).expect(201);
    for (const url of ['https://elsewhere.example/thanks', 'http://localhost:3000/thanks']) {
      const response = await create(shop.live, fixed({ redirectUrl: url })).expect(422);
      expectCataloguedApiError(response.body, 'REDIRECT_URL_NOT_ALLOWED');
    }
    await create(shop.test, fixed({ redirectUrl: 'https://elsewhere.example/thanks' })).expect(201);
    await create(shop.test, fixed({ redirectUrl: 'http://localhost:3000/thanks' })).expect(201);
    expectCataloguedApiError(
      (await create(shop.test, fixed({ redirectUrl: 'http://elsewhere.example/' })).expect(422)).body,
      'REDIRECT_URL_NOT_ALLOWED',
    );
  });

  it('refuses live links of a SUSPENDED merchant (403 MERCHANT_RESTRICTED) and a currency it does not settle in', async () => {
    const merchant = await merchantWithKeys(harness);
    await setSettlementAccount(harness, merchant.id);
    expectCataloguedApiError(
      (await create(merchant.test, fixed({ currency: 'USD' })).expect(422)).body,
      'CURRENCY_NOT_SUPPORTED',
    );
    await create(merchant.live, fixed()).expect(201);
    expect((await patchKyb(harness, merchant.id, { status: 'SUSPENDED', reasonCode: 'risk.review' })).status).toBe(200);
    expectCataloguedApiError((await create(merchant.live, fixed()).expect(403)).body, 'MERCHANT_RESTRICTED');
    await create(merchant.test, fixed()).expect(201);
    expect((await list(merchant.live).expect(200)).body).toHaveLength(1);
  });

  it("lists the key mode's links newest first with completion counts, never the other mode's or merchant's", async () => {
    const merchant = await merchantWithKeys(harness);
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      made.push(((await create(merchant.test, fixed({ title: `Test ${index}` })).expect(201)).body as LinkBody).id);
      clock.advance(1000);
    }
    const live = ((await create(merchant.live, fixed({ title: 'Live' })).expect(201)).body as LinkBody).id;
    await create(other.test, fixed()).expect(201);

    const tests = (await list(merchant.test).expect(200)).body as LinkBody[];
    expect(tests.map((link) => link.id)).toEqual([...made].reverse());
    expect(tests.every((link) => link.completedCount === 0 && link.livemode === false)).toBe(true);
    const lives = (await list(merchant.live).expect(200)).body as LinkBody[];
    expect(lives.map((link) => link.id)).toEqual([live]);

    // A link at its completion cap, or past its expiry, lists as inactive with its count.
    await harness.db.query(`UPDATE merchant_payment_links SET max_completions = 2, completed_count = 2 WHERE id = $1`, [
      made[0],
    ]);
    const expiring = (
      (
        await create(merchant.test, fixed({ expiresAt: new Date(clock.now().getTime() + HOUR).toISOString() })).expect(
          201,
        )
      ).body as LinkBody
    ).id;
    clock.advance(HOUR);
    const after = (await list(merchant.test).expect(200)).body as LinkBody[];
    expect(after.find((link) => link.id === made[0])).toMatchObject({ completedCount: 2, active: false });
    expect(after.find((link) => link.id === expiring)).toMatchObject({ active: false });
    expect(after.find((link) => link.id === made[1])).toMatchObject({ active: true });
  });
});
