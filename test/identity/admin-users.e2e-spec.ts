import { ModulesContainer } from '@nestjs/core';
import type { Job } from 'bull';
import { ScheduleAccountsProcessor } from '../../src/modules/schedules/jobs/schedule-accounts.processor';
import { SchedulesService } from '../../src/modules/schedules/schedules.service';
import { outboxSubscriptions, routesOf } from '../../src/platform/outbox/outbox-subscriptions';
import type { OutboxEventJob } from '../../src/platform/queue/queues';
import { createBiller } from '../factories/biller.factory';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { createSchedule } from '../factories/schedule.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import { expectApiError, expectCataloguedApiError } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, SimulatedBillers, TestHarness } from '../support/test-harness';

/**
 * Administering users, in a database of its own: the "last active ADMIN" rule counts every
 * admin there is, so this spec must be the only one making them.
 */
describe('admin users (/admin/users)', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness & SimulatedBillers;
  let admin: SignedInUser;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({ config: { DATABASE_URL: database.url }, simulator: {} });
    admin = await createStaffUser(harness, 'ADMIN');
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  const list = (query: Record<string, unknown>, caller: SignedInUser = admin) =>
    harness.http.get('/api/v1/admin/users').set(caller.headers).query(query);
  const setRole = (id: string, role: string, caller: SignedInUser = admin) =>
    harness.http.patch(`/api/v1/admin/users/${id}/role`).set(caller.headers).send({ role });
  const deactivate = (id: string, caller: SignedInUser = admin) =>
    harness.http.post(`/api/v1/admin/users/${id}/deactivate`).set(caller.headers);
  const digits = (user: SignedInUser) => user.phone.replace(/\D/g, '');

  it('pages users newest first with filters, never showing secrets, for ADMIN only', async () => {
    const older = await createCustomer(harness);
    const support = await createStaffUser(harness, 'SUPPORT');
    const locked = await createCustomer(harness);
    await harness.db.query(`UPDATE users SET locked_until = now() + interval '10 minutes' WHERE id = $1`, [
      locked.userId,
    ]);
    const named = await createCustomer(harness);
    await harness.db.query(`UPDATE users SET display_name = 'Zainab 100%_Real', kyc_tier = 'TIER_1' WHERE id = $1`, [
      named.userId,
    ]);

    const everyone = await list({ size: 100 }).expect(200);
    const ids = everyone.body.items.map((user: { id: string }) => user.id);
    expect(ids.indexOf(named.userId)).toBeLessThan(ids.indexOf(older.userId));
    for (const user of everyone.body.items) {
      expect(Object.keys(user).sort()).toEqual(
        [
          'createdAt',
          'deactivatedAt',
          'displayName',
          'email',
          'id',
          'kycTier',
          'lastSeenAt',
          'lockedUntil',
          'phone',
          'role',
          'status',
        ].sort(),
      );
    }
    expect(everyone.body.totalItems).toBe(everyone.body.items.length);

    const bySupport = await list({ role: 'SUPPORT' }).expect(200);
    expect(bySupport.body.items.map((user: { id: string }) => user.id)).toEqual([support.userId]);
    const byLock = await list({ status: 'LOCKED' }).expect(200);
    expect(byLock.body.items).toEqual([expect.objectContaining({ id: locked.userId, status: 'LOCKED' })]);
    expect(
      (await list({ q: digits(older).slice(-9) }).expect(200)).body.items.map((u: { id: string }) => u.id),
    ).toEqual([older.userId]);
    const byName = await list({ q: '100%_r', kycTier: 'TIER_1' }).expect(200);
    expect(byName.body.items).toEqual([expect.objectContaining({ id: named.userId, displayName: 'Zainab 100%_Real' })]);
    expect((await list({ q: 'qq%_x' }).expect(200)).body.totalItems).toBe(0);
    const past = await list({ page: 50, size: 2 }).expect(200);
    expect(past.body).toMatchObject({ items: [], totalItems: everyone.body.totalItems });

    for (const bad of [{ role: 'ROOT' }, { status: 'GONE' }, { kycTier: 'TIER_9' }, { q: 'x' }, { size: 0 }]) {
      expectApiError((await list(bad).expect(400)).body, 'VALIDATION_FAILED');
    }
    for (const role of ['SUPPORT', 'COMPLIANCE', 'AGENT'] as const) {
      await list({}, await createStaffUser(harness, role)).expect(403);
    }
    expectApiError((await list({}, older).expect(403)).body, 'FORBIDDEN');
    await harness.http.get('/api/v1/admin/users').expect(401);
  });

  it('changes roles at once for live sessions, audited, but never the own role or the last admin', async () => {
    const user = await createCustomer(harness);
    await harness.http.get('/api/v1/admin/users').set(user.headers).expect(403);
    await setRole(user.userId, 'SUPPORT').expect(204);
    // The same access token carries the new role on its next request.
    const profile = await harness.http.get('/api/v1/profile').set(user.headers).expect(200);
    expect(profile.body.role).toBe('SUPPORT');
    await setRole(user.userId, 'SUPPORT').expect(204);
    const audit = await harness.db.query(`SELECT action, before, after FROM admin_audit_log WHERE entity_id = $1`, [
      user.userId,
    ]);
    expect(audit).toEqual([{ action: 'user.role_changed', before: { role: 'CUSTOMER' }, after: { role: 'SUPPORT' } }]);
    const events = await harness.db.query(
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'user.role_changed'`,
      [user.userId],
    );
    expect(events).toEqual([{ payload: expect.objectContaining({ from: 'CUSTOMER', to: 'SUPPORT' }) }]);

    expectCataloguedApiError((await setRole(admin.userId, 'SUPPORT').expect(409)).body, 'OWN_ROLE_CHANGE');
    await setRole('0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a99', 'SUPPORT').expect(404);
    await setRole(user.userId, 'ROOT').expect(400);
    await setRole('not-a-uuid', 'SUPPORT').expect(400);
    await setRole(user.userId, 'ADMIN', user).expect(403);

    // Only an admin can demote an admin, and never themselves: the last active ADMIN can only be
    // lost to two admins demoting each other at once. The change is serialized: one wins.
    const rival = await createStaffUser(harness, 'ADMIN');
    const [first, second] = await Promise.all([
      setRole(rival.userId, 'CUSTOMER', admin),
      setRole(admin.userId, 'CUSTOMER', rival),
    ]);
    // The loser either waited for the winner's change (409 LAST_ADMIN) or came in after its
    // session had already lost the role (403): either way exactly one change is made.
    const statuses = [first.status, second.status].sort();
    expect([
      [204, 409],
      [204, 403],
    ]).toContainEqual(statuses);
    const loser = first.status === 204 ? second : first;
    expectCataloguedApiError(loser.body, loser.status === 409 ? 'LAST_ADMIN' : 'FORBIDDEN');
    const [{ admins }] = await harness.db.query(
      `SELECT count(*)::int AS admins FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE'`,
    );
    expect(admins).toBe(1);
    // Whoever is still ADMIN carries on as the spec's admin.
    if (first.status !== 204) admin = rival;
  });

  it('keeps the last active ADMIN when two admins deactivate each other at once', async () => {
    const rival = await createStaffUser(harness, 'ADMIN');
    const [first, second] = await Promise.all([deactivate(rival.userId, admin), deactivate(admin.userId, rival)]);
    // The loser waited for the winner (409 LAST_ADMIN) or its session had already ended (401).
    expect([
      [204, 409],
      [204, 401],
    ]).toContainEqual([first.status, second.status].sort());
    const loser = first.status === 204 ? second : first;
    expectCataloguedApiError(loser.body, loser.status === 409 ? 'LAST_ADMIN' : 'UNAUTHENTICATED');
    const [{ admins }] = await harness.db.query(
      `SELECT count(*)::int AS admins FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE'`,
    );
    expect(admins).toBe(1);
    if (first.status !== 204) admin = rival;
  });

  it('deactivates: sessions end at once, login is refused, schedules pause; twice is fine', async () => {
    const biller = await createBiller({ ...harness, admin }, { slug: `${harness.prefix}-deact` });
    const customer = await createCustomer(harness, { pin: '135790' });
    const schedule = await createSchedule({ ...harness, admin }, customer, { biller: biller.slug, amount: 150_000 });
    await harness.http.get('/api/v1/profile').set(customer.headers).expect(200);

    await deactivate(customer.userId).expect(204);
    expectApiError(
      (await harness.http.get('/api/v1/profile').set(customer.headers).expect(401)).body,
      'UNAUTHENTICATED',
    );
    const refused = await harness.http
      .post('/api/v1/auth/login')
      .send({ phone: customer.phone, pin: '135790' })
      .expect(403);
    expectCataloguedApiError(refused.body, 'ACCOUNT_DEACTIVATED');
    await harness.http.post('/api/v1/auth/refresh').send({ refreshToken: customer.refreshToken }).expect(401);
    const sessions = await harness.db.query(`SELECT revoked_reason FROM device_sessions WHERE user_id = $1`, [
      customer.userId,
    ]);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((row: { revoked_reason: string }) => row.revoked_reason === 'DEACTIVATED')).toBe(true);
    const shown = await list({ status: 'DEACTIVATED', q: digits(customer) }).expect(200);
    expect(shown.body.items).toEqual([
      expect.objectContaining({ id: customer.userId, deactivatedAt: expect.any(String) }),
    ]);

    // The schedules context follows `user.deactivated` on its own queue and pauses the schedules.
    const routes = routesOf(outboxSubscriptions(harness.app.get(ModulesContainer)));
    expect(routes['user.deactivated']).toContain('schedule-accounts');
    const [event] = await harness.db.query(
      `SELECT id, event_type, aggregate_type, aggregate_id, payload FROM outbox_events
        WHERE aggregate_id = $1 AND event_type = 'user.deactivated'`,
      [customer.userId],
    );
    const job = {
      data: {
        eventId: event.id,
        eventType: event.event_type,
        aggregateType: event.aggregate_type,
        aggregateId: event.aggregate_id,
        payload: event.payload,
        occurredAt: new Date().toISOString(),
      },
    } as Job<OutboxEventJob>;
    const processor = new ScheduleAccountsProcessor(harness.app.get(SchedulesService));
    expect(await processor.handle(job)).toBe(1);
    expect(await processor.handle(job)).toBe(0);
    const [row] = await harness.db.query(`SELECT status FROM schedules WHERE id = $1`, [schedule.id]);
    expect(row.status).toBe('PAUSED');

    await deactivate(customer.userId).expect(204);
    const audit = await harness.db.query(`SELECT action FROM admin_audit_log WHERE entity_id = $1`, [customer.userId]);
    expect(audit).toEqual([{ action: 'user.deactivated' }]);
    expectCataloguedApiError((await deactivate(admin.userId).expect(409)).body, 'OWN_ROLE_CHANGE');
    await deactivate('0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a98').expect(404);
    await deactivate(customer.userId, await createStaffUser(harness, 'SUPPORT')).expect(403);
  });
});
