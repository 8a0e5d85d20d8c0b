import { OutboxEventReader, type EventAndPayload, type EventsReadBy } from '../../platform/outbox/outbox-event-reader';
import { BILL_EVENTS, BillEventPayload, BillPaidPayload } from '../bills';
import { DISPUTE_EVENTS, DisputeEventPayload } from '../disputes';
import { PAYMENT_EVENTS, PaymentEventPayload } from '../payments';
import { SCHEDULE_EVENTS, ScheduleConfirmationPayload, ScheduleRunEventPayload } from '../schedules';
import { billEventMessage } from './bill-event-message';
import { disputeEventMessage } from './dispute-event-message';
import { NoticeMessage } from './event-notice';
import { NotificationCategory } from './notification-preference-matrix';
import { paymentEventMessage } from './payment-event-message';
import { scheduleEventMessage } from './schedule-event-message';

/** What one event of a notified type comes to. */
export interface EventNotice {
  /** The customer told; every notified payload carries it, checked as a UUID. */
  customerId: string;
  /** The preference category the customer's choices are read from. */
  category: NotificationCategory;
  /** null: recorded as handled, but the event tells the customer nothing (a bill paid from the inbox). */
  message: NoticeMessage | null;
}

/**
 * Every event type this context turns into notices, with the payload class its producer
 * declares: what NotificationsModule listens to, and what each payload is checked against
 * before a notice is made of it. The SLA breach of a dispute is for operations, not the customer.
 */
export const NOTIFIED_EVENTS = new OutboxEventReader({
  [PAYMENT_EVENTS.succeeded]: PaymentEventPayload,
  [PAYMENT_EVENTS.failed]: PaymentEventPayload,
  [PAYMENT_EVENTS.refunded]: PaymentEventPayload,
  [BILL_EVENTS.received]: BillEventPayload,
  [BILL_EVENTS.paid]: BillPaidPayload,
  [SCHEDULE_EVENTS.runFailed]: ScheduleRunEventPayload,
  [SCHEDULE_EVENTS.confirmationNeeded]: ScheduleConfirmationPayload,
  [DISPUTE_EVENTS.opened]: DisputeEventPayload,
  [DISPUTE_EVENTS.statusChanged]: DisputeEventPayload,
});

export const NOTIFIED_EVENT_TYPES = NOTIFIED_EVENTS.events;

type NotifiedEvent = EventAndPayload<EventsReadBy<typeof NOTIFIED_EVENTS>>;

/**
 * What an event tells whom, or null for an event type this context does not notify of. Throws
 * UnusableEventError when the payload breaks its class's rules: this is where a notified
 * event's payload is checked, once.
 */
export function eventNotice(eventType: string, payload: unknown): EventNotice | null {
  const event = NOTIFIED_EVENTS.read({ eventType, payload });
  return event ? noticeOf(event) : null;
}

function noticeOf(event: NotifiedEvent): EventNotice {
  const { customerId } = event.payload;
  switch (event.eventType) {
    case PAYMENT_EVENTS.succeeded:
    case PAYMENT_EVENTS.failed:
    case PAYMENT_EVENTS.refunded:
      return { customerId, category: 'PAYMENTS', message: paymentEventMessage(event) };
    case BILL_EVENTS.received:
    case BILL_EVENTS.paid:
      return { customerId, category: 'BILLS', message: billEventMessage(event) };
    case SCHEDULE_EVENTS.runFailed:
    case SCHEDULE_EVENTS.confirmationNeeded:
      return { customerId, category: 'SCHEDULES', message: scheduleEventMessage(event) };
    // A dispute is about a payment: the customer's payment choices apply to it.
    case DISPUTE_EVENTS.opened:
    case DISPUTE_EVENTS.statusChanged:
      return { customerId, category: 'PAYMENTS', message: disputeEventMessage(event) };
  }
}
