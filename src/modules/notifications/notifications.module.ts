import { Module } from '@nestjs/common';
import { ListensTo } from '../../platform/outbox/outbox-subscriptions';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { CustomerContactsModule } from '../identity';
import { NotificationDeliveryService } from './notification-delivery.service';
import { NotificationEventReceiptRepository } from './notification-event-receipt.repository';
import { NotificationPreferenceRepository } from './notification-preference.repository';
import { NotificationRepository } from './notification.repository';
import { NOTIFICATION_ENTITIES } from './notifications.entities';
import { NOTIFICATIONS_QUEUE } from './notifications.events';
import { NOTIFIED_EVENT_TYPES } from './notified-events';
import { NotificationsService } from './notifications.service';

/**
 * In-app notifications made from outbox events, their read state, and customers' channel
 * preferences. Services only, so the worker can import it without the HTTP layer; the routes
 * are in NotificationsHttpModule, the queue processor in NotificationsJobsModule.
 */
// payment.succeeded/failed/refunded, bill.received/paid, schedule.run_failed/confirmation_needed:
// the event types notified-events.ts has a message for, so the two never drift apart.
@ListensTo(NOTIFICATIONS_QUEUE, NOTIFIED_EVENT_TYPES)
@Module({
  imports: [TypeOrmModule.forFeature(NOTIFICATION_ENTITIES), MessagingModule, CustomerContactsModule],
  providers: [
    NotificationRepository,
    NotificationPreferenceRepository,
    NotificationEventReceiptRepository,
    NotificationsService,
    NotificationDeliveryService,
  ],
  exports: [NotificationsService, NotificationDeliveryService],
})
export class NotificationsModule {}
