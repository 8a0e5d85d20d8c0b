import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { MERCHANT_QUEUES, VELOCITY_RETENTION_JOB } from '../merchants.events';
import { VelocityBucketRetention } from '../risk/velocity-bucket-retention';

const EVERY_MS = 3_600_000;

/** The hourly purge of old velocity buckets. Thin and idempotent (a DELETE of rows past a date). */
@Processor(MERCHANT_QUEUES.velocityRetention)
export class VelocityRetentionProcessor {
  constructor(private readonly retention: VelocityBucketRetention) {}

  @Process({ name: VELOCITY_RETENTION_JOB, concurrency: 1 })
  async handle(): Promise<void> {
    await this.retention.purge();
  }
}

/** The repeatable tick, once an hour across every worker, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class VelocityRetentionRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_QUEUES.velocityRetention) private readonly queue: Queue,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: VELOCITY_RETENTION_JOB,
      everyMs: EVERY_MS,
      jobId: 'merchant-velocity-retention',
    });
  }
}
