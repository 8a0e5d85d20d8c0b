/** What the app shows for a notification: picks its icon and screen. New types may be added. */
export const NOTIFICATION_TYPES = [
  'PAYMENT_SUCCEEDED',
  'PAYMENT_FAILED',
  'PAYMENT_REFUNDED',
  'BILL_RECEIVED',
  'BILL_PAID',
  'SCHEDULE_RUN_FAILED',
  'SCHEDULE_CONFIRMATION_NEEDED',
  'DISPUTE_OPENED',
  'DISPUTE_UPDATED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What one event tells the customer, in the app and (when `sms` is set) by SMS. */
export interface NoticeMessage {
  type: NotificationType;
  title: string;
  body: string;
  /** The SMS text, or null when this event is not worth an SMS. */
  sms: string | null;
  /** Stored with the notification: the ids the app links to, and the facts the text states. */
  data: Record<string, unknown>;
}

/** An event that no retry can turn into a notification (its payload breaks the contract). */
export { UnusableEventError } from '../../platform/outbox/outbox-event-reader';
