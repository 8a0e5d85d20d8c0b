import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';
import { NotificationPreferenceChoice } from './notification-preference.entity';
import { NotificationCategory, NotificationPreference } from './notification-preference-matrix';

/** Prepared: the worker reads a customer's choices for every event it notifies of. */
const CHOICES = defineStatement<NotificationPreference, [userId: string, category: NotificationCategory | null]>(
  'notification-preferences.choices',
  `SELECT category, channel, enabled FROM notification_preferences
    WHERE user_id = $1 AND ($2::text IS NULL OR category = $2)`,
);

/** Named queries on `notification_preferences`: the cells a customer has chosen. */
@Injectable()
export class NotificationPreferenceRepository {
  async listChoices(
    manager: EntityManager,
    userId: string,
    category?: NotificationCategory,
  ): Promise<NotificationPreference[]> {
    return run(executorOn(manager), CHOICES, [userId, category ?? null]);
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
