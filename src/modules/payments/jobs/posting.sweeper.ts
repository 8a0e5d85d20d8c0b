import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { BackgroundLoop } from '../../../platform/schedule/background-loop';
import { PostingService } from '../posting.service';

/**
 * Tries posting attempts as they fall due: retries after backoff, cycles an operator opened,
 * and attempts whose worker died mid-call (their lease runs out). Every worker runs one; the
 * attempt's lease keeps two from trying the same attempt at once.
 */
@Injectable()
export class PostingSweeper extends BackgroundLoop {
  protected readonly logger = new Logger(PostingSweeper.name);

  constructor(
    private readonly posting: PostingService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  protected async tick(): Promise<boolean> {
    return (await this.posting.sweep()) > 0;
  }

  protected intervalMs(): number {
    return this.config.POSTING_SWEEP_INTERVAL_MS;
  }
}
