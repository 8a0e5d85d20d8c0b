import { DataSource } from 'typeorm';
import {
  DEMO_MERCHANT_TEST_KEY,
  DemoMerchantKeySeeder,
} from '../../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import {
  DEMO_MERCHANT_OWNER,
  DemoMerchantOwnerSeeder,
} from '../../src/modules/merchants/identity/demo-merchant-owner.seeder';
import {
  DEMO_PAYMENT_LINK,
  DemoPaymentLinkSeeder,
  demoPaymentLinkUrl,
} from '../../src/modules/merchants/checkout/demo-payment-link.seeder';
import { DEMO_MERCHANT, DemoMerchantSeeder } from '../../src/modules/merchants/onboarding/demo-merchant.seeder';
import { AppConfig } from '../../src/platform/config/app-config';
import type { SeedReport } from '../../src/platform/database/seeder';
import { openHostedForm, payHostedForm } from '../factories/checkout-session.factory';
import { bearer } from '../factories/customer.factory';
import { merchantLogin, MerchantTokens } from '../factories/merchant-user.factory';
import { MerchantProbeController } from '../platform/support/merchant-probe.controller';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';

/** In a database of its own: the demo merchant has fixed identifiers no other spec should meet. */
describe('Demo seed: an approved merchant, its owner login, a sandbox key and a test-mode payment link', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({
      config: { DATABASE_URL: database.url },
      controllers: [MerchantProbeController],
    });
  });

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  async function seed(): Promise<SeedReport[]> {
    const config = harness.app.get(AppConfig);
    const reports: SeedReport[] = [];
    for (const seeder of [
      new DemoMerchantSeeder(),
      new DemoMerchantOwnerSeeder(DEMO_MERCHANT.id),
      new DemoMerchantKeySeeder(DEMO_MERCHANT.id, config),
      new DemoPaymentLinkSeeder(DEMO_MERCHANT.id),
    ]) {
      reports.push(await harness.app.get(DataSource).transaction((manager) => seeder.run(manager)));
    }
    return reports;
  }

  it('seeds once, and the README credentials work: owner login to the APPROVED merchant, the test key', async () => {
    expect(await seed()).toEqual([
      { created: 1, existing: 0 },
      { created: 1, existing: 0 },
      { created: 1, existing: 0 },
      { created: 1, existing: 0 },
    ]);
    expect(await seed()).toEqual([
      { created: 0, existing: 1 },
      { created: 0, existing: 1 },
      { created: 0, existing: 1 },
      { created: 0, existing: 1 },
    ]);

    const login = await merchantLogin(harness, {
      email: DEMO_MERCHANT_OWNER.email,
      password: DEMO_MERCHANT_OWNER.password,
    }).expect(200);
    const tokens = login.body as MerchantTokens;
    const me = await harness.http.get('/api/v1/merchant/me').set(bearer(tokens.accessToken)).expect(200);
    expect(me.body).toMatchObject({
      merchant: { id: DEMO_MERCHANT.id, name: DEMO_MERCHANT.name, kybStatus: 'APPROVED' },
      membership: { role: 'OWNER' },
    });

    const principal = await harness.http
      .get('/api/v1/merchant-probe/keys')
      .set(bearer(DEMO_MERCHANT_TEST_KEY))
      .expect(200);
    expect(principal.body).toMatchObject({ merchantId: DEMO_MERCHANT.id, livemode: false });
    const keys = await harness.http.get('/api/v1/merchant/api-keys').set(bearer(tokens.accessToken)).expect(200);
    expect(keys.body).toEqual([
      expect.objectContaining({
        name: 'Demo sandbox key',
        livemode: false,
        prefix: DEMO_MERCHANT_TEST_KEY.slice(0, 14),
      }),
    ]);
    // Live keys are open to it, as to any approved merchant.
    await harness.http
      .post('/api/v1/merchant/api-keys')
      .set(bearer(tokens.accessToken))
      .send({ livemode: true })
      .expect(201);
  });
  it('the demo link, seeded once, is paid in the browser as the README walks through: a decline, then 4242, then GET by the test key', async () => {
    await seed(); // a third run: still one link
    const links = await harness.db.query<{ id: string; livemode: boolean; amount: string; redirect_url: string }[]>(
      `SELECT id, livemode, amount::text, redirect_url FROM merchant_payment_links WHERE merchant_id = $1`,
      [DEMO_MERCHANT.id],
    );
    expect(links).toEqual([expect.objectContaining({ livemode: false, amount: '250000', redirect_url: null })]);
    const listed = await harness.http
      .get('/api/v1/merchant/payment-links')
      .set(bearer(DEMO_MERCHANT_TEST_KEY))
      .expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: links[0].id, slug: DEMO_PAYMENT_LINK.slug })]);
    // The URL `npm run dev` prints is the link's hosted page at PUBLIC_BASE_URL.
    const printed = new URL(demoPaymentLinkUrl(harness.config.PUBLIC_BASE_URL));
    expect(printed.pathname).toBe(`/l/${DEMO_PAYMENT_LINK.slug}`);

    const visit = await harness.http.get(printed.pathname).expect(303);
    const sessionId = /^\/c\/([0-9a-f-]{36})$/.exec(visit.headers.location as string)![1];
    const { response: page, cookie } = await openHostedForm(harness, sessionId);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain(DEMO_PAYMENT_LINK.title);
    expect(page.text).toContain('Demo Merchant Ltd');
    expect(page.text).toContain('Test mode');
    const pay = async (fundingAccount: string) =>
      payHostedForm(harness, sessionId, await openHostedForm(harness, sessionId, cookie), fundingAccount);

    const declined = await pay('4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain(
      '<strong>Payment not completed.</strong> The funding account was declined. Try another card or account.',
    );
    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    // No redirectUrl: the payer comes back to the session's own page, which shows the link's message.
    const landing = new URL(paid.headers.location as string, harness.config.PUBLIC_BASE_URL);
    expect(landing.pathname).toBe(`/c/${sessionId}`);
    const done = await harness.http.get(`${landing.pathname}${landing.search}`).expect(200);
    expect(done.text).toContain(`<strong>Paid.</strong> ${DEMO_PAYMENT_LINK.successMessage}`);

    const session = await harness.http
      .get(`/api/v1/merchant/checkout-sessions/${sessionId}`)
      .set(bearer(DEMO_MERCHANT_TEST_KEY))
      .expect(200);
    expect(session.body).toMatchObject({
      id: sessionId,
      status: 'COMPLETE',
      paymentStatus: 'PAID',
      amount: DEMO_PAYMENT_LINK.amount,
      currency: 'NGN',
      source: 'PAYMENT_LINK',
      paymentLinkId: links[0].id,
      livemode: false,
    });
    expect(session.body.paymentId).toEqual(expect.any(String));
    const [link] = await harness.db.query<{ completed_count: number }[]>(
      `SELECT completed_count FROM merchant_payment_links WHERE id = $1`,
      [links[0].id],
    );
    expect(link.completed_count).toBe(1);
  });
});
