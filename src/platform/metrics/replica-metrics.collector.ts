import { Injectable, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ReplicaReads } from '../database/replica-reads';
import { MetricsRegistry } from './metrics.registry';

/**
 * `database_replica_up`: 1 while the read replica (`DATABASE_REPLICA_URL`) answers the reads sent
 * to it, 0 from its failure until it answers again (those reads go to the primary meanwhile).
 * The state the reads last met, asked of no server at scrape time; no sample without a replica.
 */
@Injectable()
export class ReplicaMetricsCollector implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly replica: ReplicaReads,
  ) {}

  onModuleInit(): void {
    const replica = this.replica;
    new Gauge({
      name: 'database_replica_up',
      help: 'Whether the read replica answers the reads sent to it (1) or they go to the primary (0)',
      registers: [this.metrics.registry],
      collect() {
        this.reset();
        const state = replica.state;
        if (state !== 'none') this.set(state === 'up' ? 1 : 0);
      },
    });
  }
}
