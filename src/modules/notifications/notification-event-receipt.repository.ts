import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { Notification } from './notification.entity';
import * as notifications from './sql/notifications.queries';

/** What recording one delivery of an event did. */
export interface EventRecording {
  /** false: the event was recorded before (a redelivery); nothing was written. */
  firstDelivery: boolean;
  /** The notification inserted with the event's first delivery, if one was given. */
  notificationId: string | null;
}

const SQL = sqlStatements('notifications', notifications);

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
    const [row] = await run(executorOn(manager), SQL.recordEvent, {
      eventId: receipt.eventId,
      eventType: receipt.eventType,
      receivedAt: receipt.receivedAt,
      notificationId: notification?.id ?? null,
      userId: notification?.userId ?? null,
      category: notification?.category ?? null,
      type: notification?.type ?? null,
      title: notification?.title ?? null,
      body: notification?.body ?? null,
      data: notification ? JSON.stringify(notification.data) : null,
      sourceEventId: notification?.sourceEventId ?? null,
      readAt: notification?.readAt ?? null,
      createdAt: notification?.createdAt ?? null,
      withNotification: notification !== null,
    });
    return { firstDelivery: row.first_delivery, notificationId: row.notification_id };
  }
}
