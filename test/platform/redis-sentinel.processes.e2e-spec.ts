import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { newIdempotencyKey, paymentRequest } from '../factories/payment.factory';
import { createPaymentsApp, PaymentsApp } from '../payments/support/payments-kit';
import { ServiceProcess, startApiProcess, startWorkerProcess } from '../payments/support/service-process';
import { freePort } from '../support/disposable-redis';
import { DisposableSentinelGroup, startSentinelGroup } from '../support/disposable-sentinel';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';

const PIN = '246810';

/**
 * README "Redis: persistence, Sentinel, Bull": with REDIS_SENTINELS and REDIS_SENTINEL_MASTER set,
 * every Redis connection of the API and the worker reaches the master through Sentinel, and finds
 * the new one after a failover without a restart. Each case runs a master, a replica and a
 * sentinel of its own, and an API process and a worker process (src/main.ts and src/worker.ts
 * through the test entry points) given the sentinel's address and nothing else: nothing listens
 * at REDIS_URL's address. It makes a payment that settles, then loses the master, crashed
 * (SIGKILL: its connections close) or hung (SIGSTOP, a host cut off: its connections stay open
 * and nothing answers on them), and once the sentinel has promoted the replica the same two
 * processes accept a new payment and settle it (the worker's Bull connections: the sweeper that
 * would post it without its job waits longer than the spec), log the customer in (the API's rate
 * limits, in Redis, fail closed), answer a signed-in read and report ready. During the failover a
 * request that needs Redis answers 503, nothing else. Both processes still exit on SIGTERM.
 */
describe.each([
  ['crashes', (group: DisposableSentinelGroup) => group.killMaster()],
  ['hangs', (group: DisposableSentinelGroup) => Promise.resolve(group.pauseMaster())],
])('a Redis master that %s, failed over by Sentinel under a running API and worker', (_how, loseMaster) => {
  let database: IsolatedDatabase;
  let group: DisposableSentinelGroup;
  let kit: PaymentsApp;
  let worker: ServiceProcess | undefined;
  let api: ServiceProcess | undefined;
  let apiPort: number;

  beforeAll(async () => {
    [database, group] = await Promise.all([createIsolatedDatabase(), startSentinelGroup()]);
    const nobody = await freePort();
    kit = await createPaymentsApp({
      config: {
        DATABASE_URL: database.url,
        // With REDIS_SENTINELS set, REDIS_URL's host and port are not used: nothing listens there.
        REDIS_URL: `redis://127.0.0.1:${nobody}/0`,
        REDIS_SENTINELS: group.sentinels,
        REDIS_SENTINEL_MASTER: group.masterName,
        REDIS_KEY_PREFIX: `sentinel-${randomBytes(3).toString('hex')}`,
        // Only a payment's Bull job posts it here: the sweeper's grace outlasts the spec.
        JOB_PICKUP_GRACE_MS: '600000',
        OUTBOX_POLL_INTERVAL_MS: '50',
      },
    });
    worker = startWorkerProcess(kit.configuration.environment);
    apiPort = await freePort();
    api = await startApiProcess(kit.configuration.environment, apiPort);
  }, 120_000);

  afterAll(async () => {
    for (const service of [api, worker]) {
      if (service && service.child.exitCode === null && service.child.signalCode === null) {
        service.child.kill('SIGKILL');
        await service.exited;
      }
    }
    await kit?.close();
    await group?.stop();
    await database?.drop();
  });

  /** Waits until the payment is SUCCEEDED, answering the statuses seen on the way. */
  const settled = (paymentId: string, what: string) =>
    waitFor(
      () => kit.db.query<{ status: string }[]>(`SELECT status FROM payments WHERE id = $1`, [paymentId]),
      (rows) => rows[0]?.status === 'SUCCEEDED',
      what,
      60,
    );

  it('pays, signs in and reads through the promoted replica without a restart', async () => {
    const http = request(`http://127.0.0.1:${apiPort}`);
    const customer: SignedInUser = await createCustomer(kit, { pin: PIN });
    const pay = (key: string, amount: number) =>
      http
        .post('/api/v1/payments')
        .set(customer.headers)
        .set('Idempotency-Key', key)
        .send(paymentRequest({ biller: kit.biller.slug, amount }));

    const first = await pay(newIdempotencyKey(), 10_000);
    expect(first.status).toBe(200);
    await settled(first.body.id as string, 'the first payment to settle on the first master');
    expect(await group.masterPortNamed()).toBe(group.masterPort);
    const pids = [api?.child.pid, worker?.child.pid];

    // Payments are asked for from the moment the master is lost, with one key: while there is no
    // master (until the sentinel calls it down and promotes the replica) and while the clients
    // find the new one, a request that needs Redis answers 503, nothing else, and the retry with
    // the same key makes the payment once Redis is back.
    await loseMaster(group);
    const outage: number[] = [];
    const key = newIdempotencyKey();
    const second = await waitFor(
      async () => {
        const { status, body } = await pay(key, 20_000);
        if (status !== 200) outage.push(status);
        return { status, body: body as { id: string } };
      },
      (answer) => answer.status === 200,
      'a payment accepted after the failover',
      60,
      250,
    );
    // The old master is gone: what took the payment is the replica the sentinel promoted.
    await group.failedOver(30);
    await settled(second.body.id, 'the payment made after the failover to settle');

    const login = await waitFor(
      async () => {
        const { status, body } = await http.post('/api/v1/auth/login').send({ phone: customer.phone, pin: PIN });
        if (status !== 200) outage.push(status);
        return { status, body: body as { accessToken: string } };
      },
      (answer) => answer.status === 200,
      'a login after the failover',
      60,
      500,
    );
    const read = await http
      .get(`/api/v1/payments/${second.body.id}`)
      .set('Authorization', `Bearer ${login.body.accessToken}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: second.body.id, status: 'SUCCEEDED' });
    await waitFor(
      async () => (await http.get('/api/v1/health/ready')).status,
      (status) => status === 200,
      'the API to report ready',
      30,
      250,
    );

    expect(outage.filter((status) => status !== 503)).toEqual([]);
    // The same two processes, never restarted.
    expect([api?.child.pid, worker?.child.pid]).toEqual(pids);
    expect([api?.child.exitCode, worker?.child.exitCode]).toEqual([null, null]);

    // And they still stop when asked: no connection (to the master or to a sentinel) is left
    // to keep them running.
    const exits = [api, worker].map((service) => {
      service?.child.kill('SIGTERM');
      return Promise.race([service?.exited, sleep(30_000).then(() => 'still running')]);
    });
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 180_000);
});
