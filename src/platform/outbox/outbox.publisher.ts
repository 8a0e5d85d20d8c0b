import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { QueueRegistry } from '../queue/queue-registry';
import { EVENTS_CHANNEL, OutboxEventJob } from '../queue/queues';
import { InjectRedis } from '../redis/redis.module';
import { OutboxEvent } from './outbox-event.entity';

/** Event type -> queues that get one job per event; see `OUTBOX_EVENT_QUEUES`. */
export const OUTBOX_ROUTES = Symbol('OUTBOX_ROUTES');
export type OutboxRoutes = Readonly<Record<string, readonly string[]>>;

/** Delivers one outbox event to its consumers; throws if any delivery fails. */
export abstract class OutboxPublisher {
  abstract publish(event: OutboxEvent): Promise<void>;
}

/**
 * Broadcasts each event on the Redis events channel and adds a job to every queue routed for
 * its type. The job id is the event id, so publishing the same event again (after a relay
 * crash between publish and commit) does not create a second job while the first is kept.
 * An operator's redelivery of a published event (`redeliveries` > 0) gets a job id of its own,
 * or Bull would drop it as a copy of the job it already holds; consumers dedupe on the event id.
 */
@Injectable()
export class RedisOutboxPublisher extends OutboxPublisher {
  private readonly channel: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly queues: QueueRegistry,
    @Inject(OUTBOX_ROUTES) private readonly routes: OutboxRoutes,
    config: AppConfig,
  ) {
    super();
    this.channel = `${config.REDIS_KEY_PREFIX}:${EVENTS_CHANNEL}`;
  }

  async publish(event: OutboxEvent): Promise<void> {
    const job: OutboxEventJob = {
      eventId: event.id,
      eventType: event.eventType,
      aggregateType: event.aggregateType,
      aggregateId: event.aggregateId,
      payload: event.payload,
      occurredAt: event.createdAt.toISOString(),
    };
    for (const queueName of this.routes[event.eventType] ?? []) {
      const jobId = event.redeliveries > 0 ? `${event.id}:redelivery-${event.redeliveries}` : event.id;
      await this.queues.get(queueName).add(event.eventType, job, { jobId });
    }
    await this.redis.publish(this.channel, JSON.stringify(job));
  }
}
