import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { consumeOutboxJob } from '../../../platform/outbox/outbox-event-reader';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { NOTIFICATIONS_QUEUE } from '../notifications.events';
import { DeliveryOutcome, NotificationDeliveryService } from '../notification-delivery.service';

/**
 * Consumes the notifications queue: one job per outbox event routed here (job name = event
 * type, job id = event id). Thin: the service is idempotent on the event id, so Bull's retries
 * and the relay's redeliveries are safe. A payload no retry can fix fails the job at once
 * (`consumeOutboxJob`).
 */
@Processor(NOTIFICATIONS_QUEUE)
export class NotificationsProcessor {
  private readonly logger = new Logger(NotificationsProcessor.name);

  constructor(private readonly delivery: NotificationDeliveryService) {}

  @Process({ name: '*', concurrency: 4 })
  handle(job: Job<OutboxEventJob>): Promise<DeliveryOutcome> {
    return consumeOutboxJob(job, this.logger, (data) => this.delivery.deliverEvent(data));
  }
}
