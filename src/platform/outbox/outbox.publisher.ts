import { Inject, Injectable } from '@nestjs/common';
import type { Job, JobOptions } from 'bull';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { QueueRegistry } from '../queue/queue-registry';
import { EVENTS_CHANNEL, OutboxEventJob } from '../queue/queues';
import { InjectRedis } from '../redis/redis.module';
import { OutboxEvent } from './outbox-event.entity';

/** Event type -> queues that get one job per event; see `OUTBOX_EVENT_QUEUES`. */
export const OUTBOX_ROUTES = Symbol('OUTBOX_ROUTES');
export type OutboxRoutes = Readonly<Record<string, readonly string[]>>;

/** What publishing one event of a batch came to: null when every delivery was made, else why not. */
export type PublishOutcome = null | { error: unknown };

/** Delivers outbox events to their consumers. */
export abstract class OutboxPublisher {
  /** Delivers one event; throws if any delivery fails. */
  abstract publish(event: OutboxEvent): Promise<void>;

  /**
   * Delivers a relay batch and answers, for each event in order, whether all its deliveries
   * were made; never throws for one event's failure. By default one event after another; a
   * publisher that can send a batch at once overrides it.
   */
  async publishBatch(events: readonly OutboxEvent[]): Promise<PublishOutcome[]> {
    const outcomes: PublishOutcome[] = [];
    for (const event of events) {
      try {
        await this.publish(event);
        outcomes.push(null);
      } catch (error) {
        outcomes.push({ error });
      }
    }
    return outcomes;
  }
}

/**
 * Broadcasts each event on the Redis events channel and adds a job to every queue routed for
 * its type. The job id is the event id, so publishing the same event again (after a relay
 * crash between publish and commit) does not create a second job while the first is kept.
 * An operator's redelivery of a published event (`redeliveries` > 0) gets a job id of its own,
 * or Bull would drop it as a copy of the job it already holds; consumers dedupe on the event id.
 *
 * A relay batch goes out in few round trips instead of one per job: one `addBulk` (a MULTI) per
 * queue the batch reaches, the queues in parallel, then the broadcasts of the events whose jobs
 * were all added in one pipeline. An event is published only when all its jobs were added and
 * its broadcast sent; when a queue refuses the batch, every event routed to it is retried by the
 * relay (its jobs already added to other queues are kept, and the retry's copies dropped by job id).
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
    const [outcome] = await this.publishBatch([event]);
    if (outcome) throw outcome.error;
  }

  override async publishBatch(events: readonly OutboxEvent[]): Promise<PublishOutcome[]> {
    const outcomes: PublishOutcome[] = events.map(() => null);
    const jobs = events.map(jobOf);
    const perQueue = new Map<string, { index: number; name: string; data: OutboxEventJob; opts: JobOptions }[]>();
    events.forEach((event, index) => {
      const jobId = event.redeliveries > 0 ? `${event.id}:redelivery-${event.redeliveries}` : event.id;
      for (const queueName of this.routes[event.eventType] ?? []) {
        let batch = perQueue.get(queueName);
        if (!batch) perQueue.set(queueName, (batch = []));
        batch.push({ index, name: event.eventType, data: jobs[index], opts: { jobId } });
      }
    });
    await Promise.all(
      [...perQueue].map(async ([queueName, batch]) => {
        let added: Job[];
        try {
          added = await this.queues.get(queueName).addBulk(batch.map(({ name, data, opts }) => ({ name, data, opts })));
        } catch (error) {
          for (const { index } of batch) outcomes[index] ??= { error };
          return;
        }
        // Bull's addBulk does not reject when one command of its MULTI fails: that job has no id.
        batch.forEach(({ index }, position) => {
          if (added[position]?.id == null) {
            outcomes[index] ??= {
              error: new Error(`queue ${queueName} did not take the job of event ${events[index].id}`),
            };
          }
        });
      }),
    );
    const broadcast = events.map((_, index) => index).filter((index) => outcomes[index] === null);
    if (broadcast.length === 0) return outcomes;
    const pipeline = this.redis.pipeline();
    for (const index of broadcast) pipeline.publish(this.channel, JSON.stringify(jobs[index]));
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch (error) {
      for (const index of broadcast) outcomes[index] = { error };
      return outcomes;
    }
    broadcast.forEach((index, position) => {
      const result = results?.[position];
      if (!result) outcomes[index] = { error: new Error('the events channel did not answer') };
      else if (result[0]) outcomes[index] = { error: result[0] };
    });
    return outcomes;
  }
}

function jobOf(event: OutboxEvent): OutboxEventJob {
  return {
    eventId: event.id,
    eventType: event.eventType,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: event.payload,
    occurredAt: event.createdAt.toISOString(),
  };
}
