import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NotificationCategory, NotificationChannel } from './notification-preference-matrix';

/** A customer's choice for one category and channel; cells without a row take the default. */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceChoice {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  category: NotificationCategory;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  channel: NotificationChannel;

  @Column({ type: 'boolean' })
  enabled: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
