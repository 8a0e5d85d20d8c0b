import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { MERCHANT_QUEUES, ORIGIN_RECHECK_JOB } from '../merchants.events';
import { MerchantOriginRecheck } from '../origins/merchant-origin-recheck';

const EVERY_MS = 3_600_000;

/**
 * The re-check of verified origins due (a week since their last check, a day while failing).
 * Thin and idempotent: each origin is claimed before it is checked, and a run finds only those due.
 */
@Processor(MERCHANT_QUEUES.originRecheck)
export class OriginRecheckProcessor {
  constructor(private readonly recheck: MerchantOriginRecheck) {}

  @Process({ name: ORIGIN_RECHECK_JOB, concurrency: 1 })
  async handle(): Promise<void> {
    await this.recheck.runDue();
  }
}

/** The repeatable tick, once an hour across every worker, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class OriginRecheckRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_QUEUES.originRecheck) private readonly queue: Queue,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: ORIGIN_RECHECK_JOB,
      everyMs: EVERY_MS,
      jobId: 'merchant-origin-recheck',
    });
  }
}
