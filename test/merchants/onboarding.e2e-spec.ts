import { createHash } from 'node:crypto';
import { bearer } from '../factories/customer.factory';
import { merchantRegistration, MerchantBody, registerMerchant } from '../factories/merchant.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

const DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'TAX_CLEARANCE',
  'DIRECTORS_ID',
  'PROOF_OF_ADDRESS',
  'BANK_ACCOUNT_LETTER',
];

describe('Merchants: registration and the onboarding token', () => {
  const clock = new FakeClock();
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ clock, config: { MERCHANT_ONBOARDING_REQUESTS_PER_HOUR: '1000' } });
  });

  afterAll(async () => {
    await harness.close();
  });

  const status = (merchantId: string, token?: string) =>
    harness.http.get(`/api/v1/merchants/${merchantId}/status`).query(token === undefined ? {} : { token });

  async function mailbox(email: string): Promise<{ subject: string; body: string }[]> {
    const response = await harness.http.get('/api/v1/dev/messages').query({ email }).expect(200);
    return response.body as { subject: string; body: string }[];
  }

  it('registers a merchant PENDING with every document due, the token once, an e-mail, an audit entry and an event', async () => {
    const request = merchantRegistration({ registrationNumber: 'rc 77 ' + Date.now().toString(36).toUpperCase() });
    const response = await harness.http.post('/api/v1/merchants/register').send(request).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const merchant = response.body as MerchantBody;
    expect(merchant).toMatchObject({
      name: request.name,
      registrationNumber: String(request.registrationNumber).replace(/\s+/g, '').toUpperCase(),
      contactEmail: request.contactEmail,
      kyb: {
        status: 'PENDING',
        disabledReason: 'requirements.currently_due',
        note: null,
        requirements: {
          currentlyDue: DOCUMENT_TYPES,
          eventuallyDue: DOCUMENT_TYPES,
          pastDue: [],
          pendingVerification: [],
          errors: [],
          currentDeadline: null,
        },
      },
      capabilities: {
        login: true,
        team: true,
        sandboxKeys: true,
        liveKeys: false,
        livePayments: false,
        payouts: false,
      },
      approvedAt: null,
    });
    expect(merchant.onboardingToken).toMatch(/^obt_[A-Za-z0-9_-]{43}$/);

    const [row] = await harness.db.query<
      { kyb_status: string; onboarding_token_hash: string; registration_number: string }[]
    >(`SELECT kyb_status, onboarding_token_hash, registration_number FROM merchants WHERE id = $1`, [merchant.id]);
    expect(row.kyb_status).toBe('PENDING');
    expect(row.onboarding_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Kept only as a keyed digest: neither the token nor its plain SHA-256 is stored.
    expect(row.onboarding_token_hash).not.toBe(createHash('sha256').update(merchant.onboardingToken!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(merchant.onboardingToken);

    const mails = await mailbox(merchant.contactEmail);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Complete your merchant application',
      `You are invited to run ${merchant.name}`,
    ]);
    const link = mails.find((mail) => mail.subject === 'Complete your merchant application');
    expect(link?.body).toContain(merchant.onboardingToken);
    // The owner's invitation holds its own token, not the onboarding one.
    const invitation = mails.find((mail) => mail.subject !== 'Complete your merchant application');
    expect(invitation?.body).toMatch(/\binv_[A-Za-z0-9_-]{43}\b/);
    expect(invitation?.body).not.toContain(merchant.onboardingToken);

    const audit = await harness.db.query<{ action: string; actor_role: string; details: Record<string, unknown> }[]>(
      `SELECT action, actor_role, details FROM merchant_audit_log WHERE merchant_id = $1`,
      [merchant.id],
    );
    expect(audit).toEqual([
      {
        action: 'MERCHANT_REGISTERED',
        actor_role: 'SYSTEM',
        details: { name: merchant.name, registrationNumber: merchant.registrationNumber, country: 'NG' },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(merchant.onboardingToken);
    const events = await harness.db.query<{ event_type: string }[]>(
      `SELECT event_type FROM outbox_events WHERE aggregate_type = 'merchant' AND aggregate_id = $1`,
      [merchant.id],
    );
    expect(events.map((event) => event.event_type)).toEqual(['merchant.registered']);
  });

  it.each([
    ['an e-mail that is not one', { contactEmail: 'not-an-email' }, 'contactEmail'],
    ['a registration number with symbols', { registrationNumber: 'RC#123' }, 'registrationNumber'],
    ['an unknown business type', { businessType: 'TRUST' }, 'businessType'],
    ['a plain-http website', { website: 'http://acme.example' }, 'website'],
    ['a lower-case country', { country: 'ng' }, 'country'],
    ['a one-letter name', { name: 'A' }, 'name'],
    ['a phone number that is not E.164', { contactPhone: '0803' }, 'contactPhone'],
  ])('refuses %s with 400 and changes nothing', async (_label, override, field) => {
    const request = merchantRegistration(override);
    const response = await harness.http.post('/api/v1/merchants/register').send(request).expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(field);
    const rows = await harness.db.query(`SELECT 1 FROM merchants WHERE contact_email = $1`, [
      String(request.contactEmail).toLowerCase(),
    ]);
    expect(rows).toEqual([]);
  });

  it('answers 409 MERCHANT_ALREADY_REGISTERED for a registration number or e-mail that applied before, however written', async () => {
    const { merchant } = await registerMerchant(harness);
    const again = await harness.http
      .post('/api/v1/merchants/register')
      .send(merchantRegistration({ registrationNumber: ` ${merchant.registrationNumber.toLowerCase()} ` }))
      .expect(409);
    expectCataloguedApiError(again.body, 'MERCHANT_ALREADY_REGISTERED');
    expect(again.body.details).toEqual([{ field: 'registrationNumber', message: 'already registered' }]);
    const sameEmail = await harness.http
      .post('/api/v1/merchants/register')
      .send(merchantRegistration({ contactEmail: merchant.contactEmail.toUpperCase() }))
      .expect(409);
    expect(sameEmail.body.details).toEqual([{ field: 'contactEmail', message: 'already registered' }]);
    const [{ count }] = await harness.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM merchants WHERE contact_email = $1`,
      [merchant.contactEmail],
    );
    expect(count).toBe(1);
  });

  it('shows the status to the onboarding token, never the token again, with no-store and no-referrer', async () => {
    const { merchant, onboardingToken } = await registerMerchant(harness);
    const response = await status(merchant.id, onboardingToken).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toEqual({ ...merchant, onboardingToken: null });
  });

  it('answers 401 to a bad token, 404 to a valid token of another merchant, 400 to none', async () => {
    const first = await registerMerchant(harness);
    const second = await registerMerchant(harness);
    expectCataloguedApiError(
      (await status(first.merchant.id, `obt_${'x'.repeat(43)}`).expect(401)).body,
      'ONBOARDING_TOKEN_INVALID',
    );
    expectCataloguedApiError((await status(first.merchant.id, second.onboardingToken).expect(404)).body, 'NOT_FOUND');
    expectCataloguedApiError((await status(first.merchant.id).expect(400)).body, 'VALIDATION_FAILED');
    expectCataloguedApiError((await status('not-a-uuid', first.onboardingToken).expect(400)).body, 'VALIDATION_FAILED');
    // A customer's bearer token is no onboarding token.
    const withBearer = await harness.http
      .get(`/api/v1/merchants/${first.merchant.id}/status`)
      .set(bearer('whatever'))
      .expect(400);
    expectCataloguedApiError(withBearer.body, 'VALIDATION_FAILED');
  });

  it('expires the onboarding token after 30 days', async () => {
    const { merchant, onboardingToken } = await registerMerchant(harness);
    clock.advance(30 * 24 * 3600 * 1000 - 60_000);
    await status(merchant.id, onboardingToken).expect(200);
    clock.advance(120_000);
    expectCataloguedApiError((await status(merchant.id, onboardingToken).expect(401)).body, 'ONBOARDING_TOKEN_INVALID');
  });
});
