import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { NonOverlappingRun } from '../../../platform/schedule/non-overlapping-run';
import { BillerDirectoryService } from './biller-directory.service';
import { BillerPopularityService } from './biller-popularity.service';
import { BillersConfig } from '../billers.config';

/**
 * The directory's upkeep in the worker, at start and then every
 * BILLER_POPULARITY_REFRESH_SECONDS (the `biller-directory-upkeep` interval): recompute
 * billers' popularity, and bring the search vocabulary in line with the billers. Both are
 * idempotent; with several workers, one refreshes popularity at a time.
 */
@Injectable()
export class BillerDirectoryScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'biller-directory-upkeep';
  private readonly logger = new Logger(BillerDirectoryScheduler.name);
  private readonly run = new NonOverlappingRun(
    BillerDirectoryScheduler.INTERVAL_NAME,
    () => this.upkeep(),
    this.logger,
  );

  constructor(
    private readonly popularity: BillerPopularityService,
    private readonly directory: BillerDirectoryService,
    private readonly config: BillersConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.run.schedule(this.scheduler, this.config.BILLER_POPULARITY_REFRESH_SECONDS * 1000);
    void this.run.trigger();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.run.stop(this.scheduler);
  }

  private async upkeep(): Promise<void> {
    const changed = await this.popularity.refresh();
    if (changed) this.logger.log(`biller popularity refreshed: ${changed} billers changed`);
    const { added, dropped } = await this.directory.syncSearchVocabulary();
    if (added + dropped > 0) this.logger.log(`biller search vocabulary: ${added} words added, ${dropped} dropped`);
  }
}
