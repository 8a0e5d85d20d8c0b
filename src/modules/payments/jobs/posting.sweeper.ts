import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../platform/config/app-config';
import { PostingService } from '../posting.service';

/**
 * Tries posting attempts as they fall due: retries after backoff, cycles an operator opened,
 * and attempts whose worker died mid-call (their lease runs out). Every worker runs one; the
 * attempt's lease keeps two from trying the same attempt at once.
 */
@Injectable()
export class PostingSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PostingSweeper.name);
  private readonly stop = new AbortController();
  private loop?: Promise<void>;

  constructor(
    private readonly posting: PostingService,
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
      let tried = 0;
      try {
        tried = await this.posting.sweep();
      } catch (error) {
        this.logger.error({ err: error }, 'posting sweep failed');
      }
      if (tried > 0) continue;
      await sleep(this.config.POSTING_SWEEP_INTERVAL_MS, undefined, { signal: this.stop.signal }).catch(
        () => undefined,
      );
    }
  }
}
