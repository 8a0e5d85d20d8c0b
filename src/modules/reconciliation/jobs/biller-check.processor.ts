import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { addDays, localDate, startOfDay } from '../../../platform/clock/calendar-dates';
import { Clock } from '../../../platform/clock/clock';
import { AppConfig } from '../../../platform/config/app-config';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { BillerCheckService, BillerCheckSummary } from '../biller-check.service';
import type { ReconciliationWindow } from '../reconciliation-break';
import { ReconciliationConfig } from '../reconciliation.config';

export const RECONCILIATION_QUEUES = { billerCheck: 'reconciliation-biller-check' } as const;
export const BILLER_CHECK_JOB = 'check';

/**
 * The business day before `now` and the one in progress, in `timeZone`: what the biller-side
 * check asks billers about on each tick (yesterday's late confirmations included).
 */
export function billerCheckWindow(now: Date, timeZone: string): ReconciliationWindow {
  const today = localDate(now, timeZone);
  return { from: startOfDay(addDays(today, -1), timeZone), to: startOfDay(addDays(today, 1), timeZone) };
}

/**
 * The worker's biller-side check: asks each biller, through the connector, for its record of
 * the window's SUCCEEDED payments and records disagreements (`BILLER_DISAGREES` breaks of the
 * reconciliation). Idempotent: each answer is kept per payment, so a redelivered tick redoes
 * the inquiries and writes nothing twice.
 */
@Processor(RECONCILIATION_QUEUES.billerCheck)
export class BillerCheckProcessor {
  private readonly logger = new Logger(BillerCheckProcessor.name);

  constructor(
    private readonly checks: BillerCheckService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  @Process({ name: BILLER_CHECK_JOB, concurrency: 1 })
  async handle(_job: Job): Promise<BillerCheckSummary> {
    const summary = await this.checks.check(billerCheckWindow(this.clock.now(), this.config.SCHEDULE_TIME_ZONE));
    this.logger.log(`biller-side check: ${JSON.stringify(summary)}`);
    return summary;
  }
}

/** The check every `RECONCILIATION_BILLER_CHECK_INTERVAL_MS`, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class BillerCheckRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(RECONCILIATION_QUEUES.billerCheck) private readonly queue: Queue,
    private readonly settings: ReconciliationConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: BILLER_CHECK_JOB,
      everyMs: this.settings.RECONCILIATION_BILLER_CHECK_INTERVAL_MS,
      jobId: 'reconciliation-biller-check',
    });
  }
}
