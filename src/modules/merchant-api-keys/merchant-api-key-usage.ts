import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MerchantApiKeysRepository } from './merchant-api-keys.repository';

/** How often the last-use times gathered in memory are written. */
export const USAGE_FLUSH_INTERVAL_MS = 15_000;

/**
 * `lastUsedAt` without a write per request: each verified use is noted in memory (the latest
 * per key) and written in one statement every USAGE_FLUSH_INTERVAL_MS and when the process
 * stops. A failed write keeps its times for the next flush. Several API processes each flush
 * their own; the column only moves forward.
 */
@Injectable()
export class MerchantApiKeyUsage implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(MerchantApiKeyUsage.name);
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantApiKeysRepository,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
