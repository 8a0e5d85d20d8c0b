import { randomUUID } from 'node:crypto';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { MerchantBody, patchKyb, registerMerchant } from '../factories/merchant.factory';
import { adminOf, createStaffUser } from '../factories/staff-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import type { Caller } from '../support/app-target';
import { createTestHarness, TestHarness } from '../support/test-harness';

const STATUSES = ['PENDING', 'UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED', 'SUSPENDED', 'REJECTED'] as const;
type Status = (typeof STATUSES)[number];

/** The transitions an admin may make (the merchants README); every other pair is 409. */
const ALLOWED: Record<Status, Status[]> = {
  PENDING: ['ACTION_REQUIRED', 'APPROVED', 'REJECTED'],
  UNDER_REVIEW: ['ACTION_REQUIRED', 'APPROVED', 'REJECTED'],
  ACTION_REQUIRED: ['REJECTED'],
  APPROVED: ['SUSPENDED', 'ACTION_REQUIRED'],
  SUSPENDED: ['APPROVED', 'REJECTED'],
  REJECTED: [],
};

describe('Merchants: the admin review (list and KYB decisions)', () => {
  let harness: TestHarness;
  let admin: Caller;
  let customer: SignedInUser;

  beforeAll(async () => {
    harness = await createTestHarness({ config: { MERCHANT_ONBOARDING_REQUESTS_PER_HOUR: '1000' } });
    admin = await adminOf(harness);
    customer = await createCustomer(harness);
  });

  afterAll(async () => {
    await harness.close();
  });

  /** A merchant put in `status` directly, as a review queue would hold one. */
  async function merchantIn(status: Status): Promise<MerchantBody> {
    const { merchant } = await registerMerchant(harness);
    await harness.db.query(`UPDATE merchants SET kyb_status = $2 WHERE id = $1`, [merchant.id, status]);
    return merchant;
  }

  const decision = (status: Status) => (status === 'APPROVED' ? { status } : { status, reasonCode: 'review.outcome' });

  describe('transitions, every pair', () => {
    const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));
    it.each(pairs)('%s -> %s', async (from, to) => {
      const merchant = await merchantIn(from);
      const response = await patchKyb(harness, merchant.id, decision(to), admin);
      const [row] = await harness.db.query<{ kyb_status: string }[]>(`SELECT kyb_status FROM merchants WHERE id = $1`, [
        merchant.id,
      ]);
      if (ALLOWED[from].includes(to)) {
        expect(response.status).toBe(200);
        expect((response.body as MerchantBody).kyb.status).toBe(to);
        expect(row.kyb_status).toBe(to);
      } else {
        expect(response.status).toBe(409);
        expectCataloguedApiError(response.body, 'INVALID_KYB_TRANSITION');
        expect(row.kyb_status).toBe(from);
      }
    });
  });

  it('approves: live capabilities on, approvedAt set, audited in both trails with an event', async () => {
    const { merchant } = await registerMerchant(harness);
    const response = await patchKyb(
      harness,
      merchant.id,
      { status: 'APPROVED', note: 'All documents in order.' },
      admin,
    );
    expect(response.status).toBe(200);
    const body = response.body as MerchantBody;
    expect(body.kyb).toMatchObject({ status: 'APPROVED', disabledReason: null, note: 'All documents in order.' });
    expect(body.capabilities).toEqual({
      login: true,
      team: true,
      sandboxKeys: true,
      liveKeys: true,
      livePayments: true,
      payouts: true,
    });
    expect(body.approvedAt).not.toBeNull();
    expect(body.onboardingToken).toBeNull();
    const audit = await harness.db.query<
      { action: string; actor_role: string; actor_type: string; details: unknown }[]
    >(
      `SELECT action, actor_role, actor_type, details FROM merchant_audit_log WHERE merchant_id = $1 AND action = 'KYB_STATUS_CHANGED'`,
      [merchant.id],
    );
    expect(audit).toEqual([
      {
        action: 'KYB_STATUS_CHANGED',
        actor_role: 'PLATFORM_STAFF',
        actor_type: 'STAFF',
        details: { from: 'PENDING', to: 'APPROVED', reasonCode: null, requirements: [] },
      },
    ]);
    const adminAudit = await harness.db.query<{ action: string; before: unknown; after: unknown }[]>(
      `SELECT action, before, after FROM admin_audit_log WHERE entity_type = 'merchant' AND entity_id = $1`,
      [merchant.id],
    );
    expect(adminAudit).toEqual([
      {
        action: 'merchant.kyb_changed',
        before: { kybStatus: 'PENDING', kybReasonCode: null },
        after: { kybStatus: 'APPROVED', kybReasonCode: null, note: 'All documents in order.' },
      },
    ]);
    const events = await harness.db.query<{ event_type: string; payload: unknown }[]>(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'merchant.kyb_status_changed'`,
      [merchant.id],
    );
    expect(events).toEqual([
      {
        event_type: 'merchant.kyb_status_changed',
        payload: { merchantId: merchant.id, status: 'APPROVED', previousStatus: 'PENDING', reasonCode: null },
      },
    ]);
  });

  it('asks for more: the documents due again with errors and a 14-day deadline, a new link e-mailed, the old one dead', async () => {
    const { merchant, onboardingToken } = await registerMerchant(harness);
    const response = await patchKyb(
      harness,
      merchant.id,
      {
        status: 'ACTION_REQUIRED',
        reasonCode: 'requirements.resubmission',
        note: 'The tax clearance has expired.',
        requirements: ['TAX_CLEARANCE'],
      },
      admin,
    );
    expect(response.status).toBe(200);
    const body = response.body as MerchantBody;
    expect(body.kyb.status).toBe('ACTION_REQUIRED');
    expect(body.kyb.requirements.errors).toEqual([
      { documentType: 'TAX_CLEARANCE', code: 'RESUBMISSION_REQUESTED', message: 'The tax clearance has expired.' },
    ]);
    expect(body.kyb.requirements.currentlyDue).toContain('TAX_CLEARANCE');
    const deadline = Date.parse(body.kyb.requirements.currentDeadline ?? '');
    expect(deadline - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect(deadline - Date.now()).toBeLessThan(14.1 * 24 * 3600 * 1000);
    expect(body.capabilities.liveKeys).toBe(false);

    const old = await harness.http.get(`/api/v1/merchants/${merchant.id}/status`).query({ token: onboardingToken });
    expect(old.status).toBe(401);
    const mail = await harness.http.get('/api/v1/dev/messages').query({ email: merchant.contactEmail }).expect(200);
    const [latest] = mail.body as { subject: string; body: string }[];
    expect(latest.subject).toBe('Action required on your application');
    const token = /obt_[A-Za-z0-9_-]{43}/.exec(latest.body)?.[0];
    expect(token).toBeDefined();
    expect(token).not.toBe(onboardingToken);
    const fresh = await harness.http.get(`/api/v1/merchants/${merchant.id}/status`).query({ token }).expect(200);
    expect((fresh.body as MerchantBody).kyb.status).toBe('ACTION_REQUIRED');
  });

  it('rejects for good: nothing unlocked, no way back', async () => {
    const { merchant } = await registerMerchant(harness);
    const response = await patchKyb(harness, merchant.id, { status: 'REJECTED', reasonCode: 'rejected.fraud' }, admin);
    expect(response.status).toBe(200);
    const body = response.body as MerchantBody;
    expect(body.kyb.disabledReason).toBe('rejected.fraud');
    expect(Object.values(body.capabilities).every((value) => value === false)).toBe(true);
    expect(body.kyb.requirements.currentlyDue).toEqual([]);
    expect((await patchKyb(harness, merchant.id, { status: 'APPROVED' }, admin)).status).toBe(409);
  });

  it.each([
    ['no reasonCode for a suspension', { status: 'SUSPENDED' }, 'reasonCode'],
    ['an unknown status', { status: 'LIVE' }, 'status'],
    [
      'an unknown document',
      { status: 'ACTION_REQUIRED', reasonCode: 'more.needed', requirements: ['PASSPORT'] },
      'requirements',
    ],
    [
      'a repeated document',
      { status: 'ACTION_REQUIRED', reasonCode: 'more.needed', requirements: ['DIRECTORS_ID', 'DIRECTORS_ID'] },
      'requirements',
    ],
    ['a note over 1000 characters', { status: 'APPROVED', note: 'x'.repeat(1001) }, 'note'],
  ])('refuses %s with 400', async (_label, body, field) => {
    const { merchant } = await registerMerchant(harness);
    const response = await patchKyb(harness, merchant.id, body, admin).then((r) => r);
    expect(response.status).toBe(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect((response.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(field);
  });

  it('answers 404 for a merchant that does not exist', async () => {
    const response = await patchKyb(harness, randomUUID(), { status: 'APPROVED' }, admin);
    expect(response.status).toBe(404);
    expectCataloguedApiError(response.body, 'NOT_FOUND');
  });

  it('lists merchants newest first with filters and the paging in headers', async () => {
    const marker = `Zq${Date.now().toString(36)}`;
    const registered: MerchantBody[] = [];
    for (let index = 0; index < 3; index += 1) {
      registered.push((await registerMerchant(harness, { name: `${marker} Shop ${index}` })).merchant);
    }
    await patchKyb(harness, registered[1].id, { status: 'APPROVED' }, admin);
    const all = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: marker.toLowerCase() })
      .set(admin.headers)
      .expect(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect((all.body as MerchantBody[]).map((merchant) => merchant.id)).toEqual(
      [...registered].reverse().map((merchant) => merchant.id),
    );
    const approved = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: marker, kybStatus: 'APPROVED' })
      .set(admin.headers)
      .expect(200);
    expect((approved.body as MerchantBody[]).map((merchant) => merchant.id)).toEqual([registered[1].id]);
    const paged = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: marker, size: 2, page: 1 })
      .set(admin.headers)
      .expect(200);
    expect((paged.body as MerchantBody[]).map((merchant) => merchant.id)).toEqual([registered[0].id]);
    expect(paged.headers.link).toContain('rel="prev"');
    const byEmail = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: registered[2].contactEmail })
      .set(admin.headers)
      .expect(200);
    expect((byEmail.body as MerchantBody[]).map((merchant) => merchant.id)).toEqual([registered[2].id]);
    // LIKE wildcards match themselves.
    const wildcard = await harness.http.get('/api/v1/admin/merchants').query({ q: '%' }).set(admin.headers).expect(200);
    expect(wildcard.headers['x-total-count']).toBe('0');
    // So do the characters an escaping might use, `=` and `\`.
    const { merchant: escaped } = await registerMerchant(harness, { name: `${marker} A=B_C\\D 50%` });
    for (const q of [`${marker} A=B_C\\D 50%`, 'A=B', 'B_C\\D', '=B_C']) {
      const found = await harness.http.get('/api/v1/admin/merchants').query({ q }).set(admin.headers).expect(200);
      expect((found.body as MerchantBody[]).map((merchant) => merchant.id)).toEqual([escaped.id]);
    }
    for (const q of [`${marker} A=Bx`, 'A_B', `${marker}%Shop`]) {
      const none = await harness.http.get('/api/v1/admin/merchants').query({ q }).set(admin.headers).expect(200);
      expect(none.headers['x-total-count']).toBe('0');
    }
    const bad = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ kybStatus: 'LIVE' })
      .set(admin.headers)
      .expect(400);
    expectCataloguedApiError(bad.body, 'VALIDATION_FAILED');
  });

  it('is for admins only: 401 without a token, 403 for customers, support and compliance', async () => {
    const { merchant } = await registerMerchant(harness);
    await harness.http.get('/api/v1/admin/merchants').expect(401);
    await harness.http.patch(`/api/v1/admin/merchants/${merchant.id}/kyb`).send({ status: 'APPROVED' }).expect(401);
    const support = await createStaffUser(harness, 'SUPPORT');
    const compliance = await createStaffUser(harness, 'COMPLIANCE');
    for (const caller of [customer, support, compliance]) {
      expectCataloguedApiError(
        (await harness.http.get('/api/v1/admin/merchants').set(caller.headers).expect(403)).body,
        'FORBIDDEN',
      );
      expect((await patchKyb(harness, merchant.id, { status: 'APPROVED' }, caller)).status).toBe(403);
    }
    const [row] = await harness.db.query<{ kyb_status: string }[]>(`SELECT kyb_status FROM merchants WHERE id = $1`, [
      merchant.id,
    ]);
    expect(row.kyb_status).toBe('PENDING');
  });
});
