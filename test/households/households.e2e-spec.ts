import { randomUUID } from 'node:crypto';
import { randomPhoneNumber, SignedInUser } from '../factories/customer.factory';
import {
  addHouseholdMember,
  createHousehold,
  createHouseholdWith,
  householdMembers,
  postHousehold,
  postHouseholdMember,
} from '../factories/household.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createHouseholdsApp, HouseholdsApp } from './support/households-kit';

/** The household routes: create, list, members, add by phone, roles, removal and leaving. */
describe('households', () => {
  let kit: HouseholdsApp;

  beforeAll(async () => {
    // A small cap, so a spec can fill a household.
    kit = await createHouseholdsApp({ HOUSEHOLD_MAX_MEMBERS: '4' });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  const members = (householdId: string, by: SignedInUser) => householdMembers(kit, householdId, by);
  const patchRole = (householdId: string, by: SignedInUser, userId: string, role: string) =>
    kit.http.patch(`/api/v1/households/${householdId}/members/${userId}`).set(by.headers).send({ role });
  const remove = (householdId: string, by: SignedInUser, userId: string) =>
    kit.http.delete(`/api/v1/households/${householdId}/members/${userId}`).set(by.headers);

  async function memberRows(householdId: string) {
    return (await kit.db.query(
      `SELECT user_id, role, added_by FROM household_members WHERE household_id = $1 ORDER BY joined_at, user_id`,
      [householdId],
    )) as { user_id: string; role: string; added_by: string | null }[];
  }

  async function eventsOf(householdId: string) {
    return (await kit.db.query(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'household' AND aggregate_id = $1
        ORDER BY created_at, id`,
      [householdId],
    )) as { event_type: string; payload: Record<string, unknown> }[];
  }

  describe('POST /households and GET /households', () => {
    it('creates a household (201) whose creator is its OWNER, listed for them only', async () => {
      const [owner, stranger] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const created = await postHousehold(kit, owner, '  Adeyemi family  ').expect(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Adeyemi family',
        role: 'OWNER',
        memberCount: 1,
        createdAt: expect.any(String),
      });
      expect(await memberRows(created.body.id)).toEqual([{ user_id: owner.userId, role: 'OWNER', added_by: null }]);

      const listed = await kit.http.get('/api/v1/households').set(owner.headers).expect(200);
      expect(listed.body).toEqual([created.body]);
      const none = await kit.http.get('/api/v1/households').set(stranger.headers).expect(200);
      expect(none.body).toEqual([]);
    });

    it('lists every household of the caller, newest first, with their role and the member count', async () => {
      const [owner, member] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const first = await createHousehold(kit, owner, 'First');
      const second = await createHousehold(kit, member, 'Second');
      await addHouseholdMember(kit, first.id, owner, member, 'VIEWER');
      const listed = await kit.http.get('/api/v1/households').set(member.headers).expect(200);
      expect(listed.body).toEqual([
        expect.objectContaining({ id: second.id, name: 'Second', role: 'OWNER', memberCount: 1 }),
        expect.objectContaining({ id: first.id, name: 'First', role: 'VIEWER', memberCount: 2 }),
      ]);
    });

    it('refuses a missing, empty or too long name and unknown fields (400), and no token (401)', async () => {
      const owner = await kit.newCustomer();
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 'Home', extra: 1 }]) {
        const refused = await kit.http.post('/api/v1/households').set(owner.headers).send(body).expect(400);
        expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
      }
      const anonymous = await kit.http.post('/api/v1/households').send({ name: 'Home' }).expect(401);
      expectCataloguedApiError(anonymous.body, 'UNAUTHENTICATED');
      await kit.http.get('/api/v1/households').expect(401);
      await kit.http.get(`/api/v1/households/${randomUUID()}/members`).expect(401);
      await kit.http.post(`/api/v1/households/${randomUUID()}/members`).send({}).expect(401);
      await kit.http.patch(`/api/v1/households/${randomUUID()}/members/${randomUUID()}`).send({}).expect(401);
      await kit.http.delete(`/api/v1/households/${randomUUID()}/members/${randomUUID()}`).expect(401);
    });
  });

  describe('adding members by phone', () => {
    it('adds a registered customer (201), shows phones masked to others, and writes household.member_added', async () => {
      const [owner, member] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHousehold(kit, owner);
      // Spaces are accepted and removed (E.164).
      const spaced = `${member.phone.slice(0, 4)} ${member.phone.slice(4, 7)} ${member.phone.slice(7)}`;
      const added = await postHouseholdMember(kit, household.id, owner, { phone: spaced, role: 'MEMBER' }).expect(201);
      const masked = `${member.phone.slice(0, 4)}******${member.phone.slice(-4)}`;
      expect(added.body).toEqual({
        userId: member.userId,
        phone: masked,
        role: 'MEMBER',
        you: false,
        joinedAt: expect.any(String),
      });

      const seenByMember = await members(household.id, member);
      expect(seenByMember).toEqual([
        {
          userId: owner.userId,
          phone: `${owner.phone.slice(0, 4)}******${owner.phone.slice(-4)}`,
          role: 'OWNER',
          you: false,
          joinedAt: expect.any(String),
        },
        { userId: member.userId, phone: member.phone, role: 'MEMBER', you: true, joinedAt: expect.any(String) },
      ]);
      expect(await memberRows(household.id)).toEqual([
        { user_id: owner.userId, role: 'OWNER', added_by: null },
        { user_id: member.userId, role: 'MEMBER', added_by: owner.userId },
      ]);
      expect(await eventsOf(household.id)).toEqual([
        {
          event_type: 'household.member_added',
          payload: {
            householdId: household.id,
            householdName: household.name,
            userId: member.userId,
            actorId: owner.userId,
            role: 'MEMBER',
          },
        },
      ]);
      const listed = await kit.http.get('/api/v1/households').set(owner.headers).expect(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: household.id, memberCount: 2 })]);
    });

    it('answers 404 CUSTOMER_NOT_FOUND for a phone no registered customer has', async () => {
      const owner = await kit.newCustomer();
      const household = await createHousehold(kit, owner);
      const unknown = await postHouseholdMember(kit, household.id, owner, {
        phone: randomPhoneNumber(),
        role: 'MEMBER',
      }).expect(404);
      expectCataloguedApiError(unknown.body, 'CUSTOMER_NOT_FOUND');
      expect(await memberRows(household.id)).toHaveLength(1);
    });

    it('refuses a malformed phone, a missing or unknown role, OWNER as a new role and a malformed id (400)', async () => {
      const [owner, member] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHousehold(kit, owner);
      for (const body of [
        { phone: '08031234567', role: 'MEMBER' },
        { phone: 'not a phone', role: 'MEMBER' },
        { phone: member.phone },
        { phone: member.phone, role: 'OWNER' },
        { phone: member.phone, role: 'member' },
        { phone: member.phone, role: 'MEMBER', nickname: 'x' },
      ]) {
        const refused = await postHouseholdMember(kit, household.id, owner, body).expect(400);
        expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
      }
      const malformed = await postHouseholdMember(kit, 'not-a-uuid', owner, { phone: member.phone, role: 'MEMBER' });
      expect(malformed.status).toBe(400);
      expect(await memberRows(household.id)).toHaveLength(1);
    });

    it('answers 409 ALREADY_HOUSEHOLD_MEMBER for a member, the caller included', async () => {
      const [owner, member] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHousehold(kit, owner);
      await addHouseholdMember(kit, household.id, owner, member, 'VIEWER');
      const again = await postHouseholdMember(kit, household.id, owner, { phone: member.phone, role: 'ADMIN' }).expect(
        409,
      );
      expectCataloguedApiError(again.body, 'ALREADY_HOUSEHOLD_MEMBER');
      const self = await postHouseholdMember(kit, household.id, owner, { phone: owner.phone, role: 'ADMIN' }).expect(
        409,
      );
      expectCataloguedApiError(self.body, 'ALREADY_HOUSEHOLD_MEMBER');
      expect((await memberRows(household.id)).map((row) => row.role)).toEqual(['OWNER', 'VIEWER']);
    });

    it('answers 422 HOUSEHOLD_FULL at HOUSEHOLD_MAX_MEMBERS, also when adds race', async () => {
      const owner = await kit.newCustomer();
      const candidates = await Promise.all([1, 2, 3, 4, 5].map(() => kit.newCustomer()));
      const household = await createHousehold(kit, owner);
      await addHouseholdMember(kit, household.id, owner, candidates[0], 'MEMBER');
      // Room for two more (cap 4); four adds at once: two join, two are refused.
      const raced = await Promise.all(
        candidates
          .slice(1)
          .map((candidate) =>
            postHouseholdMember(kit, household.id, owner, { phone: candidate.phone, role: 'MEMBER' }),
          ),
      );
      expect(raced.map((response) => response.status).sort()).toEqual([201, 201, 422, 422]);
      for (const refused of raced.filter((response) => response.status === 422)) {
        expectCataloguedApiError(refused.body, 'HOUSEHOLD_FULL');
        expect(refused.body.details).toEqual([{ field: 'limit', message: '4' }]);
      }
      expect(await memberRows(household.id)).toHaveLength(4);
    });

    it('answers 404 to a non-member, for an unknown household, and for another household', async () => {
      const [owner, stranger, otherOwner] = await Promise.all([
        kit.newCustomer(),
        kit.newCustomer(),
        kit.newCustomer(),
      ]);
      const household = await createHousehold(kit, owner);
      const other = await createHousehold(kit, otherOwner);
      const asStranger = await postHouseholdMember(kit, household.id, stranger, {
        phone: otherOwner.phone,
        role: 'MEMBER',
      }).expect(404);
      expectCataloguedApiError(asStranger.body, 'NOT_FOUND');
      const list = await kit.http.get(`/api/v1/households/${household.id}/members`).set(stranger.headers).expect(404);
      expectCataloguedApiError(list.body, 'NOT_FOUND');
      await kit.http.get(`/api/v1/households/${randomUUID()}/members`).set(owner.headers).expect(404);
      await kit.http.get(`/api/v1/households/${other.id}/members`).set(owner.headers).expect(404);
      await postHouseholdMember(kit, other.id, owner, { phone: stranger.phone, role: 'MEMBER' }).expect(404);
      // A member of another household is not a member here.
      await patchRole(household.id, owner, otherOwner.userId, 'VIEWER').expect(404);
      await remove(household.id, owner, otherOwner.userId).expect(404);
      await patchRole(other.id, owner, otherOwner.userId, 'VIEWER').expect(404);
      await remove(other.id, owner, otherOwner.userId).expect(404);
      expect(await memberRows(other.id)).toEqual([{ user_id: otherOwner.userId, role: 'OWNER', added_by: null }]);
    });
  });

  describe('roles', () => {
    it('lets only an OWNER or ADMIN manage: a MEMBER or VIEWER gets 403 HOUSEHOLD_ROLE_REQUIRED', async () => {
      const [owner, member, viewer, outsider] = await Promise.all([
        kit.newCustomer(),
        kit.newCustomer(),
        kit.newCustomer(),
        kit.newCustomer(),
      ]);
      const household = await createHouseholdWith(kit, owner, [
        { member, role: 'MEMBER' },
        { member: viewer, role: 'VIEWER' },
      ]);
      for (const caller of [member, viewer]) {
        const adding = await postHouseholdMember(kit, household.id, caller, {
          phone: outsider.phone,
          role: 'VIEWER',
        }).expect(403);
        expectCataloguedApiError(adding.body, 'HOUSEHOLD_ROLE_REQUIRED');
        const other = caller === member ? viewer : member;
        expectCataloguedApiError(
          (await patchRole(household.id, caller, other.userId, 'ADMIN').expect(403)).body,
          'HOUSEHOLD_ROLE_REQUIRED',
        );
        expectCataloguedApiError(
          (await remove(household.id, caller, other.userId).expect(403)).body,
          'HOUSEHOLD_ROLE_REQUIRED',
        );
        expectCataloguedApiError(
          (await remove(household.id, caller, owner.userId).expect(403)).body,
          'HOUSEHOLD_ROLE_REQUIRED',
        );
        // Nor promote themselves.
        await patchRole(household.id, caller, caller.userId, 'ADMIN').expect(403);
      }
      expect((await memberRows(household.id)).map((row) => row.role)).toEqual(['OWNER', 'MEMBER', 'VIEWER']);
    });

    it('lets an ADMIN add and manage members but never touch an OWNER or make one (403)', async () => {
      const [owner, admin, member, newcomer] = await Promise.all([
        kit.newCustomer(),
        kit.newCustomer(),
        kit.newCustomer(),
        kit.newCustomer(),
      ]);
      const household = await createHouseholdWith(kit, owner, [
        { member: admin, role: 'ADMIN' },
        { member, role: 'MEMBER' },
      ]);
      await addHouseholdMember(kit, household.id, admin, newcomer, 'VIEWER');
      await patchRole(household.id, admin, member.userId, 'VIEWER').expect(204);
      await patchRole(household.id, admin, newcomer.userId, 'MEMBER').expect(204);

      const demoteOwner = await patchRole(household.id, admin, owner.userId, 'MEMBER').expect(403);
      expectCataloguedApiError(demoteOwner.body, 'HOUSEHOLD_ROLE_REQUIRED');
      const makeOwner = await patchRole(household.id, admin, member.userId, 'OWNER').expect(403);
      expectCataloguedApiError(makeOwner.body, 'HOUSEHOLD_ROLE_REQUIRED');
      await patchRole(household.id, admin, admin.userId, 'OWNER').expect(403);
      const removeOwner = await remove(household.id, admin, owner.userId).expect(403);
      expectCataloguedApiError(removeOwner.body, 'HOUSEHOLD_ROLE_REQUIRED');

      await remove(household.id, admin, newcomer.userId).expect(204);
      const seen = await members(household.id, owner);
      expect(seen.map((row) => [row.userId, row.role])).toEqual([
        [owner.userId, 'OWNER'],
        [admin.userId, 'ADMIN'],
        [member.userId, 'VIEWER'],
      ]);
      const events = (await eventsOf(household.id)).map((event) => event.event_type);
      expect(events.filter((type) => type === 'household.member_role_changed')).toHaveLength(2);
      expect(events.at(-1)).toBe('household.member_removed');
    });

    it('changes a role (204) with household.member_role_changed; the same role again changes nothing', async () => {
      const [owner, member] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHouseholdWith(kit, owner, [{ member, role: 'MEMBER' }]);
      await patchRole(household.id, owner, member.userId, 'ADMIN').expect(204);
      await patchRole(household.id, owner, member.userId, 'ADMIN').expect(204);
      expect((await memberRows(household.id))[1]).toEqual(expect.objectContaining({ role: 'ADMIN' }));
      const changes = (await eventsOf(household.id)).filter(
        (event) => event.event_type === 'household.member_role_changed',
      );
      expect(changes).toEqual([
        {
          event_type: 'household.member_role_changed',
          payload: expect.objectContaining({
            userId: member.userId,
            actorId: owner.userId,
            role: 'ADMIN',
            previousRole: 'MEMBER',
          }),
        },
      ]);
    });

    it('refuses a bad role body (400) and answers 404 for a target who is not a member', async () => {
      const [owner, stranger] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHousehold(kit, owner);
      for (const body of [{}, { role: 'KING' }, { role: 'ADMIN', extra: true }]) {
        const refused = await kit.http
          .patch(`/api/v1/households/${household.id}/members/${owner.userId}`)
          .set(owner.headers)
          .send(body)
          .expect(400);
        expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
      }
      await kit.http
        .patch(`/api/v1/households/${household.id}/members/not-a-uuid`)
        .set(owner.headers)
        .send({ role: 'ADMIN' })
        .expect(400);
      const missing = await patchRole(household.id, owner, stranger.userId, 'ADMIN').expect(404);
      expectCataloguedApiError(missing.body, 'NOT_FOUND');
      await remove(household.id, owner, randomUUID()).expect(404);
    });

    it('keeps the last OWNER: no demotion or leaving (409 LAST_OWNER) until another OWNER exists', async () => {
      const [owner, second] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHouseholdWith(kit, owner, [{ member: second, role: 'ADMIN' }]);
      const demote = await patchRole(household.id, owner, owner.userId, 'ADMIN').expect(409);
      expectCataloguedApiError(demote.body, 'LAST_OWNER');
      const leave = await remove(household.id, owner, owner.userId).expect(409);
      expectCataloguedApiError(leave.body, 'LAST_OWNER');

      // Only an OWNER makes an OWNER; then either may go.
      await patchRole(household.id, owner, second.userId, 'OWNER').expect(204);
      await patchRole(household.id, second, owner.userId, 'MEMBER').expect(204);
      const last = await patchRole(household.id, second, second.userId, 'ADMIN').expect(409);
      expectCataloguedApiError(last.body, 'LAST_OWNER');
      await remove(household.id, owner, owner.userId).expect(204);
      expect(await memberRows(household.id)).toEqual([
        { user_id: second.userId, role: 'OWNER', added_by: owner.userId },
      ]);
    });

    it('never leaves a household without an OWNER when two OWNERs leave at once', async () => {
      const [owner, second] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHouseholdWith(kit, owner, [{ member: second, role: 'OWNER' }]);
      const [first, other] = await Promise.all([
        remove(household.id, owner, owner.userId),
        remove(household.id, second, second.userId),
      ]);
      expect([first.status, other.status].sort()).toEqual([204, 409]);
      const rows = await memberRows(household.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].role).toBe('OWNER');
    });

    it('lets any member leave (204): they lose the household (404) and household.member_removed is written', async () => {
      const [owner, viewer] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
      const household = await createHouseholdWith(kit, owner, [{ member: viewer, role: 'VIEWER' }]);
      await remove(household.id, viewer, viewer.userId).expect(204);
      const gone = await kit.http.get(`/api/v1/households/${household.id}/members`).set(viewer.headers).expect(404);
      expectCataloguedApiError(gone.body, 'NOT_FOUND');
      expect((await kit.http.get('/api/v1/households').set(viewer.headers).expect(200)).body).toEqual([]);
      expect((await members(household.id, owner)).map((row) => row.userId)).toEqual([owner.userId]);
      expect((await eventsOf(household.id)).at(-1)).toEqual({
        event_type: 'household.member_removed',
        payload: {
          householdId: household.id,
          householdName: household.name,
          userId: viewer.userId,
          actorId: viewer.userId,
          role: 'VIEWER',
        },
      });
      // Leaving again: no longer a member.
      await remove(household.id, viewer, viewer.userId).expect(404);
    });
  });
});
