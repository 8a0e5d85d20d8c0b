import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { MerchantsConfig } from '../merchants.config';
import { WebhookMaintenance } from '../webhooks/webhook-maintenance.service';
import { WEBHOOK_MAINTENANCE_JOBS, WEBHOOK_QUEUES } from '../webhooks/webhook-queues';

/**
 * The webhooks' repeatable jobs (one worker of the cluster runs each tick): the sweep for
 * deliveries whose job was lost, and the 30-day purge. Both are idempotent, so a redelivered
 * tick, or a tick run by hand, does no harm.
 */
@Processor(WEBHOOK_QUEUES.maintenance)
export class MerchantWebhookMaintenanceProcessor {
  constructor(private readonly maintenance: WebhookMaintenance) {}

  @Process({ name: WEBHOOK_MAINTENANCE_JOBS.sweep, concurrency: 1 })
  sweep(): Promise<number> {
    return this.maintenance.sweep();
  }

  @Process({ name: WEBHOOK_MAINTENANCE_JOBS.purge, concurrency: 1 })
  purge(): Promise<{ events: number; deliveries: number }> {
    return this.maintenance.purge();
  }
}

/** Both ticks, kept in Redis by `RepeatableTicks` (added back when Redis loses them). */
@Injectable()
export class MerchantWebhookMaintenanceRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(WEBHOOK_QUEUES.maintenance) private readonly queue: Queue,
    private readonly config: MerchantsConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: WEBHOOK_MAINTENANCE_JOBS.sweep,
      everyMs: this.config.MERCHANT_WEBHOOK_SWEEP_INTERVAL_MS,
      jobId: 'merchant-webhook-sweep',
    });
    this.ticks.keep({
      queue: this.queue,
      name: WEBHOOK_MAINTENANCE_JOBS.purge,
      everyMs: this.config.MERCHANT_WEBHOOK_PURGE_INTERVAL_MS,
      jobId: 'merchant-webhook-purge',
    });
  }
}
