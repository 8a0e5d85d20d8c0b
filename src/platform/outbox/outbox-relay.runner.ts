import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { InjectRedis } from '../redis/redis.module';
import { subscriberConnectionOf } from '../redis/subscriber-connection';
import { NonOverlappingRun } from '../schedule/non-overlapping-run';
import { SpacedCalls } from '../schedule/spaced-calls';
import { OUTBOX_WAKE_GAP_MS, outboxWakeChannel } from './outbox-wake-ups';
import { OutboxRelay } from './outbox.relay';

/**
 * Runs the relay in the worker: a batch at start, at each wake-up (`OutboxWakeUps`: a process
 * committed outbox rows), and on the `outbox-relay` interval (OUTBOX_POLL_INTERVAL_MS), which
 * finds what no wake-up announced (Redis away, rows whose retry came due); the next batch at once
 * while batches come back full. A wake-up during a batch makes one more batch after it, and the
 * batches wake-ups start are spaced by OUTBOX_WAKE_GAP_MS, however many processes send them: a
 * busy service's events go in batches of a gap's worth rather than a few each. The wake-ups come
 * on a subscriber connection of the relay's own; after it reconnects, the relay runs a batch for
 * what was committed while it was away. Shutdown waits for the batch in flight.
 */
@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'outbox-relay';
  private readonly logger = new Logger(OutboxRelayRunner.name);
  private readonly run = new NonOverlappingRun(OutboxRelayRunner.INTERVAL_NAME, () => this.relayBatch(), this.logger);
  private readonly wakes = new SpacedCalls(OUTBOX_WAKE_GAP_MS, () => void this.run.wake());
  private wakeUps: Redis | null = null;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    this.run.schedule(this.scheduler, this.config.OUTBOX_POLL_INTERVAL_MS);
    void this.run.trigger();
    this.listenForWakeUps();
    this.logger.log(`outbox relay ${this.relay.relayId} started`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const wakeUps = this.wakeUps;
    this.wakeUps = null;
    wakeUps?.disconnect();
    this.wakes.close();
    await this.run.stop(this.scheduler);
  }

  private listenForWakeUps(): void {
    const wakeUps = subscriberConnectionOf(this.redis);
    const channel = outboxWakeChannel(this.config);
    // Redis away: the poll carries on alone, and ioredis reconnects by itself.
    wakeUps.on('error', () => undefined);
    wakeUps.on('message', () => this.wakes.signal());
    // At each connection (SUBSCRIBE again is harmless where ioredis resubscribed), then a batch
    // for what was committed while no wake-up could come.
    wakeUps.on('ready', () => {
      wakeUps.subscribe(channel).then(
        () => this.wakes.signal(),
        (error: unknown) => {
          if (this.wakeUps) this.logger.warn({ err: error }, 'outbox wake-ups not subscribed; the relay polls');
        },
      );
    });
    this.wakeUps = wakeUps;
  }

  private async relayBatch(): Promise<boolean> {
    const result = await this.relay.runOnce();
    return result.claimed >= this.config.OUTBOX_BATCH_SIZE;
  }
}
