import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NotificationEventReceipt } from './notification-event-receipt.entity';

/** The inbox of handled outbox events. */
@Injectable()
export class NotificationEventReceiptRepository {
  /**
   * Records the event unless it was recorded before; says whether this is its first delivery.
   * A second delivery running at the same time waits on the first one's row lock, then sees it.
   */
  async recordIfNew(manager: EntityManager, eventId: string, eventType: string, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationEventReceipt)
      .values({ eventId, eventType, receivedAt: now })
      .orIgnore()
      .returning('event_id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
