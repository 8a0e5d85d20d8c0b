import { ModulesContainer } from '@nestjs/core';
import type { Queue } from 'bull';
import { StaffAccountService } from '../../src/modules/identity/staff-account.service';
import { buildOpenApiDocument } from '../../src/platform/openapi/openapi-document';
import { outboxSubscriptions } from '../../src/platform/outbox/outbox-subscriptions';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { registeredQueueNames } from '../../src/platform/queue/registered-queues';
import { WorkerModule } from '../../src/worker.module';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import type { Http } from '../support/app-target';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';

const DASHBOARD = '/api/v1/admin/queues';

interface OpenApiOperation {
  tags: string[];
  security: Record<string, string[]>[];
  responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  'x-required-roles'?: string[];
}

describe('operations: the queue dashboard', () => {
  let harness: TestHarness;
  let http: Http;
  let clock: FakeClock;
  let admin: SignedInUser;

  beforeAll(async () => {
    clock = new FakeClock();
    // Queues of its own: the jobs planted here meet no other spec's.
    harness = await createTestHarness({ clock, redisNamespace: 'queue-dashboard' });
    ({ http } = harness);
    admin = await createStaffUser(harness, 'ADMIN');
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  /** Asks for a link as `user` and opens it: the cookie header the dashboard then takes. */
  async function openDashboard(user: SignedInUser): Promise<string> {
    const link = await http.post(`${DASHBOARD}/session`).set(user.headers).expect(200);
    const opened = await http.get(link.body.url).expect(303);
    return cookieOf(opened.headers['set-cookie']);
  }

  function cookieOf(setCookie: string | string[] | undefined): string {
    const header = [setCookie ?? []].flat().find((line) => line.startsWith('queue_dashboard='));
    if (!header) throw new Error(`no dashboard cookie in ${JSON.stringify(setCookie)}`);
    return header.split(';')[0];
  }

  function queue(name: string): Queue {
    return harness.app.get(QueueRegistry).get(name);
  }

  it('answers 401 without the cookie on the page, its assets and its JSON API', async () => {
    for (const path of ['', '/', '/queue/notifications', '/static/images/logo.svg', '/api/queues']) {
      const answer = await http.get(`${DASHBOARD}${path}`).expect(401);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ code: 'UNAUTHENTICATED', requestId: expect.any(String) });
    }
    const retry = await http.put(`${DASHBOARD}/api/queues/notifications/1/retry`).expect(401);
    expect(retry.body.code).toBe('UNAUTHENTICATED');
    // A bearer token is not what the dashboard reads.
    await http.get(`${DASHBOARD}/api/queues`).set(admin.headers).expect(401);
  });

  it('hands the link to ADMIN staff only', async () => {
    const support = await createStaffUser(harness, 'SUPPORT');
    const customer = await createCustomer(harness);
    const refused = await http.post(`${DASHBOARD}/session`).set(support.headers).expect(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    await http.post(`${DASHBOARD}/session`).set(customer.headers).expect(403);
    const anonymous = await http.post(`${DASHBOARD}/session`).expect(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');

    const link = await http.post(`${DASHBOARD}/session`).set(admin.headers).expect(200);
    expect(link.headers['cache-control']).toBe('no-store');
    expect(link.body).toEqual({
      url: expect.stringMatching(/^\/api\/v1\/admin\/queues\/session\?token=[\w-]+\.[\w-]+\.[\w-]+$/),
      expiresAt: new Date(Math.floor(clock.now().getTime() / 1000) * 1000 + 300_000).toISOString(),
      expiresIn: 300,
    });
  });

  it('opens once: the link sets a path-scoped, HttpOnly, SameSite=Strict cookie and redirects to the dashboard', async () => {
    const link = await http.post(`${DASHBOARD}/session`).set(admin.headers).expect(200);
    const opened = await http.get(link.body.url).expect(303);
    expect(opened.headers.location).toBe(`${DASHBOARD}/`);
    const [setCookie] = [opened.headers['set-cookie']].flat() as string[];
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes[0]).toMatch(/^queue_dashboard=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(attributes).toEqual(
      expect.arrayContaining(['Max-Age=900', `Path=${DASHBOARD}`, 'HttpOnly', 'SameSite=Strict']),
    );
    // Plain HTTP here: Secure would keep the browser from sending it back.
    expect(attributes).not.toContain('Secure');

    const again = await http.get(link.body.url).expect(401);
    expect(again.body.code).toBe('UNAUTHENTICATED');
    await http.get(`${DASHBOARD}/session`).expect(401);
    await http.get(`${DASHBOARD}/session?token=not-a-token`).expect(401);
  });

  it('serves the page, its assets and its API with the cookie, listing every queue of the service', async () => {
    const cookie = await openDashboard(admin);
    const page = await http.get(`${DASHBOARD}/`).set('Cookie', cookie).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-powered-by']).toBeUndefined();
    expect(page.text).toContain(`<base href="${DASHBOARD}/" />`);

    // The dashboard's own CSP lets its page load what it needs; every other route keeps the service's.
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const elsewhere = await http.get('/api/v1/health/live');
    expect(elsewhere.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(elsewhere.headers['content-security-policy']).not.toContain('fonts.googleapis.com');

    const assets = [...page.text.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      const answer = await http.get(`${DASHBOARD}/${asset}`).set('Cookie', cookie).expect(200);
      expect(answer.headers['content-type']).toMatch(/^((application|text)\/javascript|text\/css|image\/)/);
      await http.get(`${DASHBOARD}/${asset}`).expect(401);
    }

    const listed = await http.get(`${DASHBOARD}/api/queues`).set('Cookie', cookie).expect(200);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    const names = (listed.body.queues as { name: string }[]).map((entry) => entry.name).sort();
    expect(names).toEqual(registeredQueueNames(WorkerModule));
    // Among them, every queue the outbox relay feeds, and the worker's repeatable ticks.
    const fed = outboxSubscriptions(harness.app.get(ModulesContainer)).map((subscription) => subscription.queue);
    expect(names).toEqual(
      expect.arrayContaining([...fed, 'schedule-runner', 'dispute-sla', 'merchant-checkout-expiry']),
    );

    await http.get(`${DASHBOARD}/nowhere/at/all`).set('Cookie', cookie).expect(404);
  });

  it('retries a failed job through the dashboard API, recording it in the admin audit log', async () => {
    const cookie = await openDashboard(admin);
    const notifications = queue('notifications');
    await notifications.add('probe', { planted: true }, { attempts: 1 });
    // Taken as a worker would take it (this app processes nothing), then failed for good.
    const job = await notifications.getNextJob();
    if (!job) throw new Error('the planted job was not taken');
    await job.moveToFailed({ message: 'planted failure' });
    expect(await job.getState()).toBe('failed');

    const failed = await http
      .get(`${DASHBOARD}/api/queues?activeQueue=notifications&status=failed&page=1&jobsPerPage=50`)
      .set('Cookie', cookie)
      .expect(200);
    const listed = (failed.body.queues as { name: string; jobs: { id: string }[] }[]).find(
      (entry) => entry.name === 'notifications',
    );
    expect(listed?.jobs.map((entry) => entry.id)).toContain(String(job.id));

    await http.put(`${DASHBOARD}/api/queues/notifications/${job.id}/retry`).set('Cookie', cookie).expect(204);
    expect(await (await notifications.getJob(job.id))?.getState()).toBe('waiting');
    const audit = await harness.db.query(
      `SELECT actor_user_id, action, entity_type, entity_id, after FROM admin_audit_log WHERE entity_id = $1`,
      [`notifications/${job.id}`],
    );
    expect(audit).toEqual([
      {
        actor_user_id: admin.userId,
        action: 'queue_job.retried',
        entity_type: 'queue_job',
        entity_id: `notifications/${job.id}`,
        after: { queue: 'notifications', jobId: String(job.id) },
      },
    ]);

    // A retry the board refuses (the job is waiting now) changes nothing and records nothing.
    await http.put(`${DASHBOARD}/api/queues/notifications/${job.id}/retry`).set('Cookie', cookie).expect(400);
    // Removing it is recorded too.
    await http.put(`${DASHBOARD}/api/queues/notifications/${job.id}/clean`).set('Cookie', cookie).expect(204);
    expect(await notifications.getJob(job.id)).toBeNull();
    const actions = await harness.db.query(
      `SELECT action FROM admin_audit_log WHERE entity_id = $1 ORDER BY at, action`,
      [`notifications/${job.id}`],
    );
    expect(actions.map((row: { action: string }) => row.action).sort()).toEqual([
      'queue_job.removed',
      'queue_job.retried',
    ]);
  });

  it('honours the cookie on the dashboard only, never on another admin route', async () => {
    const cookie = await openDashboard(admin);
    for (const path of ['/api/v1/admin/metrics', '/api/v1/admin/outbox-events']) {
      const answer = await http.get(path).set('Cookie', cookie).expect(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
    // Nor is its value an access token.
    await http
      .get('/api/v1/admin/metrics')
      .set('Authorization', `Bearer ${cookie.slice('queue_dashboard='.length)}`)
      .expect(401);
  });

  it('refuses a tampered cookie, and the cookie of an ADMIN no longer ADMIN', async () => {
    const cookie = await openDashboard(admin);
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    await http
      .get(`${DASHBOARD}/api/queues`)
      .set('Cookie', `${cookie.slice(0, -1)}${last}`)
      .expect(401);
    const [header, payload, signature] = cookie.slice('queue_dashboard='.length).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
    await http
      .get(`${DASHBOARD}/api/queues`)
      .set('Cookie', `queue_dashboard=${header}.${forged}.${signature}`)
      .expect(401);

    const demoted = await createStaffUser(harness, 'ADMIN');
    const theirs = await openDashboard(demoted);
    await http.get(`${DASHBOARD}/api/queues`).set('Cookie', theirs).expect(200);
    await harness.app.get(StaffAccountService).assignRole(demoted.phone, 'SUPPORT');
    const refused = await http.get(`${DASHBOARD}/api/queues`).set('Cookie', theirs).expect(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
  });

  it('documents the session route, and leaves the dashboard itself out of the OpenAPI document', () => {
    const document = buildOpenApiDocument(harness.app) as unknown as {
      paths: Record<string, Record<string, OpenApiOperation>>;
      components: { schemas: Record<string, { properties: Record<string, { example?: unknown }> }> };
    };
    expect(Object.keys(document.paths).filter((path) => path.startsWith(DASHBOARD))).toEqual([`${DASHBOARD}/session`]);
    const operation = document.paths[`${DASHBOARD}/session`].post;
    expect(Object.keys(document.paths[`${DASHBOARD}/session`])).toEqual(['post']);
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(operation['x-required-roles']).toEqual(['ADMIN']);
    expect(operation.tags).toEqual(['Admin: operations']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/QueueDashboardSession',
    });
    const schema = document.components.schemas.QueueDashboardSession;
    expect(Object.values(schema.properties).every((property) => property.example !== undefined)).toBe(true);
  });

  it('refuses an expired cookie and an expired link', async () => {
    const cookie = await openDashboard(admin);
    const link = await http.post(`${DASHBOARD}/session`).set(admin.headers).expect(200);
    await http.get(`${DASHBOARD}/api/queues`).set('Cookie', cookie).expect(200);
    clock.advanceSeconds(301);
    await http.get(link.body.url).expect(401);
    clock.advanceSeconds(600);
    const expired = await http.get(`${DASHBOARD}/api/queues`).set('Cookie', cookie).expect(401);
    expect(expired.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('operations: the queue dashboard behind an HTTPS proxy', () => {
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ config: { TRUST_PROXY: 'true' }, redisNamespace: 'queue-dashboard-https' });
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const admin = await createStaffUser(harness, 'ADMIN');
    const link = await harness.http.post(`${DASHBOARD}/session`).set(admin.headers).expect(200);
    const opened = await harness.http.get(link.body.url).set('X-Forwarded-Proto', 'https').expect(303);
    const [setCookie] = [opened.headers['set-cookie']].flat() as string[];
    expect(setCookie.split(';').map((part) => part.trim())).toEqual(
      expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Strict', `Path=${DASHBOARD}`]),
    );
  });
});
