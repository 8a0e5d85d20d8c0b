import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../platform/config/app-config';
import { BillerDirectoryService } from '../biller-directory.service';
import { BillerPopularityService } from '../biller-popularity.service';

/**
 * The directory's upkeep in the worker, at start and then every
 * BILLER_POPULARITY_REFRESH_SECONDS: recompute billers' popularity, and bring the search
 * vocabulary in line with the billers. Both are idempotent; with several workers, one
 * refreshes popularity at a time.
 */
@Injectable()
export class BillerDirectoryScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BillerDirectoryScheduler.name);
  private readonly stop = new AbortController();
  private loop?: Promise<void>;

  constructor(
    private readonly popularity: BillerPopularityService,
    private readonly directory: BillerDirectoryService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stop.signal.aborted) {
      try {
        const changed = await this.popularity.refresh();
        if (changed) this.logger.log(`biller popularity refreshed: ${changed} billers changed`);
        const { added, dropped } = await this.directory.syncSearchVocabulary();
        if (added + dropped > 0) this.logger.log(`biller search vocabulary: ${added} words added, ${dropped} dropped`);
      } catch (error) {
        this.logger.error({ err: error }, 'biller directory upkeep failed');
      }
      await sleep(this.config.BILLER_POPULARITY_REFRESH_SECONDS * 1000, undefined, {
        signal: this.stop.signal,
      }).catch(() => undefined);
    }
  }
}
