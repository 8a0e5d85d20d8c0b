import type Redis from 'ioredis';
import { TEST_REDIS_KEY_PREFIX } from './test-settings';

/** Keys UNLINKed per round trip: large enough to be quick, small enough not to stall a shared Redis. */
const BATCH = 500;

/**
 * Every key of a run: the run's prefix (`test:<run id>`) and anything after it. A spec's own
 * sub-prefix belongs under it (`<run>:<namespace>-...`), yet one written as `<run>-...` is
 * still found; run ids are of one length, so no other run's keys match.
 */
export function runKeyPattern(prefix: string): string {
  return `${prefix}*`;
}

/**
 * Deletes the keys matching `pattern` (those `only` accepts) with SCAN and batched UNLINK, never
 * FLUSHDB: the Redis is shared. Answers how many went.
 */
export async function unlinkKeys(
  redis: Redis,
  pattern: string,
  only: (key: string) => boolean = () => true,
): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    const doomed = keys.filter(only);
    for (let start = 0; start < doomed.length; start += BATCH) {
      deleted += await redis.unlink(...doomed.slice(start, start + BATCH));
    }
  } while (cursor !== '0');
  return deleted;
}

/** How many keys match `pattern`. */
export async function countKeys(redis: Redis, pattern: string): Promise<number> {
  let count = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0');
  return count;
}

/** When the run whose prefix starts `key` began (its id is `<start time in base 36>_<random>`), or null. */
export function runStartOf(key: string): number | null {
  if (!key.startsWith(TEST_REDIS_KEY_PREFIX)) return null;
  const match = /^([0-9a-z]+)_[0-9a-f]{6}/.exec(key.slice(TEST_REDIS_KEY_PREFIX.length));
  const started = match ? parseInt(match[1], 36) : NaN;
  return Number.isFinite(started) ? started : null;
}
