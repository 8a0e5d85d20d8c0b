import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { BackgroundLoop } from '../schedule/background-loop';
import { OutboxRelay } from './outbox.relay';

/**
 * Runs the relay in the worker: a batch, then the next one at once if the batch was full,
 * otherwise after the poll interval. Shutdown waits for the batch in flight.
 */
@Injectable()
export class OutboxRelayRunner extends BackgroundLoop {
  protected readonly logger = new Logger(OutboxRelayRunner.name);

  constructor(
    private readonly relay: OutboxRelay,
    private readonly config: AppConfig,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.logger.log(`outbox relay ${this.relay.relayId} started`);
  }

  protected async tick(): Promise<boolean> {
    const result = await this.relay.runOnce();
    return result.claimed >= this.config.OUTBOX_BATCH_SIZE;
  }

  protected intervalMs(): number {
    return this.config.OUTBOX_POLL_INTERVAL_MS;
  }
}
