import { ReceiptService } from '../../src/modules/payments/receipts/receipt.service';
import { newId } from '../../src/platform/database/new-id';
import { createBiller } from '../factories/biller.factory';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { insertPayment as insertPaymentRow } from '../factories/payment.factory';
import { FakeClock } from '../support/fake-clock';
import { drawnPdfText } from '../support/pdf-text';
import { responseBytes } from '../support/response-text';
import { createTestHarness, TestHarness } from '../support/test-harness';

const BASE_URL = 'https://pay.example.test/edge';
const TTL_SECONDS = 600;

describe('payment receipts (GET /receipts/{token})', () => {
  let harness: TestHarness;
  let receipts: ReceiptService;
  const clock = new FakeClock();
  let customer: SignedInUser;
  let other: SignedInUser;
  let biller: { id: string; name: string; slug: string };

  beforeAll(async () => {
    harness = await createTestHarness({
      config: {
        PUBLIC_BASE_URL: `${BASE_URL}/`,
        RECEIPT_URL_TTL_SECONDS: String(TTL_SECONDS),
        SWAGGER_ENABLED: 'true',
      },
      clock,
    });
    receipts = harness.app.get(ReceiptService);
    [customer, other] = await Promise.all([createCustomer(harness), createCustomer(harness)]);
    // No connector: these payments are rows of their own, never posted.
    const created = await createBiller(harness, {
      slug: `${harness.prefix}-eko-electric`,
      name: `Eko Electricity ${harness.prefix.toUpperCase()}`,
      validatesDirectly: false,
      connectorBaseUrl: null,
      connectorSecretRef: null,
    });
    biller = { id: created.id, name: created.name as string, slug: created.slug };
  }, 60_000);

  afterAll(() => harness?.close());

  /** A payment of `owner` in `status`, as a row: receipts only read it. */
  const insertPayment = (
    owner: SignedInUser,
    status: string,
    overrides: { railReference?: string | null; billerReference?: string | null } = {},
  ) => insertPaymentRow(harness, { customerId: owner.userId, biller, status, ...overrides });

  /** The path of an issued URL, to fetch from the app under test. */
  const pathOf = (url: string) => url.slice(BASE_URL.length);
  const download = (path: string) => harness.http.get(path).buffer(true).parse(responseBytes);

  it('issues an absolute link that anyone holding it can open as a PDF without signing in', async () => {
    const paymentId = await insertPayment(customer, 'SUCCEEDED');
    const issued = await receipts.issue(customer.userId, paymentId);
    const expiresAt = new Date((Math.floor(clock.now().getTime() / 1000) + TTL_SECONDS) * 1000);
    expect(issued).toEqual({
      url: expect.stringMatching(/^https:\/\/pay\.example\.test\/edge\/api\/v1\/receipts\/[A-Za-z0-9_-]+$/),
      expiresAt,
    });

    const response = await download(pathOf(issued.url)).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="receipt-${paymentId}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).not.toContain("object-src 'none'");
    const pdf = response.body as Buffer;
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = drawnPdfText(pdf);
    for (const expected of [
      'Payment receipt',
      'SUCCESSFUL',
      biller.name,
      '45010001234',
      'NGN 12,500.00',
      'NGN 100.00',
      'NGN 12,600.00',
      'Visa ****4242',
      paymentId,
      'RAIL-7F3K2',
      'TOKEN-1234-5678-9012',
      '23 November 2025, 09:40 UTC',
      '2025-11-23T09:40:12Z',
    ]) {
      expect(text).toContain(expected);
    }

    // A signed-in caller gets the same document: the token, not the header, decides.
    const again = await download(pathOf(issued.url)).set(other.headers).expect(200);
    expect((again.body as Buffer).equals(pdf)).toBe(true);
  });

  it('answers 404 for a tampered, truncated or foreign token, and 400 for one that is not base64url', async () => {
    const paymentId = await insertPayment(customer, 'SUCCEEDED');
    const { url } = await receipts.issue(customer.userId, paymentId);
    const token = url.slice(url.lastIndexOf('/') + 1);
    const flip = (index: number) => token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);

    for (const bad of [flip(3), flip(token.length - 2), token.slice(0, -1), `${token}AAAA`, 'A'.repeat(token.length)]) {
      const response = await harness.http.get(`/api/v1/receipts/${bad}`).expect(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual(expect.objectContaining({ code: 'NOT_FOUND', requestId: expect.any(String) }));
    }
    for (const malformed of ['not.base64url', 'a'.repeat(129), `${token.slice(0, 10)}%2F${token.slice(10)}`]) {
      const response = await harness.http.get(`/api/v1/receipts/${malformed}`).expect(400);
      expect(response.body).toEqual(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          details: [{ field: 'path.token', message: expect.any(String) }],
        }),
      );
    }
  });

  it('shows a refund made after the link was issued, and 404s a link whose payment is gone', async () => {
    const paymentId = await insertPayment(customer, 'SUCCEEDED', { railReference: null, billerReference: null });
    const { url } = await receipts.issue(customer.userId, paymentId);
    await harness.db.query(`UPDATE payments SET status = 'REFUNDED' WHERE id = $1`, [paymentId]);
    const response = await download(pathOf(url)).expect(200);
    const text = drawnPdfText(response.body as Buffer);
    expect(text).toContain('REFUNDED');
    expect(text).not.toContain('SUCCESSFUL');

    await expect(receipts.issue(customer.userId, paymentId)).rejects.toMatchObject({
      code: 'RECEIPT_NOT_AVAILABLE',
      status: 409,
    });

    const gone = await insertPayment(customer, 'SUCCEEDED');
    const goneLink = await receipts.issue(customer.userId, gone);
    await harness.db.query(`DELETE FROM payments WHERE id = $1`, [gone]);
    const missing = await harness.http.get(pathOf(goneLink.url)).expect(404);
    expect(missing.body).toEqual(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('issues no link for a payment that has not succeeded (409) or is not the caller’s (404)', async () => {
    const processing = await insertPayment(customer, 'PROCESSING', { railReference: null });
    await expect(receipts.issue(customer.userId, processing)).rejects.toMatchObject({
      code: 'RECEIPT_NOT_AVAILABLE',
      status: 409,
    });

    const succeeded = await insertPayment(customer, 'SUCCEEDED');
    await expect(receipts.issue(other.userId, succeeded)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(receipts.issue(customer.userId, newId())).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('documents the route as a public binary PDF with its 400, 404 and 410 errors', async () => {
    const response = await harness.http.get('/api/v1/openapi.json').expect(200);
    const operation = (response.body as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths[
      '/api/v1/receipts/{token}'
    ]?.get as { security: unknown[]; responses: Record<string, { content: Record<string, unknown> }> };
    expect(operation.security).toEqual([]);
    expect(operation.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '410', '500']));
    expect(JSON.stringify(operation.responses['410'])).toContain('RECEIPT_LINK_EXPIRED');
    for (const status of ['400', '404', '410']) {
      expect(Object.keys(operation.responses[status].content)).toEqual(['application/json']);
    }
  });

  // Last: it moves the shared clock past every link issued so far.
  it('answers 410 RECEIPT_LINK_EXPIRED once the link has expired', async () => {
    const paymentId = await insertPayment(customer, 'SUCCEEDED');
    const { url, expiresAt } = await receipts.issue(customer.userId, paymentId);

    clock.advance(expiresAt.getTime() - clock.now().getTime() - 1);
    await download(pathOf(url)).expect(200);

    clock.advance(1);
    const response = await harness.http.get(pathOf(url)).expect(410);
    expect(response.body).toEqual(
      expect.objectContaining({
        code: 'RECEIPT_LINK_EXPIRED',
        message: expect.any(String),
        requestId: expect.any(String),
      }),
    );

    // A fresh link works again.
    const renewed = await receipts.issue(customer.userId, paymentId);
    await download(pathOf(renewed.url)).expect(200);
  });
});
