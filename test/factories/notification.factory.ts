import type { BillEventPayload, BillPaidPayload } from '../../src/modules/bills';
import { NotificationDeliveryService } from '../../src/modules/notifications/notification-delivery.service';
import { PAYMENT_EVENTS, PaymentEventPayload } from '../../src/modules/payments';
import type { ScheduleConfirmationPayload, ScheduleRunEventPayload } from '../../src/modules/schedules';
import { newId } from '../../src/platform/database/new-id';
import type { OutboxEventJob } from '../../src/platform/queue/queues';
import { AppTarget, appOf, httpOf } from '../support/app-target';

/** A notification as GET /notifications lists it. */
export interface NotificationBody {
  id: string;
  category: string;
  type: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
}

/** The texts the dev mailbox holds for `phone` (the sign-up code among them), newest first, those containing `containing`. */
export async function textsTo(target: AppTarget, phone: string, containing = ''): Promise<string[]> {
  const mailbox = await httpOf(target).get('/api/v1/dev/messages').query({ phone }).expect(200);
  return (mailbox.body as { body: string }[])
    .map((message) => message.body)
    .filter((body) => body.includes(containing));
}

/** A payment event's payload as the payments context writes it: a succeeded 5,000.00 NGN card payment to Ikeja Electric. */
export function paymentEventPayload(
  customerId: string,
  overrides: Partial<PaymentEventPayload> = {},
): PaymentEventPayload {
  return {
    paymentId: newId(),
    customerId,
    billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
    billerName: 'Ikeja Electric',
    accountReference: '45010001234',
    amount: 500_000,
    fee: 10_000,
    currency: 'NGN',
    status: 'SUCCEEDED',
    rail: 'CARD',
    fundsCaptured: true,
    billerReference: 'IKE-778899',
    ...overrides,
  };
}

/** The job the outbox relay would put on the notifications queue for this event. */
export function paymentEventJob(eventType: string, payload: object, eventId = newId()): OutboxEventJob {
  return outboxEventJob('payment', 'paymentId', eventType, payload, eventId);
}

/** A bill event's payload as the bills context writes it: a NGN 12,500.00 Ikeja Electric bill due 30 November 2026. */
export function billEventPayload(customerId: string, overrides: Partial<BillEventPayload> = {}): BillEventPayload {
  return {
    billId: newId(),
    customerId,
    billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
    billerName: 'Ikeja Electric',
    billReference: 'INV-2026-11-0042',
    accountReference: '45010001234',
    amountDue: 1_250_000,
    currency: 'NGN',
    dueDate: '2026-11-30',
    ...overrides,
  };
}

/** `bill.paid`'s payload: the bill above, settled in full by a payment made outside the inbox. */
export function billPaidPayload(customerId: string, overrides: Partial<BillPaidPayload> = {}): BillPaidPayload {
  const bill = billEventPayload(customerId, overrides);
  return { ...bill, paymentId: newId(), amountPaid: bill.amountDue, viaBillPay: false, ...overrides };
}

/** The job the outbox relay would put on the notifications queue for a bill event. */
export function billEventJob(eventType: string, payload: object, eventId = newId()): OutboxEventJob {
  return outboxEventJob('bill', 'billId', eventType, payload, eventId);
}

/** `schedule.run_failed`'s payload: November 2026's NGN 5,000.00 payment to Ikeja Electric, declined. */
export function scheduleRunPayload(
  customerId: string,
  overrides: Partial<ScheduleRunEventPayload> = {},
): ScheduleRunEventPayload {
  return {
    scheduleId: newId(),
    runId: newId(),
    customerId,
    billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
    billerName: 'Ikeja Electric',
    accountReference: '45010001234',
    periodKey: '2026-11',
    amount: 500_000,
    currency: 'NGN',
    reason: 'your card issuer declined the payment',
    ...overrides,
  };
}

/** `schedule.confirmation_needed`'s payload: a NGN 15,000.00 bill above a NGN 10,000.00 maximum. */
export function scheduleConfirmationPayload(
  customerId: string,
  overrides: Partial<ScheduleConfirmationPayload> = {},
): ScheduleConfirmationPayload {
  return {
    ...scheduleRunPayload(customerId),
    amount: 1_500_000,
    maximumAmount: 1_000_000,
    billId: newId(),
    reason: 'The bill is above the maximum of your schedule.',
    ...overrides,
  };
}

/** The job the outbox relay would put on the notifications queue for a schedule event. */
export function scheduleEventJob(eventType: string, payload: object, eventId = newId()): OutboxEventJob {
  return outboxEventJob('schedule', 'scheduleId', eventType, payload, eventId);
}

/** As the relay builds a job (RedisOutboxPublisher): the event's id, type, aggregate and payload. */
function outboxEventJob(
  aggregateType: string,
  idField: string,
  eventType: string,
  payload: object,
  eventId: string,
): OutboxEventJob {
  const data = { ...payload } as Record<string, unknown>;
  return {
    eventId,
    eventType,
    aggregateType,
    aggregateId: String(data[idField] ?? 'unknown'),
    payload: data,
    occurredAt: new Date().toISOString(),
  };
}

/**
 * A notification of the customer's, made the way the worker makes one: a payment event (by
 * default payment.succeeded) handed to the notifications service. Answers its id.
 */
export async function createNotification(
  target: AppTarget,
  customerId: string,
  overrides: Partial<PaymentEventPayload> = {},
  eventType: string = PAYMENT_EVENTS.succeeded,
): Promise<string> {
  const outcome = await appOf(target)
    .get(NotificationDeliveryService)
    .deliverEvent(paymentEventJob(eventType, paymentEventPayload(customerId, overrides)));
  if (!outcome.notificationId) throw new Error(`notification: ${JSON.stringify(outcome)}`);
  return outcome.notificationId;
}
