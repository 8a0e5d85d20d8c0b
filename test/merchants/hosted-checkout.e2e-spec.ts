import { randomUUID } from 'node:crypto';
import { CheckoutSessionsRepository } from '../../src/modules/merchants/checkout/checkout-sessions.repository';
import { MerchantDirectory } from '../../src/modules/merchants/onboarding/merchant-directory.service';
import { hostedFormFields, openHostedForm, payHostedForm, postHostedForm } from '../factories/checkout-session.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface Merchant {
  id: string;
  name: string;
  headers: Record<string, string>;
  key: string;
}

const HOUR = 3_600_000;
const SUCCESS_ORIGIN = 'http://localhost:4999';

/** The hosted checkout pages over plain HTTP: headers, CSRF, the session's states, link visits. */
describe('Hosted checkout pages (/c/{id}, /c/{id}/pay, /l/{slug})', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let shop: Merchant;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  async function newMerchant(): Promise<Merchant> {
    const { merchant } = await approvedMerchant(harness, { name: `Bolt & Sons ${randomUUID().slice(0, 6)} Ltd` });
    const owner = await merchantOwnerOf(harness, merchant);
    const key = (await createApiKey(harness, owner, false)).secret;
    return { id: merchant.id, name: merchant.name, headers: owner.headers, key };
  }

  async function newSession(merchant: Merchant, overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set(bearer(merchant.key))
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: 500000,
        currency: 'NGN',
        merchantReference: 'INV-<b>7</b>',
        title: 'Order "42" <script>alert(1)</script>',
        successUrl: `${SUCCESS_ORIGIN}/done?order=42#top`,
        cancelUrl: `${SUCCESS_ORIGIN}/cart`,
        expiresInMinutes: 60,
        ...overrides,
      })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  async function newLink(merchant: Merchant, body: Record<string, unknown>): Promise<{ id: string; slug: string }> {
    const slug = `pay-${randomUUID().slice(0, 8)}`;
    const response = await harness.http
      .post('/api/v1/merchant/payment-links')
      .set(bearer(merchant.key))
      .send({ title: 'Concert ticket', currency: 'NGN', slug, ...body })
      .expect(201);
    return { id: (response.body as { id: string }).id, slug };
  }

  const sessionRow = async (id: string) =>
    (
      await harness.db.query<Record<string, unknown>[]>(`SELECT * FROM merchant_checkout_sessions WHERE id = $1`, [id])
    )[0];
  const viewsOf = (linkId: string) =>
    harness.db.query<{ visitor_key: string; checkout_session_id: string | null }[]>(
      `SELECT visitor_key, checkout_session_id FROM merchant_payment_link_views WHERE payment_link_id = $1 ORDER BY viewed_at`,
      [linkId],
    );

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    shop = await newMerchant();
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe('GET /c/{id}', () => {
    it('renders the pay form, escaped, with the amount in the currency format, under a strict CSP, never cached', async () => {
      const id = await newSession(shop);
      const { response } = await openHostedForm(harness, id);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');

      const csp = String(response.headers['content-security-policy']);
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
      expect(csp).toBe(
        [
          "default-src 'none'",
          `style-src 'nonce-${nonce}'`,
          `script-src 'nonce-${nonce}'`,
          `form-action 'self' ${SUCCESS_ORIGIN}`,
          "frame-ancestors 'none'",
          "base-uri 'none'",
        ].join('; '),
      );
      // Every inline style and script carries the response's nonce; nothing is loaded from elsewhere.
      expect(response.text.match(/<(style|script)\b[^>]*>/g)).toEqual([
        `<style nonce="${nonce}">`,
        `<script nonce="${nonce}">`,
      ]);
      expect(response.text).not.toMatch(/\b(src|href)="(https?:)?\/\/(?!localhost:4999)/);

      expect(response.text).toContain(`<h1>${shop.name.replace('&', '&amp;')}</h1>`);
      expect(response.text).toContain('Order &quot;42&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(response.text).not.toContain('<script>alert(1)');
      expect(response.text).toContain('INV-&lt;b&gt;7&lt;/b&gt;');
      expect(response.text).toContain('₦5,000.00');
      expect(response.text).toContain(`href="${SUCCESS_ORIGIN}/cart"`);
      expect(response.text).toContain(`action="/c/${id}/pay"`);
      for (const rail of ['CARD', 'BANK_TRANSFER', 'MOBILE_MONEY']) expect(response.text).toContain(`value="${rail}"`);

      const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('\n');
      expect(cookie).toMatch(/^paysvc_checkout_csrf=[A-Za-z0-9_-]{43}; Path=\/c\/; HttpOnly; SameSite=Strict$/m);
    });

    it('formats amounts by the currency minor unit (JPY has none)', async () => {
      const id = await newSession(shop, { amount: 1500, currency: 'JPY' });
      const { response } = await openHostedForm(harness, id);
      expect(response.text).toContain('¥1,500');
    });

    it('keeps the CSRF cookie a browser already holds, so forms in other tabs stay valid', async () => {
      const id = await newSession(shop);
      const first = await openHostedForm(harness, id);
      const second = await openHostedForm(harness, id, first.cookie);
      expect(second.response.headers['set-cookie']).toBeUndefined();
      expect(second.attempt).not.toBe(first.attempt);
    });

    it('lets only the merchant’s verified origins frame the page', async () => {
      const framed = await newMerchant();
      await harness.http
        .post('/api/v1/merchant/origins')
        .set(framed.headers)
        .send({ origin: 'http://localhost:4321' })
        .expect(201);
      const id = await newSession(framed);
      const response = await harness.http.get(`/c/${id}`).expect(200);
      expect(response.headers['content-security-policy']).toContain('frame-ancestors http://localhost:4321;');
      expect(response.headers['x-frame-options']).toBeUndefined();
    });

    it('shows the in-progress page, refreshing itself, while an awaited session is still OPEN', async () => {
      const id = await newSession(shop);
      const response = await harness.http.get(`/c/${id}`).query({ awaiting: '1' }).expect(202);
      expect(response.text).toContain('Payment in progress.');
      expect(response.text).toContain(`<meta http-equiv="refresh" content="3; url=/c/${id}?awaiting=1" />`);
      expect(response.text).toContain(`<a href="/c/${id}">Back to the payment form</a>`);
      expect(response.text).not.toContain('<form');
      expect(response.headers['cache-control']).toBe('no-store');
      // Without the flag the payer gets the form (a test-mode session says no money moves).
      const form = await harness.http.get(`/c/${id}`).expect(200);
      expect(form.text).toContain('Test mode: no money moves');
    });

    it('answers an HTML 404 for an unknown or malformed id, and nothing under /api/v1', async () => {
      for (const id of [randomUUID(), 'not-a-uuid', `${randomUUID()}x`]) {
        const response = await harness.http.get(`/c/${id}`).expect(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.text).toContain('<h1>Checkout not found</h1>');
      }
      const id = await newSession(shop);
      const prefixed = await harness.http.get(`/api/v1/c/${id}`).expect(404);
      expect(prefixed.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    });

    it('shows an expired session as expired (410), with the way back, and expires it', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      clock.advance(2 * HOUR);
      try {
        const response = await harness.http.get(`/c/${id}`).expect(410);
        expect(response.text).toContain('This checkout has expired');
        expect(response.text).toContain(`href="${SUCCESS_ORIGIN}/cart"`);
        expect(response.text).not.toContain('<form');
        expect(await sessionRow(id)).toMatchObject({ status: 'EXPIRED' });
        // Its form, sent now, pays nothing: the payer is sent to the expired page.
        const late = await payHostedForm(harness, id, form, '4242424242424242').expect(303);
        expect(late.headers.location).toBe(`/c/${id}`);
        expect(await sessionRow(id)).toMatchObject({ status: 'EXPIRED', payment_id: null });
      } finally {
        clock.advance(-2 * HOUR);
      }
    });
  });

  describe('POST /c/{id}/pay', () => {
    it('refuses a form without the CSRF cookie, without a token, with a forged one or another session’s (403 HTML), paying nothing', async () => {
      const id = await newSession(shop);
      const other = await newSession(shop);
      const form = await openHostedForm(harness, id);
      const otherForm = await openHostedForm(harness, other, form.cookie);
      const card = { rail: 'CARD', fundingAccount: '4242424242424242' };
      const refused = [
        await postHostedForm(harness, id, undefined, { ...card, attempt: form.attempt, csrf: form.csrf }),
        await postHostedForm(harness, id, form.cookie, { ...card, attempt: form.attempt }),
        await postHostedForm(harness, id, form.cookie, { ...card, attempt: form.attempt, csrf: '0'.repeat(64) }),
        await postHostedForm(harness, id, form.cookie, { ...card, attempt: otherForm.attempt, csrf: otherForm.csrf }),
        await postHostedForm(harness, id, `paysvc_checkout_csrf=${'A'.repeat(43)}`, {
          ...card,
          attempt: form.attempt,
          csrf: form.csrf,
        }),
      ];
      for (const response of refused) {
        expect(response.status).toBe(403);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.text).toContain('This form has expired');
      }
      expect(await sessionRow(id)).toMatchObject({ status: 'OPEN', payment_id: null });
    });

    it('asks again for a funding account that cannot be one or a rail it does not offer (422), paying nothing', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      const bad = await payHostedForm(harness, id, form, '<x>').expect(422);
      expect(bad.text).toContain('role="alert"');
      expect(bad.text).toContain('Enter a card, account or mobile number');
      expect(bad.text).not.toContain('&lt;x&gt;');
      const noRail = await payHostedForm(harness, id, form, '4242424242424242', 'GOLD').expect(422);
      expect(noRail.text).toContain('Choose how to pay.');
      expect(await sessionRow(id)).toMatchObject({ status: 'OPEN', payment_id: null });
    });

    it('takes urlencoded forms of at most 4 KB only', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      await postHostedForm(harness, id, form.cookie, {
        attempt: form.attempt,
        csrf: form.csrf,
        padding: 'x'.repeat(5000),
      }).expect(413);
      const json = await harness.http
        .post(`/c/${id}/pay`)
        .set('Cookie', form.cookie)
        .send({ attempt: form.attempt, csrf: form.csrf })
        .expect(415);
      expect(json.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    const paymentsOf = (sessionId: string) =>
      harness.db.query<{ id: string; status: string; channel: string; amount: string }[]>(
        `SELECT id, status, channel, amount::text FROM payments WHERE checkout_session_id = $1 ORDER BY created_at`,
        [sessionId],
      );

    it('pays through the core and sends the payer to the success URL with session_id (303), once per form', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      const fields = { rail: 'CARD', fundingAccount: '4242 4242 4242 4242', attempt: form.attempt, csrf: form.csrf };
      const paid = await postHostedForm(harness, id, form.cookie, fields).expect(303);
      expect(paid.headers.location).toBe(`${SUCCESS_ORIGIN}/done?order=42&session_id=${id}#top`);
      expect(paid.headers['cache-control']).toBe('no-store');
      const [payment] = await paymentsOf(id);
      expect(payment).toMatchObject({ status: 'SUCCEEDED', channel: 'CHECKOUT', amount: '500000' });
      expect(await sessionRow(id)).toMatchObject({ status: 'COMPLETE', payment_id: payment.id });

      // The same form again (a double submit without JavaScript): no second payment, the paid page.
      const again = await postHostedForm(harness, id, form.cookie, fields).expect(303);
      expect(again.headers.location).toBe(`/c/${id}`);
      expect(await paymentsOf(id)).toHaveLength(1);

      const page = await harness.http.get(`/c/${id}`).set('Cookie', form.cookie).expect(200);
      expect(page.text).toContain('<strong>Paid.</strong>');
      expect(page.text).toContain(`href="${SUCCESS_ORIGIN}/done?order=42&amp;session_id=${id}#top"`);
      expect(page.text).not.toContain('<form');
    });

    it('reads no page data (merchant, frame origins) for the 303 of a paid form, only for a page it renders', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      const frameOrigins = jest.spyOn(CheckoutSessionsRepository.prototype, 'frameOrigins');
      const merchants = jest.spyOn(MerchantDirectory.prototype, 'findById');
      try {
        const refused = { rail: 'CARD', fundingAccount: '42', attempt: form.attempt, csrf: form.csrf };
        await postHostedForm(harness, id, form.cookie, refused).expect(422);
        expect(frameOrigins).toHaveBeenCalledTimes(1);
        frameOrigins.mockClear();
        merchants.mockClear();
        const fields = { rail: 'CARD', fundingAccount: '4242 4242 4242 4242', attempt: form.attempt, csrf: form.csrf };
        const paid = await postHostedForm(harness, id, form.cookie, fields).expect(303);
        expect(paid.headers.location).toBe(`${SUCCESS_ORIGIN}/done?order=42&session_id=${id}#top`);
        expect(frameOrigins).not.toHaveBeenCalled();
        expect(merchants).not.toHaveBeenCalled();
        expect(await sessionRow(id)).toMatchObject({ status: 'COMPLETE' });
      } finally {
        frameOrigins.mockRestore();
        merchants.mockRestore();
      }
    });

    it('shows a decline with its reason and a fresh form (402), then pays on the retry', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      const declined = await payHostedForm(harness, id, form, '4000000000000002').expect(402);
      expect(declined.text).toMatch(
        /role="alert"[^>]*>\s*<strong>Payment not completed\.<\/strong>[^<]*Try another card or account\./,
      );
      expect(await paymentsOf(id)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
      expect(await sessionRow(id)).toMatchObject({ status: 'OPEN', payment_id: null });

      const retry = hostedFormFields(declined.text);
      expect(retry.attempt).not.toBe(form.attempt);
      const paid = await payHostedForm(harness, id, { cookie: form.cookie, ...retry }, '4242424242424242').expect(303);
      expect(new URL(paid.headers.location).searchParams.get('session_id')).toBe(id);
      expect((await paymentsOf(id)).map((payment) => payment.status)).toEqual(['FAILED', 'SUCCEEDED']);
    });

    it('shows a payment the rail has not answered as in progress, on the POST and on the page, and takes no second one', async () => {
      const id = await newSession(shop);
      const form = await openHostedForm(harness, id);
      const secondTab = await openHostedForm(harness, id, form.cookie);
      const pending = await payHostedForm(harness, id, form, '4000000000000119').expect(202);
      expect(pending.text).toContain('Payment in progress.');
      expect(pending.text).not.toContain('<form');
      const [payment] = await paymentsOf(id);
      expect(await sessionRow(id)).toMatchObject({ status: 'OPEN', payment_id: payment.id });
      const page = await harness.http.get(`/c/${id}`).set('Cookie', form.cookie).expect(202);
      expect(page.text).toContain('Payment in progress.');
      expect(page.text).not.toContain('<form');

      // The second tab's form meets the payment under way (the core's 409): in progress, nothing paid twice.
      const second = await payHostedForm(harness, id, secondTab, '4242424242424242').expect(202);
      expect(second.text).toContain('Payment in progress.');
      expect(await paymentsOf(id)).toEqual([expect.objectContaining({ id: payment.id })]);
    });

    it('answers an HTML 404 for an unknown session', async () => {
      const response = await postHostedForm(harness, randomUUID(), undefined, { rail: 'CARD' }).expect(404);
      expect(response.text).toContain('Checkout not found');
    });
  });

  describe('GET /l/{slug}', () => {
    it('logs one view per visitor in 30 minutes and opens (then reuses) the visitor’s session', async () => {
      const link = await newLink(shop, { amount: 250000, metadata: { campaign: 'x' } });
      const first = await harness.http.get(`/l/${link.slug}`).expect(303);
      const sessionId = /^\/c\/([0-9a-f-]{36})$/.exec(first.headers.location)![1];
      expect(first.headers['cache-control']).toBe('no-store');
      const visitor = ([] as string[]).concat(first.headers['set-cookie'] ?? []).join('\n');
      expect(visitor).toMatch(
        /^paysvc_link_visitor=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/l\/; Expires=.*; HttpOnly; SameSite=Lax$/m,
      );
      const cookie = visitor.split(';')[0];
      expect(await sessionRow(sessionId)).toMatchObject({
        status: 'OPEN',
        source: 'PAYMENT_LINK',
        payment_link_id: link.id,
        amount: '250000',
        currency: 'NGN',
        merchant_reference: link.slug,
        title: 'Concert ticket',
        success_url: `${harness.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/c/${sessionId}`,
        cancel_url: `${harness.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/l/${link.slug}`,
        metadata: { campaign: 'x' },
        idempotency_key: null,
      });
      const page = await harness.http.get(`/c/${sessionId}`).expect(200);
      expect(page.text).toContain('₦2,500.00');
      expect(page.text).not.toContain('class="cancel"');

      const again = await harness.http.get(`/l/${link.slug}`).set('Cookie', cookie).expect(303);
      expect(again.headers.location).toBe(`/c/${sessionId}`);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(await viewsOf(link.id)).toEqual([
        { visitor_key: expect.stringMatching(/^[0-9a-f]{64}$/), checkout_session_id: sessionId },
      ]);
      expect((await viewsOf(link.id))[0].visitor_key).not.toBe(cookie.split('=')[1]);

      // Another visitor: a view and a session of its own.
      const stranger = await harness.http.get(`/l/${link.slug}`).expect(303);
      expect(stranger.headers.location).not.toBe(`/c/${sessionId}`);
      expect(await viewsOf(link.id)).toHaveLength(2);

      // The same visitor after the window: a new view, and (the session still OPEN) the same session.
      clock.advance(31 * 60_000);
      try {
        const later = await harness.http.get(`/l/${link.slug}`).set('Cookie', cookie).expect(303);
        expect(await viewsOf(link.id)).toHaveLength(3);
        expect(later.headers.location).toMatch(/^\/c\//);
      } finally {
        clock.advance(-31 * 60_000);
      }
    });

    it('asks for the amount of a link without one, within its bounds, then opens a session of it', async () => {
      const link = await newLink(shop, { minAmount: 1000, maxAmount: 1000000, title: 'Tip <jar>' });
      const form = await harness.http.get(`/l/${link.slug}`).expect(200);
      expect(form.headers['content-security-policy']).toContain("form-action 'self';");
      expect(form.text).toContain('Tip &lt;jar&gt;');
      expect(form.text).toContain('Amount in NGN (₦10.00 to ₦10,000.00)');
      expect(form.text).toContain(`action="/l/${link.slug}"`);
      const cookie = ([] as string[]).concat(form.headers['set-cookie'] ?? [])[0].split(';')[0];
      for (const amount of ['abc', '9.99', '10000.01', '12.345']) {
        const refused = await harness.http.get(`/l/${link.slug}`).query({ amount }).set('Cookie', cookie).expect(422);
        expect(refused.text).toContain('Enter an amount from ₦10.00 to ₦10,000.00.');
      }
      const chosen = await harness.http
        .get(`/l/${link.slug}`)
        .query({ amount: '1,250.50' })
        .set('Cookie', cookie)
        .expect(303);
      const sessionId = chosen.headers.location.slice('/c/'.length);
      expect(await sessionRow(sessionId)).toMatchObject({ amount: '125050', source: 'PAYMENT_LINK' });
      expect(await viewsOf(link.id)).toEqual([{ visitor_key: expect.any(String), checkout_session_id: sessionId }]);
    });

    it('shows a clear page for an unknown, expired or used-up link, opening nothing', async () => {
      const unknown = await harness.http.get(`/l/no-such-${randomUUID().slice(0, 8)}`).expect(404);
      expect(unknown.text).toContain('Payment link not found');
      expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');

      const expiring = await newLink(shop, {
        amount: 1000,
        expiresAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      });
      clock.advance(2 * HOUR);
      try {
        const expired = await harness.http.get(`/l/${expiring.slug}`).expect(410);
        expect(expired.text).toContain('This payment link has expired.');
        expect(expired.text).toContain(shop.name.replace('&', '&amp;'));
      } finally {
        clock.advance(-2 * HOUR);
      }

      const capped = await newLink(shop, { amount: 1000, maxCompletions: 1 });
      await harness.db.query(`UPDATE merchant_payment_links SET completed_count = 1 WHERE id = $1`, [capped.id]);
      const closed = await harness.http.get(`/l/${capped.slug}`).expect(410);
      expect(closed.text).toContain('has taken all the payments it was for');

      const sessions = await harness.db.query<{ count: string }[]>(
        `SELECT count(*) FROM merchant_checkout_sessions WHERE payment_link_id = ANY($1)`,
        [[expiring.id, capped.id]],
      );
      expect(sessions[0].count).toBe('0');
    });

    it('completes a link session on its own page with the link’s success message, and closes a capped link once paid', async () => {
      const link = await newLink(shop, { amount: 90000, maxCompletions: 1, successMessage: 'See you at the <show>!' });
      const visit = await harness.http.get(`/l/${link.slug}`).expect(303);
      const sessionId = visit.headers.location.slice('/c/'.length);
      const form = await openHostedForm(harness, sessionId);
      expect(form.response.headers['content-security-policy']).toContain("form-action 'self';");
      const paid = await payHostedForm(harness, sessionId, form, '0000000001', 'BANK_TRANSFER').expect(303);
      expect(paid.headers.location).toBe(`/c/${sessionId}`);
      const done = await harness.http.get(paid.headers.location).expect(200);
      expect(done.text).toContain('See you at the &lt;show&gt;!');
      expect(done.text).not.toContain('Return to');

      const closed = await harness.http.get(`/l/${link.slug}`).expect(410);
      expect(closed.text).toContain('has taken all the payments it was for');
    });

    it('opens a link without a slug at /l/{id}', async () => {
      const response = await harness.http
        .post('/api/v1/merchant/payment-links')
        .set(bearer(shop.key))
        .send({ title: 'No slug', currency: 'NGN', amount: 700 })
        .expect(201);
      const { id, url } = response.body as { id: string; url: string };
      expect(url.endsWith(`/l/${id}`)).toBe(true);
      await harness.http.get(`/l/${id}`).expect(303);
    });
  });
});
