import { NotificationDeliveryService } from '../../src/modules/notifications/notification-delivery.service';
import { PAYMENT_EVENTS, PaymentEventPayload } from '../../src/modules/payments';
import { newId } from '../../src/platform/database/new-id';
import type { OutboxEventJob } from '../../src/platform/queue/queues';
import { AppTarget, appOf } from '../support/app-target';

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
  const data = { ...payload } as Record<string, unknown>;
  return {
    eventId,
    eventType,
    aggregateType: 'payment',
    aggregateId: String(data.paymentId ?? 'unknown'),
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
    .deliverPaymentEvent(paymentEventJob(eventType, paymentEventPayload(customerId, overrides)));
  if (!outcome.notificationId) throw new Error(`notification: ${JSON.stringify(outcome)}`);
  return outcome.notificationId;
}
