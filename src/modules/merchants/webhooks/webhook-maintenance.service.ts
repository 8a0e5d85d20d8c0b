import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { MerchantsConfig } from '../merchants.config';
import { MerchantWebhooksRepository } from './merchant-webhooks.repository';
import { WebhookDeliveryQueue } from './webhook-queues';

/** Events, deliveries and attempts are kept this long (design section 7; the redeliver route's window). */
export const WEBHOOK_RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** Deliveries one sweep looks at; the next sweep takes the rest. */
export const SWEEP_BATCH = 500;
/** Events one purge statement deletes (with their deliveries and attempts), in its own transaction. */
export const PURGE_BATCH = 500;
/** Batches one purge run deletes at most; the next run goes on. */
export const PURGE_MAX_BATCHES = 100;

/**
 * The webhooks' two repeatable jobs, run once per cluster by the worker.
 *
 * - `sweep`: PostgreSQL is the truth and Redis only wakes workers (as the payments' posting
 *   sweeper). A PENDING delivery whose next attempt has been due for the pickup grace
 *   (MERCHANT_WEBHOOK_PICKUP_GRACE_MS) and that has no job waiting, delayed or running (Redis
 *   restarted without its data, or the job ended without settling it) is queued again, job id =
 *   delivery id, for the attempts its schedule has left.
 * - `purge`: events older than 30 days, with their deliveries and attempts, deleted in batches
 *   of 500, each batch its own short transaction.
 */
@Injectable()
export class WebhookMaintenance {
  private readonly logger = new Logger(WebhookMaintenance.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantWebhooksRepository,
    private readonly queue: WebhookDeliveryQueue,
    private readonly config: MerchantsConfig,
    private readonly clock: Clock,
  ) {}

  /** How many deliveries were queued again. */
  async sweep(): Promise<number> {
    const dueBefore = new Date(this.clock.now().getTime() - this.config.MERCHANT_WEBHOOK_PICKUP_GRACE_MS);
    const due = await this.repository.dueDeliveries(this.dataSource.manager, dueBefore, SWEEP_BATCH);
    let requeued = 0;
    for (const delivery of due) {
      if (await this.queue.requeue(delivery.id, delivery.livemode, delivery.scheduledAttempts)) requeued++;
    }
    if (requeued > 0) this.logger.warn(`${requeued} webhook deliveries had lost their job: queued again`);
    return requeued;
  }

  /** How many events (and deliveries, with their attempts) were deleted. */
  async purge(): Promise<{ events: number; deliveries: number }> {
    const before = new Date(this.clock.now().getTime() - WEBHOOK_RETENTION_DAYS * DAY_MS);
    const total = { events: 0, deliveries: 0 };
    for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
      const purged = await this.dataSource.transaction((manager) =>
        this.repository.purgeEventsBefore(manager, before, PURGE_BATCH),
      );
      total.events += purged.events;
      total.deliveries += purged.deliveries;
      if (purged.events < PURGE_BATCH) break;
    }
    if (total.events > 0) {
      this.logger.log(`webhook retention: ${total.events} events and ${total.deliveries} deliveries deleted`);
    }
    return total;
  }
}
