import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An outbox event this context has handled, whatever came of it (a notification, an SMS, or
 * nothing because the customer turned both off): the consumer's inbox, so a redelivered event
 * sends nothing twice even when it made no notification row.
 */
@Entity({ name: 'notification_event_receipts' })
export class NotificationEventReceipt {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 100 })
  eventType: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
