import type { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A per-process periodic task on an interval of `@nestjs/schedule`, registered in the
 * SchedulerRegistry under its name. Runs never overlap: a tick that finds a run in flight
 * starts nothing. A run that answers true (more work is waiting) runs again at once, so a
 * backlog drains without waiting for the next tick. A failing run is logged, never thrown: the
 * next tick tries again. `stop` removes the interval and waits for the run in flight; called from
 * `beforeApplicationShutdown`, it lets the run finish before the pools close.
 *
 * `wake` is for a signal that new work exists (the outbox relay's wake-ups): unlike a tick, a
 * wake that finds a run in flight is not dropped, since that run may have looked before the work
 * arrived; the run goes round once more when it ends. Wakes during one run make one more round.
 */
export class NonOverlappingRun {
  private inFlight: Promise<void> | null = null;
  private stopped = false;
  /** A wake came while a run was in flight: go round once more. */
  private wokenDuringRun = false;

  constructor(
    readonly name: string,
    private readonly task: () => Promise<boolean | void>,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  /** Runs the task every `everyMs` from now on; the timer is returned so a caller may unref it. */
  schedule(scheduler: SchedulerRegistry, everyMs: number): NodeJS.Timeout {
    const timer = setInterval(() => void this.trigger(), everyMs);
    scheduler.addInterval(this.name, timer);
    return timer;
  }

  /** Starts a run unless one is in flight or the task stopped; resolves when that run ends. */
  trigger(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.inFlight ??= this.runUntilCaughtUp().finally(() => {
      this.inFlight = null;
      // A wake between the last round's end and this line: its round starts now.
      if (this.wokenDuringRun) void this.trigger();
    });
    return this.inFlight;
  }

  /** Starts a run now, or, when one is in flight, one more round after it; resolves when the runs end. */
  wake(): Promise<void> {
    if (this.inFlight) this.wokenDuringRun = true;
    return this.trigger();
  }

  async stop(scheduler: SchedulerRegistry): Promise<void> {
    this.stopped = true;
    // ScheduleModule clears every interval at shutdown too, possibly first.
    if (scheduler.doesExist('interval', this.name)) scheduler.deleteInterval(this.name);
    await this.inFlight;
  }

  private async runUntilCaughtUp(): Promise<void> {
    let moreWaiting = true;
    while ((moreWaiting || this.wokenDuringRun) && !this.stopped) {
      moreWaiting = false;
      this.wokenDuringRun = false;
      try {
        moreWaiting = (await this.task()) === true;
      } catch (error) {
        this.logger.error({ err: error }, `${this.name} failed`);
      }
    }
  }
}
