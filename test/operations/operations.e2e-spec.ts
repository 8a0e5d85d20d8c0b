import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { insertOutboxEvent, OutboxStatus } from '../factories/outbox-event.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import type { Http } from '../support/app-target';
import { createTestHarness, TestHarness } from '../support/test-harness';

describe('operations: outbox events and the ledger check', () => {
  let harness: TestHarness;
  let http: Http;
  let db: DataSource;
  let admin: SignedInUser;
  let customer: SignedInUser;

  beforeAll(async () => {
    harness = await createTestHarness();
    ({ http, db } = harness);
    [admin, customer] = await Promise.all([createStaffUser(harness, 'ADMIN'), createCustomer(harness)]);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  const outboxRow = (status: OutboxStatus) => insertOutboxEvent(harness, { status });

  it('lists outbox rows by status, newest first, for admins only', async () => {
    const failed = await outboxRow('FAILED');
    const published = await outboxRow('PUBLISHED');
    const page = await http.get('/api/v1/admin/outbox-events?status=FAILED&size=100').set(admin.headers).expect(200);
    const ids = page.body.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(failed);
    expect(ids).not.toContain(published);
    expect(page.body.items.every((item: { status: string }) => item.status === 'FAILED')).toBe(true);
    expect(page.body.items.find((item: { id: string }) => item.id === failed)).toMatchObject({
      eventType: 'operations.probe',
      attempts: 8,
      lastError: 'relay gave up',
      payload: { n: 1 },
      publishedAt: null,
    });
    await http.get('/api/v1/admin/outbox-events?status=LOST').set(admin.headers).expect(400);
    await http.get('/api/v1/admin/outbox-events').set(customer.headers).expect(403);
  });

  it('requeues a FAILED row once, with its attempts reset and an audit entry; anything else is 409 or 404', async () => {
    const failed = await outboxRow('FAILED');
    const requeued = await http.post(`/api/v1/admin/outbox-events/${failed}/retry`).set(admin.headers).expect(200);
    expect(requeued.body).toMatchObject({ id: failed, status: 'PENDING', attempts: 0 });
    const [row] = await db.query(
      `SELECT status, attempts, next_attempt_at <= now() AS due FROM outbox_events WHERE id = $1`,
      [failed],
    );
    expect(row).toEqual({ status: 'PENDING', attempts: 0, due: true });
    const again = await http.post(`/api/v1/admin/outbox-events/${failed}/retry`).set(admin.headers).expect(409);
    expect(again.body.code).toBe('NOT_RETRYABLE');
    await http.post(`/api/v1/admin/outbox-events/${randomUUID()}/retry`).set(admin.headers).expect(404);
    await http.post('/api/v1/admin/outbox-events/not-a-uuid/retry').set(admin.headers).expect(400);
    await http.post(`/api/v1/admin/outbox-events/${failed}/retry`).set(customer.headers).expect(403);
    const audit = await db.query(`SELECT action, actor_user_id FROM admin_audit_log WHERE entity_id = $1`, [failed]);
    expect(audit).toEqual([{ action: 'outbox_event.requeued', actor_user_id: admin.userId }]);
  });

  it('requeues a PUBLISHED row only with a reason, counting the redelivery and auditing the reason', async () => {
    const published = await outboxRow('PUBLISHED');
    const bare = await http.post(`/api/v1/admin/outbox-events/${published}/retry`).set(admin.headers).expect(400);
    expect(bare.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'reason' }] });
    const blank = await http
      .post(`/api/v1/admin/outbox-events/${published}/retry`)
      .set(admin.headers)
      .send({ reason: '' })
      .expect(400);
    expect(blank.body.code).toBe('VALIDATION_FAILED');
    await http
      .post(`/api/v1/admin/outbox-events/${published}/retry`)
      .set(admin.headers)
      .send({ reason: 'lost', extra: true })
      .expect(400);
    expect((await db.query(`SELECT status FROM outbox_events WHERE id = $1`, [published]))[0].status).toBe('PUBLISHED');

    const reason = 'Redis restarted without its data; the posting job was lost';
    const requeued = await http
      .post(`/api/v1/admin/outbox-events/${published}/retry`)
      .set(admin.headers)
      .send({ reason })
      .expect(200);
    expect(requeued.body).toMatchObject({ id: published, status: 'PENDING', attempts: 0, redeliveries: 1 });
    const [audit] = await db.query(`SELECT action, before, after FROM admin_audit_log WHERE entity_id = $1`, [
      published,
    ]);
    expect(audit).toMatchObject({
      action: 'outbox_event.requeued',
      before: { status: 'PUBLISHED' },
      after: { status: 'PENDING', redeliveries: 1, reason },
    });
  });

  it('recomputes the ledger for admins', async () => {
    const report = await http.get('/api/v1/admin/ledger/check').set(admin.headers).expect(200);
    expect(report.body).toMatchObject({ balanced: true, unbalancedEntries: [], currencyMismatches: [] });
    expect(report.body.trialBalance.every((row: { sum: string }) => row.sum === '0')).toBe(true);
    await http.get('/api/v1/admin/ledger/check').set(customer.headers).expect(403);
  });
});
