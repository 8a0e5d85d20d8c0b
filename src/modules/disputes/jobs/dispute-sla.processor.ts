import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../../../platform/config/app-config';
import { registerRepeatableTick } from '../../../platform/queue/repeatable-tick';
import { DISPUTE_QUEUES, DISPUTE_SLA_JOB } from '../disputes.events';
import { DisputesService } from '../disputes.service';

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

/** Registers the repeatable tick every `DISPUTE_SLA_CHECK_INTERVAL_MS`, dropping repeats of an older interval. */
@Injectable()
export class DisputeSlaRegistration implements OnApplicationBootstrap {
  private readonly logger = new Logger(DisputeSlaRegistration.name);

  constructor(
    @InjectQueue(DISPUTE_QUEUES.sla) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await registerRepeatableTick(
      this.queue,
      DISPUTE_SLA_JOB,
      this.config.DISPUTE_SLA_CHECK_INTERVAL_MS,
      'dispute-sla',
      this.logger,
    );
  }
}
