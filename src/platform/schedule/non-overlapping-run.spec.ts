import { SchedulerRegistry } from '@nestjs/schedule';
import { NonOverlappingRun } from './non-overlapping-run';

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('NonOverlappingRun', () => {
  const logger = { error: jest.fn() };
  let scheduler: SchedulerRegistry;

  beforeEach(() => {
    scheduler = new SchedulerRegistry();
    logger.error.mockReset();
  });

  it('registers its interval under its name in the scheduler registry, and removes it on stop', async () => {
    const run = new NonOverlappingRun('probe-loop', async () => false, logger);
    run.schedule(scheduler, 3_600_000);
    expect(scheduler.getIntervals()).toEqual(['probe-loop']);
    await run.stop(scheduler);
    expect(scheduler.getIntervals()).toEqual([]);
  });

  /** A task whose runs wait for `gate`, then report no more work. */
  function gatedTask(gate: { promise: Promise<void> }) {
    return jest.fn(async () => {
      await gate.promise;
      return false;
    });
  }

  it('starts nothing while a run is in flight', async () => {
    const gate = deferred();
    const task = gatedTask(gate);
    const run = new NonOverlappingRun('probe-loop', task, logger);
    const first = run.trigger();
    const second = run.trigger();
    expect(second).toBe(first);
    gate.resolve();
    await first;
    expect(task).toHaveBeenCalledTimes(1);
    await run.trigger();
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('goes round once more after the run in flight when woken during it, however many wakes came', async () => {
    const gate = deferred();
    const task = gatedTask(gate);
    const run = new NonOverlappingRun('probe-loop', task, logger);
    const first = run.trigger();
    expect(run.wake()).toBe(first);
    expect(run.wake()).toBe(first);
    gate.resolve();
    await first;
    expect(task).toHaveBeenCalledTimes(2);
    await run.wake();
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('runs again at once while a run reports more work waiting', async () => {
    const answers = [true, true, false];
    const task = jest.fn(async () => answers.shift() ?? false);
    await new NonOverlappingRun('probe-loop', task, logger).trigger();
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('logs a failing run instead of throwing, and runs again on the next tick', async () => {
    const task = jest.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(false);
    const run = new NonOverlappingRun('probe-loop', task, logger);
    await expect(run.trigger()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'probe-loop failed');
    await run.trigger();
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('waits on stop for the run in flight, which ends its round, and runs no more', async () => {
    const gate = deferred();
    let finished = false;
    const task = jest.fn(async () => {
      await gate.promise;
      finished = true;
      return true;
    });
    const run = new NonOverlappingRun('probe-loop', task, logger);
    run.schedule(scheduler, 3_600_000);
    void run.trigger();
    const stopped = run.stop(scheduler);
    gate.resolve();
    await stopped;
    expect(finished).toBe(true);
    expect(task).toHaveBeenCalledTimes(1);
    await run.trigger();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
