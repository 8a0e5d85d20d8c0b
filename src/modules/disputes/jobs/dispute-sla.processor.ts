import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { DISPUTE_QUEUES, DISPUTE_SLA_JOB } from '../disputes.events';
import { DisputesService } from '../disputes.service';
import { DisputesConfig } from '../disputes.config';

/**
 * The SLA check's tick: raises `dispute.sla_breached` once for each open dispute past its
 * deadline. Idempotent: a dispute is escalated by the statement that stamps `escalated_at`, so
 * a redelivered tick, or ticks of several workers, raise each breach once.
 */
@Processor(DISPUTE_QUEUES.sla)
export class DisputeSlaProcessor {
  private readonly logger = new Logger(DisputeSlaProcessor.name);

  constructor(private readonly disputes: DisputesService) {}

  @Process({ name: DISPUTE_SLA_JOB, concurrency: 1 })
  async handle(_job: Job): Promise<void> {
    const raised = await this.disputes.escalateBreached();
    if (raised > 0) this.logger.warn(`${raised} dispute(s) breached their SLA: escalation raised`);
  }
}

/** The repeatable tick every `DISPUTE_SLA_CHECK_INTERVAL_MS`, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class DisputeSlaRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(DISPUTE_QUEUES.sla) private readonly queue: Queue,
    private readonly config: DisputesConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: DISPUTE_SLA_JOB,
      everyMs: this.config.DISPUTE_SLA_CHECK_INTERVAL_MS,
      jobId: 'dispute-sla',
    });
  }
}
