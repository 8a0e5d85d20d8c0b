import { Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { AppConfig } from '../../../platform/config/app-config';
import { InjectRedis } from '../../../platform/redis/redis.module';
import { MerchantsConfig } from '../merchants.config';
import { MerchantEventsRepository, RecordedMerchantEvent } from './merchant-events.repository';
import { merchantEventsChannel, MerchantStreamEvent, PublishedMerchantEvent } from './merchant-stream-events';

const HOUR_MS = 3_600_000;
const PURGE_BATCH = 1000;

/**
 * The worker's side of the event stream: records each merchant-facing outbox event in
 * `merchant_events` (its replay window) and then publishes it on the merchant's channel, which
 * the API processes holding the merchant's streams listen to.
 *
 * Idempotent: a redelivered event finds its row and is published again under the same id and
 * number, which streams drop as already sent. A publish that is lost (Redis down after the
 * commit, a job that dies between the two) loses nothing: streams fill any gap in the numbers
 * from the table, at the next event or the next heartbeat.
 */
@Injectable()
export class MerchantEventRecorder {
  private readonly logger = new Logger(MerchantEventRecorder.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantEventsRepository,
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly settings: MerchantsConfig,
    private readonly clock: Clock,
  ) {}

  /** Records and publishes the event; null for one already past the window (it would be purged at once). */
  async record(event: MerchantStreamEvent): Promise<RecordedMerchantEvent | null> {
    if (event.createdAt.getTime() < this.windowStart().getTime()) return null;
    const recorded = await this.dataSource.transaction((manager) => this.repository.record(manager, event));
    const message: PublishedMerchantEvent = {
      seq: recorded.seq,
      id: recorded.id,
      type: recorded.type,
      body: recorded.body,
    };
    await this.redis.publish(
      merchantEventsChannel(this.config.REDIS_KEY_PREFIX, event.merchantId, event.livemode),
      JSON.stringify(message),
    );
    return recorded;
  }

  /** Deletes the events past the retention window, a batch at a time; answers how many. */
  async purge(): Promise<number> {
    const before = this.windowStart();
    let purged = 0;
    for (;;) {
      const deleted = await this.repository.purgeBefore(this.dataSource.manager, before, PURGE_BATCH);
      purged += deleted;
      if (deleted < PURGE_BATCH) break;
    }
    if (purged > 0) this.logger.log(`${purged} event-stream event(s) past ${before.toISOString()} purged`);
    return purged;
  }

  /** The oldest instant still replayed: now less MERCHANT_EVENTS_RETENTION_HOURS. */
  windowStart(): Date {
    return new Date(this.clock.now().getTime() - this.settings.MERCHANT_EVENTS_RETENTION_HOURS * HOUR_MS);
  }
}
