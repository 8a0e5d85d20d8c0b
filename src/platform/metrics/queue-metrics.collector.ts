import { Injectable, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { QueueRegistry } from '../queue/queue-registry';
import { OUTBOX_EVENT_QUEUES, QUEUE_NAMES } from '../queue/queues';
import { MetricsRegistry } from './metrics.registry';

/** Queue depths and outbox backlog, read at scrape time. */
@Injectable()
export class QueueMetricsCollector implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly queues: QueueRegistry,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const queues = this.queues;
    const queueNames = [...new Set<string>([...QUEUE_NAMES, ...Object.values(OUTBOX_EVENT_QUEUES).flat()])];
    new Gauge({
      name: 'queue_jobs',
      help: 'Bull jobs by queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        for (const name of queueNames) {
          const counts = await queues.get(name).getJobCounts();
          for (const [state, count] of Object.entries(counts)) this.set({ queue: name, state }, count);
        }
      },
    });
    const dataSource = this.dataSource;
    new Gauge({
      name: 'outbox_events',
      help: 'Outbox rows waiting to be published (PENDING) or given up on (FAILED)',
      labelNames: ['status'] as const,
      registers: [this.metrics.registry],
      async collect() {
        const rows: { status: string; count: string }[] = await dataSource.query(
          `SELECT status, count(*)::text AS count FROM outbox_events WHERE status <> 'PUBLISHED' GROUP BY status`,
        );
        this.set({ status: 'PENDING' }, 0);
        this.set({ status: 'FAILED' }, 0);
        for (const row of rows) this.set({ status: row.status }, Number(row.count));
      },
    });
  }
}
