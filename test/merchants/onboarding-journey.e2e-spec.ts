import { bearer } from '../factories/customer.factory';
import { patchKyb, registerMerchant } from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { MerchantProbeController } from '../platform/support/merchant-probe.controller';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';

const DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'TAX_CLEARANCE',
  'DIRECTORS_ID',
  'PROOF_OF_ADDRESS',
  'BANK_ACCOUNT_LETTER',
];

const pdf = (marker: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${marker}) >> endobj\n%%EOF\n`, 'latin1');

/**
 * The whole way in, as a business lives it: apply, accept the owner invitation, try the sandbox,
 * upload the evidence, be reviewed and approved, then take the first live key and use it.
 */
describe('Merchant onboarding journey: registration to the first live key', () => {
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ controllers: [MerchantProbeController] });
  });

  afterAll(async () => {
    await harness.close();
  });

  it('goes from registration through upload, review and approval to a working live key', async () => {
    const { merchant, onboardingToken } = await registerMerchant(harness);
    expect(merchant.kyb.status).toBe('PENDING');
    const owner = await merchantOwnerOf(harness, merchant);
    const createKey = (livemode: boolean) =>
      harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({ livemode });

    // Before approval: the sandbox is open, live money is not.
    const testKey = await createKey(false).expect(201);
    expectCataloguedApiError((await createKey(true).expect(422)).body, 'MERCHANT_NOT_APPROVED');

    for (const documentType of DOCUMENT_TYPES) {
      await harness.http
        .post(`/api/v1/merchants/${merchant.id}/kyb-documents`)
        .query({ token: onboardingToken })
        .field('documentType', documentType)
        .field('registrationNo', merchant.registrationNumber)
        .attach('file', pdf(documentType), {
          filename: `${documentType.toLowerCase()}.pdf`,
          contentType: 'application/pdf',
        })
        .expect(201);
    }
    const status = await harness.http
      .get(`/api/v1/merchants/${merchant.id}/status`)
      .query({ token: onboardingToken })
      .expect(200);
    // The last document due moves the application to review by itself.
    expect(status.body.kyb.status).toBe('UNDER_REVIEW');
    expect(status.body.kyb.requirements).toMatchObject({ currentlyDue: [], pendingVerification: DOCUMENT_TYPES });

    const approved = await patchKyb(harness, merchant.id, { status: 'APPROVED' });
    expect(approved.status).toBe(200);
    expect(approved.body.kyb.status).toBe('APPROVED');

    const liveKey = await createKey(true).expect(201);
    expect(liveKey.body.secret).toMatch(/^sk_live_/);
    const principal = await harness.http
      .get('/api/v1/merchant-probe/keys')
      .set(bearer(liveKey.body.secret as string))
      .expect(200);
    expect(principal.body).toEqual({
      kind: 'merchant-api-key',
      apiKeyId: liveKey.body.id,
      merchantId: merchant.id,
      livemode: true,
    });
    await harness.http
      .get('/api/v1/merchant-probe/keys')
      .set(bearer(testKey.body.secret as string))
      .expect(200);

    // Every step is in the merchant's own audit log, newest first.
    const log = await harness.http.get('/api/v1/merchant/audit-log').set(owner.headers).expect(200);
    const actions = (log.body.items as { action: string }[]).map((entry) => entry.action).reverse();
    expect(actions).toEqual([
      'MERCHANT_REGISTERED',
      'INVITATION_ACCEPTED',
      'API_KEY_CREATED',
      ...DOCUMENT_TYPES.map(() => 'KYB_DOCUMENT_UPLOADED'),
      'KYB_STATUS_CHANGED',
      'KYB_STATUS_CHANGED',
      'API_KEY_CREATED',
    ]);
  });
});
