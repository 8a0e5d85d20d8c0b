import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppConfig } from '../config/app-config';
import { RepeatableTicks, TickQueue } from './repeatable-tick';

interface Repeat {
  key: string;
  name: string;
  every: number | null;
}

/** A Bull queue holding repeatable jobs in memory, as Redis would, and able to lose them. */
function fakeQueue(repeats: Repeat[] = []) {
  const client = new EventEmitter();
  const held = [...repeats];
  const added: number[] = [];
  const queue: TickQueue = {
    client,
    getRepeatableJobs: async () => held.map((repeat) => ({ ...repeat })),
    removeRepeatableByKey: async (key: string) => {
      held.splice(
        held.findIndex((repeat) => repeat.key === key),
        1,
      );
    },
    add: async (name: string, _data: unknown, options: { repeat: { every: number } }) => {
      added.push(options.repeat.every);
      if (!held.some((repeat) => repeat.name === name && repeat.every === options.repeat.every)) {
        held.push({ key: `${name}::${options.repeat.every}`, name, every: options.repeat.every });
      }
    },
  };
  return { queue, client, held, added, lose: () => held.splice(0) };
}

describe('RepeatableTicks', () => {
  const config = { REPEATABLE_JOB_CHECK_INTERVAL_MS: 3_600_000 } as AppConfig;
  let scheduler: SchedulerRegistry;
  let ticks: RepeatableTicks;

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    scheduler = new SchedulerRegistry();
    ticks = new RepeatableTicks(config, scheduler);
  });

  afterEach(() => ticks.beforeApplicationShutdown());

  it('registers at bootstrap, dropping the repeat of an older interval', async () => {
    const bull = fakeQueue([{ key: 'tick::5000', name: 'tick', every: 5000 }]);
    ticks.keep({ queue: bull.queue, name: 'tick', everyMs: 1000, jobId: 'runner' });
    await ticks.onApplicationBootstrap();
    expect(bull.held.map((repeat) => repeat.every)).toEqual([1000]);
    expect(scheduler.getIntervals()).toEqual(['repeatable-ticks-check']);
  });

  it('adds the job again when the connection is ready after Redis lost it', async () => {
    const bull = fakeQueue();
    ticks.keep({ queue: bull.queue, name: 'tick', everyMs: 1000, jobId: 'runner' });
    await ticks.onApplicationBootstrap();
    bull.lose();
    bull.client.emit('ready');
    await nextTurn();
    await nextTurn();
    expect(bull.held.map((repeat) => repeat.every)).toEqual([1000]);
  });

  it('adds back on its check only what is missing', async () => {
    const runner = fakeQueue();
    const sla = fakeQueue();
    ticks.keep({ queue: runner.queue, name: 'tick', everyMs: 1000, jobId: 'runner' });
    ticks.keep({ queue: sla.queue, name: 'check', everyMs: 2000, jobId: 'sla' });
    await ticks.onApplicationBootstrap();
    runner.lose();
    await ticks.check();
    expect(runner.added).toEqual([1000, 1000]);
    expect(sla.added).toEqual([2000]);
    expect(runner.held.map((repeat) => repeat.every)).toEqual([1000]);
  });

  it('stops its check and its listeners at shutdown', async () => {
    const bull = fakeQueue();
    ticks.keep({ queue: bull.queue, name: 'tick', everyMs: 1000, jobId: 'runner' });
    await ticks.onApplicationBootstrap();
    ticks.beforeApplicationShutdown();
    expect(scheduler.getIntervals()).toEqual([]);
    expect(bull.client.listenerCount('ready')).toBe(0);
  });

  it('refuses a job kept after bootstrap, which it would never register', async () => {
    await ticks.onApplicationBootstrap();
    expect(() => ticks.keep({ queue: fakeQueue().queue, name: 'tick', everyMs: 1000, jobId: 'late' })).toThrow();
  });

  describe('on a cron pattern', () => {
    interface CronRepeat {
      key: string;
      name: string;
      every: null;
      cron: string;
      tz: string | null;
    }

    /** A Bull queue holding cron repeats, keyed as Bull keys them (name, pattern and zone). */
    function cronQueue(repeats: CronRepeat[] = []) {
      const held = [...repeats];
      const added: { cron?: string; tz?: string }[] = [];
      const queue: TickQueue = {
        client: new EventEmitter(),
        getRepeatableJobs: async () => held.map((repeat) => ({ ...repeat })),
        removeRepeatableByKey: async (key: string) => {
          held.splice(
            held.findIndex((repeat) => repeat.key === key),
            1,
          );
        },
        add: async (name: string, _data: unknown, options: { repeat: { cron?: string; tz?: string } }) => {
          const { cron, tz } = options.repeat;
          added.push({ cron, tz });
          const key = `${name}::${tz}:${cron}`;
          if (cron && !held.some((repeat) => repeat.key === key))
            held.push({ key, name, every: null, cron, tz: tz ?? null });
        },
      };
      return { queue, held, added, lose: () => held.splice(0) };
    }

    it('registers in UTC, dropping the repeat of an older pattern, and adds it back once lost', async () => {
      const bull = cronQueue([
        { key: 'month::UTC:0 3 1 * *', name: 'month', every: null, cron: '0 3 1 * *', tz: 'UTC' },
      ]);
      ticks.keep({ queue: bull.queue, name: 'month', cron: '0 2 1 * *', jobId: 'statements' });
      await ticks.onApplicationBootstrap();
      expect(bull.held.map((repeat) => [repeat.cron, repeat.tz])).toEqual([['0 2 1 * *', 'UTC']]);
      await ticks.check();
      expect(bull.added).toEqual([{ cron: '0 2 1 * *', tz: 'UTC' }]);
      bull.lose();
      await ticks.check();
      expect(bull.added).toHaveLength(2);
      expect(bull.held.map((repeat) => repeat.cron)).toEqual(['0 2 1 * *']);
    });
  });
});
