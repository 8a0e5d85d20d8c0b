import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../config/app-config';
import { OutboxRelay } from './outbox.relay';

/**
 * Runs the relay in the worker: a batch, then the next one at once if the batch was full,
 * otherwise after the poll interval. Shutdown waits for the batch in flight.
 */
@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayRunner.name);
  private readonly stop = new AbortController();
  private loop?: Promise<void>;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
    this.logger.log(`outbox relay ${this.relay.relayId} started`);
  }

  /** Before the pools close: finish the batch in flight, take no new one. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stop.signal.aborted) {
      let full = false;
      try {
        const result = await this.relay.runOnce();
        full = result.claimed >= this.config.OUTBOX_BATCH_SIZE;
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay batch failed');
      }
      if (!full) {
        await sleep(this.config.OUTBOX_POLL_INTERVAL_MS, undefined, { signal: this.stop.signal }).catch(
          () => undefined,
        );
      }
    }
  }
}
