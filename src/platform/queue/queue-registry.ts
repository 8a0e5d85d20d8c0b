import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import Bull, { Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import {
  RedisConnectionSettings,
  redisReconnectDelay,
  redisSentinelOptions,
  redisUrlUsesTls,
} from '../redis/redis.module';
import { DEFAULT_JOB_OPTIONS } from './queues';

/**
 * Bull queues opened by name with the shared connection settings, for producers that pick the
 * queue at run time (the outbox relay) and for the queue-depth metrics. Modules that process
 * a queue register it with `BullModule.registerQueue`; both see the same Redis keys.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();

  constructor(private readonly config: AppConfig) {}

  get(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Bull(name, this.config.REDIS_URL, bullOptions(this.config));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}

export function bullPrefix(config: Pick<AppConfig, 'REDIS_KEY_PREFIX'>): string {
  return `${config.REDIS_KEY_PREFIX}:bull`;
}

/**
 * What every Bull queue of the service is opened with, besides REDIS_URL. Its clients reconnect
 * like the shared one (at most 2 s apart) rather than by Bull's default, whose pauses grow to
 * 20 s: a queue must notice soon that Redis is back, to serve jobs and to add back the
 * repeatable jobs a restarted Redis lost (RepeatableTicks). A `rediss://` REDIS_URL means TLS
 * for them too (Bull's own reading of the URL drops it). With Sentinel configured, each of its
 * connections (command, subscriber, blocking) reaches the master through it, as the shared
 * client does: Bull hands `redis` to ioredis for all three.
 */
export function bullOptions(config: Pick<AppConfig, 'REDIS_KEY_PREFIX'> & RedisConnectionSettings): Bull.QueueOptions {
  return {
    prefix: bullPrefix(config),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
    redis: {
      // Bull reads REDIS_URL's host, port, password and database itself, but not its scheme.
      ...(redisUrlUsesTls(config.REDIS_URL) ? { tls: {} } : {}),
      ...redisSentinelOptions(config),
      retryStrategy: redisReconnectDelay,
    },
  };
}
