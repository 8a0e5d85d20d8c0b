import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { CronRepeatOptions, EveryRepeatOptions, JobInformation, JobOptions } from 'bull';
import type { EventEmitter } from 'node:events';
import { AppConfig } from '../config/app-config';

/**
 * What RepeatableTicks uses of a Bull queue: its repeatable jobs (`every` is null for a cron
 * repeat, `cron` null or absent for an interval), adding one that repeats every so many
 * milliseconds or on a cron pattern, and its Redis connection's events.
 */
export interface TickQueue {
  client: Pick<EventEmitter, 'on' | 'off'>;
  getRepeatableJobs(): Promise<
    (Pick<JobInformation, 'key' | 'name'> & { every: number | null; cron?: string | null; tz?: string | null })[]
  >;
  removeRepeatableByKey(key: string): Promise<void>;
  add(
    name: string,
    data: object,
    opts: JobOptions & { repeat: EveryRepeatOptions | CronRepeatOptions },
  ): Promise<unknown>;
}

/**
 * A job Bull repeats on `queue`, once per cluster whatever the number of workers: every `everyMs`,
 * or on a cron pattern in UTC (`cron: '0 2 1 * *'`, the 1st of each month at 02:00).
 */
export type RepeatableTick = {
  queue: TickQueue;
  name: string;
  jobId: string;
} & ({ everyMs: number; cron?: undefined } | { cron: string; everyMs?: undefined });

/** The time zone of cron ticks: the schedule does not move with the server's zone or daylight saving. */
const CRON_TIME_ZONE = 'UTC';

function scheduleOf(tick: RepeatableTick): string {
  return tick.cron === undefined ? `every ${tick.everyMs} ms` : `cron ${tick.cron}`;
}

const CHECK_INTERVAL_NAME = 'repeatable-ticks-check';

/**
 * Keeps the worker's repeatable jobs (the schedule runner, the dispute SLA check, the biller-side
 * check, the merchant webhooks' sweep and purge, the merchant statements' monthly cron) in Redis. Bull holds a repeatable job only in Redis, so a Redis restarted without its
 * data, or emptied, loses it, and registering it only at boot left it gone until the worker
 * restarted. Each worker therefore adds the jobs it was given with `keep`:
 *
 * - at boot, dropping the repeats of an older interval;
 * - whenever the queue's Redis connection is ready again (a restarted Redis is usually empty);
 * - when its own check, every REPEATABLE_JOB_CHECK_INTERVAL_MS (a per-process interval of
 *   `@nestjs/schedule`), finds one missing, as after a FLUSHALL the connection never noticed.
 *
 * Adding a repeatable job Bull already holds changes nothing (same repeat key, same next job
 * id), so several workers doing this at once still run each tick once. Redis down is logged,
 * never thrown: the next ready event or check adds the job.
 */
@Injectable()
export class RepeatableTicks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RepeatableTicks.name);
  private readonly ticks: RepeatableTick[] = [];
  private readonly detach: (() => void)[] = [];
  private started = false;
  private checking = false;

  constructor(
    private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** Call from `onModuleInit`: the tick is registered at bootstrap and kept from then on. */
  keep(tick: RepeatableTick): void {
    if (this.started) throw new Error(`repeatable job ${tick.jobId} kept after bootstrap`);
    this.ticks.push(tick);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    await Promise.all(this.ticks.map((tick) => this.register(tick)));
    for (const tick of this.ticks) {
      const client = tick.queue.client;
      const onReady = () => void this.ensure(tick, 'the Redis connection is ready again');
      client.on('ready', onReady);
      this.detach.push(() => client.off('ready', onReady));
    }
    if (this.ticks.length > 0) {
      const timer = setInterval(() => void this.check(), this.config.REPEATABLE_JOB_CHECK_INTERVAL_MS);
      this.scheduler.addInterval(CHECK_INTERVAL_NAME, timer);
    }
  }

  beforeApplicationShutdown(): void {
    if (this.scheduler.doesExist('interval', CHECK_INTERVAL_NAME)) this.scheduler.deleteInterval(CHECK_INTERVAL_NAME);
    for (const detach of this.detach.splice(0)) detach();
  }

  /** Adds back every tick Redis no longer holds; a check still waiting for a hung Redis is not doubled. */
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all(this.ticks.map((tick) => this.ensure(tick, 'it was missing')));
    } finally {
      this.checking = false;
    }
  }

  private async ensure(tick: RepeatableTick, why: string): Promise<void> {
    try {
      if (await this.present(tick)) return;
      this.logger.warn(`adding the repeatable job ${tick.jobId} (${scheduleOf(tick)}) again: ${why}`);
      await this.add(tick);
    } catch (error) {
      this.logger.error({ err: error }, `could not check the repeatable job ${tick.jobId}`);
    }
  }

  private async present(tick: RepeatableTick): Promise<boolean> {
    const repeats = await tick.queue.getRepeatableJobs();
    return repeats.some((repeat) =>
      tick.cron === undefined
        ? repeat.name === tick.name && Number(repeat.every) === tick.everyMs
        : repeat.name === tick.name && repeat.cron === tick.cron && repeat.tz === CRON_TIME_ZONE,
    );
  }

  private async register(tick: RepeatableTick): Promise<void> {
    try {
      for (const repeat of await tick.queue.getRepeatableJobs()) {
        if (repeat.name !== tick.name) continue;
        const stale =
          tick.cron === undefined
            ? repeat.every !== null && Number(repeat.every) !== tick.everyMs
            : !!repeat.cron && (repeat.cron !== tick.cron || repeat.tz !== CRON_TIME_ZONE);
        if (stale) await tick.queue.removeRepeatableByKey(repeat.key);
      }
      await this.add(tick);
    } catch (error) {
      this.logger.error({ err: error }, `could not register the repeatable job ${tick.jobId}`);
    }
  }

  private async add(tick: RepeatableTick): Promise<void> {
    await tick.queue.add(
      tick.name,
      {},
      {
        repeat: tick.cron === undefined ? { every: tick.everyMs } : { cron: tick.cron, tz: CRON_TIME_ZONE },
        jobId: tick.jobId,
        attempts: 1,
        removeOnComplete: 50,
        removeOnFail: 50,
      },
    );
  }
}
