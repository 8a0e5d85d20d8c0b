import { Injectable, Logger } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { localDate, startOfDay } from '../../platform/clock/calendar-dates';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one } from '../../platform/database/statement-executor';
import { outboxSubscriptions } from '../../platform/outbox/outbox-subscriptions';
import { QueueRegistry } from '../../platform/queue/queue-registry';
import { InjectRedis } from '../../platform/redis/redis.module';
import { CurrencyActivity, PaymentMetrics } from '../payments';
import type { AdminMetricDto, MetricUnit, MetricWindow } from './dto/admin-metric.dto';
import * as outboxLag from './sql/outbox-lag.queries';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Longest the dashboard waits for Redis; a Redis outage must not hold the page. */
const QUEUE_READ_TIMEOUT_MS = 1000;

const SQL = sqlStatements('operations', outboxLag);

interface Window {
  name: Exclude<MetricWindow, 'NOW'>;
  from: Date;
  to: Date;
}

/** A ratio to 4 decimals, or null when there is nothing to divide by. */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 ? Math.round((numerator / denominator) * 10_000) / 10_000 : null;
}

function seconds(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}

/**
 * The operations dashboard's figures, for the last hour, the business day so far (midnight in
 * SCHEDULE_TIME_ZONE to now) and the last 7 days, plus point-in-time gauges. Payment figures
 * come through the payments context's `PaymentMetrics` port; every statement is bounded by
 * its window on an indexed time column.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);

  constructor(
    private readonly payments: PaymentMetrics,
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
    @InjectRedis() private readonly redis: Redis,
    private readonly modules: ModulesContainer,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  windows(now: Date): Window[] {
    const today = startOfDay(localDate(now, this.config.SCHEDULE_TIME_ZONE), this.config.SCHEDULE_TIME_ZONE);
    return [
      { name: 'LAST_HOUR', from: new Date(now.getTime() - HOUR_MS), to: now },
      { name: 'TODAY', from: today, to: now },
      { name: 'LAST_7_DAYS', from: new Date(now.getTime() - 7 * DAY_MS), to: now },
    ];
  }

  async metrics(): Promise<AdminMetricDto[]> {
    const now = this.clock.now();
    const asOf = now.toISOString();
    const windows = this.windows(now);
    const [perWindow, outboxLag, queueDepths] = await Promise.all([
      Promise.all(
        windows.map(async (window) => ({
          window,
          currencies: await this.payments.currencyActivity(window.from, window.to),
          customers: await this.payments.activeCustomers(window.from, window.to),
          postings: await this.payments.postingActivity(window.from, window.to),
        })),
      ),
      this.outboxLagSeconds(now),
      this.queueDepths(),
    ]);

    // Every currency seen in any window appears in every window (0 where it had none), so a
    // dashboard's series do not come and go.
    const currencies = [...new Set(perWindow.flatMap((entry) => entry.currencies.map((row) => row.currency)))].sort();
    const metric = (
      name: string,
      value: number | null,
      unit: MetricUnit,
      window: MetricWindow,
      labels: { currency?: string; queue?: string } = {},
    ): AdminMetricDto => ({
      name,
      value,
      unit,
      window,
      asOf,
      currency: labels.currency ?? null,
      queue: labels.queue ?? null,
    });

    const result: AdminMetricDto[] = [];
    for (const { window, currencies: rows, customers, postings } of perWindow) {
      const byCurrency = new Map<string, CurrencyActivity>(rows.map((row) => [row.currency, row]));
      for (const currency of currencies) {
        const row = byCurrency.get(currency);
        result.push(metric('payments.count', row?.count ?? 0, 'count', window.name, { currency }));
        result.push(metric('payments.volume', Number(row?.volume ?? 0n), 'minor_units', window.name, { currency }));
      }
      const succeeded = rows.reduce((sum, row) => sum + row.succeeded, 0);
      const failed = rows.reduce((sum, row) => sum + row.failed, 0);
      result.push(metric('payments.success_rate', ratio(succeeded, succeeded + failed), 'ratio', window.name));
      result.push(
        metric(
          'postings.failure_rate',
          ratio(postings.failed, postings.confirmed + postings.failed),
          'ratio',
          window.name,
        ),
      );
      result.push(
        metric('postings.confirmation_seconds.p50', seconds(postings.confirmationSecondsP50), 'seconds', window.name),
      );
      result.push(
        metric('postings.confirmation_seconds.p95', seconds(postings.confirmationSecondsP95), 'seconds', window.name),
      );
      result.push(metric('customers.active', customers, 'count', window.name));
    }
    result.push(metric('outbox.lag_seconds', outboxLag, 'seconds', 'NOW'));
    for (const [queue, depth] of queueDepths) result.push(metric('queue.depth', depth, 'jobs', 'NOW', { queue }));
    return result;
  }

  /** Seconds since the oldest PENDING outbox row was written; 0 when none is pending. */
  private async outboxLagSeconds(now: Date): Promise<number> {
    // Read through outbox_events_status_idx (status, created_at): one index probe.
    const row = await one(executorOn(this.dataSource.manager), SQL.oldestPendingOutboxEvent, undefined);
    if (row === null) return 0;
    return seconds(Math.max(0, now.getTime() - row.oldest.getTime()) / 1000) ?? 0;
  }

  /**
   * Waiting plus delayed jobs of every queue a context of this application listens on (as the
   * Prometheus `queue_jobs` gauge reads them); null per queue when Redis does not answer in time.
   */
  private async queueDepths(): Promise<[string, number | null][]> {
    const names = [...new Set(outboxSubscriptions(this.modules).map((subscription) => subscription.queue))].sort();
    let timer: NodeJS.Timeout | undefined;
    try {
      if (this.redis.status !== 'ready') throw new Error('Redis is not connected');
      const read = Promise.all(
        names.map(async (name): Promise<[string, number | null]> => {
          const queue = this.queues.get(name);
          if (['reconnecting', 'close', 'end'].includes(queue.client.status)) return [name, null];
          const counts = await queue.getJobCounts();
          return [name, counts.waiting + counts.delayed];
        }),
      );
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${QUEUE_READ_TIMEOUT_MS} ms`)),
          QUEUE_READ_TIMEOUT_MS,
        );
      });
      return await Promise.race([read, timeout]);
    } catch (error) {
      this.logger.warn(`queue depths not read: ${error instanceof Error ? error.message : String(error)}`);
      return names.map((name) => [name, null]);
    } finally {
      clearTimeout(timer);
    }
  }
}
