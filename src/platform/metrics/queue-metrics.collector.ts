import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import Redis from 'ioredis';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../database/sql-query';
import { executorOn, run } from '../database/statement-executor';
import { QueueRegistry } from '../queue/queue-registry';
import { outboxSubscriptions } from '../outbox/outbox-subscriptions';
import { InjectRedis } from '../redis/redis.module';
import { MetricsRegistry } from './metrics.registry';
import * as outboxBacklog from './sql/outbox-backlog.queries';

const SQL = sqlStatements('metrics', outboxBacklog);

/** Longest a scrape waits for one of these gauges; a scrape must still answer during an outage. */
const COLLECT_TIMEOUT_MS = 1000;

/**
 * Queue depths and outbox backlog, read at scrape time. When Redis or PostgreSQL is down the
 * gauge it feeds is left without samples (absent, rather than a misleading zero) and the
 * rest of the scrape, which is how an outage gets noticed, is still served.
 */
@Injectable()
export class QueueMetricsCollector implements OnModuleInit {
  private readonly logger = new Logger(QueueMetricsCollector.name);

  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly queues: QueueRegistry,
    private readonly dataSource: DataSource,
    @InjectRedis() private readonly redis: Redis,
    private readonly modules: ModulesContainer,
  ) {}

  onModuleInit(): void {
    // Every queue a context of this application declares it listens on.
    const queueNames = [...new Set(outboxSubscriptions(this.modules).map((subscription) => subscription.queue))];
    const readQueues = () => this.bounded('queue_jobs', () => this.queueCounts(queueNames));
    const readOutbox = () =>
      this.bounded('outbox_events', () => run(executorOn(this.dataSource.manager), SQL.outboxBacklog, undefined));
    new Gauge({
      name: 'queue_jobs',
      help: 'Bull jobs by queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        for (const [queue, states] of (await readQueues()) ?? []) {
          for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
        }
      },
    });
    new Gauge({
      name: 'outbox_events',
      help: 'Outbox rows waiting to be published (PENDING) or given up on (FAILED)',
      labelNames: ['status'] as const,
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        const rows = await readOutbox();
        if (!rows) return;
        this.set({ status: 'PENDING' }, 0);
        this.set({ status: 'FAILED' }, 0);
        for (const row of rows) this.set({ status: row.status }, Number(row.count));
      },
    });
  }

  private async queueCounts(queueNames: string[]): Promise<[string, Record<string, number>][]> {
    // Bull's own clients queue commands while disconnected and would hold the scrape until
    // Redis returns; the shared client knows at once whether Redis is there.
    if (this.redis.status !== 'ready') throw new Error('Redis is not connected');
    const queues = queueNames.map((name) => this.queues.get(name));
    // A Bull client still reconnecting after an outage would queue the commands; skip it until it is back.
    const reconnecting = queues.filter((queue) => ['reconnecting', 'close', 'end'].includes(queue.client.status));
    if (reconnecting.length > 0) throw new Error(`queue ${reconnecting[0].name} is reconnecting to Redis`);
    return Promise.all(
      queues.map(async (queue): Promise<[string, Record<string, number>]> => [
        queue.name,
        { ...(await queue.getJobCounts()) },
      ]),
    );
  }

  private async bounded<T>(gauge: string, read: () => Promise<T>): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS);
    });
    try {
      return await Promise.race([read(), timeout]);
    } catch (error) {
      this.logger.warn(`${gauge} not collected: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
