import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { Page, toPage } from '../../platform/http/pagination';
import { Notification } from './notification.entity';
import { NotificationFilter, NotificationRepository } from './notification.repository';
import { NotificationPreferenceRepository } from './notification-preference.repository';
import { effectivePreferences, NotificationPreference } from './notification-preference-matrix';
import { NotificationError } from './notifications.errors';

export interface NotificationList extends NotificationFilter {
  page: number;
  size: number;
}

/**
 * A customer's notifications and preferences. Every query is scoped to the customer: another
 * customer's notification is "not found", never the object.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationRepository,
    private readonly preferences: NotificationPreferenceRepository,
    private readonly clock: Clock,
  ) {}

  async list(userId: string, list: NotificationList): Promise<Page<Notification>> {
    const filter: NotificationFilter = { isRead: list.isRead };
    // One snapshot for the page and its count: read apart, a notification arriving between them
    // gave a page whose `totalItems` counted a row its `items` did not have.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const items = await this.notifications.pageOwnedBy(manager, userId, filter, list.page * list.size, list.size);
      const total = await this.notifications.countOwnedBy(manager, userId, filter);
      return toPage(items, total, list);
    });
  }

  /** Idempotent: marking a read notification again keeps its first `readAt`. */
  async markRead(userId: string, id: string): Promise<void> {
    const marked = await this.notifications.markReadOwned(this.dataSource.manager, id, userId, this.clock.now());
    if (!marked) throw NotificationError.notificationNotFound();
  }

  async markAllRead(userId: string): Promise<number> {
    return this.notifications.markAllReadOwned(this.dataSource.manager, userId, this.clock.now());
  }

  /** Every category and channel, with the customer's choice or the default. */
  async getPreferences(userId: string): Promise<NotificationPreference[]> {
    return effectivePreferences(await this.preferences.listChoices(this.dataSource.manager, userId));
  }

  /** Sets the given cells and leaves the others as they were. */
  async updatePreferences(userId: string, choices: readonly NotificationPreference[]): Promise<void> {
    await this.preferences.upsertChoices(this.dataSource.manager, userId, choices, this.clock.now());
  }
}
