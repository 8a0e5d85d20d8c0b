import { randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import type { SignedInUser } from '../factories/customer.factory';
import { randomPhoneNumber } from '../factories/customer.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { newIdempotencyKey, paymentRequest } from '../factories/payment.factory';
import { businessToday, scheduleRequest } from '../factories/schedule.factory';
import { EventStreamClient } from '../merchants/support/event-stream-client';
import { createPaymentsApp, PaymentsApp } from '../payments/support/payments-kit';
import { ServiceProcess, startApiProcess, startWorkerProcess } from '../payments/support/service-process';
import { expectApiError, expectLedgerBalanced } from '../support/assertions';
import { DisposableRedis, freePort, startDisposableRedis } from '../support/disposable-redis';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';

const CUSTOMERS = 8;
const PAYMENTS_EACH = 3;
const SCHEDULES = 6;
/** The login limit the two API processes run with (counted in Redis across both). */
const LOGINS_PER_PHONE = 4;
const LOGIN_TRIES = 12;
const SUCCESS_URL = 'http://localhost:4999/done';

/**
 * The service scaled out as README "Production" describes it: two API processes and two worker
 * processes (src/main.ts and src/worker.ts through the test entry points) on one PostgreSQL
 * database and one Redis of the spec's own. Every promise that one process keeps by itself holds
 * across them: one Idempotency-Key sent to both APIs at once makes one payment; a rate limit is
 * counted across both APIs; each outbox row is published once (the Redis events channel hears
 * each event id once) though both workers relay; each payment is posted to the biller once though
 * both workers post and sweep; a schedule due today runs once though both workers run schedules;
 * a merchant's event stream held by one API hears a checkout paid through the other, once; and
 * the ledger balances. The relays poll once an hour, so every event they publish came to them by
 * a wake-up (`OutboxWakeUps`) from the process that committed it. Counts, never times.
 */
describe('two API processes and two workers on one database and one Redis', () => {
  let database: IsolatedDatabase;
  let redis: DisposableRedis;
  let kit: PaymentsApp;
  let listener: Redis;
  const processes: ServiceProcess[] = [];
  const ports: number[] = [];
  const clients: EventStreamClient[] = [];
  /** Event ids heard on the outbox relay's Redis events channel, one entry per publish. */
  const heard: string[] = [];

  const api = (index: number) => request(`http://127.0.0.1:${ports[index % 2]}`);

  beforeAll(async () => {
    [database, redis] = await Promise.all([createIsolatedDatabase(), startDisposableRedis()]);
    const prefix = `scale-${randomBytes(3).toString('hex')}`;
    kit = await createPaymentsApp({
      config: {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: prefix,
        // An hour: every event reaches the relays by the wake-up of the process that committed it.
        OUTBOX_POLL_INTERVAL_MS: '3600000',
        // Small batches, so both relays take rows while payments are made.
        OUTBOX_BATCH_SIZE: '5',
        POSTING_SWEEP_INTERVAL_MS: '100',
        JOB_PICKUP_GRACE_MS: '1000',
        SCHEDULE_RUNNER_INTERVAL_MS: '200',
        SCHEDULE_RUNNER_BATCH_SIZE: '2',
        MERCHANT_EVENTS_HEARTBEAT_MS: '500',
      },
    });
    listener = new Redis(redis.url);
    await listener.subscribe(`${prefix}:events`);
    listener.on('message', (_channel: string, message: string) => {
      heard.push((JSON.parse(message) as { eventId: string }).eventId);
    });
    const environment = { ...kit.configuration.environment, RATE_LIMIT_LOGIN_PER_PHONE: String(LOGINS_PER_PHONE) };
    processes.push(startWorkerProcess(environment), startWorkerProcess(environment));
    for (let index = 0; index < 2; index += 1) ports.push(await freePort());
    processes.push(...(await Promise.all(ports.map((port) => startApiProcess(environment, port)))));
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const service of processes) {
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
      await service.exited;
    }
    await listener?.quit();
    await kit?.close();
    await redis?.kill();
    await database?.drop();
  });

  it('keeps idempotency, limits, publishing, posting, schedules and streams once across processes', async () => {
    const customers: SignedInUser[] = await Promise.all(Array.from({ length: CUSTOMERS }, () => kit.newCustomer()));

    // A merchant's test-mode stream, held by API 1, opened once its approval is recorded (by a
    // worker): what the stream hears is what is recorded after that.
    const { merchant } = await approvedMerchant(kit);
    const owner = await merchantOwnerOf(kit, merchant);
    const testKey = (await createApiKey(kit, owner, false)).secret;
    const before = await waitFor(
      () => kit.db.query<{ id: string }[]>(`SELECT id FROM merchant_events WHERE merchant_id = $1`, [merchant.id]),
      (rows) => rows.length === 1,
      'the approval recorded by a worker',
      60,
    );
    const stream = await EventStreamClient.open(ports[0], testKey);
    clients.push(stream);
    expect(stream.status).toBe(200);

    // Payments spread over both APIs, every customer through each in turn.
    const payments = await Promise.all(
      customers.flatMap((customer, c) =>
        Array.from({ length: PAYMENTS_EACH }, (_, n) =>
          api(c + n)
            .post('/api/v1/payments')
            .set(customer.headers)
            .set('Idempotency-Key', newIdempotencyKey())
            .send(paymentRequest({ biller: kit.biller.slug, amount: 10_000 + c * 100 + n })),
        ),
      ),
    );
    expect(payments.map((answer) => answer.status)).toEqual(payments.map(() => 200));
    const paymentIds = payments.map((answer) => answer.body.id as string);

    // One Idempotency-Key, the same body, sent to both APIs at once, twice over: one payment.
    const [payer] = customers;
    const key = newIdempotencyKey();
    const body = paymentRequest({ biller: kit.biller.slug, amount: 77_777 });
    const replays = await Promise.all(
      [0, 1, 0, 1].map((index) =>
        api(index).post('/api/v1/payments').set(payer.headers).set('Idempotency-Key', key).send(body),
      ),
    );
    // The first to hold the payer's lock makes it (200); the others find it (409 DUPLICATE_PAYMENT).
    // The answers are compared whole first, so a failure shows what each process said.
    expect(
      replays
        .map((answer) => ({ status: answer.status, code: (answer.body as { code?: string }).code }))
        .sort((a, b) => a.status - b.status),
    ).toEqual([
      { status: 200, code: undefined },
      { status: 409, code: 'DUPLICATE_PAYMENT' },
      { status: 409, code: 'DUPLICATE_PAYMENT' },
      { status: 409, code: 'DUPLICATE_PAYMENT' },
    ]);
    const made = await kit.db.query<{ id: string }[]>(
      `SELECT id FROM payments WHERE payer_id = $1 AND idempotency_key = $2`,
      [payer.userId, key],
    );
    expect(made).toHaveLength(1);
    const [once] = made;
    for (const answer of replays) {
      if (answer.status === 200) expect(answer.body.id).toBe(once.id);
      else {
        expectApiError(answer.body, 'DUPLICATE_PAYMENT');
        expect(answer.body.payment.id).toBe(once.id);
      }
    }
    paymentIds.push(once.id);

    // One number's logins, half through each API, at once: the limit is counted across both.
    const phone = randomPhoneNumber();
    const logins = await Promise.all(
      Array.from({ length: LOGIN_TRIES }, (_, n) => api(n).post('/api/v1/auth/login').send({ phone, pin: '135790' })),
    );
    const limited = logins.filter((answer) => answer.status === 429);
    expect(logins.length - limited.length).toBe(LOGINS_PER_PHONE);
    expect(limited).toHaveLength(LOGIN_TRIES - LOGINS_PER_PHONE);
    for (const answer of limited) expectApiError(answer.body, 'RATE_LIMITED');

    // Schedules due today, made through both APIs: each runs once though both workers run schedules.
    const today = businessToday();
    const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const schedules = await Promise.all(
      Array.from({ length: SCHEDULES }, (_, n) =>
        api(n)
          .post('/api/v1/schedules')
          .set(customers[n % CUSTOMERS].headers)
          .send(
            scheduleRequest({
              biller: kit.biller.slug,
              accountReference: `4501004${String(n).padStart(4, '0')}`,
              amount: 2_000 + n,
              frequency: 'WEEKLY',
              dayOfMonth: undefined,
              dayOfWeek: weekday,
              startDate: today,
            }),
          ),
      ),
    );
    expect(schedules.map((answer) => answer.status)).toEqual(schedules.map(() => 201));
    const scheduleIds = schedules.map((answer) => answer.body.id as string);

    // A checkout session of the merchant paid on the hosted page of API 2.
    const session = await api(1)
      .post('/api/v1/merchant/checkout-sessions')
      .set('Authorization', `Bearer ${testKey}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        amount: 250_000,
        currency: 'NGN',
        merchantReference: `order-${randomUUID().slice(0, 8)}`,
        successUrl: SUCCESS_URL,
        cancelUrl: 'http://localhost:4999/cart',
      })
      .expect(201);
    const sessionId = (session.body as { id: string }).id;
    const page = await api(1).get(`/c/${sessionId}`).expect(200);
    const cookie = ([] as string[])
      .concat(page.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('paysvc_checkout_csrf='))!
      .split(';')[0];
    const form = {
      rail: 'CARD',
      fundingAccount: '4242424242424242',
      attempt: /name="attempt" value="([^"]+)"/.exec(page.text)![1],
      csrf: /name="csrf" value="([^"]+)"/.exec(page.text)![1],
    };
    const paid = await api(1)
      .post(`/c/${sessionId}/pay`)
      .type('form')
      .set('Cookie', cookie)
      .send(new URLSearchParams(form).toString());
    expect(paid.status).toBe(303);
    const [checkoutPayment] = await kit.db.query<{ id: string; status: string }[]>(
      `SELECT id, status FROM payments WHERE checkout_session_id = $1`,
      [sessionId],
    );
    expect(checkoutPayment.status).toBe('SUCCEEDED');

    // Every payment posted and confirmed, the schedules' included.
    const runs = await waitFor(
      () =>
        kit.db.query<{ schedule_id: string; status: string; payment_id: string | null }[]>(
          `SELECT schedule_id, status, payment_id FROM schedule_runs WHERE schedule_id = ANY($1::uuid[])`,
          [scheduleIds],
        ),
      (rows) => rows.length === SCHEDULES && rows.every((row) => row.status === 'SUCCEEDED'),
      'every schedule due today to run',
      60,
    );
    expect(new Set(runs.map((run) => run.schedule_id)).size).toBe(SCHEDULES);
    const scheduled = await kit.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM payments
        WHERE channel = 'SCHEDULE' AND split_part(idempotency_key, ':', 2) = ANY($1::text[])`,
      [scheduleIds],
    );
    expect(scheduled[0].count).toBe(SCHEDULES);
    paymentIds.push(...runs.map((run) => run.payment_id!));
    const settled = await waitFor(
      () =>
        kit.db.query<{ status: string; count: number }[]>(
          `SELECT status, count(*)::int AS count FROM payments WHERE id = ANY($1::uuid[]) GROUP BY status`,
          [paymentIds],
        ),
      (rows) => rows.length === 1 && rows[0].status === 'SUCCEEDED',
      'every payment to be posted',
      60,
    );
    expect(settled).toEqual([{ status: 'SUCCEEDED', count: CUSTOMERS * PAYMENTS_EACH + 1 + SCHEDULES }]);
    const posts = kit.simulator.postsReceived();
    expect(paymentIds.filter((id) => posts.get(id) !== 1)).toEqual([]);
    const confirmed = await kit.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM posting_attempts WHERE payment_id = ANY($1::uuid[]) AND status = 'CONFIRMED'`,
      [paymentIds],
    );
    expect(confirmed[0].count).toBe(paymentIds.length);

    // The stream on API 1 hears the checkout paid through API 2: every event of the merchant's
    // test mode recorded since it opened, each once, the payment's among them. What the stream
    // has sent is read before the table (a worker records an event before it publishes it), so
    // the two agree once the stream has caught up with what the table held. The session's and the
    // payment's events leave the outbox together but are recorded by whichever worker takes each,
    // in either order, so the wait is for both.
    const checkoutEvents = ['checkout_session.completed', 'payment.succeeded'];
    const caughtUp = await waitFor(
      async () => {
        const streamed = [...stream.events];
        const rows = await kit.db.query<{ id: string; type: string }[]>(
          `SELECT id, type FROM merchant_events WHERE merchant_id = $1 AND livemode = false ORDER BY seq`,
          [merchant.id],
        );
        const recorded = rows.filter((row) => !before.some((earlier) => earlier.id === row.id));
        return { streamed, recorded };
      },
      ({ streamed, recorded }) =>
        checkoutEvents.every((type) => recorded.some((row) => row.type === type)) &&
        recorded.every((row) => streamed.some((event) => event.id === row.id)),
      'the checkout payment’s events on the stream',
      60,
    );
    expect(caughtUp.recorded.map((row) => row.type)).toEqual(expect.arrayContaining(checkoutEvents));
    expect(caughtUp.streamed.map((event) => event.id)).toEqual(caughtUp.recorded.map((row) => row.id));
    const succeeded = caughtUp.streamed.filter((event) => event.event === 'payment.succeeded');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0].data).toContain(checkoutPayment.id);

    // Each outbox row published once: PUBLISHED at the first attempt, heard once on the channel.
    // What was heard is read before the table (a row is published after it is committed).
    const drained = await waitFor(
      async () => {
        const published = [...heard];
        const rows = await kit.db.query<{ id: string; status: string; attempts: number }[]>(
          `SELECT id, status, attempts FROM outbox_events`,
        );
        return { published, rows };
      },
      ({ published, rows }) =>
        rows.every((row) => row.status === 'PUBLISHED') && rows.every((row) => published.includes(row.id)),
      'every outbox row published and heard',
      60,
    );
    expect(drained.rows.filter((row) => row.attempts !== 1)).toEqual([]);
    const times = new Map<string, number>();
    for (const id of drained.published) times.set(id, (times.get(id) ?? 0) + 1);
    expect([...times.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect([...times.keys()].sort()).toEqual(drained.rows.map((row) => row.id).sort());

    await expectLedgerBalanced(kit);
    // Nothing above brought a process down.
    expect(processes.map((service) => service.child.exitCode)).toEqual([null, null, null, null]);
  }, 180_000);
});
