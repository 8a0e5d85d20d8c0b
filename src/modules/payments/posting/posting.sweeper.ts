import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { NonOverlappingRun } from '../../../platform/schedule/non-overlapping-run';
import { PaymentRecoveryService } from '../core/payment-recovery.service';
import { PostingService } from './posting.service';
import { RailReversalService } from '../rails/rail-reversal.service';
import { PaymentsConfig } from '../payments.config';

/**
 * Tries the payments' recorded work as it falls due: posting attempts (a first cycle whose job
 * was lost, retries after backoff, cycles an operator opened, attempts whose worker died
 * mid-call), rail refunds or cancels (a lost job, a failed try), and payments left
 * AUTHORIZING (their capture answer was lost: the rail is asked). Every worker runs one, on the
 * `posting-sweep` interval (POSTING_SWEEP_INTERVAL_MS), at once again while a sweep found work;
 * the leases and stamps on the rows keep two workers from taking the same one at once.
 */
@Injectable()
export class PostingSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'posting-sweep';
  private readonly logger = new Logger(PostingSweeper.name);
  private readonly run = new NonOverlappingRun(PostingSweeper.INTERVAL_NAME, () => this.sweep(), this.logger);

  constructor(
    private readonly posting: PostingService,
    private readonly reversals: RailReversalService,
    private readonly recovery: PaymentRecoveryService,
    private readonly config: PaymentsConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.run.schedule(this.scheduler, this.config.POSTING_SWEEP_INTERVAL_MS);
    void this.run.trigger();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.run.stop(this.scheduler);
  }

  private async sweep(): Promise<boolean> {
    const [recovered, posted, reversed] = await Promise.all([
      this.recovery.recover(),
      this.posting.sweep(),
      this.reversals.sweep(),
    ]);
    return recovered + posted + reversed > 0;
  }
}
