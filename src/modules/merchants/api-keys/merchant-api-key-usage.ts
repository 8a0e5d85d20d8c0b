import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { NonOverlappingRun } from '../../../platform/schedule/non-overlapping-run';
import { MerchantApiKeysRepository } from './merchant-api-keys.repository';

/** How often the last-use times gathered in memory are written. */
export const USAGE_FLUSH_INTERVAL_MS = 15_000;

/**
 * `lastUsedAt` without a write per request: each verified use is noted in memory (the latest
 * per key) and written in one statement every USAGE_FLUSH_INTERVAL_MS (the
 * `merchant-api-key-usage-flush` interval) and when the process stops. A failed write keeps its times for the next flush. Several API processes each flush
 * their own; the column only moves forward.
 */
@Injectable()
export class MerchantApiKeyUsage implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'merchant-api-key-usage-flush';
  private readonly logger = new Logger(MerchantApiKeyUsage.name);
  private readonly run = new NonOverlappingRun(MerchantApiKeyUsage.INTERVAL_NAME, () => this.flush(), this.logger);
  private pending = new Map<string, Date>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantApiKeysRepository,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    // The timer alone keeps no process alive: the flush at shutdown writes what is left.
    this.run.schedule(this.scheduler, USAGE_FLUSH_INTERVAL_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.run.stop(this.scheduler);
    await this.flush();
  }

  note(keyId: string, at: Date): void {
    const known = this.pending.get(keyId);
    if (!known || known < at) this.pending.set(keyId, at);
  }

  /** Writes what has been noted; one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.repository
      .recordUse(this.dataSource.manager, [...batch.keys()], [...batch.values()])
      .catch((error: unknown) => {
        this.logger.warn(`API key last-use times not written, kept for the next flush: ${String(error)}`);
        for (const [keyId, at] of batch) this.note(keyId, at);
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }
}
