import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `read` every `intervalMs` until `done` holds, failing after `seconds`. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  seconds = 60,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${seconds} s waiting for ${what} (last seen: ${JSON.stringify(last)})`);
}
