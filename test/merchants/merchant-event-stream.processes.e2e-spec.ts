import type { ChildProcess } from 'node:child_process';
import { approvedMerchant, patchKyb } from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { adminOf } from '../factories/staff-user.factory';
import { ServiceProcess, startApiProcess, startWorkerProcess } from '../payments/support/service-process';
import { expectCataloguedApiError } from '../support/assertions';
import { freePort } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { EventStreamClient } from './support/event-stream-client';

/**
 * The event stream across processes, as deployed: two API processes and a worker (src/main.ts and
 * src/worker.ts through the test entry points) on one database and Redis. An event made through
 * one API process reaches, through the worker's outbox relay and consumer and Redis pub/sub, a
 * stream held by the other; a stream resumes on the other process after Last-Event-ID; the five
 * streams of a key are counted across both; SIGTERM ends open streams, so a process stops at once.
 */
describe('the merchant event stream across API processes', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let worker: ChildProcess;
  const apis: { process: ServiceProcess; port: number }[] = [];
  const clients: EventStreamClient[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({
      redisNamespace: 'event-stream-processes',
      config: { DATABASE_URL: database.url, OUTBOX_POLL_INTERVAL_MS: '50', MERCHANT_EVENTS_HEARTBEAT_MS: '500' },
    });
    worker = startWorkerProcess(harness.configuration.environment).child;
    // The two API processes boot side by side (and beside the worker).
    const ports = [await freePort(), await freePort()];
    const started = await Promise.allSettled(
      ports.map((port) => startApiProcess(harness.configuration.environment, port)),
    );
    started.forEach((result, index) => {
      if (result.status === 'fulfilled') apis.push({ process: result.value, port: ports[index] });
    });
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const api of apis) if (api.process.child.exitCode === null) api.process.child.kill('SIGKILL');
    if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    await harness?.close();
    await database?.drop();
  });

  async function connect(port: number, secret: string, lastEventId?: string): Promise<EventStreamClient> {
    const client = await EventStreamClient.open(port, secret, { lastEventId });
    clients.push(client);
    return client;
  }

  /** A KYB decision made through the API process on `port`. */
  async function decide(port: number, merchantId: string, status: 'APPROVED' | 'SUSPENDED'): Promise<void> {
    const admin = await adminOf(harness);
    const body = status === 'SUSPENDED' ? { status, reasonCode: 'suspended.risk_review' } : { status };
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/admin/merchants/${merchantId}/kyb`, {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  async function kybEventIds(merchantId: string): Promise<string[]> {
    const rows = await harness.db.query<{ id: string }[]>(
      `SELECT id FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'merchant.kyb_status_changed' ORDER BY id`,
      [merchantId],
    );
    return rows.map((row) => row.id);
  }

  it('sends an event made behind one API process to a stream on the other, and resumes there after Last-Event-ID', async () => {
    const [a, b] = apis;
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const key = (
      await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({ livemode: true }).expect(201)
    ).body as { secret: string };

    // The approval, recorded by the worker before any stream opens (so no stream starts before it).
    await waitFor(
      () => harness.db.query<{ id: string }[]>(`SELECT id FROM merchant_events WHERE merchant_id = $1`, [merchant.id]),
      (rows) => rows.length === 1,
      'the approval recorded by the worker',
    );
    const onB = await connect(b.port, key.secret);
    const onA = await connect(a.port, key.secret);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    await decide(a.port, merchant.id, 'SUSPENDED');
    const [, suspended] = await kybEventIds(merchant.id);
    const seenOnB = await onB.next();
    expect(seenOnB.id).toBe(suspended);
    expect(JSON.parse(seenOnB.data)).toMatchObject({
      id: suspended,
      type: 'kyb.status_changed',
      livemode: true,
      data: { object: { merchantId: merchant.id, status: 'SUSPENDED' } },
    });
    const seenOnA = await onA.next();
    expect(seenOnA.id).toBe(suspended);

    // B's client goes away; an event is made through B; the client comes back on A.
    onB.close();
    await decide(b.port, merchant.id, 'APPROVED');
    const [, , approvedAgain] = await kybEventIds(merchant.id);
    expect((await onA.next()).id).toBe(approvedAgain);
    const back = await connect(a.port, key.secret, suspended);
    expect((await back.next()).id).toBe(approvedAgain);
    await decide(b.port, merchant.id, 'SUSPENDED');
    const [, , , last] = await kybEventIds(merchant.id);
    expect((await back.next()).id).toBe(last);
    expect(back.events.map((frame) => frame.id)).toEqual([approvedAgain, last]);
  }, 120_000);

  it('counts the five streams of a key across both processes', async () => {
    const [a, b] = apis;
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const key = (
      await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({ livemode: true }).expect(201)
    ).body as { secret: string };
    const open = [
      await connect(a.port, key.secret),
      await connect(b.port, key.secret),
      await connect(a.port, key.secret),
      await connect(b.port, key.secret),
      await connect(a.port, key.secret),
    ];
    expect(open.map((client) => client.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await connect(b.port, key.secret);
    expect(sixth.status).toBe(429);
    expectCataloguedApiError(sixth.body, 'TOO_MANY_EVENT_STREAMS');
    // The admin makes a change so the worker is known to be alive before the next test stops things.
    await patchKyb(harness, merchant.id, { status: 'SUSPENDED', reasonCode: 'suspended.risk_review' });
  }, 60_000);

  it('ends its open streams on SIGTERM and stops cleanly', async () => {
    const [a] = apis;
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const key = (
      await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({ livemode: true }).expect(201)
    ).body as { secret: string };
    const stream = await connect(a.port, key.secret);
    expect(stream.status).toBe(200);
    a.process.child.kill('SIGTERM');
    await stream.finished();
    expect(await a.process.exited).toBe(0);
  }, 60_000);
});
