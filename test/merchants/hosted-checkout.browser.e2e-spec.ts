import { source as axeSource } from 'axe-core';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import puppeteer, { Browser, BrowserContext, Page } from 'puppeteer-core';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

/** Debian's chromium (`.ci/run` installs it when missing); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HOUR = 3_600_000;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The hosted checkout in a real headless Chromium, against the app listening on a real port and
 * a local merchant site that receives the payer after paying: a link visit paid with JavaScript,
 * a session paid with JavaScript switched off, a decline and a retry, two tabs on one session,
 * the expired page, and axe-core's audit of the pay, decline and expired pages.
 */
describe('Hosted checkout in Chromium', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let browser: Browser;
  let receiver: Server;
  let appBase: string;
  let merchantSite: string;
  let apiKey: string;
  const arrivals: string[] = [];

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
    appBase = `http://localhost:${(harness.app.getHttpServer().address() as AddressInfo).port}`;

    // The merchant's site: the success URL the payer lands on.
    receiver = createServer((request, response) => {
      arrivals.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><title>Thanks</title><h1>Thank you for your order</h1></html>');
    });
    await new Promise<void>((resolve) => receiver.listen(0, resolve));
    merchantSite = `http://localhost:${(receiver.address() as AddressInfo).port}`;

    const { merchant } = await approvedMerchant(harness, { name: `Corner Shop ${randomUUID().slice(0, 6)}` });
    const owner = await merchantOwnerOf(harness, merchant);
    apiKey = (await createApiKey(harness, owner, false)).secret;

    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Root in CI and containers: Chromium's sandbox needs user namespaces it may not have. The
      // rest spares the machine Chromium's extra processes: every page here is on one site
      // (localhost), so site isolation would only split it further; renderer processes are reused
      // where Chromium can (a soft limit of one); nothing is drawn on a GPU. 36 processes and 14-17
      // CPU-seconds for this file became 15 and 10.6-10.8. What the specs check (the CSP, the pay
      // flow, the redirects) is the page's, the same in any process layout.
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-site-isolation-trials',
        '--disable-features=site-per-process,IsolateOrigins',
        '--renderer-process-limit=1',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await harness?.close();
  });

  async function newSession(overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await harness.http
      .post('/api/v1/merchant/checkout-sessions')
      .set('Authorization', `Bearer ${apiKey}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: 125000,
        currency: 'NGN',
        merchantReference: `ORD-${randomUUID().slice(0, 6)}`,
        title: 'Two coffees',
        successUrl: `${merchantSite}/thanks?from=checkout`,
        cancelUrl: `${merchantSite}/cart`,
        expiresInMinutes: 60,
        ...overrides,
      })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  const sessionRow = async (id: string) =>
    (
      await harness.db.query<{ status: string; payment_id: string | null }[]>(
        `SELECT status, payment_id FROM merchant_checkout_sessions WHERE id = $1`,
        [id],
      )
    )[0];

  /** A page of a fresh browser context, recording what the CSP refused. */
  async function newPage(
    context?: BrowserContext,
  ): Promise<{ page: Page; context: BrowserContext; refused: string[] }> {
    const own = context ?? (await browser.createBrowserContext());
    const page = await own.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    return { page, context: own, refused };
  }

  async function pay(page: Page, fundingAccount: string, rail = 'CARD'): Promise<void> {
    await page.bringToFront();
    await page.click(`input[name=rail][value=${rail}]`);
    await page.type('#fundingAccount', fundingAccount);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  }

  /** axe-core's serious and critical findings on the page (its source evaluated through DevTools, which the CSP does not govern). */
  async function seriousViolations(page: Page): Promise<AxeViolation[]> {
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run()).violations;
    });
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  }

  it('opens a payment link, pays by card with JavaScript on, and lands on the success URL with the session id', async () => {
    const slug = `coffee-${randomUUID().slice(0, 8)}`;
    await harness.http
      .post('/api/v1/merchant/payment-links')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({ title: 'Coffee beans', amount: 450000, currency: 'NGN', slug, redirectUrl: `${merchantSite}/thanks` })
      .expect(201);
    const { page, context, refused } = await newPage();
    try {
      await page.goto(`${appBase}/l/${slug}`);
      const sessionId = /\/c\/([0-9a-f-]{36})$/.exec(page.url())![1];
      expect(await page.$eval('.amount', (element) => element.textContent)).toBe('₦4,500.00');
      expect(await page.$eval('h1', (element) => element.textContent)).toMatch(/^Corner Shop /);
      expect(await seriousViolations(page)).toEqual([]);

      await pay(page, '4242424242424242');
      const landed = new URL(page.url());
      expect(landed.origin).toBe(merchantSite);
      expect(landed.pathname).toBe('/thanks');
      expect(landed.searchParams.get('session_id')).toBe(sessionId);
      expect(arrivals).toContain(`/thanks?session_id=${sessionId}`);
      expect(await sessionRow(sessionId)).toMatchObject({ status: 'COMPLETE', payment_id: expect.any(String) });
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('asks for the amount of a pay-what-you-want link, then pays it', async () => {
    const slug = `tips-${randomUUID().slice(0, 8)}`;
    await harness.http
      .post('/api/v1/merchant/payment-links')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({
        title: 'Tip jar',
        minAmount: 10000,
        maxAmount: 5000000,
        currency: 'NGN',
        slug,
        redirectUrl: `${merchantSite}/tipped`,
      })
      .expect(201);
    const { page, context, refused } = await newPage();
    try {
      await page.goto(`${appBase}/l/${slug}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.type('#amount', '99999');
      await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      expect(await page.$eval('[role=alert]', (element) => element.textContent?.trim())).toBe(
        'Enter an amount from ₦100.00 to ₦50,000.00.',
      );
      await page.type('#amount', '250.50');
      await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      const sessionId = /\/c\/([0-9a-f-]{36})$/.exec(page.url())![1];
      expect(await page.$eval('.amount', (element) => element.textContent)).toBe('₦250.50');
      await pay(page, '4242424242424242');
      expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
      expect(new URL(page.url()).pathname).toBe('/tipped');
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('pays with JavaScript switched off: a plain form POST and a 303 to the success URL', async () => {
    const sessionId = await newSession();
    const { page, context } = await newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.goto(`${appBase}/c/${sessionId}`);
      await pay(page, '0000000001', 'BANK_TRANSFER');
      const landed = new URL(page.url());
      expect(`${landed.origin}${landed.pathname}`).toBe(`${merchantSite}/thanks`);
      expect(landed.searchParams.get('from')).toBe('checkout');
      expect(landed.searchParams.get('session_id')).toBe(sessionId);
      expect(await sessionRow(sessionId)).toMatchObject({ status: 'COMPLETE' });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows a decline’s reason and lets the payer try again with another card', async () => {
    const sessionId = await newSession();
    const { page, context, refused } = await newPage();
    try {
      await page.goto(`${appBase}/c/${sessionId}`);
      await pay(page, '4000000000000002');
      expect(page.url()).toBe(`${appBase}/c/${sessionId}/pay`);
      const alert = await page.$eval('[role=alert]', (element) => element.textContent ?? '');
      expect(alert).toMatch(/declined/i);
      expect(await sessionRow(sessionId)).toMatchObject({ status: 'OPEN', payment_id: null });
      expect(await seriousViolations(page)).toEqual([]);

      await pay(page, '4242424242424242');
      expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
      expect(await sessionRow(sessionId)).toMatchObject({ status: 'COMPLETE' });
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('lets a second tab on a paid session show it paid, never pay it twice', async () => {
    const sessionId = await newSession();
    const first = await newPage();
    const second = await newPage(first.context);
    try {
      await first.page.goto(`${appBase}/c/${sessionId}`);
      await second.page.goto(`${appBase}/c/${sessionId}`);
      await pay(first.page, '4242424242424242');
      expect(new URL(first.page.url()).origin).toBe(merchantSite);
      const paid = await sessionRow(sessionId);

      await pay(second.page, '5555555555554444');
      expect(second.page.url()).toBe(`${appBase}/c/${sessionId}`);
      expect(await second.page.$eval('[role=status]', (element) => element.textContent?.trim())).toMatch(/^Paid\./);
      expect(await second.page.$('form')).toBeNull();
      expect(await sessionRow(sessionId)).toEqual(paid);
      const payments = await harness.db.query<{ id: string; status: string }[]>(
        `SELECT id, status FROM payments WHERE checkout_session_id = $1`,
        [sessionId],
      );
      expect(payments).toEqual([{ id: paid.payment_id, status: 'SUCCEEDED' }]);
    } finally {
      await first.context.close();
    }
  }, 60_000);

  it('shows an expired session clearly, with no form, and passes axe', async () => {
    const sessionId = await newSession();
    const { page, context, refused } = await newPage();
    clock.advance(2 * HOUR);
    try {
      const response = await page.goto(`${appBase}/c/${sessionId}`);
      expect(response?.status()).toBe(410);
      expect(await page.$eval('[role=alert]', (element) => element.textContent)).toMatch(/expired/);
      expect(await page.$('form')).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
      expect(refused).toEqual([]);
    } finally {
      clock.advance(-2 * HOUR);
      await context.close();
    }
  }, 60_000);
});
