import { NotificationEventReceipt } from './notification-event-receipt.entity';
import { NotificationPreferenceChoice } from './notification-preference.entity';
import { Notification } from './notification.entity';

/** The notifications context's tables, registered by NotificationsModule (TypeOrmModule.forFeature). */
export const NOTIFICATION_ENTITIES = [Notification, NotificationPreferenceChoice, NotificationEventReceipt];
