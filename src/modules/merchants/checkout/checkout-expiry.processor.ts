import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { CHECKOUT_EXPIRY_JOB, CheckoutExpiryJob, MERCHANT_QUEUES } from '../merchants.events';
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
}
