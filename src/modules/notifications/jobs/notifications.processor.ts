import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { NOTIFICATIONS_QUEUE } from '../notifications.events';
import { DeliveryOutcome, NotificationDeliveryService } from '../notification-delivery.service';
import { UnusableEventError } from '../event-notice';

/**
 * Consumes the notifications queue: one job per outbox event routed here (job name = event
 * type, job id = event id). Thin: the service is idempotent on the event id, so Bull's retries
 * and the relay's redeliveries are safe. A payload no retry can fix fails the job at once.
 */
@Processor(NOTIFICATIONS_QUEUE)
export class NotificationsProcessor {
  private readonly logger = new Logger(NotificationsProcessor.name);

  constructor(private readonly delivery: NotificationDeliveryService) {}

  @Process({ name: '*', concurrency: 4 })
  async handle(job: Job<OutboxEventJob>): Promise<DeliveryOutcome> {
    try {
      return await this.delivery.deliverEvent(job.data);
    } catch (error) {
      if (error instanceof UnusableEventError) {
        // The producer's fault, not this process's: an operator needs the event and the reason
        // (the failed job keeps both), once, and a stack trace of the parser would say nothing.
        // Discarded, so Bull fails it now instead of retrying what no retry can fix.
        this.logger.warn(
          { eventId: job.data.eventId, eventType: job.data.eventType, reason: error.message },
          'notification event unusable: job failed without retries',
        );
        await job.discard();
      }
      throw error;
    }
  }
}
