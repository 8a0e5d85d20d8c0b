import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { NotificationDeliveryService } from '../../src/modules/notifications/notification-delivery.service';
import { UnusableEventError } from '../../src/modules/notifications/event-notice';
import { AppConfig } from '../../src/platform/config/app-config';
import { newId } from '../../src/platform/database/new-id';
import { RedisOutboxPublisher } from '../../src/platform/outbox/outbox.publisher';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import { NOTIFICATIONS_QUEUE } from '../../src/modules/notifications';
import { PAYMENT_EVENTS } from '../../src/modules/payments';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import {
  createNotification,
  NotificationBody,
  paymentEventJob,
  paymentEventPayload,
  textsTo,
} from '../factories/notification.factory';
import { outboxEventOf } from '../factories/outbox-event.factory';
import type { Http } from '../support/app-target';
import { expectApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';
import {
  expectDeliveredBySmsOnly,
  expectDeliveredOnceAtOnce,
  expectDeliveredOnceInTurn,
} from './support/delivery-assertions';
import { useNotificationsWorker } from './support/notifications-worker';

interface NotificationPageBody {
  items: NotificationBody[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

describe('notifications (/notifications)', () => {
  let harness: TestHarness;
  let http: Http;
  let db: DataSource;
  let config: AppConfig;
  let delivery: NotificationDeliveryService;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    harness = await createTestHarness({ config: { SWAGGER_ENABLED: 'true' } });
    ({ http, db, config } = harness);
    delivery = harness.app.get(NotificationDeliveryService);
    [alice, bob] = await Promise.all([createCustomer(harness), createCustomer(harness)]);
  }, 60_000);

  afterAll(() => harness?.close());

  const list = (user: SignedInUser, query: Record<string, string | number | boolean> = {}) =>
    http.get('/api/v1/notifications').set(user.headers).query(query);
  const rowsOfEvent = (eventId: string) =>
    db.query<{ id: string; user_id: string }[]>(`SELECT id, user_id FROM notifications WHERE source_event_id = $1`, [
      eventId,
    ]);
  const smsTo = (user: SignedInUser, containing: string) => textsTo(harness, user.phone, containing);
  const setPreferences = (user: SignedInUser, preferences: Record<string, unknown>[]) =>
    http.patch('/api/v1/notifications/preferences').set(user.headers).send({ preferences });

  /** A customer with `count` payment notifications, delivered oldest first; answers them newest first. */
  async function customerWithNotifications(count: number): Promise<{ user: SignedInUser; ids: string[] }> {
    const user = await createCustomer(harness);
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.unshift(await createNotification(harness, user.userId, { amount: 100_000 * (index + 1) }));
    }
    return { user, ids };
  }

  describe('from payment events', () => {
    it('turns payment.succeeded into a notification with a readable title, body and data, and an SMS', async () => {
      const payload = paymentEventPayload(alice.userId);
      const job = paymentEventJob(PAYMENT_EVENTS.succeeded, payload);
      const outcome = await delivery.deliverEvent(job);
      expect(outcome).toEqual({ result: 'DELIVERED', notificationId: expect.any(String), sentOn: ['SMS'] });

      const listed = await list(alice).expect(200);
      const notification = (listed.body as NotificationPageBody).items.find(
        (item) => item.id === outcome.notificationId,
      );
      expect(notification).toEqual({
        id: outcome.notificationId,
        category: 'PAYMENTS',
        type: 'PAYMENT_SUCCEEDED',
        title: 'Payment to Ikeja Electric succeeded',
        body: 'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 went through. Biller reference: IKE-778899.',
        data: {
          paymentId: payload.paymentId,
          billerId: payload.billerId,
          billerName: 'Ikeja Electric',
          accountReference: '45010001234',
          amount: 500_000,
          fee: 10_000,
          currency: 'NGN',
          status: 'SUCCEEDED',
          rail: 'CARD',
          fundsCaptured: true,
          billerReference: 'IKE-778899',
        },
        isRead: false,
        readAt: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(await rowsOfEvent(job.eventId)).toEqual([{ id: outcome.notificationId, user_id: alice.userId }]);
      expect(await smsTo(alice, 'IKE-778899')).toEqual([
        'Your payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) succeeded. Biller reference: IKE-778899.',
      ]);
    });

    it('creates nothing twice when the same event is delivered again, one after another or at once', async () => {
      const reference = `REF-${randomBytes(4).toString('hex')}`;
      const job = paymentEventJob(
        PAYMENT_EVENTS.succeeded,
        paymentEventPayload(alice.userId, { billerReference: reference }),
      );
      await expectDeliveredOnceInTurn(harness, job);

      const concurrent = paymentEventJob(
        PAYMENT_EVENTS.failed,
        paymentEventPayload(alice.userId, {
          status: 'FAILED',
          failureCode: 'BILLER_REJECTED',
          billerReference: reference,
        }),
      );
      await expectDeliveredOnceAtOnce(harness, concurrent);
      expect(await smsTo(alice, reference)).toHaveLength(1);
      expect(await smsTo(alice, 'refused it because it would not take a payment')).toHaveLength(1);
    });

    it('says a declined capture took nothing, and why, in the app and by SMS', async () => {
      const declined = await delivery.deliverEvent(
        paymentEventJob(
          PAYMENT_EVENTS.failed,
          paymentEventPayload(bob.userId, {
            status: 'FAILED',
            fundsCaptured: false,
            failureCode: 'RAIL_DECLINED',
            billerReference: null,
            amount: 1_234_567,
          }),
        ),
      );
      expect(declined).toMatchObject({ result: 'DELIVERED', sentOn: ['SMS'] });
      const items = (await list(bob).expect(200)).body.items as NotificationBody[];
      expect(items.find((item) => item.id === declined.notificationId)).toMatchObject({
        type: 'PAYMENT_FAILED',
        title: 'Payment to Ikeja Electric failed',
        body: 'Your payment of NGN 12,345.67 to Ikeja Electric for account 45010001234 was not made, and nothing was taken from your card: your card issuer declined it. Ask your card issuer why, or pay another way.',
        data: expect.objectContaining({ status: 'FAILED', failureCode: 'RAIL_DECLINED', fundsCaptured: false }),
      });
      expect(await smsTo(bob, 'NGN 12,345.67')).toEqual([
        'Your payment of NGN 12,345.67 to Ikeja Electric (account ending 1234) was not made: your card issuer declined it. Nothing was taken from your card.',
      ]);
    });

    it('says what insufficient funds could not cover, and what to do', async () => {
      const carol = await createCustomer(harness);
      const short = await delivery.deliverEvent(
        paymentEventJob(
          PAYMENT_EVENTS.failed,
          paymentEventPayload(carol.userId, {
            status: 'FAILED',
            rail: 'MOBILE_MONEY',
            fundsCaptured: false,
            failureCode: 'INSUFFICIENT_FUNDS',
            billerReference: null,
            amount: 250_000,
            fee: 2_500,
          }),
        ),
      );
      const [notification] = (await list(carol).expect(200)).body.items as NotificationBody[];
      expect(notification).toMatchObject({
        id: short.notificationId,
        type: 'PAYMENT_FAILED',
        body: 'Your payment of NGN 2,500.00 to Ikeja Electric for account 45010001234 was not made, and nothing was taken from your mobile money wallet: your mobile money wallet did not have enough funds for NGN 2,525.00. Add funds to your mobile money wallet or pay another way, then try again.',
      });
      expect(await smsTo(carol, 'NGN 2,500.00')).toEqual([
        'Your payment of NGN 2,500.00 to Ikeja Electric (account ending 1234) was not made: your mobile money wallet did not have enough funds for NGN 2,525.00. Nothing was taken from your mobile money wallet.',
      ]);
    });

    it('says a biller refused a captured payment and why, that the money is being returned, then that it is back', async () => {
      const dave = await createCustomer(harness);
      const refusal = paymentEventPayload(dave.userId, {
        status: 'FAILED',
        rail: 'BANK_TRANSFER',
        fundsCaptured: true,
        failureCode: 'ACCOUNT_NOT_FOUND',
        billerReference: null,
        amount: 100_000,
        fee: 2_000,
      });
      const failed = await delivery.deliverEvent(paymentEventJob(PAYMENT_EVENTS.failed, refusal));
      const refunded = await delivery.deliverEvent(paymentEventJob(PAYMENT_EVENTS.refunded, refusal));
      expect(failed).toMatchObject({ result: 'DELIVERED', sentOn: ['SMS'] });
      expect(refunded).toMatchObject({ result: 'DELIVERED', sentOn: [] });
      const items = (await list(dave).expect(200)).body.items as NotificationBody[];
      expect(items.map(({ id, type, title, body }) => ({ id, type, title, body }))).toEqual([
        {
          id: refunded.notificationId,
          type: 'PAYMENT_REFUNDED',
          title: 'Payment to Ikeja Electric refunded',
          body: 'The NGN 1,020.00 taken for your payment to Ikeja Electric for account 45010001234 (NGN 1,000.00 plus the NGN 20.00 fee) is back: it has been returned to your bank account.',
        },
        {
          id: failed.notificationId,
          type: 'PAYMENT_FAILED',
          title: 'Payment to Ikeja Electric failed',
          body: 'Your payment of NGN 1,000.00 to Ikeja Electric for account 45010001234 did not go through: Ikeja Electric refused it because it has no such account. The NGN 1,020.00 taken for it (NGN 1,000.00 plus the NGN 20.00 fee) is being returned to your bank account; we will tell you when it is back. Check the account number, then pay again.',
        },
      ]);
      expect(items[1].data).toMatchObject({ failureCode: 'ACCOUNT_NOT_FOUND', fundsCaptured: true });
      // One SMS, for the failure: a refund is told in the app only.
      expect(await smsTo(dave, 'NGN 1,0')).toEqual([
        'Your payment of NGN 1,000.00 to Ikeja Electric (account ending 1234) failed: Ikeja Electric refused it because it has no such account. NGN 1,020.00 is being returned to your bank account.',
      ]);
    });

    it('reads a failed event written before fundsCaptured, inferring it from the failure code', async () => {
      const erin = await createCustomer(harness);
      const {
        fundsCaptured: _captured,
        rail: _rail,
        ...old
      } = paymentEventPayload(erin.userId, {
        status: 'FAILED',
        failureCode: 'INSUFFICIENT_FUNDS',
        billerReference: null,
      });
      const outcome = await delivery.deliverEvent(paymentEventJob(PAYMENT_EVENTS.failed, old));
      const [notification] = (await list(erin).expect(200)).body.items as NotificationBody[];
      expect(notification).toMatchObject({
        id: outcome.notificationId,
        body: expect.stringContaining('was not made, and nothing was taken from your payment method:'),
        data: expect.objectContaining({ fundsCaptured: false }),
      });
    });

    it('honours the preferences: in-app off makes no notification, SMS off sends no SMS, each event still once', async () => {
      const carol = await createCustomer(harness);
      await setPreferences(carol, [{ category: 'PAYMENTS', channel: 'IN_APP', enabled: false }]).expect(204);
      const smsOnly = paymentEventJob(
        PAYMENT_EVENTS.succeeded,
        paymentEventPayload(carol.userId, { billerReference: 'ONLY-SMS' }),
      );
      await expectDeliveredBySmsOnly(harness, smsOnly, carol, 'ONLY-SMS');

      await setPreferences(carol, [{ category: 'PAYMENTS', channel: 'SMS', enabled: false }]).expect(204);
      const silent = paymentEventJob(
        PAYMENT_EVENTS.succeeded,
        paymentEventPayload(carol.userId, { billerReference: 'SILENT' }),
      );
      expect(await delivery.deliverEvent(silent)).toEqual({
        result: 'DELIVERED',
        notificationId: null,
        sentOn: [],
      });
      expect(await smsTo(carol, 'SILENT')).toEqual([]);
      expect((await list(carol).expect(200)).body).toEqual({
        items: [],
        page: 0,
        size: 20,
        totalItems: 0,
        totalPages: 0,
      });

      // Another category's choice does not touch payments.
      await setPreferences(carol, [
        { category: 'PAYMENTS', channel: 'IN_APP', enabled: true },
        { category: 'MARKETING', channel: 'IN_APP', enabled: false },
      ]).expect(204);
      const back = await delivery.deliverEvent(
        paymentEventJob(PAYMENT_EVENTS.succeeded, paymentEventPayload(carol.userId)),
      );
      expect(back).toEqual({ result: 'DELIVERED', notificationId: expect.any(String), sentOn: [] });
    });

    it('refuses an event whose payload breaks the contract, recording nothing, and ignores events it does not notify', async () => {
      const broken = paymentEventJob(PAYMENT_EVENTS.succeeded, {
        ...paymentEventPayload(alice.userId),
        amount: '5000.00',
      });
      await expect(delivery.deliverEvent(broken)).rejects.toThrow(UnusableEventError);
      expect(await rowsOfEvent(broken.eventId)).toEqual([]);
      const receipts = await db.query(`SELECT 1 FROM notification_event_receipts WHERE event_id = $1`, [
        broken.eventId,
      ]);
      expect(receipts).toEqual([]);

      const captured = paymentEventJob(PAYMENT_EVENTS.captured, paymentEventPayload(alice.userId));
      expect(await delivery.deliverEvent(captured)).toEqual({
        result: 'IGNORED',
        notificationId: null,
        sentOn: [],
      });
    });
  });

  describe('GET /notifications', () => {
    it('lists the caller’s notifications newest first, a page at a time', async () => {
      const { user, ids } = await customerWithNotifications(5);
      const first = await list(user, { size: 2 }).expect(200);
      expect(first.body).toMatchObject({ page: 0, size: 2, totalItems: 5, totalPages: 3 });
      expect((first.body as NotificationPageBody).items.map((item) => item.id)).toEqual(ids.slice(0, 2));
      const last = await list(user, { size: 2, page: 2 }).expect(200);
      expect((last.body as NotificationPageBody).items.map((item) => item.id)).toEqual(ids.slice(4));
      const beyond = await list(user, { size: 2, page: 3 }).expect(200);
      expect(beyond.body).toEqual({ items: [], page: 3, size: 2, totalItems: 5, totalPages: 3 });
      const whole = await list(user, { size: 100 }).expect(200);
      expect((whole.body as NotificationPageBody).items.map((item) => item.id)).toEqual(ids);
      expect((whole.body as NotificationPageBody).items.map((item) => item.data.amount)).toEqual([
        500_000, 400_000, 300_000, 200_000, 100_000,
      ]);
      const one = await list(user, { size: 1 }).expect(200);
      expect(one.body).toMatchObject({ totalItems: 5, totalPages: 5 });

      // Nobody else sees them.
      const others = (await list(bob, { size: 100 }).expect(200)).body as NotificationPageBody;
      expect(others.items.some((item) => ids.includes(item.id))).toBe(false);
    });

    it('filters on isRead', async () => {
      const { user, ids } = await customerWithNotifications(4);
      await http.post(`/api/v1/notifications/${ids[1]}/read`).set(user.headers).expect(204);
      await http.post(`/api/v1/notifications/${ids[3]}/read`).set(user.headers).expect(204);

      const unread = (await list(user, { isRead: false }).expect(200)).body as NotificationPageBody;
      expect(unread.items.map((item) => item.id)).toEqual([ids[0], ids[2]]);
      expect(unread).toMatchObject({ totalItems: 2, totalPages: 1 });
      const read = (await list(user, { isRead: 'true' }).expect(200)).body as NotificationPageBody;
      expect(read.items.map((item) => item.id)).toEqual([ids[1], ids[3]]);
      expect(read.items.every((item) => item.isRead && item.readAt !== null)).toBe(true);
      const unreadPage = (await list(user, { isRead: false, size: 1, page: 1 }).expect(200)).body;
      expect(unreadPage).toMatchObject({ items: [{ id: ids[2] }], totalItems: 2, totalPages: 2 });
    });

    it.each([
      [{ size: 101 }, 'size'],
      [{ size: 0 }, 'size'],
      [{ size: 'ten' }, 'size'],
      [{ page: -1 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ isRead: 'maybe' }, 'isRead'],
      [{ isRead: '1' }, 'isRead'],
      [{ unread: 'true' }, 'unread'],
    ])('refuses %j with 400 VALIDATION_FAILED', async (query, field) => {
      const response = await list(alice, query as Record<string, string>).expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect(JSON.stringify(response.body.details)).toContain(field);
    });

    it('needs a customer token', async () => {
      expectApiError((await http.get('/api/v1/notifications').expect(401)).body, 'UNAUTHENTICATED');
    });
  });

  describe('POST /notifications/{id}/read and /notifications/read-all', () => {
    it('marks one read (204), keeps the first read time when marked again', async () => {
      const { user, ids } = await customerWithNotifications(2);
      const response = await http.post(`/api/v1/notifications/${ids[0]}/read`).set(user.headers).expect(204);
      expect(response.text).toBe('');
      const readAt = ((await list(user).expect(200)).body as NotificationPageBody).items[0].readAt;
      expect(readAt).toEqual(expect.any(String));
      await sleep(5);
      await http.post(`/api/v1/notifications/${ids[0].toUpperCase()}/read`).set(user.headers).expect(204);
      const items = ((await list(user).expect(200)).body as NotificationPageBody).items;
      expect(items.map((item) => [item.id, item.isRead, item.readAt])).toEqual([
        [ids[0], true, readAt],
        [ids[1], false, null],
      ]);
    });

    it('answers 404 for another customer’s notification or an unknown id, changing nothing', async () => {
      const { user, ids } = await customerWithNotifications(1);
      expectApiError(
        (await http.post(`/api/v1/notifications/${ids[0]}/read`).set(bob.headers).expect(404)).body,
        'NOT_FOUND',
      );
      expectApiError(
        (await http.post(`/api/v1/notifications/${newId()}/read`).set(user.headers).expect(404)).body,
        'NOT_FOUND',
      );
      const items = ((await list(user).expect(200)).body as NotificationPageBody).items;
      expect(items[0]).toMatchObject({ id: ids[0], isRead: false });
    });

    it('refuses a malformed id with 400 VALIDATION_FAILED, and a missing token with 401', async () => {
      const response = await http.post('/api/v1/notifications/not-a-uuid/read').set(alice.headers).expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect(response.body.details).toEqual([{ field: 'path.id', message: 'must be a UUID' }]);
      await http.post(`/api/v1/notifications/${newId()}/read`).expect(401);
    });

    it('marks all of the caller’s notifications read (204), and nobody else’s', async () => {
      const { user, ids } = await customerWithNotifications(3);
      const other = await customerWithNotifications(1);
      await http.post(`/api/v1/notifications/${ids[2]}/read`).set(user.headers).expect(204);
      await http.post('/api/v1/notifications/read-all').set(user.headers).expect(204);
      expect((await list(user, { isRead: false }).expect(200)).body).toMatchObject({ items: [], totalItems: 0 });
      expect((await list(user, { isRead: true }).expect(200)).body).toMatchObject({ totalItems: 3 });
      expect((await list(other.user, { isRead: false }).expect(200)).body).toMatchObject({ totalItems: 1 });
      // Nothing left to mark: still 204.
      await http.post('/api/v1/notifications/read-all').set(user.headers).expect(204);
      await http.post('/api/v1/notifications/read-all').expect(401);
    });
  });

  describe('/notifications/preferences', () => {
    it('answers the whole matrix: everything on except marketing until the customer chooses', async () => {
      const user = await createCustomer(harness);
      const response = await http.get('/api/v1/notifications/preferences').set(user.headers).expect(200);
      const preferences = response.body.preferences as { category: string; channel: string; enabled: boolean }[];
      expect(preferences).toHaveLength(20);
      expect(preferences.slice(0, 4)).toEqual([
        { category: 'PAYMENTS', channel: 'IN_APP', enabled: true },
        { category: 'PAYMENTS', channel: 'SMS', enabled: true },
        { category: 'PAYMENTS', channel: 'EMAIL', enabled: true },
        { category: 'PAYMENTS', channel: 'PUSH', enabled: true },
      ]);
      expect(new Set(preferences.map((cell) => cell.category))).toEqual(
        new Set(['PAYMENTS', 'BILLS', 'SCHEDULES', 'SECURITY', 'MARKETING']),
      );
      for (const cell of preferences) expect(cell.enabled).toBe(cell.category !== 'MARKETING');

      await setPreferences(user, [
        { category: 'MARKETING', channel: 'EMAIL', enabled: true },
        { category: 'BILLS', channel: 'SMS', enabled: false },
      ]).expect(204);
      await setPreferences(user, [{ category: 'BILLS', channel: 'PUSH', enabled: false }]).expect(204);
      const changed = (await http.get('/api/v1/notifications/preferences').set(user.headers).expect(200)).body
        .preferences as { category: string; channel: string; enabled: boolean }[];
      const off = changed.filter((cell) => !cell.enabled).map((cell) => `${cell.category}:${cell.channel}`);
      expect(off.sort()).toEqual(['BILLS:PUSH', 'BILLS:SMS', 'MARKETING:IN_APP', 'MARKETING:PUSH', 'MARKETING:SMS']);

      // Another customer keeps the defaults.
      const others = (await http.get('/api/v1/notifications/preferences').set(bob.headers).expect(200)).body
        .preferences as { category: string; enabled: boolean }[];
      expect(others.filter((cell) => !cell.enabled).every((cell) => cell.category === 'MARKETING')).toBe(true);
    });

    it.each([
      ['an unknown category', { preferences: [{ category: 'NEWS', channel: 'SMS', enabled: true }] }],
      ['an unknown channel', { preferences: [{ category: 'PAYMENTS', channel: 'FAX', enabled: true }] }],
      ['enabled as a string', { preferences: [{ category: 'PAYMENTS', channel: 'SMS', enabled: 'false' }] }],
      ['a missing enabled', { preferences: [{ category: 'PAYMENTS', channel: 'SMS' }] }],
      ['an unknown field in a cell', { preferences: [{ category: 'PAYMENTS', channel: 'SMS', enabled: true, x: 1 }] }],
      [
        'the same cell twice',
        {
          preferences: [
            { category: 'PAYMENTS', channel: 'SMS', enabled: true },
            { category: 'PAYMENTS', channel: 'SMS', enabled: false },
          ],
        },
      ],
      ['no cells', { preferences: [] }],
      ['a cell that is not an object', { preferences: ['PAYMENTS'] }],
      ['no preferences', {}],
    ])('refuses %s with 400 VALIDATION_FAILED, changing nothing', async (_label, body) => {
      const user = await createCustomer(harness);
      const response = await http.patch('/api/v1/notifications/preferences').set(user.headers).send(body).expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect(response.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: expect.stringContaining('preferences') })]),
      );
      expect(await db.query(`SELECT 1 FROM notification_preferences WHERE user_id = $1`, [user.userId])).toEqual([]);
    });

    it('refuses an unknown top-level field with 400 VALIDATION_FAILED naming it', async () => {
      const response = await http
        .patch('/api/v1/notifications/preferences')
        .set(alice.headers)
        .send({ preferences: [{ category: 'PAYMENTS', channel: 'SMS', enabled: true }], x: 1 })
        .expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'x' }] });
    });

    it('needs a customer token', async () => {
      await http.get('/api/v1/notifications/preferences').expect(401);
      await http.patch('/api/v1/notifications/preferences').send({ preferences: [] }).expect(401);
    });
  });

  it('documents every notifications route with its schemas and examples', async () => {
    const document = (await http.get('/api/v1/openapi.json').expect(200)).body;
    const operations = {
      list: document.paths['/api/v1/notifications'].get,
      markRead: document.paths['/api/v1/notifications/{id}/read'].post,
      markAllRead: document.paths['/api/v1/notifications/read-all'].post,
      getPreferences: document.paths['/api/v1/notifications/preferences'].get,
      updatePreferences: document.paths['/api/v1/notifications/preferences'].patch,
    };
    for (const operation of Object.values(operations)) {
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses['401']).toBeDefined();
    }
    expect(operations.list.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/NotificationPage',
    });
    expect(operations.list.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
      'isRead',
      'page',
      'size',
    ]);
    expect(operations.markRead.responses['404']).toBeDefined();
    expect(operations.markRead.responses['204']).toBeDefined();
    expect(operations.updatePreferences.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/NotificationPreferenceRequest',
    });
    const schemas = document.components.schemas;
    expect(schemas.NotificationResponse.properties.data.example).toMatchObject({ currency: 'NGN' });
    expect(schemas.NotificationPreference.properties.category).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/NotificationCategory' }],
      example: 'PAYMENTS',
    });
    expect(schemas.NotificationCategory.enum).toEqual(['PAYMENTS', 'BILLS', 'SCHEDULES', 'SECURITY', 'MARKETING']);
  });

  describe('through the worker’s queue', () => {
    const queue = useNotificationsWorker(() => config, 'notifications');

    it('a published payment.succeeded event becomes a notification; a broken one fails without retries', async () => {
      const publisher = queue.worker.get(RedisOutboxPublisher);
      const payload = paymentEventPayload(alice.userId, { billerReference: 'VIA-QUEUE' });
      const event = outboxEventOf(paymentEventJob(PAYMENT_EVENTS.succeeded, payload));
      await publisher.publish(event);
      await publisher.publish(event); // the relay may publish twice; the job id dedupes it
      expect(await queue.settled(event.id)).toBe('completed');
      const rows = await db.query(`SELECT user_id, title, data FROM notifications WHERE source_event_id = $1`, [
        event.id,
      ]);
      expect(rows).toEqual([
        {
          user_id: alice.userId,
          title: 'Payment to Ikeja Electric succeeded',
          data: expect.objectContaining({ paymentId: payload.paymentId, billerReference: 'VIA-QUEUE' }),
        },
      ]);

      const broken = outboxEventOf(
        paymentEventJob(PAYMENT_EVENTS.failed, { ...payload, paymentId: newId(), currency: 'naira' }),
      );
      await publisher.publish(broken);
      expect(await queue.settled(broken.id)).toBe('failed');
      const job = await queue.worker.get(QueueRegistry).get(NOTIFICATIONS_QUEUE).getJob(broken.id);
      expect(job?.attemptsMade).toBe(1);
      expect(job?.failedReason).toContain('currency');
      expect(await rowsOfEvent(broken.id)).toEqual([]);
    });
  });
});
