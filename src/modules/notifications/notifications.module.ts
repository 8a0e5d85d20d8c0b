import { Module } from '@nestjs/common';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { CustomerContactsModule } from '../identity/customer-contacts.module';
import { NotificationDeliveryService } from './notification-delivery.service';
import { NotificationEventReceiptRepository } from './notification-event-receipt.repository';
import { NotificationPreferenceRepository } from './notification-preference.repository';
import { NotificationRepository } from './notification.repository';
import { NotificationsService } from './notifications.service';

/**
 * In-app notifications made from outbox events, their read state, and customers' channel
 * preferences. Services only, so the worker can import it without the HTTP layer; the routes
 * are in NotificationsHttpModule, the queue processor in NotificationsJobsModule.
 */
@Module({
  imports: [MessagingModule, CustomerContactsModule],
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
