import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import type { OutboxEventJob } from '../../../platform/queue/queues';
import { SCHEDULE_QUEUES } from '../schedules.events';
import { SchedulesService } from '../schedules.service';

/**
 * Identity's `user.deactivated` (job name = event type): the user's ACTIVE schedules pause, so
 * nothing is paid for an account staff have closed. Idempotent.
 */
@Processor(SCHEDULE_QUEUES.accounts)
export class ScheduleAccountsProcessor {
  private readonly logger = new Logger(ScheduleAccountsProcessor.name);

  constructor(private readonly schedules: SchedulesService) {}

  @Process({ name: '*', concurrency: 1 })
  async handle(job: Job<OutboxEventJob>): Promise<number> {
    const userId = job.data.payload.userId;
    if (typeof userId !== 'string') return 0;
    const paused = await this.schedules.pauseAllOf(userId);
    if (paused > 0) this.logger.log(`paused ${paused} schedule(s) of deactivated user ${userId}`);
    return paused;
  }
}
