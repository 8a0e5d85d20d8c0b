/**
 * Runs `run` with this process's `Date` `milliseconds` ahead of the real time, and the real time
 * back after, however `run` ends. Only `Date` is faked: timers, microtasks and `performance` keep
 * running, so the database drivers go on working. For what must follow the database's clock, not
 * the process's.
 */
export async function withProcessDateAhead<T>(milliseconds: number, run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
    now: Date.now() + milliseconds,
  });
  try {
    return await run();
  } finally {
    jest.useRealTimers();
  }
}
