import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../config/app-config';
import { NonOverlappingRun } from '../schedule/non-overlapping-run';
import { OutboxRelay } from './outbox.relay';

/**
 * Runs the relay in the worker, on the `outbox-relay` interval (OUTBOX_POLL_INTERVAL_MS): a
 * batch at start and on each tick, and the next one at once while batches come back full.
 * Shutdown waits for the batch in flight.
 */
@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'outbox-relay';
  private readonly logger = new Logger(OutboxRelayRunner.name);
  private readonly run = new NonOverlappingRun(OutboxRelayRunner.INTERVAL_NAME, () => this.relayBatch(), this.logger);

  constructor(
    private readonly relay: OutboxRelay,
    private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.run.schedule(this.scheduler, this.config.OUTBOX_POLL_INTERVAL_MS);
    void this.run.trigger();
    this.logger.log(`outbox relay ${this.relay.relayId} started`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.run.stop(this.scheduler);
  }

  private async relayBatch(): Promise<boolean> {
    const result = await this.relay.runOnce();
    return result.claimed >= this.config.OUTBOX_BATCH_SIZE;
  }
}
