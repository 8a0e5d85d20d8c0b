import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { BackgroundLoop } from '../../../platform/schedule/background-loop';
import { PaymentRecoveryService } from '../payment-recovery.service';
import { PostingService } from '../posting.service';
import { RailReversalService } from '../rail-reversal.service';

/**
 * Tries the payments' recorded work as it falls due: posting attempts (a first cycle whose job
 * was lost, retries after backoff, cycles an operator opened, attempts whose worker died
 * mid-call), rail refunds or cancels (a lost job, a failed try), and payments left
 * AUTHORIZING (their capture answer was lost: the rail is asked). Every worker runs one; the
 * leases and stamps on the rows keep two workers from taking the same one at once.
 */
@Injectable()
export class PostingSweeper extends BackgroundLoop {
  protected readonly logger = new Logger(PostingSweeper.name);

  constructor(
    private readonly posting: PostingService,
    private readonly reversals: RailReversalService,
    private readonly recovery: PaymentRecoveryService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  protected async tick(): Promise<boolean> {
    const [recovered, posted, reversed] = await Promise.all([
      this.recovery.recover(),
      this.posting.sweep(),
      this.reversals.sweep(),
    ]);
    return recovered + posted + reversed > 0;
  }

  protected intervalMs(): number {
    return this.config.POSTING_SWEEP_INTERVAL_MS;
  }
}
