import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import {
  CHECKOUT_EXPIRY_JOB,
  CHECKOUT_EXPIRY_SWEEP_JOB,
  CheckoutExpiryJob,
  MERCHANT_QUEUES,
} from '../merchants.events';
import { CheckoutExpiryScheduler } from './checkout-expiry.scheduler';
import { CheckoutSessionExpiry } from './checkout-session-expiry';

/**
 * A checkout session's delayed expiry: OPEN past `expiresAt` becomes EXPIRED (once; a session
 * paid or expired by a read meanwhile is left as it is). A job that comes early by this
 * process's clock puts itself back for the time left.
 */
@Processor(MERCHANT_QUEUES.checkoutExpiry)
export class CheckoutExpiryProcessor {
  private readonly logger = new Logger(CheckoutExpiryProcessor.name);

  constructor(
    private readonly expiry: CheckoutSessionExpiry,
    private readonly scheduler: CheckoutExpiryScheduler,
  ) {}

  @Process({ name: CHECKOUT_EXPIRY_JOB, concurrency: 5 })
  async handle(job: Job<CheckoutExpiryJob>): Promise<void> {
    const outcome = await this.expiry.expireIfDue(job.data.checkoutSessionId);
    if (outcome instanceof Date) {
      await this.scheduler.schedule(job.data.checkoutSessionId, outcome, true);
      return;
    }
    if (outcome === 'expired') this.logger.log(`Checkout session ${job.data.checkoutSessionId} expired`);
  }

  /** The sweep: sessions overdue whose delayed job never came (Redis lost it). */
  @Process({ name: CHECKOUT_EXPIRY_SWEEP_JOB, concurrency: 1 })
  async sweep(): Promise<void> {
    const expired = await this.expiry.sweep();
    if (expired > 0) this.logger.warn(`Expired ${expired} overdue checkout session(s) whose expiry job was lost`);
  }
}

const SWEEP_EVERY_MS = 60_000;

/** The sweep's repeatable tick, once a minute across every worker, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class CheckoutExpirySweepRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_QUEUES.checkoutExpiry) private readonly queue: Queue,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: CHECKOUT_EXPIRY_SWEEP_JOB,
      everyMs: SWEEP_EVERY_MS,
      jobId: 'merchant-checkout-expiry-sweep',
    });
  }
}
