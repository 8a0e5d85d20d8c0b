import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { Clock } from '../../../platform/clock/clock';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { MerchantStatementFanOut } from '../statements/merchant-statement-fan-out';
import { MerchantStatementGenerator } from '../statements/merchant-statement-generator';
import {
  MERCHANT_STATEMENTS_QUEUE,
  STATEMENT_GENERATE_JOB,
  STATEMENT_TICK_CRON,
  STATEMENT_TICK_JOB,
  type StatementGenerateJob,
} from '../statements/merchant-statement-queues';
import { parseStatementPeriod, previousStatementPeriod } from '../statements/statement-period';

/**
 * The monthly statements: the tick (1st of the month, 02:00 UTC) fans the month before out to one
 * job per merchant and mode with activity; each job makes that merchant's statements of the month
 * once (`MerchantStatementGenerator`), however many workers run it.
 */
@Processor(MERCHANT_STATEMENTS_QUEUE)
export class MerchantStatementsProcessor {
  constructor(
    private readonly fanOut: MerchantStatementFanOut,
    private readonly generator: MerchantStatementGenerator,
    private readonly clock: Clock,
  ) {}

  @Process({ name: STATEMENT_TICK_JOB, concurrency: 1 })
  async tick(_job: Job): Promise<void> {
    await this.fanOut.fanOut(previousStatementPeriod(this.clock.now()));
  }

  @Process({ name: STATEMENT_GENERATE_JOB, concurrency: 2 })
  async generate(job: Job<StatementGenerateJob>): Promise<void> {
    const { merchantId, livemode, period } = job.data;
    await this.generator.generate(merchantId, livemode, parseStatementPeriod(period));
  }
}

/** The monthly cron tick, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class MerchantStatementsRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_STATEMENTS_QUEUE) private readonly queue: Queue,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: STATEMENT_TICK_JOB,
      cron: STATEMENT_TICK_CRON,
      jobId: 'merchant-statements',
    });
  }
}
