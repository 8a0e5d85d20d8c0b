import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { consumeOutboxJob } from '../../../platform/outbox/outbox-event-reader';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { MERCHANT_ANALYTICS_PRUNE_JOB, MERCHANT_ANALYTICS_QUEUES } from '../analytics/merchant-analytics-queues';
import { MERCHANT_ANALYTICS_OUTBOX_EVENTS, MerchantAnalyticsRollups } from '../analytics/merchant-analytics-rollups';
import { MerchantsConfig } from '../merchants.config';

/**
 * Consumes the outbox events analytics counts (job id = event id) into the hourly and payers' rollups.
 * Idempotent: a redelivered event counts once (its id is recorded with the sums, in one statement).
 */
@Processor(MERCHANT_ANALYTICS_QUEUES.rollup)
export class MerchantAnalyticsRollupProcessor {
  private readonly logger = new Logger(MerchantAnalyticsRollupProcessor.name);

  constructor(private readonly rollups: MerchantAnalyticsRollups) {}

  @Process({ name: '*', concurrency: 1 })
  handle(job: Job<OutboxEventJob>): Promise<string> {
    return consumeOutboxJob(job, this.logger, async (data) => {
      const event = MERCHANT_ANALYTICS_OUTBOX_EVENTS.read(data);
      return event ? this.rollups.apply(event) : 'NOTHING_TO_DO';
    });
  }
}

/** The prune of counted events' ids past their retention, once per cluster every MERCHANT_ANALYTICS_PRUNE_INTERVAL_MS. */
@Processor(MERCHANT_ANALYTICS_QUEUES.prune)
export class MerchantAnalyticsPruneProcessor {
  constructor(private readonly rollups: MerchantAnalyticsRollups) {}

  @Process({ name: MERCHANT_ANALYTICS_PRUNE_JOB, concurrency: 1 })
  handle(_job: Job): Promise<number> {
    return this.rollups.prune();
  }
}

/** Keeps the prune's repeatable job in Redis (`RepeatableTicks`). */
@Injectable()
export class MerchantAnalyticsPruneRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_ANALYTICS_QUEUES.prune) private readonly queue: Queue,
    private readonly settings: MerchantsConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: MERCHANT_ANALYTICS_PRUNE_JOB,
      everyMs: this.settings.MERCHANT_ANALYTICS_PRUNE_INTERVAL_MS,
      jobId: 'merchant-analytics-prune',
    });
  }
}
