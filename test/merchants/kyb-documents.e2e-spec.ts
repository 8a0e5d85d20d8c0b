import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { MerchantBody, patchKyb, registerMerchant, RegisteredMerchant } from '../factories/merchant.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';

const DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'TAX_CLEARANCE',
  'DIRECTORS_ID',
  'PROOF_OF_ADDRESS',
  'BANK_ACCOUNT_LETTER',
];

const pdf = (marker = 'evidence') =>
  Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${marker}) >> endobj\n%%EOF\n`, 'latin1');
const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    Buffer.alloc(17),
    Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  ]);
const jpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);

interface DocumentBody {
  id: string;
  documentType: string;
  registrationNo: string;
  status: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdAt: string;
}

describe('Merchants: KYB evidence upload', () => {
  let harness: TestHarness;
  let filesRoot: string;

  beforeAll(async () => {
    harness = await createTestHarness({ config: { MERCHANT_ONBOARDING_REQUESTS_PER_HOUR: '1000' } });
    filesRoot = resolve(harness.config.DATA_DIR, 'files');
  });

  afterAll(async () => {
    await harness.close();
  });

  function upload(
    registered: RegisteredMerchant,
    options: {
      documentType?: string;
      registrationNo?: string;
      content?: Buffer;
      filename?: string;
      contentType?: string;
      token?: string;
      merchantId?: string;
    } = {},
  ) {
    const request = harness.http
      .post(`/api/v1/merchants/${options.merchantId ?? registered.merchant.id}/kyb-documents`)
      .query({ token: options.token ?? registered.onboardingToken })
      .field('documentType', options.documentType ?? 'CERTIFICATE_OF_INCORPORATION')
      .field('registrationNo', options.registrationNo ?? registered.merchant.registrationNumber);
    return options.content === undefined && options.filename === undefined
      ? request.attach('file', pdf(), { filename: 'certificate.pdf', contentType: 'application/pdf' })
      : request.attach('file', options.content ?? pdf(), {
          filename: options.filename ?? 'evidence.pdf',
          contentType: options.contentType ?? 'application/pdf',
        });
  }

  async function documentsOf(merchantId: string) {
    return harness.db.query<
      { id: string; document_type: string; status: string; storage_key: string; sha256: string }[]
    >(
      `SELECT id, document_type, status, storage_key, sha256 FROM merchant_kyb_documents WHERE merchant_id = $1 ORDER BY created_at, id`,
      [merchantId],
    );
  }

  it('stores a PDF under a key of ours with its SHA-256 and records it', async () => {
    const registered = await registerMerchant(harness);
    const content = pdf('incorporation');
    const response = await upload(registered, { content, filename: 'certificate.pdf' }).expect(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const document = response.body as DocumentBody;
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(document).toEqual({
      id: expect.any(String),
      documentType: 'CERTIFICATE_OF_INCORPORATION',
      registrationNo: registered.merchant.registrationNumber,
      status: 'RECEIVED',
      contentType: 'application/pdf',
      sizeBytes: content.length,
      sha256,
      createdAt: expect.any(String),
    });
    const [row] = await documentsOf(registered.merchant.id);
    expect(row.storage_key).toBe(`kyb/${registered.merchant.id}/${document.id}`);
    expect(readFileSync(join(filesRoot, 'kyb', registered.merchant.id, document.id))).toEqual(content);
    const audit = await harness.db.query<{ action: string; target_id: string; details: Record<string, unknown> }[]>(
      `SELECT action, target_id, details FROM merchant_audit_log WHERE merchant_id = $1 AND action = 'KYB_DOCUMENT_UPLOADED'`,
      [registered.merchant.id],
    );
    expect(audit).toEqual([
      {
        action: 'KYB_DOCUMENT_UPLOADED',
        target_id: document.id,
        details: {
          documentType: 'CERTIFICATE_OF_INCORPORATION',
          contentType: 'application/pdf',
          sizeBytes: content.length,
          sha256,
          via: 'onboarding_token',
        },
      },
    ]);
    const status = await harness.http
      .get(`/api/v1/merchants/${registered.merchant.id}/status`)
      .query({ token: registered.onboardingToken })
      .expect(200);
    const merchant = status.body as MerchantBody;
    expect(merchant.kyb.requirements.currentlyDue).not.toContain('CERTIFICATE_OF_INCORPORATION');
    expect(merchant.kyb.requirements.pendingVerification).toEqual(['CERTIFICATE_OF_INCORPORATION']);
  });

  it('moves to UNDER_REVIEW with the last document due, and a re-upload supersedes', async () => {
    const registered = await registerMerchant(harness);
    const contents = [pdf(), jpeg(), png(), pdf('address'), pdf('bank')];
    for (const [index, documentType] of DOCUMENT_TYPES.entries()) {
      await upload(registered, { documentType, content: contents[index], filename: `doc-${index}` }).expect(201);
    }
    const status = await harness.http
      .get(`/api/v1/merchants/${registered.merchant.id}/status`)
      .query({ token: registered.onboardingToken })
      .expect(200);
    expect((status.body as MerchantBody).kyb).toMatchObject({
      status: 'UNDER_REVIEW',
      disabledReason: 'under_review',
      requirements: { currentlyDue: [], pendingVerification: DOCUMENT_TYPES },
    });
    const events = await harness.db.query<{ payload: Record<string, unknown> }[]>(
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'merchant.kyb_status_changed'`,
      [registered.merchant.id],
    );
    expect(events.map((event) => event.payload)).toEqual([
      { merchantId: registered.merchant.id, status: 'UNDER_REVIEW', previousStatus: 'PENDING', reasonCode: null },
    ]);

    const again = await upload(registered, { documentType: 'TAX_CLEARANCE', content: pdf('renewed') }).expect(201);
    const rows = await documentsOf(registered.merchant.id);
    const taxRows = rows.filter((row) => row.document_type === 'TAX_CLEARANCE');
    expect(taxRows.map((row) => row.status)).toEqual(['SUPERSEDED', 'RECEIVED']);
    expect(taxRows[1].id).toBe((again.body as DocumentBody).id);
    // The superseded file stays, as evidence of what was sent.
    expect(existsSync(join(filesRoot, taxRows[0].storage_key))).toBe(true);
  });

  it('takes back ACTION_REQUIRED documents and returns to UNDER_REVIEW when they are in', async () => {
    const registered = await registerMerchant(harness);
    for (const documentType of DOCUMENT_TYPES) await upload(registered, { documentType }).expect(201);
    await patchKyb(harness, registered.merchant.id, {
      status: 'ACTION_REQUIRED',
      reasonCode: 'requirements.resubmission',
      requirements: ['DIRECTORS_ID'],
    }).then((response) => expect(response.status).toBe(200));
    const mail = await harness.http
      .get('/api/v1/dev/messages')
      .query({ email: registered.merchant.contactEmail })
      .expect(200);
    const token = /obt_[A-Za-z0-9_-]{43}/.exec((mail.body as { body: string }[])[0].body)![0];
    const renewed = { ...registered, onboardingToken: token };
    await upload(renewed, { documentType: 'DIRECTORS_ID', content: jpeg() }).expect(201);
    const status = await harness.http
      .get(`/api/v1/merchants/${registered.merchant.id}/status`)
      .query({ token })
      .expect(200);
    expect((status.body as MerchantBody).kyb).toMatchObject({
      status: 'UNDER_REVIEW',
      requirements: { currentlyDue: [], errors: [], currentDeadline: null },
    });
  });

  it.each([
    ['HTML named .pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'invoice.pdf', 'application/pdf'],
    [
      'an HTML page carrying a PDF (polyglot)',
      Buffer.concat([Buffer.from('<html><!--'), pdf()]),
      'x.pdf',
      'application/pdf',
    ],
    [
      'a PDF header over a script, no trailer',
      Buffer.from('%PDF-1.7\n<script>alert(1)</script>'),
      'x.pdf',
      'application/pdf',
    ],
    [
      'a PNG signature over SVG',
      Buffer.concat([png().subarray(0, 8), Buffer.from('<svg onload=alert(1)>')]),
      'x.png',
      'image/png',
    ],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), 'x.gif', 'image/gif'],
    ['a ZIP with a PDF content type', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'x.pdf', 'application/pdf'],
  ])('refuses %s with 415 and keeps nothing', async (_label, content, filename, contentType) => {
    const registered = await registerMerchant(harness);
    const response = await upload(registered, { content, filename, contentType }).expect(415);
    expectCataloguedApiError(response.body, 'UNSUPPORTED_FILE_TYPE');
    expect(await documentsOf(registered.merchant.id)).toEqual([]);
    expect(existsSync(join(filesRoot, 'kyb', registered.merchant.id))).toBe(false);
  });

  it('ignores a path-traversing file name: the key is ours', async () => {
    const registered = await registerMerchant(harness);
    const response = await upload(registered, { content: pdf(), filename: '../../../../etc/passwd.pdf' }).expect(201);
    const id = (response.body as DocumentBody).id;
    expect(readdirSync(join(filesRoot, 'kyb', registered.merchant.id))).toEqual([id]);
    expect(existsSync(resolve(filesRoot, '../../../../etc/passwd.pdf'))).toBe(false);
  });

  it('answers 413 for a file over 10 MB and for a second file', async () => {
    const registered = await registerMerchant(harness);
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(registered, { content: big }).expect(413);
    expectCataloguedApiError(tooBig.body, 'PAYLOAD_TOO_LARGE');
    const two = await harness.http
      .post(`/api/v1/merchants/${registered.merchant.id}/kyb-documents`)
      .query({ token: registered.onboardingToken })
      .field('documentType', 'TAX_CLEARANCE')
      .field('registrationNo', registered.merchant.registrationNumber)
      .attach('file', pdf(), 'a.pdf')
      .attach('file', pdf(), 'b.pdf')
      .expect(413);
    expectCataloguedApiError(two.body, 'PAYLOAD_TOO_LARGE');
    expect(await documentsOf(registered.merchant.id)).toEqual([]);
  });

  it('answers 422 when the registration number is not the merchant’s, and compares it normalised', async () => {
    const registered = await registerMerchant(harness);
    const wrong = await upload(registered, { registrationNo: 'RC0000001' }).expect(422);
    expectCataloguedApiError(wrong.body, 'REGISTRATION_NUMBER_MISMATCH');
    const spaced = registered.merchant.registrationNumber.toLowerCase().replace(/(..)/, '$1 ');
    await upload(registered, { registrationNo: spaced }).expect(201);
  });

  it('checks the token before reading the body: 401 bad, 404 another merchant, 400 none', async () => {
    const first = await registerMerchant(harness);
    const second = await registerMerchant(harness);
    expectCataloguedApiError(
      (await upload(first, { token: `obt_${'z'.repeat(43)}` }).expect(401)).body,
      'ONBOARDING_TOKEN_INVALID',
    );
    expectCataloguedApiError((await upload(first, { token: second.onboardingToken }).expect(404)).body, 'NOT_FOUND');
    const none = await harness.http
      .post(`/api/v1/merchants/${first.merchant.id}/kyb-documents`)
      .field('documentType', 'TAX_CLEARANCE')
      .attach('file', pdf(), 'a.pdf')
      .expect(400);
    expectCataloguedApiError(none.body, 'VALIDATION_FAILED');
    expect(await documentsOf(first.merchant.id)).toEqual([]);
  });

  it('refuses bad fields (400), a JSON body (415), and uploads once rejected (409)', async () => {
    const registered = await registerMerchant(harness);
    const badType = await upload(registered, { documentType: 'PASSPORT' }).expect(400);
    expectCataloguedApiError(badType.body, 'VALIDATION_FAILED');
    const noFile = await harness.http
      .post(`/api/v1/merchants/${registered.merchant.id}/kyb-documents`)
      .query({ token: registered.onboardingToken })
      .field('documentType', 'TAX_CLEARANCE')
      .field('registrationNo', registered.merchant.registrationNumber)
      .expect(400);
    expectCataloguedApiError(noFile.body, 'VALIDATION_FAILED');
    const json = await harness.http
      .post(`/api/v1/merchants/${registered.merchant.id}/kyb-documents`)
      .query({ token: registered.onboardingToken })
      .send({ documentType: 'TAX_CLEARANCE' })
      .expect(415);
    expectCataloguedApiError(json.body, 'UNSUPPORTED_MEDIA_TYPE');
    await patchKyb(harness, registered.merchant.id, { status: 'REJECTED', reasonCode: 'rejected.other' });
    expectCataloguedApiError((await upload(registered).expect(409)).body, 'APPLICATION_CLOSED');
    expect(await documentsOf(registered.merchant.id)).toEqual([]);
  });
});
