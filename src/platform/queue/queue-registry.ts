import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import Bull, { Queue } from 'bull';
import { AppConfig } from '../config/app-config';
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
      queue = new Bull(name, this.config.REDIS_URL, {
        prefix: bullPrefix(this.config),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
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
