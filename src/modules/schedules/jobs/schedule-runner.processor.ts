import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../../../platform/config/app-config';
import { registerRepeatableTick } from '../../../platform/queue/repeatable-tick';
import { ScheduleRunner } from '../schedule-runner.service';
import { SCHEDULE_QUEUES, SCHEDULE_RUNNER_JOB } from '../schedules.events';

/**
 * The runner's tick. Thin and idempotent: every write the runner makes is guarded by row state,
 * so a tick redelivered, or ticks of several workers at once, pay each period once.
 */
@Processor(SCHEDULE_QUEUES.runner)
export class ScheduleRunnerProcessor {
  constructor(private readonly runner: ScheduleRunner) {}

  @Process({ name: SCHEDULE_RUNNER_JOB, concurrency: 1 })
  async handle(_job: Job): Promise<void> {
    await this.runner.tick();
  }
}

/**
 * Registers the repeatable tick every `SCHEDULE_RUNNER_INTERVAL_MS` (Bull keeps one repeat per
 * key across every worker) and drops repeats of an older interval.
 */
@Injectable()
export class ScheduleRunnerRegistration implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduleRunnerRegistration.name);

  constructor(
    @InjectQueue(SCHEDULE_QUEUES.runner) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await registerRepeatableTick(
      this.queue,
      SCHEDULE_RUNNER_JOB,
      this.config.SCHEDULE_RUNNER_INTERVAL_MS,
      'schedule-runner',
      this.logger,
    );
  }
}
