import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { NotificationPreferenceChoice } from './notification-preference.entity';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NotificationCategory,
  NotificationPreference,
} from './notification-preference-matrix';
import * as notifications from './sql/notifications.queries';

const SQL = sqlStatements('notifications', notifications);

/** Named queries on `notification_preferences`: the cells a customer has chosen. */
@Injectable()
export class NotificationPreferenceRepository {
  async listChoices(
    manager: EntityManager,
    userId: string,
    category?: NotificationCategory,
  ): Promise<NotificationPreference[]> {
    // Prepared: the worker reads a customer's choices for every event it notifies of.
    const rows = await run(executorOn(manager), SQL.preferenceChoices, { userId, category: category ?? null });
    return rows.map((row) => ({
      category: oneOf(NOTIFICATION_CATEGORIES, row.category, 'notification_preferences.category'),
      channel: oneOf(NOTIFICATION_CHANNELS, row.channel, 'notification_preferences.channel'),
      enabled: row.enabled,
    }));
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
