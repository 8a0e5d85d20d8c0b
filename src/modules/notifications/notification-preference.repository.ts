import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NotificationPreferenceChoice } from './notification-preference.entity';
import { NotificationCategory, NotificationPreference } from './notification-preference-matrix';

/** Named queries on `notification_preferences`: the cells a customer has chosen. */
@Injectable()
export class NotificationPreferenceRepository {
  async listChoices(
    manager: EntityManager,
    userId: string,
    category?: NotificationCategory,
  ): Promise<NotificationPreference[]> {
    const rows = await manager.find(NotificationPreferenceChoice, {
      where: category ? { userId, category } : { userId },
      select: { category: true, channel: true, enabled: true },
    });
    return rows.map(({ category: rowCategory, channel, enabled }) => ({ category: rowCategory, channel, enabled }));
  }

  /** Writes the choices in one statement; a cell chosen before takes the new value. */
  async upsertChoices(
    manager: EntityManager,
    userId: string,
    choices: readonly NotificationPreference[],
    now: Date,
  ): Promise<void> {
    if (choices.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationPreferenceChoice)
      .values(choices.map((choice) => ({ ...choice, userId, updatedAt: now })))
      .orUpdate(['enabled', 'updated_at'], ['user_id', 'category', 'channel'])
      .execute();
  }
}
