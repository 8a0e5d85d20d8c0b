import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import Bull from 'bull';

/**
 * Closes every Bull queue of the application at once when it shuts down. `@nestjs/bull` closes
 * each registered queue in its own module's shutdown hook, one module after another, and each
 * close can spend Bull's 500 ms disconnect timeout: with a queue per context that added about
 * half a second per queue to the worker's shutdown and overran the budget SHUTDOWN_TIMEOUT_MS
 * keeps for closing. Closed here first (and in parallel), the per-queue hooks later find them
 * closed. Runs after every `onModuleDestroy`, so the posting drain has finished by then.
 */
@Injectable()
export class QueueShutdown implements BeforeApplicationShutdown {
  constructor(private readonly modules: ModulesContainer) {}

  async beforeApplicationShutdown(): Promise<void> {
    const queues = new Set<Bull.Queue>();
    for (const module of this.modules.values()) {
      for (const wrapper of module.providers.values()) {
        if (wrapper.instance instanceof Bull) queues.add(wrapper.instance as Bull.Queue);
      }
    }
    await Promise.allSettled([...queues].map((queue) => queue.close()));
  }
}
