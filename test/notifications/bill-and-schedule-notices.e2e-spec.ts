import { ModulesContainer } from '@nestjs/core';
import type { Job } from 'bull';
import type { DataSource } from 'typeorm';
import { BILL_EVENTS } from '../../src/modules/bills';
import { NOTIFICATIONS_QUEUE } from '../../src/modules/notifications';
import { UnusableEventError } from '../../src/modules/notifications/event-notice';
import { NotificationsProcessor } from '../../src/modules/notifications/jobs/notifications.processor';
import { NotificationDeliveryService } from '../../src/modules/notifications/notification-delivery.service';
import { PAYMENT_EVENTS } from '../../src/modules/payments';
import { SCHEDULE_EVENTS } from '../../src/modules/schedules';
import { AppConfig } from '../../src/platform/config/app-config';
import { newId } from '../../src/platform/database/new-id';
import { outboxSubscriptions, routesOf } from '../../src/platform/outbox/outbox-subscriptions';
import { RedisOutboxPublisher } from '../../src/platform/outbox/outbox.publisher';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';
import type { OutboxEventJob } from '../../src/platform/queue/queues';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import {
  billEventJob,
  billEventPayload,
  billPaidPayload,
  NotificationBody,
  paymentEventJob,
  paymentEventPayload,
  scheduleConfirmationPayload,
  scheduleEventJob,
  scheduleRunPayload,
  textsTo,
} from '../factories/notification.factory';
import { outboxEventOf } from '../factories/outbox-event.factory';
import type { Http } from '../support/app-target';
import { createTestHarness, TestHarness } from '../support/test-harness';
import {
  expectDeliveredBySmsOnly,
  expectDeliveredOnceAtOnce,
  expectDeliveredOnceInTurn,
} from './support/delivery-assertions';
import { useNotificationsWorker } from './support/notifications-worker';

describe('bill and schedule notices (from bill.* and schedule.* events)', () => {
  let harness: TestHarness;
  let http: Http;
  let db: DataSource;
  let config: AppConfig;
  let delivery: NotificationDeliveryService;

  beforeAll(async () => {
    harness = await createTestHarness();
    ({ http, db, config } = harness);
    delivery = harness.app.get(NotificationDeliveryService);
  }, 60_000);

  afterAll(() => harness?.close());

  const notificationsOf = async (user: SignedInUser): Promise<NotificationBody[]> =>
    (await http.get('/api/v1/notifications').set(user.headers).query({ size: 100 }).expect(200)).body.items;
  const rowsOfEvent = (eventId: string) =>
    db.query<{ id: string }[]>(`SELECT id FROM notifications WHERE source_event_id = $1`, [eventId]);
  const receiptsOf = (eventId: string) =>
    db.query<{ event_type: string }[]>(`SELECT event_type FROM notification_event_receipts WHERE event_id = $1`, [
      eventId,
    ]);
  /** The texts the customer got, except the sign-up code. */
  const smsTo = async (user: SignedInUser, containing = ''): Promise<string[]> =>
    (await textsTo(harness, user.phone, containing)).filter((body) => !body.startsWith('Your verification code'));
  const setPreferences = (user: SignedInUser, preferences: Record<string, unknown>[]) =>
    http.patch('/api/v1/notifications/preferences').set(user.headers).send({ preferences }).expect(204);

  it('listens to the bill and schedule events on the notifications queue, beside the payment events', () => {
    const routes = routesOf(outboxSubscriptions(harness.app.get(ModulesContainer)));
    for (const eventType of [
      BILL_EVENTS.received,
      BILL_EVENTS.paid,
      SCHEDULE_EVENTS.runFailed,
      SCHEDULE_EVENTS.confirmationNeeded,
      PAYMENT_EVENTS.succeeded,
    ]) {
      expect(routes[eventType]).toContain(NOTIFICATIONS_QUEUE);
    }
  });

  describe('bills', () => {
    it('turns bill.received into a BILLS notice naming the biller, account, amount and due date, in the app only', async () => {
      const user = await createCustomer(harness);
      const payload = billEventPayload(user.userId);
      const outcome = await delivery.deliverEvent(billEventJob(BILL_EVENTS.received, payload));
      expect(outcome).toEqual({ result: 'DELIVERED', notificationId: expect.any(String), sentOn: [] });

      expect(await notificationsOf(user)).toEqual([
        {
          id: outcome.notificationId,
          category: 'BILLS',
          type: 'BILL_RECEIVED',
          title: 'New bill from Ikeja Electric',
          body: 'Your Ikeja Electric bill for account 45010001234 is NGN 12,500.00, due on 30 November 2026. Bill reference: INV-2026-11-0042.',
          data: {
            billId: payload.billId,
            billerId: payload.billerId,
            billerName: 'Ikeja Electric',
            accountReference: '45010001234',
            billReference: 'INV-2026-11-0042',
            amountDue: 1_250_000,
            currency: 'NGN',
            dueDate: '2026-11-30',
          },
          isRead: false,
          readAt: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      ]);
      expect(await smsTo(user, 'Ikeja Electric')).toEqual([]);
    });

    it('turns bill.paid settled another way into a BILL_PAID notice linking the bill and the payment', async () => {
      const user = await createCustomer(harness);
      const payload = billPaidPayload(user.userId, { amountPaid: 1_300_000 });
      const outcome = await delivery.deliverEvent(billEventJob(BILL_EVENTS.paid, payload));
      expect(outcome).toMatchObject({ result: 'DELIVERED', sentOn: [] });
      const [notice] = await notificationsOf(user);
      expect(notice).toMatchObject({
        id: outcome.notificationId,
        category: 'BILLS',
        type: 'BILL_PAID',
        title: 'Ikeja Electric bill paid',
        body: 'Your Ikeja Electric bill of NGN 12,500.00 for account 45010001234, due on 30 November 2026, is paid: your payment of NGN 13,000.00 for that account settled it. Bill reference: INV-2026-11-0042.',
        data: expect.objectContaining({
          billId: payload.billId,
          paymentId: payload.paymentId,
          amountDue: 1_250_000,
          amountPaid: 1_300_000,
        }),
      });
    });

    it('makes no notice of a bill paid from the inbox (viaBillPay), but records it so it is handled once', async () => {
      const user = await createCustomer(harness);
      const job = billEventJob(BILL_EVENTS.paid, billPaidPayload(user.userId, { viaBillPay: true }));
      expect(await delivery.deliverEvent(job)).toEqual({ result: 'SUPPRESSED', notificationId: null, sentOn: [] });
      expect(await delivery.deliverEvent(job)).toEqual({ result: 'DUPLICATE', notificationId: null, sentOn: [] });
      expect(await rowsOfEvent(job.eventId)).toEqual([]);
      expect(await receiptsOf(job.eventId)).toEqual([{ event_type: 'bill.paid' }]);
      expect(await notificationsOf(user)).toEqual([]);
      expect(await smsTo(user)).toEqual([]);
    });
  });

  describe('schedules', () => {
    it('turns schedule.run_failed into a SCHEDULES notice and an SMS that masks the account', async () => {
      const user = await createCustomer(harness);
      const payload = scheduleRunPayload(user.userId);
      const outcome = await delivery.deliverEvent(scheduleEventJob(SCHEDULE_EVENTS.runFailed, payload));
      expect(outcome).toEqual({ result: 'DELIVERED', notificationId: expect.any(String), sentOn: ['SMS'] });
      const [notice] = await notificationsOf(user);
      expect(notice).toMatchObject({
        id: outcome.notificationId,
        category: 'SCHEDULES',
        type: 'SCHEDULE_RUN_FAILED',
        title: 'Scheduled payment to Ikeja Electric failed',
        body: 'Your scheduled payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 (November 2026) was not made. Your card issuer declined the payment. Pay it yourself if it is still due; your schedule carries on next month.',
        data: {
          scheduleId: payload.scheduleId,
          runId: payload.runId,
          billerId: payload.billerId,
          billerName: 'Ikeja Electric',
          accountReference: '45010001234',
          periodKey: '2026-11',
          amount: 500_000,
          currency: 'NGN',
          reason: 'your card issuer declined the payment',
        },
      });
      expect(await smsTo(user)).toEqual([
        'Your scheduled payment of NGN 5,000.00 to Ikeja Electric (account ending 1234, November 2026) failed. Your card issuer declined the payment. Pay it yourself if it is still due.',
      ]);
    });

    it('turns schedule.confirmation_needed into a notice linking the bill and schedule, and an SMS', async () => {
      const user = await createCustomer(harness);
      const payload = scheduleConfirmationPayload(user.userId);
      const outcome = await delivery.deliverEvent(scheduleEventJob(SCHEDULE_EVENTS.confirmationNeeded, payload));
      expect(outcome).toMatchObject({ result: 'DELIVERED', sentOn: ['SMS'] });
      const [notice] = await notificationsOf(user);
      expect(notice).toMatchObject({
        id: outcome.notificationId,
        category: 'SCHEDULES',
        type: 'SCHEDULE_CONFIRMATION_NEEDED',
        title: 'Ikeja Electric bill needs your approval',
        body: 'Your Ikeja Electric bill of NGN 15,000.00 for account 45010001234 (November 2026) is above the NGN 10,000.00 maximum set on your schedule, so it was not paid. Pay this bill yourself; to have your schedule pay bills this large, raise its maximum.',
        data: expect.objectContaining({
          scheduleId: payload.scheduleId,
          runId: payload.runId,
          billId: payload.billId,
          amount: 1_500_000,
          maximumAmount: 1_000_000,
        }),
      });
      expect(await smsTo(user)).toEqual([
        "Your Ikeja Electric bill of NGN 15,000.00 (account ending 1234) is above your schedule's NGN 10,000.00 maximum, so it was not paid. Pay it yourself in the app.",
      ]);
    });
  });

  it('honours each category’s own preferences, channel by channel', async () => {
    const user = await createCustomer(harness);
    await setPreferences(user, [
      { category: 'BILLS', channel: 'IN_APP', enabled: false },
      { category: 'SCHEDULES', channel: 'SMS', enabled: false },
    ]);
    const bill = await delivery.deliverEvent(billEventJob(BILL_EVENTS.received, billEventPayload(user.userId)));
    expect(bill).toEqual({ result: 'DELIVERED', notificationId: null, sentOn: [] });
    const run = await delivery.deliverEvent(
      scheduleEventJob(SCHEDULE_EVENTS.runFailed, scheduleRunPayload(user.userId)),
    );
    expect(run).toEqual({ result: 'DELIVERED', notificationId: expect.any(String), sentOn: [] });
    // PAYMENTS keeps its defaults: the other categories' choices do not reach it.
    const payment = await delivery.deliverEvent(
      paymentEventJob(PAYMENT_EVENTS.succeeded, paymentEventPayload(user.userId, { billerReference: 'PAY-OK' })),
    );
    expect(payment).toMatchObject({ result: 'DELIVERED', sentOn: ['SMS'] });
    expect((await notificationsOf(user)).map((item) => item.type)).toEqual([
      'PAYMENT_SUCCEEDED',
      'SCHEDULE_RUN_FAILED',
    ]);
    expect(await smsTo(user, 'scheduled')).toEqual([]);

    // SMS only: no row, one text, once.
    await setPreferences(user, [
      { category: 'SCHEDULES', channel: 'IN_APP', enabled: false },
      { category: 'SCHEDULES', channel: 'SMS', enabled: true },
    ]);
    const smsOnly = scheduleEventJob(
      SCHEDULE_EVENTS.confirmationNeeded,
      scheduleConfirmationPayload(user.userId, { billerName: 'Eko Water' }),
    );
    await expectDeliveredBySmsOnly(harness, smsOnly, user, 'Eko Water');
  });

  it('makes one notice and one SMS of an event delivered again, one after another or at once', async () => {
    const user = await createCustomer(harness);
    const received = billEventJob(BILL_EVENTS.received, billEventPayload(user.userId));
    await expectDeliveredOnceInTurn(harness, received);

    const failed = scheduleEventJob(SCHEDULE_EVENTS.runFailed, scheduleRunPayload(user.userId));
    await expectDeliveredOnceAtOnce(harness, failed);
    expect(await smsTo(user, 'scheduled payment')).toHaveLength(1);
    expect(await notificationsOf(user)).toHaveLength(2);
  });

  it('refuses a broken payload without crashing: the job is failed without retries, nothing recorded', async () => {
    const user = await createCustomer(harness);
    const processor = new NotificationsProcessor(delivery);
    const jobOf = (data: OutboxEventJob) => {
      const discard = jest.fn();
      return { job: { data, discard } as unknown as Job<OutboxEventJob>, discard };
    };

    const brokenJobs = [
      billEventJob(BILL_EVENTS.received, { ...billEventPayload(user.userId), dueDate: '30/11/2026' }),
      billEventJob(BILL_EVENTS.paid, { ...billPaidPayload(user.userId), viaBillPay: 'true' }),
      scheduleEventJob(SCHEDULE_EVENTS.runFailed, { ...scheduleRunPayload(user.userId), amount: 5000.5 }),
      scheduleEventJob(SCHEDULE_EVENTS.confirmationNeeded, { ...scheduleRunPayload(user.userId) }),
      { ...scheduleEventJob(SCHEDULE_EVENTS.runFailed, {}), payload: null as unknown as Record<string, unknown> },
    ];
    for (const broken of brokenJobs) {
      const { job, discard } = jobOf(broken);
      await expect(processor.handle(job)).rejects.toThrow(UnusableEventError);
      expect(discard).toHaveBeenCalledTimes(1);
      expect(await receiptsOf(broken.eventId)).toEqual([]);
    }

    // The processor goes on with the next event.
    const { job, discard } = jobOf(billEventJob(BILL_EVENTS.received, billEventPayload(user.userId)));
    expect(await processor.handle(job)).toMatchObject({ result: 'DELIVERED' });
    expect(discard).not.toHaveBeenCalled();
    expect((await notificationsOf(user)).map((item) => item.type)).toEqual(['BILL_RECEIVED']);
  });

  describe('through the worker’s queue', () => {
    const queue = useNotificationsWorker(() => config, 'bill-notices');

    it('a published schedule event becomes a notice; a published broken bill event fails once, without retries', async () => {
      const user = await createCustomer(harness);
      const publisher = queue.worker.get(RedisOutboxPublisher);

      const run = outboxEventOf(scheduleEventJob(SCHEDULE_EVENTS.runFailed, scheduleRunPayload(user.userId)));
      await publisher.publish(run);
      expect(await queue.settled(run.id)).toBe('completed');
      expect((await notificationsOf(user)).map((item) => item.type)).toEqual(['SCHEDULE_RUN_FAILED']);

      const broken = outboxEventOf(
        billEventJob(BILL_EVENTS.received, { ...billEventPayload(user.userId), currency: 'naira', billId: newId() }),
      );
      await publisher.publish(broken);
      expect(await queue.settled(broken.id)).toBe('failed');
      const job = await queue.worker.get(QueueRegistry).get(NOTIFICATIONS_QUEUE).getJob(broken.id);
      expect(job?.attemptsMade).toBe(1);
      expect(job?.failedReason).toBe('bill.received payload: bad currency');
      expect(await receiptsOf(broken.id)).toEqual([]);
    });
  });
});
