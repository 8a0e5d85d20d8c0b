import { MERCHANT_EVENTS } from '../merchants.events';

/**
 * The event types a webhook endpoint can subscribe to, by public name, each with the outbox event
 * it is made from. Public names follow design/merchants.md section 5's event list; the outbox's
 * own names stay internal. Each event carries its mode and reaches only endpoints of that mode
 * (`merchantFacing` in webhook-fan-out.service.ts says whose and which mode, per outbox type).
 *
 * Still to come, as their contexts emit them (do not list an event nobody writes: an endpoint
 * could subscribe to it and wait for nothing): `payout.paid`, `risk.limit_warning` (design
 * section 5).
 */
export const WEBHOOK_EVENT_SOURCES = {
  'kyb.status_changed': MERCHANT_EVENTS.kybStatusChanged,
  'checkout_session.completed': MERCHANT_EVENTS.checkoutSessionCompleted,
  'checkout_session.expired': MERCHANT_EVENTS.checkoutSessionExpired,
  'payment.succeeded': MERCHANT_EVENTS.paymentSucceeded,
  'payment.failed': MERCHANT_EVENTS.paymentFailed,
  'payment.refunded': MERCHANT_EVENTS.paymentRefunded,
  'payment.disputed': MERCHANT_EVENTS.paymentDisputed,
  'balance.updated': MERCHANT_EVENTS.balanceUpdated,
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_SOURCES;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_SOURCES) as WebhookEventType[];

/** The synthetic event of `POST /merchant/webhook-endpoints/{id}/test`; sent whatever `enabledEvents` says. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** `enabledEvents` value meaning every type, present and future. */
export const ALL_EVENTS = '*';

/** The public type of an outbox event type, or null when endpoints never hear of it. */
export function publicEventType(outboxType: string): WebhookEventType | null {
  for (const type of WEBHOOK_EVENT_TYPES) if (WEBHOOK_EVENT_SOURCES[type] === outboxType) return type;
  return null;
}

/** Whether an endpoint with `enabledEvents` gets events of `type`. */
export function subscribes(enabledEvents: readonly string[], type: string): boolean {
  return enabledEvents.includes(ALL_EVENTS) || enabledEvents.includes(type);
}

/** The body sent and signed (design section 7): `{id, type, createdAt, livemode, apiVersion, data: {object}}`. */
export function eventEnvelope(event: {
  id: string;
  type: string;
  createdAt: Date;
  livemode: boolean;
  object: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    livemode: event.livemode,
    apiVersion: 'v1',
    data: { object: event.object },
  });
}
