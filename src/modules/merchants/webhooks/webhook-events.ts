import { MERCHANT_EVENTS } from '../merchants.events';

/**
 * The event types a webhook endpoint can subscribe to, by public name, each with the outbox event
 * it is made from. Public names follow design/merchants.md section 5's event list; the outbox's
 * own names stay internal. New merchant-facing events (payments, checkout sessions, payouts) join
 * here as their contexts emit them.
 */
export const WEBHOOK_EVENT_SOURCES = {
  'kyb.status_changed': MERCHANT_EVENTS.kybStatusChanged,
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
