import type { ReceivedOutboxEvent } from '../../../platform/outbox/outbox-event-reader';
import { eventEnvelope, publicEventType } from '../webhooks/webhook-events';
import { merchantFacing, WEBHOOK_OUTBOX_EVENTS } from '../webhooks/webhook-fan-out.service';

/**
 * The stream carries exactly what webhook endpoints hear of: the same outbox events (read by the
 * webhooks' reader), the same public types and the same envelope (`webhook-events.ts`), so an
 * event type mapped for webhooks reaches the stream with no change here.
 */
export const MERCHANT_STREAM_OUTBOX_EVENTS = WEBHOOK_OUTBOX_EVENTS;

export type MerchantStreamOutboxEvent = ReceivedOutboxEvent<(typeof MERCHANT_STREAM_OUTBOX_EVENTS.events)[number]>;

/** An event as a merchant's stream sends it. */
export interface MerchantStreamEvent {
  /** The outbox event's id (UUIDv7): the frame's `id:`, what `Last-Event-ID` names. */
  id: string;
  merchantId: string;
  livemode: boolean;
  /** The public type (`kyb.status_changed`): the frame's `event:`. */
  type: string;
  createdAt: Date;
  /** The frame's `data:`: the webhook envelope `{id, type, createdAt, livemode, apiVersion, data: {object}}`. */
  envelope: Record<string, unknown>;
}

/** The stream's event for an outbox event, or null when merchants never hear of its type. */
export function merchantStreamEventOf(event: MerchantStreamOutboxEvent): MerchantStreamEvent | null {
  const type = publicEventType(event.eventType);
  if (type === null) return null;
  const facing = merchantFacing(event);
  const createdAt = new Date(event.occurredAt);
  const envelope = JSON.parse(
    eventEnvelope({ id: event.eventId, type, createdAt, livemode: facing.livemode, object: facing.object }),
  ) as Record<string, unknown>;
  return { id: event.eventId, merchantId: facing.merchantId, livemode: facing.livemode, type, createdAt, envelope };
}

/** The pub/sub channel of a merchant's events in one mode (channels take no key prefix: ours is added). */
export function merchantEventsChannel(redisKeyPrefix: string, merchantId: string, livemode: boolean): string {
  return `${redisKeyPrefix}:merchant-events:${merchantId}:${livemode ? 'live' : 'test'}`;
}

/** What the recorder publishes on the channel once the event is committed. */
export interface PublishedMerchantEvent {
  seq: number;
  id: string;
  type: string;
  /** The `data:` line, as stored (replay sends the same text). */
  body: string;
}
