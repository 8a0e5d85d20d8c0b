import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { patchKyb, registerMerchant } from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { startWorkerProcess } from '../payments/support/service-process';
import { HttpsTestServer, makeTestCertificates, startHttpsTestServer } from '../support/https-test-server';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';
import { OutboundTrust } from '../../src/platform/outbound/outbound-trust';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * At least once, with a stable id: a real worker process (src/worker.ts) is killed with SIGKILL
 * while the merchant's receiver holds its webhook request unanswered. Its Bull job stalls; a
 * second worker takes it over and sends the same event again, with the same `webhook-id` and the
 * same Standard Webhooks signature scheme, which the receiver verifies. Only the answered attempt
 * is recorded.
 */
describe('a worker killed in the middle of a webhook delivery', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let server: HttpsTestServer;
  let caDir: string;
  let caFile: string;
  const received: Received[] = [];
  /** The first request is held, never answered: the worker dies waiting for it. */
  const held: ServerResponse[] = [];
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const certificates = makeTestCertificates(['localhost', 'IP:127.0.0.1']);
    caDir = mkdtempSync(join(tmpdir(), 'paysvc-webhook-crash-'));
    caFile = join(caDir, 'ca.pem');
    writeFileSync(caFile, certificates.caPem);
    server = await startHttpsTestServer(certificates, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (received.length === 1) held.push(response);
        else response.writeHead(200).end('ok');
      });
    });
    harness = await createTestHarness({
      redisNamespace: 'webhook-crash',
      config: {
        DATABASE_URL: database.url,
        OUTBOX_POLL_INTERVAL_MS: '50',
        // A dead worker's job is taken over once its lock lapses: 3 s here instead of 30 s.
        MERCHANT_WEBHOOK_JOB_LOCK_MS: '3000',
      },
      // The receiver is on loopback, under the test's own authority (the workers get the same
      // through their entry point's --outbound-trust-ca).
      override: (builder) =>
        builder
          .overrideProvider(OutboundTrust)
          .useValue(new OutboundTrust({ allowLoopback: true }, [certificates.caPem])),
    });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    for (const response of held) response.destroy();
    await harness?.close();
    await server?.close();
    await database?.drop();
    rmSync(caDir, { recursive: true, force: true });
  });

  function startWorker(): ChildProcess {
    const worker = startWorkerProcess(harness.configuration.environment, {}, { outboundTrustCa: caFile }).child;
    workers.push(worker);
    return worker;
  }

  it('delivers the event again from another worker, with the same webhook-id, verifiable', async () => {
    const { merchant } = await registerMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const created = await harness.http
      .post('/api/v1/merchant/webhook-endpoints')
      .set(owner.headers)
      .send({ url: `https://127.0.0.1:${server.port}/hooks`, enabledEvents: ['*'], livemode: true })
      .expect(201);
    const endpoint = created.body as { id: string; secret: string };

    const first = startWorker();
    expect((await patchKyb(harness, merchant.id, { status: 'APPROVED' })).status).toBe(200);
    await waitFor(
      () => received.length,
      (count) => count === 1,
      'the first worker to send the delivery',
      60,
    );
    first.kill('SIGKILL');
    await new Promise((done) => first.once('exit', done));
    const [row] = await harness.db.query<{ status: string; attempt_count: number }[]>(
      `SELECT status, attempt_count FROM merchant_webhook_deliveries WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    expect(row).toEqual({ status: 'PENDING', attempt_count: 0 });

    // Bull finds the dead worker's job stalled once its lock lapses (MERCHANT_WEBHOOK_JOB_LOCK_MS) and hands it over.
    startWorker();
    await waitFor(
      () => received.length,
      (count) => count === 2,
      'the second worker to send it again',
      100,
    );
    const [before, after] = received;
    const [event] = await harness.db.query<{ id: string }[]>(
      `SELECT id FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'merchant.kyb_status_changed'`,
      [merchant.id],
    );
    expect(before.headers['webhook-id']).toBe(event.id);
    expect(after.headers['webhook-id']).toBe(event.id);
    expect(after.body).toBe(before.body);
    const verifier = new Webhook(endpoint.secret);
    for (const request of [before, after]) {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      expect(headers['webhook-signature']).toMatch(/^v1,/);
      expect(verifier.verify(request.body, headers)).toMatchObject({ id: event.id, type: 'kyb.status_changed' });
    }

    const [delivery] = await waitFor(
      () =>
        harness.db.query<{ status: string; attempt_count: number }[]>(
          `SELECT status, attempt_count FROM merchant_webhook_deliveries WHERE endpoint_id = $1`,
          [endpoint.id],
        ),
      (rows) => rows[0]?.status === 'SUCCEEDED',
      'the delivery recorded',
    );
    expect(delivery).toEqual({ status: 'SUCCEEDED', attempt_count: 1 });
  }, 180_000);
});
