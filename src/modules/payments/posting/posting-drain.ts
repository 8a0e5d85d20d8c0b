import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bull';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../platform/config/app-config';
import { PAYMENT_QUEUES } from '../payments.events';
import { PostingService } from './posting.service';

/**
 * What SHUTDOWN_TIMEOUT_MS keeps for closing queues, pools and connections after the drain:
 * 40% of it, at most 2 s. The rest is the posts' time to finish.
 */
const closingReserveMs = (timeoutMs: number) => Math.min(2000, Math.floor(timeoutMs * 0.4));
/** Longest wait for Bull to stop handing this worker jobs (Redis may be the thing that is down). */
const PAUSE_TIMEOUT_MS = 1000;

/**
 * The worker's first step of a graceful shutdown, before any pool, queue or connector closes:
 * this worker stops taking posting and reversal jobs, then lets the posts in flight finish
 * (cutting short, and releasing for another worker, any that outlast the budget). Without it,
 * SIGTERM cut calls to healthy billers mid-reply, counted them as the billers' failures and
 * opened their circuits.
 */
@Injectable()
export class PostingDrain implements OnModuleDestroy {
  private readonly logger = new Logger(PostingDrain.name);

  constructor(
    private readonly posting: PostingService,
    private readonly config: AppConfig,
    @InjectQueue(PAYMENT_QUEUES.posting) private readonly postingQueue: Queue,
    @InjectQueue(PAYMENT_QUEUES.railReversals) private readonly reversalQueue: Queue,
  ) {}

  async onModuleDestroy(): Promise<void> {
    const timeoutMs = this.config.SHUTDOWN_TIMEOUT_MS;
    // Local pause, not waiting for active jobs: those are the tries the drain waits for. A job
    // Bull hands over meanwhile finds the service draining and releases its payment at once.
    const paused = Promise.allSettled([this.postingQueue.pause(true, true), this.reversalQueue.pause(true, true)]);
    const [, cut] = await Promise.all([
      Promise.race([paused, sleep(PAUSE_TIMEOUT_MS, undefined, { ref: false })]),
      this.posting.drain(timeoutMs - closingReserveMs(timeoutMs)),
    ]);
    if (cut > 0) this.logger.warn(`released ${cut} interrupted posting tries for another worker`);
  }
}
