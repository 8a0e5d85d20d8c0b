import { billEventMessage, NOTIFIED_BILL_EVENTS } from './bill-event-message';
import { disputeEventMessage, NOTIFIED_DISPUTE_EVENTS } from './dispute-event-message';
import { NoticeMessage } from './event-notice';
import { NotificationCategory } from './notification-preference-matrix';
import { NOTIFIED_PAYMENT_EVENTS, paymentEventMessage } from './payment-event-message';
import { NOTIFIED_SCHEDULE_EVENTS, scheduleEventMessage } from './schedule-event-message';

/** What one event of a notified type comes to. */
export interface EventNotice {
  /** The customer told; every notified payload carries it, checked as a UUID. */
  customerId: string;
  /** The preference category the customer's choices are read from. */
  category: NotificationCategory;
  /** null: recorded as handled, but the event tells the customer nothing (a bill paid from the inbox). */
  message: NoticeMessage | null;
}

interface NotifiedEvents {
  category: NotificationCategory;
  events: readonly string[];
  /** Throws UnusableEventError when the payload breaks the event's contract. */
  message(eventType: string, payload: unknown): NoticeMessage | null;
}

const SOURCES: readonly NotifiedEvents[] = [
  { category: 'PAYMENTS', events: NOTIFIED_PAYMENT_EVENTS, message: paymentEventMessage },
  { category: 'BILLS', events: NOTIFIED_BILL_EVENTS, message: billEventMessage },
  { category: 'SCHEDULES', events: NOTIFIED_SCHEDULE_EVENTS, message: scheduleEventMessage },
  // A dispute is about a payment: the customer's payment choices apply to it.
  { category: 'PAYMENTS', events: NOTIFIED_DISPUTE_EVENTS, message: disputeEventMessage },
];

// A Map, not an object literal: an event type from a job must never reach `toString` or `__proto__`.
const BY_EVENT_TYPE: ReadonlyMap<string, NotifiedEvents> = new Map(
  SOURCES.flatMap((source) => source.events.map((eventType) => [eventType, source] as const)),
);

/** Every event type this context turns into notices: what NotificationsModule listens to. */
export const NOTIFIED_EVENT_TYPES: readonly string[] = [...BY_EVENT_TYPE.keys()];

/**
 * What an event tells whom, or null for an event type this context does not notify of. Throws
 * UnusableEventError when the payload breaks the event's contract.
 */
export function eventNotice(eventType: string, payload: unknown): EventNotice | null {
  const source = BY_EVENT_TYPE.get(eventType);
  if (!source) return null;
  const message = source.message(eventType, payload);
  // The builder has checked customerId as a UUID of the payload's own.
  return { customerId: (payload as { customerId: string }).customerId, category: source.category, message };
}
