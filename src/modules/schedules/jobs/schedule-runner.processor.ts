import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { ScheduleRunner } from '../schedule-runner.service';
import { SCHEDULE_QUEUES, SCHEDULE_RUNNER_JOB } from '../schedules.events';
import { SchedulesConfig } from '../schedules.config';

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
 * The repeatable tick every `SCHEDULE_RUNNER_INTERVAL_MS` (Bull keeps one repeat per key across
 * every worker), kept in Redis by `RepeatableTicks` even when Redis loses it.
 */
@Injectable()
export class ScheduleRunnerRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(SCHEDULE_QUEUES.runner) private readonly queue: Queue,
    private readonly config: SchedulesConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: SCHEDULE_RUNNER_JOB,
      everyMs: this.config.SCHEDULE_RUNNER_INTERVAL_MS,
      jobId: 'schedule-runner',
    });
  }
}
