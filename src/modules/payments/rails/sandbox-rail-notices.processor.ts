import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { PaymentsConfig } from '../payments.config';
import { PAYMENT_QUEUES, SANDBOX_RAIL_NOTICE_JOB } from '../payments.events';
import { RailDisputes } from './rail-disputes.service';

/**
 * The sandbox rail's notification tick: delivers every sandbox dispute due (`RailDisputes.deliverDueSandbox`),
 * as a real rail's chargeback notification would arrive. Idempotent: a notice is claimed and marked in the
 * transaction that records it, so a redelivered tick, or ticks of several workers, record each once.
 */
@Processor(PAYMENT_QUEUES.sandboxRailNotices)
export class SandboxRailNoticesProcessor {
  constructor(private readonly disputes: RailDisputes) {}

  @Process({ name: SANDBOX_RAIL_NOTICE_JOB, concurrency: 1 })
  async handle(_job: Job): Promise<void> {
    await this.disputes.deliverDueSandbox();
  }
}

/** The repeatable tick every SANDBOX_RAIL_NOTICE_INTERVAL_MS, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class SandboxRailNoticesRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(PAYMENT_QUEUES.sandboxRailNotices) private readonly queue: Queue,
    private readonly settings: PaymentsConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: SANDBOX_RAIL_NOTICE_JOB,
      everyMs: this.settings.SANDBOX_RAIL_NOTICE_INTERVAL_MS,
      jobId: 'sandbox-rail-notices',
    });
  }
}
