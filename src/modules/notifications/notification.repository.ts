import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Notification } from './notification.entity';

export interface NotificationFilter {
  /** true: read ones only; false: unread ones only; undefined: all. */
  isRead?: boolean;
}

/** Named queries on `notifications`; every read and update is scoped to the owning customer. */
@Injectable()
export class NotificationRepository {
  /** Newest first; served by the (user_id, created_at DESC, id DESC) indexes. */
  pageOwnedBy(
    manager: EntityManager,
    userId: string,
    filter: NotificationFilter,
    offset: number,
    limit: number,
  ): Promise<Notification[]> {
    return this.ownedBy(manager, userId, filter)
      .orderBy('notification.createdAt', 'DESC')
      .addOrderBy('notification.id', 'DESC')
      .offset(offset)
      .limit(limit)
      .getMany();
  }

  countOwnedBy(manager: EntityManager, userId: string, filter: NotificationFilter): Promise<number> {
    return this.ownedBy(manager, userId, filter).getCount();
  }

  /** Marks one of the customer's notifications read (keeping the first `readAt`); false if it is not theirs. */
  async markReadOwned(manager: EntityManager, id: string, userId: string, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Notification)
      .set({ readAt: () => 'COALESCE(read_at, :now)' })
      .where('id = :id AND user_id = :userId', { id, userId, now })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Marks every unread notification of the customer read; answers how many. */
  async markAllReadOwned(manager: EntityManager, userId: string, now: Date): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(Notification)
      .set({ readAt: now })
      .where('user_id = :userId AND read_at IS NULL', { userId })
      .execute();
    return result.affected ?? 0;
  }

  private ownedBy(manager: EntityManager, userId: string, filter: NotificationFilter) {
    const query = manager
      .createQueryBuilder(Notification, 'notification')
      .where('notification.userId = :userId', { userId });
    if (filter.isRead === true) query.andWhere('notification.readAt IS NOT NULL');
    if (filter.isRead === false) query.andWhere('notification.readAt IS NULL');
    return query;
  }
}
