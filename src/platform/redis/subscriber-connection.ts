import type Redis from 'ioredis';

/**
 * A pub/sub subscriber connection, a duplicate of the shared client `redis` (the same Sentinel,
 * credentials and database): its own connection (a subscribed connection takes no other command)
 * that queues SUBSCRIBEs until it is connected and resubscribes by itself after a reconnection.
 * The merchant event streams and the outbox relay's wake-ups each hold one.
 *
 * Without the ready check: ioredis writes a SUBSCRIBE that comes while the connection is set up
 * (status `connect`, streams opening together on a fresh process or after a reconnection) at once,
 * and its ready check's INFO, sent after that, is then refused in subscriber mode: the connection
 * fails its ready check, every SUBSCRIBE queued is rejected (503 to those streams) and it
 * reconnects. The check only waits for a Redis still loading its data, which pub/sub does not need.
 */
export function subscriberConnectionOf(redis: Redis): Redis {
  return redis.duplicate({ enableOfflineQueue: true, autoResubscribe: true, enableReadyCheck: false });
}
