import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';
import { Notification } from './notification.entity';

/** What recording one delivery of an event did. */
export interface EventRecording {
  /** false: the event was recorded before (a redelivery); nothing was written. */
  firstDelivery: boolean;
  /** The notification inserted with the event's first delivery, if one was given. */
  notificationId: string | null;
}

const RECORD = defineStatement<
  { first_delivery: boolean; notification_id: string | null },
  [
    eventId: string,
    eventType: string,
    receivedAt: Date,
    notificationId: string | null,
    userId: string | null,
    category: string | null,
    type: string | null,
    title: string | null,
    body: string | null,
    data: string | null,
    sourceEventId: string | null,
    readAt: Date | null,
    createdAt: Date | null,
    withNotification: boolean,
  ]
>(
  'notification-receipts.record',
  `WITH receipt AS (
     INSERT INTO notification_event_receipts (event_id, event_type, received_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING event_id
   ), inserted AS (
     INSERT INTO notifications (id, user_id, category, type, title, body, data, source_event_id, read_at, created_at)
     SELECT $4::uuid, $5::uuid, $6::varchar, $7::varchar, $8::varchar, $9::varchar, $10::jsonb, $11::uuid,
            $12::timestamptz, $13::timestamptz
       FROM receipt WHERE $14::boolean
     ON CONFLICT DO NOTHING RETURNING id
   )
   SELECT EXISTS (SELECT 1 FROM receipt) AS first_delivery, (SELECT id FROM inserted) AS notification_id`,
);

/** The inbox of handled outbox events. */
@Injectable()
export class NotificationEventReceiptRepository {
  /**
   * Records the event unless it was recorded before and, on its first delivery only, inserts
   * `notification` (unless one of the same source event exists), in one statement: the two
   * rows commit together. A second delivery running at the same time waits on the first one's
   * receipt row, then finds it and writes nothing.
   */
  async record(
    manager: EntityManager,
    receipt: { eventId: string; eventType: string; receivedAt: Date },
    notification: Notification | null,
  ): Promise<EventRecording> {
    const [row] = await run(executorOn(manager), RECORD, [
      receipt.eventId,
      receipt.eventType,
      receipt.receivedAt,
      notification?.id ?? null,
      notification?.userId ?? null,
      notification?.category ?? null,
      notification?.type ?? null,
      notification?.title ?? null,
      notification?.body ?? null,
      notification ? JSON.stringify(notification.data) : null,
      notification?.sourceEventId ?? null,
      notification?.readAt ?? null,
      notification?.createdAt ?? null,
      notification !== null,
    ]);
    return { firstDelivery: row.first_delivery, notificationId: row.notification_id };
  }
}
