import { Injectable } from '@nestjs/common';
import type { Job, JobOptions } from 'bull';
import { QueueRegistry } from '../../../platform/queue/queue-registry';
import { scheduleOf } from './webhook-schedule';

/**
 * The webhook queues: `events` gets one job per outbox event endpoints may hear of (the relay's,
 * job id = event id); `deliveries` one job per (event, endpoint), job id = the delivery's id.
 */
export const WEBHOOK_QUEUES = {
  events: 'merchant-webhook-events',
  deliveries: 'merchant-webhook-deliveries',
  /** The once-per-cluster repeatable jobs: the sweeper and the retention purge. */
  maintenance: 'merchant-webhook-maintenance',
} as const;

/** The repeatable jobs of the maintenance queue (job name, and the repeat's job id). */
export const WEBHOOK_MAINTENANCE_JOBS = {
  sweep: 'sweep',
  purge: 'purge',
} as const;

/** The deliveries queue's custom backoff (registered by the worker): the delay the failed attempt chose. */
export const WEBHOOK_BACKOFF = 'webhook-schedule';

export interface WebhookDeliveryJob {
  deliveryId: string;
  /** A member's retry or a test event: one attempt, outside the schedule. */
  manual: boolean;
  /** The attempt's outcome is the delivery's (a test event's only attempt); a retry's never fails it. */
  settles?: boolean;
  /**
   * Scheduled attempts made before this job (a job the sweeper queued again after its first was
   * lost): the job's own tries count from there in the mode's schedule. 0 when absent.
   */
  scheduledBefore?: number;
}

/** Thrown by a failed scheduled attempt: Bull retries the job after `delayMs` (WEBHOOK_BACKOFF). */
export class WebhookRetryLater extends Error {
  constructor(readonly delayMs: number) {
    super(`webhook attempt failed; next attempt in ${delayMs} ms`);
    this.name = 'WebhookRetryLater';
  }
}

/** How long a job waits after an error of our own (the database unreachable) before trying again. */
export const UNEXPECTED_ERROR_DELAY_MS = 60_000;

/**
 * Bull's custom backoff strategy for the deliveries queue: the failed attempt's own (jittered)
 * delay, recorded as its `nextAttemptAt`; after an error of ours (nothing recorded), a minute.
 */
export function webhookBackoff(_attemptsMade: number, error: Error): number {
  return error instanceof WebhookRetryLater ? error.delayMs : UNEXPECTED_ERROR_DELAY_MS;
}

const KEEP = { removeOnComplete: 1000, removeOnFail: 5000 };

/** Adds delivery jobs; the API (test events, retries) and the worker (fan-out) both use it. */
@Injectable()
export class WebhookDeliveryQueue {
  constructor(private readonly queues: QueueRegistry) {}

  /** The scheduled attempts of a delivery: one job, retried by Bull along the mode's schedule. */
  async scheduled(deliveryId: string, livemode: boolean): Promise<Job<WebhookDeliveryJob>> {
    const options: JobOptions = {
      ...KEEP,
      jobId: deliveryId,
      attempts: scheduleOf(livemode).length,
      backoff: { type: WEBHOOK_BACKOFF },
    };
    return this.queue().add('deliver', { deliveryId, manual: false } satisfies WebhookDeliveryJob, options);
  }

  /**
   * Queues a PENDING delivery's scheduled attempts again when its job is gone (lost with Redis,
   * or ended without settling the delivery), for the attempts its schedule has left; answers
   * false and changes nothing while a job of it is waiting, delayed or running. The job id is
   * the delivery's, so two sweepers at once add one job.
   */
  async requeue(deliveryId: string, livemode: boolean, scheduledBefore: number): Promise<boolean> {
    const queue = this.queue();
    const existing = await queue.getJob(deliveryId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'stuck') return false;
      await existing.remove();
    }
    const options: JobOptions = {
      ...KEEP,
      jobId: deliveryId,
      attempts: Math.max(1, scheduleOf(livemode).length - scheduledBefore),
      backoff: { type: WEBHOOK_BACKOFF },
    };
    await this.queue().add(
      'deliver',
      { deliveryId, manual: false, scheduledBefore } satisfies WebhookDeliveryJob,
      options,
    );
    return true;
  }

  /**
   * Runs a delivery's next scheduled attempt now: its job, waiting out its delay, is promoted (the developer test
   * clock, after bringing `nextAttemptAt` forward). False when the job is not delayed: already waiting or running,
   * or gone (the sweeper then queues it again, as `nextAttemptAt` is past).
   */
  async promoteScheduled(deliveryId: string): Promise<boolean> {
    const job = await this.queue().getJob(deliveryId);
    if (!job || !(await job.isDelayed())) return false;
    await job.promote();
    return true;
  }

  /**
   * One attempt now, outside the schedule: a retry asked for, or a test event's only attempt
   * (`settles`: its failure fails the delivery).
   */
  async once(deliveryId: string, tag: string, settles = false): Promise<Job<WebhookDeliveryJob>> {
    return this.queue().add('deliver', { deliveryId, manual: true, settles } satisfies WebhookDeliveryJob, {
      ...KEEP,
      jobId: `${deliveryId}:${tag}`,
      attempts: 1,
    });
  }

  private queue() {
    return this.queues.get(WEBHOOK_QUEUES.deliveries);
  }
}
