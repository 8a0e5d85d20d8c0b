import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A worker's periodic task: `tick` runs at start and then after every `intervalMs`; when it
 * reports more work waiting it runs again at once. Shutdown stops the loop after the tick in
 * flight, so a task is never cut off halfway. A failing tick is logged and retried next time.
 */
export abstract class BackgroundLoop implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly logger: Logger;
  private readonly stop = new AbortController();
  private loop?: Promise<void>;

  /** One round of work; answers true when more is waiting and the next round should not wait. */
  protected abstract tick(): Promise<boolean>;

  protected abstract intervalMs(): number;

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stop.signal.aborted) {
      let moreWaiting = false;
      try {
        moreWaiting = await this.tick();
      } catch (error) {
        this.logger.error({ err: error }, `${this.constructor.name} failed`);
      }
      if (moreWaiting) continue;
      await sleep(this.intervalMs(), undefined, { signal: this.stop.signal }).catch(() => undefined);
    }
  }
}
