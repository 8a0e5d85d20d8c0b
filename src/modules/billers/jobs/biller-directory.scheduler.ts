import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { BackgroundLoop } from '../../../platform/schedule/background-loop';
import { BillerDirectoryService } from '../biller-directory.service';
import { BillerPopularityService } from '../biller-popularity.service';

/**
 * The directory's upkeep in the worker, at start and then every
 * BILLER_POPULARITY_REFRESH_SECONDS: recompute billers' popularity, and bring the search
 * vocabulary in line with the billers. Both are idempotent; with several workers, one
 * refreshes popularity at a time.
 */
@Injectable()
export class BillerDirectoryScheduler extends BackgroundLoop {
  protected readonly logger = new Logger(BillerDirectoryScheduler.name);

  constructor(
    private readonly popularity: BillerPopularityService,
    private readonly directory: BillerDirectoryService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  protected async tick(): Promise<boolean> {
    const changed = await this.popularity.refresh();
    if (changed) this.logger.log(`biller popularity refreshed: ${changed} billers changed`);
    const { added, dropped } = await this.directory.syncSearchVocabulary();
    if (added + dropped > 0) this.logger.log(`biller search vocabulary: ${added} words added, ${dropped} dropped`);
    return false;
  }

  protected intervalMs(): number {
    return this.config.BILLER_POPULARITY_REFRESH_SECONDS * 1000;
  }
}
