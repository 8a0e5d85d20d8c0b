import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NotificationCategory } from './notification-preference-matrix';
import type { NotificationType } from './event-notice';

/**
 * An in-app notification of one customer. Made from an outbox event (`sourceEventId`, unique,
 * so a redelivered event makes no second row); unread while `readAt` is null.
 */
@Entity({ name: 'notifications' })
export class Notification {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  category: NotificationCategory;

  @Column({ type: 'varchar', length: 40 })
  type: NotificationType;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 1000 })
  body: string;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ name: 'source_event_id', type: 'uuid', nullable: true })
  sourceEventId: string | null;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
