import { randomUUID } from 'node:crypto';
import { approvedMerchant } from '../factories/merchant.factory';
import {
  acceptInvitation,
  latestInvitationToken,
  MERCHANT_PASSWORD,
  MerchantMember,
  merchantLogin,
  merchantOwnerOf,
  teamMemberOf,
} from '../factories/merchant-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

describe('Merchant team: members, roles, ownership transfer, removal, invitations', () => {
  const clock = new FakeClock();
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ clock });
  });

  afterAll(async () => {
    await harness.close();
  });

  const http = () => harness.http;
  const members = (caller: MerchantMember) => http().get('/api/v1/merchant/team/members').set(caller.headers);
  const invite = (caller: MerchantMember, body: Record<string, unknown>) =>
    http().post('/api/v1/merchant/team/invitations').set(caller.headers).send(body);
  const setRole = (caller: MerchantMember, id: string, role: string) =>
    http().patch(`/api/v1/merchant/team/members/${id}`).set(caller.headers).send({ role });
  const removeMember = (caller: MerchantMember, id: string) =>
    http().delete(`/api/v1/merchant/team/members/${id}`).set(caller.headers);

  async function team() {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    return { merchant, owner };
  }

  async function auditOf(merchantId: string) {
    return harness.db.query<
      { action: string; actor_role: string; target_id: string; details: Record<string, unknown> }[]
    >(`SELECT action, actor_role, target_id, details FROM merchant_audit_log WHERE merchant_id = $1 ORDER BY id`, [
      merchantId,
    ]);
  }

  async function membershipIdOf(caller: MerchantMember): Promise<string> {
    const me = await http().get('/api/v1/merchant/me').set(caller.headers).expect(200);
    return (me.body as { membership: { id: string } }).membership.id;
  }

  it('lists the active members, the OWNER first, without secrets', async () => {
    const { owner } = await team();
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const response = await members(owner).expect(200);
    expect(response.body).toEqual([
      {
        id: await membershipIdOf(owner),
        userId: expect.any(String),
        email: owner.email,
        name: 'Ada Owner',
        role: 'OWNER',
        joinedAt: expect.any(String),
      },
      {
        id: await membershipIdOf(developer),
        userId: expect.any(String),
        email: developer.email,
        name: 'Developer Member',
        role: 'DEVELOPER',
        joinedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);
  });

  it('invites by e-mail: hashed token, e-mail through the mailbox, audited; duplicates and members are 409', async () => {
    const { merchant, owner } = await team();
    const email = `Dev-${randomUUID().slice(0, 8)}@Merchant.example`;
    const created = await invite(owner, { email, role: 'DEVELOPER' }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      role: 'DEVELOPER',
      status: 'PENDING',
      expiresAt: new Date(clock.now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      createdAt: clock.now().toISOString(),
      resentAt: null,
      invitedByUserId: expect.any(String),
    });
    const token = await latestInvitationToken(harness, email.toLowerCase());
    const [row] = await harness.db.query<{ token_hash: string }[]>(
      `SELECT token_hash FROM merchant_invitations WHERE id = $1`,
      [created.body.id],
    );
    expect(row.token_hash).not.toContain(token.slice(4));

    expectCataloguedApiError(
      (await invite(owner, { email: email.toUpperCase(), role: 'ANALYST' }).expect(409)).body,
      'INVITATION_ALREADY_PENDING',
    );
    expectCataloguedApiError(
      (await invite(owner, { email: owner.email, role: 'ADMIN' }).expect(409)).body,
      'ALREADY_MERCHANT_MEMBER',
    );
    for (const body of [
      { email, role: 'OWNER' },
      { email: 'not-an-address', role: 'ADMIN' },
      { email },
      { email, role: 'ADMIN', extra: true },
    ]) {
      expectCataloguedApiError((await invite(owner, body).expect(400)).body, 'VALIDATION_FAILED');
    }
    const pending = await http().get('/api/v1/merchant/team/invitations').set(owner.headers).expect(200);
    expect(pending.body).toEqual([expect.objectContaining({ id: created.body.id, status: 'PENDING' })]);

    await acceptInvitation(harness, token, { name: 'Dev One', password: MERCHANT_PASSWORD }).expect(200);
    expect((await http().get('/api/v1/merchant/team/invitations').set(owner.headers).expect(200)).body).toEqual([]);
    expect((await auditOf(merchant.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['INVITATION_CREATED', 'INVITATION_ACCEPTED']),
    );
    const createdEntry = (await auditOf(merchant.id)).find((entry) => entry.action === 'INVITATION_CREATED');
    expect(createdEntry).toMatchObject({
      actor_role: 'OWNER',
      target_id: created.body.id,
      details: { email: email.toLowerCase(), role: 'DEVELOPER' },
    });
    expect(JSON.stringify(createdEntry)).not.toContain(token);
  });

  it('resends an invitation at most 5 times a day (429)', async () => {
    const { owner } = await team();
    const created = await invite(owner, { email: `busy-${randomUUID().slice(0, 8)}@merchant.example`, role: 'ADMIN' });
    const resend = () => http().post(`/api/v1/merchant/team/invitations/${created.body.id}/resend`).set(owner.headers);
    for (let count = 0; count < 5; count += 1) await resend().expect(200);
    const refused = await resend().expect(429);
    expectCataloguedApiError(refused.body, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('revokes a pending invitation: its token stops working, a second revoke is 404', async () => {
    const { merchant, owner } = await team();
    const email = `gone-${randomUUID().slice(0, 8)}@merchant.example`;
    const created = await invite(owner, { email, role: 'DEVELOPER' }).expect(201);
    const token = await latestInvitationToken(harness, email);
    await http().delete(`/api/v1/merchant/team/invitations/${created.body.id}`).set(owner.headers).expect(204);
    expectCataloguedApiError(
      (await acceptInvitation(harness, token, { name: 'Gone', password: MERCHANT_PASSWORD }).expect(403)).body,
      'INVITATION_NOT_FOUND',
    );
    await http().delete(`/api/v1/merchant/team/invitations/${created.body.id}`).set(owner.headers).expect(404);
    await http().delete(`/api/v1/merchant/team/invitations/${randomUUID()}`).set(owner.headers).expect(404);
    await http().delete('/api/v1/merchant/team/invitations/not-a-uuid').set(owner.headers).expect(400);
    // A new invitation to the same address is fine once the old one is revoked.
    await invite(owner, { email, role: 'DEVELOPER' }).expect(201);
    expect((await auditOf(merchant.id)).map((entry) => entry.action)).toContain('INVITATION_REVOKED');
  });

  it("answers 404 for another merchant's members and invitations", async () => {
    const first = await team();
    const second = await team();
    const stranger = await teamMemberOf(harness, second.owner, 'ANALYST');
    const strangerMembership = await membershipIdOf(stranger);
    const foreignInvitation = await invite(second.owner, {
      email: `x-${randomUUID().slice(0, 8)}@merchant.example`,
      role: 'ANALYST',
    }).expect(201);
    await setRole(first.owner, strangerMembership, 'DEVELOPER').expect(404);
    await removeMember(first.owner, strangerMembership).expect(404);
    await http()
      .post(`/api/v1/merchant/team/invitations/${foreignInvitation.body.id}/resend`)
      .set(first.owner.headers)
      .expect(404);
    await http()
      .delete(`/api/v1/merchant/team/invitations/${foreignInvitation.body.id}`)
      .set(first.owner.headers)
      .expect(404);
    await setRole(first.owner, randomUUID(), 'DEVELOPER').expect(404);
  });

  it('changes roles, applied on the next request of the member, and audited', async () => {
    const { merchant, owner } = await team();
    const admin = await teamMemberOf(harness, owner, 'ADMIN');
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const developerMembership = await membershipIdOf(developer);
    await http().get('/api/v1/merchant/audit-log').set(developer.headers).expect(403);

    const changed = await setRole(admin, developerMembership, 'ADMIN').expect(200);
    expect(changed.body).toMatchObject({ id: developerMembership, role: 'ADMIN', email: developer.email });
    await http().get('/api/v1/merchant/audit-log').set(developer.headers).expect(200);
    // The same role again changes nothing and records nothing.
    await setRole(admin, developerMembership, 'ADMIN').expect(200);
    expectCataloguedApiError(
      (await setRole(owner, developerMembership, 'CASHIER').expect(400)).body,
      'VALIDATION_FAILED',
    );

    const entries = (await auditOf(merchant.id)).filter((entry) => entry.action === 'MEMBER_ROLE_CHANGED');
    expect(entries).toEqual([
      expect.objectContaining({
        actor_role: 'ADMIN',
        target_id: developerMembership,
        details: expect.objectContaining({ from: 'DEVELOPER', to: 'ADMIN' }),
      }),
    ]);
  });

  it('keeps the OWNER out of reach of ADMINs and makes ownership move only by transfer', async () => {
    const { merchant, owner } = await team();
    const admin = await teamMemberOf(harness, owner, 'ADMIN');
    const analyst = await teamMemberOf(harness, owner, 'ANALYST');
    const ownerMembership = await membershipIdOf(owner);
    const analystMembership = await membershipIdOf(analyst);

    expectCataloguedApiError((await setRole(admin, ownerMembership, 'ADMIN').expect(403)).body, 'FORBIDDEN');
    expectCataloguedApiError((await removeMember(admin, ownerMembership).expect(403)).body, 'FORBIDDEN');
    expectCataloguedApiError((await setRole(admin, analystMembership, 'OWNER').expect(403)).body, 'FORBIDDEN');
    expectCataloguedApiError((await setRole(owner, ownerMembership, 'ADMIN').expect(409)).body, 'LAST_OWNER');
    expectCataloguedApiError((await removeMember(owner, ownerMembership).expect(409)).body, 'LAST_OWNER');

    const transferred = await setRole(owner, analystMembership, 'OWNER').expect(200);
    expect(transferred.body).toMatchObject({ id: analystMembership, role: 'OWNER' });
    const roles = await harness.db.query<{ id: string; role: string }[]>(
      `SELECT id, role FROM merchant_memberships WHERE merchant_id = $1 AND status = 'ACTIVE' AND role = 'OWNER'`,
      [merchant.id],
    );
    expect(roles).toEqual([{ id: analystMembership, role: 'OWNER' }]);
    // The old OWNER is an ADMIN from their next request on, and now cannot touch the new OWNER.
    expect((await http().get('/api/v1/merchant/me').set(owner.headers).expect(200)).body.membership.role).toBe('ADMIN');
    expectCataloguedApiError((await removeMember(owner, analystMembership).expect(403)).body, 'FORBIDDEN');
    const entry = (await auditOf(merchant.id)).find((row) => row.action === 'OWNERSHIP_TRANSFERRED');
    expect(entry).toMatchObject({
      actor_role: 'OWNER',
      target_id: analystMembership,
      details: { previousRoleOfNewOwner: 'ANALYST' },
    });
  });

  it('removes a member: their sessions end at once, login finds no membership, and they can be invited again', async () => {
    const { merchant, owner } = await team();
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const developerMembership = await membershipIdOf(developer);
    await removeMember(owner, developerMembership).expect(204);
    await http().get('/api/v1/merchant/me').set(developer.headers).expect(401);
    await http().post('/api/v1/merchant/auth/refresh').send({ refreshToken: developer.refreshToken }).expect(401);
    expectCataloguedApiError(
      (await merchantLogin(harness, { email: developer.email, password: MERCHANT_PASSWORD }).expect(403)).body,
      'NO_ACTIVE_MEMBERSHIP',
    );
    await removeMember(owner, developerMembership).expect(404);
    const entry = (await auditOf(merchant.id)).find((row) => row.action === 'MEMBER_REMOVED');
    expect(entry).toMatchObject({
      target_id: developerMembership,
      details: { role: 'DEVELOPER', sessionsEnded: 1, self: false },
    });

    await invite(owner, { email: developer.email, role: 'ANALYST' }).expect(201);
    const token = await latestInvitationToken(harness, developer.email);
    await acceptInvitation(harness, token, { password: MERCHANT_PASSWORD }).expect(200);
    const listed = (await members(owner).expect(200)).body as { email: string; role: string }[];
    expect(listed.find((member) => member.email === developer.email)?.role).toBe('ANALYST');
  });

  it('lets an ADMIN leave (their own id)', async () => {
    const { owner } = await team();
    const admin = await teamMemberOf(harness, owner, 'ADMIN');
    await removeMember(admin, await membershipIdOf(admin)).expect(204);
    await http().get('/api/v1/merchant/me').set(admin.headers).expect(401);
  });

  it('is for the OWNER and ADMINs only (403), people only (401 without a credential)', async () => {
    const { owner } = await team();
    const developer = await teamMemberOf(harness, owner, 'DEVELOPER');
    const analyst = await teamMemberOf(harness, owner, 'ANALYST');
    for (const caller of [developer, analyst]) {
      expectCataloguedApiError((await members(caller).expect(403)).body, 'FORBIDDEN');
      expectCataloguedApiError(
        (await invite(caller, { email: 'someone@merchant.example', role: 'ANALYST' }).expect(403)).body,
        'FORBIDDEN',
      );
    }
    await http().get('/api/v1/merchant/team/members').expect(401);
  });

  // Last: it moves the clock a week on, past every access token issued before.
  it('expires invitations after 7 days (410), and a resend gives a new token and expiry', async () => {
    const { merchant, owner: firstOwner } = await team();
    let owner = firstOwner;
    const email = `late-${randomUUID().slice(0, 8)}@merchant.example`;
    const created = await invite(owner, { email, role: 'ANALYST' }).expect(201);
    const first = await latestInvitationToken(harness, email);
    clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expectCataloguedApiError(
      (await acceptInvitation(harness, first, { name: 'Late', password: MERCHANT_PASSWORD }).expect(410)).body,
      'INVITATION_EXPIRED',
    );
    // A week on, the owner's access token has expired too: they sign in again.
    const login = await merchantLogin(harness, { email: owner.email, password: MERCHANT_PASSWORD }).expect(200);
    owner = { ...owner, headers: { Authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` } };
    const listed = await http().get('/api/v1/merchant/team/invitations').set(owner.headers).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, status: 'EXPIRED' })]);

    const resent = await http()
      .post(`/api/v1/merchant/team/invitations/${created.body.id}/resend`)
      .set(owner.headers)
      .expect(200);
    expect(resent.body).toMatchObject({
      id: created.body.id,
      status: 'PENDING',
      resentAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    });
    expect(resent.headers['x-ratelimit-limit']).toBe('5');
    const second = await latestInvitationToken(harness, email);
    expect(second).not.toBe(first);
    expectCataloguedApiError(
      (await acceptInvitation(harness, first, { name: 'Late', password: MERCHANT_PASSWORD }).expect(403)).body,
      'INVITATION_NOT_FOUND',
    );
    await acceptInvitation(harness, second, { name: 'Late', password: MERCHANT_PASSWORD }).expect(200);
    expectCataloguedApiError(
      (await http().post(`/api/v1/merchant/team/invitations/${created.body.id}/resend`).set(owner.headers).expect(404))
        .body,
      'NOT_FOUND',
    );
    expect((await auditOf(merchant.id)).filter((entry) => entry.action === 'INVITATION_RESENT')).toHaveLength(1);
  });
});
