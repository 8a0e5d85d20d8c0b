import { NotificationDeliveryService } from '../../../src/modules/notifications/notification-delivery.service';
import type { OutboxEventJob } from '../../../src/platform/queue/queues';
import { textsTo } from '../../factories/notification.factory';
import { AppTarget, appOf, dbOf } from '../../support/app-target';

/** The notification rows made of the event. */
const rowsOfEvent = (target: AppTarget, eventId: string) =>
  dbOf(target).query<{ id: string }[]>(`SELECT id FROM notifications WHERE source_event_id = $1`, [eventId]);

/**
 * Delivers `job` to a customer who turned off the in-app notices of its category and asserts that
 * it went by SMS only (DELIVERED, no notification id, sent on SMS), that a second delivery is a
 * DUPLICATE, that no notification row came of the event, and that the customer's mailbox holds one
 * text containing `containing`.
 */
export async function expectDeliveredBySmsOnly(
  target: AppTarget,
  job: OutboxEventJob,
  customer: { phone: string },
  containing: string,
): Promise<void> {
  const delivery = appOf(target).get(NotificationDeliveryService);
  expect(await delivery.deliverEvent(job)).toEqual({
    result: 'DELIVERED',
    notificationId: null,
    sentOn: ['SMS'],
  });
  expect(await delivery.deliverEvent(job)).toMatchObject({ result: 'DUPLICATE' });
  expect(await rowsOfEvent(target, job.eventId)).toEqual([]);
  expect(await textsTo(target, customer.phone, containing)).toHaveLength(1);
}

/**
 * Delivers `job`, then the same event again later (a relay publishing it twice, its `occurredAt`
 * the new time), and asserts that the first made the notice (DELIVERED), that the second was a
 * DUPLICATE that made and sent nothing, and that one notification row came of the event.
 */
export async function expectDeliveredOnceInTurn(target: AppTarget, job: OutboxEventJob): Promise<void> {
  const delivery = appOf(target).get(NotificationDeliveryService);
  expect((await delivery.deliverEvent(job)).result).toBe('DELIVERED');
  expect(await delivery.deliverEvent({ ...job, occurredAt: new Date().toISOString() })).toEqual({
    result: 'DUPLICATE',
    notificationId: null,
    sentOn: [],
  });
  expect(await rowsOfEvent(target, job.eventId)).toHaveLength(1);
}

/**
 * Delivers `job` five times at once and asserts that one delivery made the notice (DELIVERED) and
 * the four others found it made (DUPLICATE), and that one notification row came of the event.
 */
export async function expectDeliveredOnceAtOnce(target: AppTarget, job: OutboxEventJob): Promise<void> {
  const delivery = appOf(target).get(NotificationDeliveryService);
  const outcomes = await Promise.all(Array.from({ length: 5 }, () => delivery.deliverEvent(job)));
  expect(outcomes.map((outcome) => outcome.result).sort()).toEqual([
    'DELIVERED',
    'DUPLICATE',
    'DUPLICATE',
    'DUPLICATE',
    'DUPLICATE',
  ]);
  expect(await rowsOfEvent(target, job.eventId)).toHaveLength(1);
}
