import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { prepared } from '../../platform/database/prepared-statement';

/** The inbox of handled outbox events. */
@Injectable()
export class NotificationEventReceiptRepository {
  /**
   * Records the event unless it was recorded before; says whether this is its first delivery.
   * A second delivery running at the same time waits on the first one's row lock, then sees it.
   */
  async recordIfNew(manager: EntityManager, eventId: string, eventType: string, now: Date): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      prepared(`INSERT INTO notification_event_receipts (event_id, event_type, received_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING event_id`),
      [eventId, eventType, now],
    );
    return rows.length > 0;
  }
}
