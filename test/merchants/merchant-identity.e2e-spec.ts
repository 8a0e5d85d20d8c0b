import { randomUUID } from 'node:crypto';
import { bearer, createCustomer } from '../factories/customer.factory';
import { decodeJwtPart } from '../factories/access-token.factory';
import { approvedMerchant, patchKyb, registerMerchant } from '../factories/merchant.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import {
  acceptInvitation,
  latestInvitationToken,
  MERCHANT_PASSWORD,
  merchantLogin,
  merchantOwnerOf,
  MerchantTokens,
} from '../factories/merchant-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

describe('Merchant identity: owner invitation, login, refresh, logout, me, memberships, switch', () => {
  const clock = new FakeClock();
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
  });

  afterAll(async () => {
    await harness.close();
  });

  const me = (token: string) => harness.http.get('/api/v1/merchant/me').set(bearer(token));

  async function auditActions(merchantId: string): Promise<string[]> {
    const rows = await harness.db.query<{ action: string }[]>(
      `SELECT action FROM merchant_audit_log WHERE merchant_id = $1 ORDER BY id`,
      [merchantId],
    );
    return rows.map((row) => row.action);
  }

  it('invites the owner at registration, accepts with a name and password, and signs them in', async () => {
    const { merchant } = await registerMerchant(harness);
    const token = await latestInvitationToken(harness, merchant.contactEmail);
    const [stored] = await harness.db.query<{ token_hash: string; role: string; status: string }[]>(
      `SELECT token_hash, role, status FROM merchant_invitations WHERE merchant_id = $1`,
      [merchant.id],
    );
    expect(stored).toMatchObject({ role: 'OWNER', status: 'PENDING' });
    expect(stored.token_hash).not.toContain(token);

    const accepted = await acceptInvitation(harness, token, { name: 'Ada Owner', password: MERCHANT_PASSWORD }).expect(
      200,
    );
    const tokens = accepted.body as MerchantTokens;
    expect(tokens.refreshToken).toMatch(/^mrt_/);
    expect(decodeJwtPart(tokens.accessToken, 1)).toMatchObject({
      typ: 'merchant',
      mid: merchant.id,
      sid: tokens.sessionId,
    });
    const profile = await me(tokens.accessToken).expect(200);
    expect(profile.body).toEqual({
      user: { id: expect.any(String), email: merchant.contactEmail, name: 'Ada Owner' },
      merchant: { id: merchant.id, name: merchant.name, kybStatus: 'PENDING' },
      membership: { id: expect.any(String), role: 'OWNER' },
    });
    const [user] = await harness.db.query<{ password_hash: string }[]>(
      `SELECT password_hash FROM merchant_users WHERE email = $1`,
      [merchant.contactEmail],
    );
    expect(user.password_hash).toMatch(/^\$2[aby]\$/);
    // Used once: a second acceptance finds nothing.
    expectCataloguedApiError(
      (await acceptInvitation(harness, token, { name: 'Eve', password: MERCHANT_PASSWORD }).expect(403)).body,
      'INVITATION_NOT_FOUND',
    );
    expect(await auditActions(merchant.id)).toEqual(['MERCHANT_REGISTERED', 'INVITATION_ACCEPTED']);
  });

  it('refuses weak passwords, a missing name, unknown and expired invitations', async () => {
    const { merchant } = await registerMerchant(harness);
    const token = await latestInvitationToken(harness, merchant.contactEmail);
    for (const password of ['short', '1234567890', 'Password123']) {
      expectCataloguedApiError(
        (await acceptInvitation(harness, token, { name: 'Ada', password }).expect(400)).body,
        'WEAK_PASSWORD',
      );
    }
    expectCataloguedApiError(
      (await acceptInvitation(harness, token, { password: MERCHANT_PASSWORD }).expect(400)).body,
      'VALIDATION_FAILED',
    );
    expectCataloguedApiError(
      (await acceptInvitation(harness, `inv_${'x'.repeat(43)}`, { name: 'A', password: MERCHANT_PASSWORD }).expect(403))
        .body,
      'INVITATION_NOT_FOUND',
    );
    clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expectCataloguedApiError(
      (await acceptInvitation(harness, token, { name: 'Ada', password: MERCHANT_PASSWORD }).expect(410)).body,
      'INVITATION_EXPIRED',
    );
    expect(await harness.db.query(`SELECT 1 FROM merchant_users WHERE email = $1`, [merchant.contactEmail])).toEqual(
      [],
    );
  });

  it('refuses the invitation of a rejected merchant', async () => {
    const { merchant } = await registerMerchant(harness);
    await patchKyb(harness, merchant.id, { status: 'REJECTED', reasonCode: 'rejected.fraud' });
    const token = await latestInvitationToken(harness, merchant.contactEmail);
    expectCataloguedApiError(
      (await acceptInvitation(harness, token, { name: 'Ada', password: MERCHANT_PASSWORD }).expect(403)).body,
      'INVITATION_NOT_FOUND',
    );
  });

  it('logs in with e-mail and password; wrong password and unknown e-mail answer the same 401', async () => {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const login = await merchantLogin(harness, {
      email: merchant.contactEmail.toUpperCase(),
      password: MERCHANT_PASSWORD,
    }).expect(200);
    await me((login.body as MerchantTokens).accessToken).expect(200);
    const wrong = await merchantLogin(harness, { email: owner.email, password: 'not the password at all' }).expect(401);
    const unknown = await merchantLogin(harness, {
      email: `nobody-${randomUUID()}@merchant.example`,
      password: MERCHANT_PASSWORD,
    }).expect(401);
    expectCataloguedApiError(wrong.body, 'INVALID_CREDENTIALS');
    expect({ ...unknown.body, requestId: '' }).toEqual({ ...wrong.body, requestId: '' });
    expectCataloguedApiError(
      (
        await merchantLogin(harness, {
          email: owner.email,
          password: MERCHANT_PASSWORD,
          merchantId: randomUUID(),
        }).expect(403)
      ).body,
      'NO_ACTIVE_MEMBERSHIP',
    );
    expect((await auditActions(merchant.id)).filter((action) => action === 'LOGIN')).toHaveLength(1);
  });

  it('rotates refresh tokens and ends the session when a used one comes back', async () => {
    const { merchant } = await registerMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const refreshed = await harness.http
      .post('/api/v1/merchant/auth/refresh')
      .send({ refreshToken: owner.refreshToken })
      .expect(200);
    const next = refreshed.body as MerchantTokens;
    expect(next.sessionId).toBe(owner.sessionId);
    expect(next.refreshToken).not.toBe(owner.refreshToken);
    await me(next.accessToken).expect(200);
    // The first token again: a replay. The session ends for everyone holding its tokens.
    const replay = await harness.http
      .post('/api/v1/merchant/auth/refresh')
      .send({ refreshToken: owner.refreshToken })
      .expect(401);
    expectCataloguedApiError(replay.body, 'UNAUTHENTICATED');
    await me(next.accessToken).expect(401);
    await harness.http.post('/api/v1/merchant/auth/refresh').send({ refreshToken: next.refreshToken }).expect(401);
    const [session] = await harness.db.query<{ revoked_reason: string }[]>(
      `SELECT revoked_reason FROM merchant_sessions WHERE id = $1`,
      [owner.sessionId],
    );
    expect(session.revoked_reason).toBe('REFRESH_TOKEN_REUSED');
  });

  it('logs out: the access token stops at once, and logout is audited', async () => {
    const { merchant } = await registerMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    await harness.http.post('/api/v1/merchant/auth/logout').set(owner.headers).expect(204);
    await me(owner.accessToken).expect(401);
    await harness.http.post('/api/v1/merchant/auth/refresh').send({ refreshToken: owner.refreshToken }).expect(401);
    expect(await auditActions(merchant.id)).toContain('LOGOUT');
  });

  it('lists memberships and switches between merchants for a person in two', async () => {
    const email = `two-${randomUUID().slice(0, 8)}@merchant.example`;
    const first = (await registerMerchant(harness, { contactEmail: email })).merchant;
    const owner = await merchantOwnerOf(harness, first);
    // A second merchant registered with another contact, whose owner invitation goes to `email`
    // is not possible yet (team invitations come next): plant the membership as an accepted invitation would.
    const second = (await approvedMerchant(harness)).merchant;
    const [user] = await harness.db.query<{ id: string }[]>(`SELECT id FROM merchant_users WHERE email = $1`, [email]);
    await harness.db.query(
      `INSERT INTO merchant_memberships (id, user_id, merchant_id, role, status, created_at) VALUES ($1, $2, $3, 'ANALYST', 'ACTIVE', $4)`,
      [randomUUID(), user.id, second.id, new Date(clock.now().getTime() + 1000)],
    );
    const list = await harness.http.get('/api/v1/merchant/memberships').set(owner.headers).expect(200);
    expect(list.body).toEqual([
      { merchantId: first.id, merchantName: first.name, role: 'OWNER', kybStatus: 'PENDING', current: true },
      { merchantId: second.id, merchantName: second.name, role: 'ANALYST', kybStatus: 'APPROVED', current: false },
    ]);
    const switched = await harness.http
      .post(`/api/v1/merchant/memberships/${second.id}/switch`)
      .set(owner.headers)
      .expect(200);
    const tokens = switched.body as MerchantTokens;
    expect((await me(tokens.accessToken).expect(200)).body).toMatchObject({
      merchant: { id: second.id },
      membership: { role: 'ANALYST' },
    });
    await me(owner.accessToken).expect(401);
    expectCataloguedApiError(
      (
        await harness.http
          .post(`/api/v1/merchant/memberships/${randomUUID()}/switch`)
          .set(bearer(tokens.accessToken))
          .expect(403)
      ).body,
      'MEMBERSHIP_NOT_FOUND',
    );
    expect(await auditActions(second.id)).toContain('MEMBERSHIP_SWITCHED');
    // Login lands on the membership used last.
    const login = await merchantLogin(harness, { email, password: MERCHANT_PASSWORD }).expect(200);
    expect((await me((login.body as MerchantTokens).accessToken).expect(200)).body).toMatchObject({
      merchant: { id: second.id },
    });
  });

  it('keeps customer tokens off merchant routes and merchant tokens off customer routes (403)', async () => {
    const { merchant } = await registerMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const customer = await createCustomer(harness);
    expectCataloguedApiError((await me(customer.accessToken).expect(403)).body, 'MERCHANT_CONTEXT_REQUIRED');
    const onCustomerRoute = await harness.http.get('/api/v1/profile').set(owner.headers).expect(403);
    expectCataloguedApiError(onCustomerRoute.body, 'USER_CONTEXT_REQUIRED');
    await harness.http.get('/api/v1/merchant/me').expect(401);
  });

  describe('POST /admin/merchants/{id}/owner-invitation', () => {
    // Signed in after the clock moved: a token from before would have expired.
    let adminHeaders: Record<string, string>;
    const reissue = (merchantId: string, headers?: Record<string, string>) =>
      harness.http.post(`/api/v1/admin/merchants/${merchantId}/owner-invitation`).set(headers ?? adminHeaders);

    it('sends an expired OWNER invitation again: new token and expiry, the old token dead, audited as staff', async () => {
      const { merchant } = await registerMerchant(harness);
      const first = await latestInvitationToken(harness, merchant.contactEmail);
      clock.advance(7 * 24 * 3600 * 1000 + 1000);
      await acceptInvitation(harness, first, { name: 'Ada', password: MERCHANT_PASSWORD }).expect(410);
      adminHeaders = (await createStaffUser(harness, 'ADMIN')).headers;

      const response = await reissue(merchant.id).expect(200);
      expect(response.body).toEqual({
        id: expect.any(String),
        email: merchant.contactEmail,
        role: 'OWNER',
        status: 'PENDING',
        expiresAt: new Date(clock.now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
        createdAt: expect.any(String),
        resentAt: clock.now().toISOString(),
        invitedByUserId: null,
      });
      const second = await latestInvitationToken(harness, merchant.contactEmail);
      expect(second).not.toBe(first);
      await acceptInvitation(harness, first, { name: 'Ada', password: MERCHANT_PASSWORD }).expect(403);
      await acceptInvitation(harness, second, { name: 'Ada', password: MERCHANT_PASSWORD }).expect(200);
      const [entry] = await harness.db.query<{ actor_role: string; target_id: string }[]>(
        `SELECT actor_role, target_id FROM merchant_audit_log WHERE merchant_id = $1 AND action = 'INVITATION_RESENT'`,
        [merchant.id],
      );
      expect(entry).toEqual({ actor_role: 'PLATFORM_STAFF', target_id: response.body.id });

      expectCataloguedApiError((await reissue(merchant.id).expect(409)).body, 'MERCHANT_HAS_OWNER');
    });

    it('replaces a revoked OWNER invitation; 404 unknown, 409 rejected, 403 for non-admins', async () => {
      adminHeaders = (await createStaffUser(harness, 'ADMIN')).headers;
      const { merchant } = await registerMerchant(harness);
      await harness.db.query(
        `UPDATE merchant_invitations SET status = 'REVOKED', revoked_at = now() WHERE merchant_id = $1`,
        [merchant.id],
      );
      const created = await reissue(merchant.id).expect(200);
      expect(created.body).toMatchObject({ role: 'OWNER', status: 'PENDING', resentAt: null });
      const token = await latestInvitationToken(harness, merchant.contactEmail);
      await acceptInvitation(harness, token, { name: 'Ada', password: MERCHANT_PASSWORD }).expect(200);

      expectCataloguedApiError((await reissue(randomUUID()).expect(404)).body, 'NOT_FOUND');
      const rejected = await registerMerchant(harness);
      const decision = await patchKyb(
        harness,
        rejected.merchant.id,
        { status: 'REJECTED', reasonCode: 'rejected.fraud' },
        { headers: adminHeaders },
      );
      expect(decision.status).toBe(200);
      expectCataloguedApiError((await reissue(rejected.merchant.id).expect(409)).body, 'APPLICATION_CLOSED');
      const customer = await createCustomer(harness);
      await reissue(merchant.id, customer.headers).expect(403);
    });
  });
});
