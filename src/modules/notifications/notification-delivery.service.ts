import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { newId } from '../../platform/database/new-id';
import { MessageSender } from '../../platform/messaging/message-sender';
import { OutboxEventJob } from '../../platform/queue/queues';
import { CustomerContactsService } from '../identity';
import { Notification } from './notification.entity';
import { NotificationEventReceiptRepository } from './notification-event-receipt.repository';
import { NotificationPreferenceRepository } from './notification-preference.repository';
import { isEnabled, NotificationChannel } from './notification-preference-matrix';
import { eventNotice } from './notified-events';

/** What handling one event did. */
export interface DeliveryOutcome {
  /**
   * `DUPLICATE`: the event was handled before; `IGNORED`: not an event this context notifies of;
   * `SUPPRESSED`: recorded as handled, but it tells the customer nothing (a bill paid from the
   * inbox, whose payment has its own notice).
   */
  result: 'DELIVERED' | 'DUPLICATE' | 'IGNORED' | 'SUPPRESSED';
  /** The in-app notification made, if the customer has them on. */
  notificationId: string | null;
  /** Channels a message went out on besides the app. */
  sentOn: NotificationChannel[];
}

/**
 * Turns outbox events into notifications. Delivery is at least once (relay and Bull both
 * retry), so each event is handled once per event id: the first delivery records the event in
 * `notification_event_receipts` and, in the same statement, inserts the in-app notification
 * (itself unique on `source_event_id`) when the customer has the event's category (PAYMENTS,
 * BILLS, SCHEDULES) on IN_APP. The SMS goes
 * out only after that statement commits, and only from the delivery that recorded the event,
 * so a redelivery never texts twice; an SMS that fails then is logged, not retried (at most
 * once, like any notification SMS: the in-app notification is the record).
 */
@Injectable()
export class NotificationDeliveryService {
  private readonly logger = new Logger(NotificationDeliveryService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly preferences: NotificationPreferenceRepository,
    private readonly receipts: NotificationEventReceiptRepository,
    private readonly contacts: CustomerContactsService,
    private readonly messages: MessageSender,
    private readonly clock: Clock,
  ) {}

  /**
   * Handles one outbox event of any type this context notifies of (`notified-events.ts`);
   * throws UnusableEventError when its payload breaks the event's contract.
   */
  async deliverEvent(job: OutboxEventJob): Promise<DeliveryOutcome> {
    const notice = eventNotice(job.eventType, job.payload);
    if (!notice) return { result: 'IGNORED', notificationId: null, sentOn: [] };
    const { customerId, category, message } = notice;

    const choices = message ? await this.preferences.listChoices(this.dataSource.manager, customerId, category) : [];
    const now = this.clock.now();
    const notification =
      message && isEnabled(choices, category, 'IN_APP')
        ? Object.assign(new Notification(), {
            id: newId(),
            userId: customerId,
            category,
            type: message.type,
            title: message.title,
            body: message.body,
            data: message.data,
            sourceEventId: job.eventId,
            readAt: null,
            createdAt: now,
          })
        : null;
    // Recorded even when nothing is said, so a redelivery is known as one and the job completes.
    const recorded = await this.receipts.record(
      this.dataSource.manager,
      { eventId: job.eventId, eventType: job.eventType, receivedAt: now },
      notification,
    );
    if (!recorded.firstDelivery) return { result: 'DUPLICATE', notificationId: null, sentOn: [] };
    if (!message) return { result: 'SUPPRESSED', notificationId: null, sentOn: [] };

    const sentOn: NotificationChannel[] = [];
    const sms = isEnabled(choices, category, 'SMS') ? message.sms : null;
    if (sms !== null && (await this.sendSms(customerId, sms, job.eventId))) {
      sentOn.push('SMS');
    }
    // EMAIL and PUSH are stored preferences only: the MessageSender port carries SMS alone so
    // far. They are honoured here once it gains those channels.
    return { result: 'DELIVERED', notificationId: recorded.notificationId, sentOn };
  }

  private async sendSms(customerId: string, body: string, eventId: string): Promise<boolean> {
    try {
      const contact = await this.contacts.findContact(customerId);
      if (!contact) return false;
      await this.messages.send({ channel: 'SMS', to: contact.phone, body });
      return true;
    } catch (error) {
      this.logger.warn({ err: error, eventId }, 'notification SMS not sent');
      return false;
    }
  }
}
