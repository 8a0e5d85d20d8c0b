import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import { QueueRegistry } from '../../../platform/queue/queue-registry';
import { CHECKOUT_EXPIRY_JOB, CheckoutExpiryJob, MERCHANT_QUEUES } from '../merchants.events';

/**
 * The Bull job id of a session's expiry: one per session and due time (adding it twice adds it
 * once), and for a job that came early, one per time it was put back (the early job itself still
 * holds the first id while it runs).
 */
export function checkoutExpiryJobId(checkoutSessionId: string, expiresAt: Date, requeuedAt?: Date): string {
  const base = `checkout-expiry:${checkoutSessionId}:${expiresAt.getTime()}`;
  return requeuedAt ? `${base}:requeued:${requeuedAt.getTime()}` : base;
}

/**
 * Puts a session's expiry on the `merchant-checkout-expiry` queue, delayed until `expiresAt`
 * on the app's clock. After the session's commit and best effort: a job lost with Redis only
 * delays the EXPIRED state until the next read (which checks `expiresAt` itself) or the worker's
 * sweep (`CheckoutSessionExpiry.sweep`), whichever comes first.
 */
@Injectable()
export class CheckoutExpiryScheduler {
  private readonly logger = new Logger(CheckoutExpiryScheduler.name);

  constructor(
    private readonly queues: QueueRegistry,
    private readonly clock: Clock,
  ) {}

  /** Queues the expiry; `requeue` when an early job puts it back (a job id of its own). */
  async schedule(checkoutSessionId: string, expiresAt: Date, requeue = false): Promise<void> {
    const job: CheckoutExpiryJob = { checkoutSessionId };
    const now = this.clock.now();
    const delay = Math.max(0, expiresAt.getTime() - now.getTime());
    try {
      await this.queues.get(MERCHANT_QUEUES.checkoutExpiry).add(CHECKOUT_EXPIRY_JOB, job, {
        delay,
        jobId: checkoutExpiryJobId(checkoutSessionId, expiresAt, requeue ? now : undefined),
      });
    } catch (error) {
      this.logger.warn(
        `Expiry of checkout session ${checkoutSessionId} not queued (${(error as Error).message}); reads and the sweep still expire it`,
      );
    }
  }
}
