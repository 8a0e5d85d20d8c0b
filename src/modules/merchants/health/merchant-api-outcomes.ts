import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { NonOverlappingRun } from '../../../platform/schedule/non-overlapping-run';
import * as health from './sql/health.queries';

const SQL = sqlStatements('merchants', health);

/** How often the counts gathered in memory are added to the table. */
export const OUTCOMES_FLUSH_INTERVAL_MS = 15_000;
/** Hours of counts kept: the health check reads 24; a little more leaves room for late flushes. */
export const OUTCOMES_RETENTION_HOURS = 48;
const HOUR_MS = 3600_000;

export interface Counts {
  merchantId: string;
  livemode: boolean;
  hour: Date;
  total: number;
  clientErrors: number;
  serverErrors: number;
}

/** Where the counts go: `merchant_api_request_counts`, added to per merchant, mode and hour. */
@Injectable()
export class MerchantApiOutcomesStore {
  constructor(private readonly dataSource: DataSource) {}

  async add(batch: Counts[]): Promise<void> {
    await run(executorOn(this.dataSource.manager), SQL.addApiRequestCounts, {
      merchantIds: batch.map((counts) => counts.merchantId),
      livemodes: batch.map((counts) => counts.livemode),
      hours: batch.map((counts) => counts.hour),
      totals: batch.map((counts) => counts.total),
      clientErrors: batch.map((counts) => counts.clientErrors),
      serverErrors: batch.map((counts) => counts.serverErrors),
    });
  }

  async purge(before: Date): Promise<void> {
    await run(executorOn(this.dataSource.manager), SQL.purgeApiRequestCounts, { before });
  }
}

/**
 * The merchant API's outcomes without a write per request: each answer to a request made with an
 * API key is counted in memory per merchant, mode and UTC hour (requests, 4xx, 5xx) and added to
 * `merchant_api_request_counts` in one statement every OUTCOMES_FLUSH_INTERVAL_MS (the
 * `merchant-api-outcomes-flush` interval) and when the process stops; counts whose write failed
 * are kept for the next flush. Several API processes add their own. Once an hour a flush also
 * deletes the rows older than OUTCOMES_RETENTION_HOURS.
 */
@Injectable()
export class MerchantApiOutcomes implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'merchant-api-outcomes-flush';
  private readonly logger = new Logger(MerchantApiOutcomes.name);
  private readonly run = new NonOverlappingRun(MerchantApiOutcomes.INTERVAL_NAME, () => this.flush(), this.logger);
  private pending = new Map<string, Counts>();
  private flushing: Promise<void> | null = null;
  private lastPurgeHour = 0;

  constructor(
    private readonly store: MerchantApiOutcomesStore,
    private readonly scheduler: SchedulerRegistry,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.run.schedule(this.scheduler, OUTCOMES_FLUSH_INTERVAL_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.run.stop(this.scheduler);
    await this.flush();
  }

  /** Counts one answer (its HTTP status) to a request of the merchant's API key in that mode. */
  record(merchantId: string, livemode: boolean, status: number): void {
    const hour = new Date(Math.floor(this.clock.now().getTime() / HOUR_MS) * HOUR_MS);
    this.add({
      merchantId,
      livemode,
      hour,
      total: 1,
      clientErrors: status >= 400 && status < 500 ? 1 : 0,
      serverErrors: status >= 500 ? 1 : 0,
    });
  }

  private add(counts: Counts): void {
    const key = `${counts.merchantId}:${counts.livemode}:${counts.hour.getTime()}`;
    const known = this.pending.get(key);
    if (!known) {
      this.pending.set(key, { ...counts });
      return;
    }
    known.total += counts.total;
    known.clientErrors += counts.clientErrors;
    known.serverErrors += counts.serverErrors;
  }

  /** Adds what has been counted to the table; one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const hour = Math.floor(this.clock.now().getTime() / HOUR_MS);
    const purge = hour !== this.lastPurgeHour;
    if (this.pending.size === 0 && !purge) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.write(batch, purge ? hour : null)
      .catch((error: unknown) => {
        this.logger.warn(`merchant API outcome counts not written, kept for the next flush: ${String(error)}`);
        for (const counts of batch) this.add(counts);
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  private async write(batch: Counts[], purgeHour: number | null): Promise<void> {
    if (batch.length > 0) await this.store.add(batch);
    if (purgeHour !== null) {
      await this.store.purge(new Date((purgeHour - OUTCOMES_RETENTION_HOURS) * HOUR_MS));
      this.lastPurgeHour = purgeHour;
    }
  }
}
