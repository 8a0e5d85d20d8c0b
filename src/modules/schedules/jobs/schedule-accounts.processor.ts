import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { consumeOutboxJob } from '../../../platform/outbox/outbox-event-reader';
import type { OutboxEventJob } from '../../../platform/queue/queues';
import { SCHEDULE_ACCOUNT_EVENTS, SCHEDULE_QUEUES } from '../schedules.events';
import { SchedulesService } from '../schedules.service';

/**
 * Identity's `user.deactivated` (job name = event type): the user's ACTIVE schedules pause, so
 * nothing is paid for an account staff have closed. Idempotent. A payload that breaks
 * `UserDeactivatedPayload` fails the job at once.
 */
@Processor(SCHEDULE_QUEUES.accounts)
export class ScheduleAccountsProcessor {
  private readonly logger = new Logger(ScheduleAccountsProcessor.name);

  constructor(private readonly schedules: SchedulesService) {}

  @Process({ name: '*', concurrency: 1 })
  async handle(job: Job<OutboxEventJob>): Promise<number> {
    return consumeOutboxJob(job, this.logger, async (data) => {
      const event = SCHEDULE_ACCOUNT_EVENTS.read(data);
      if (!event) return 0;
      const { userId } = event.payload;
      const paused = await this.schedules.pauseAllOf(userId);
      if (paused > 0) this.logger.log(`paused ${paused} schedule(s) of deactivated user ${userId}`);
      return paused;
    });
  }
}
