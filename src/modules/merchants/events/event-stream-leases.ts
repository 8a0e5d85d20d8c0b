import { Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { InjectRedis } from '../../../platform/redis/redis.module';

/** Redis's own clock, in ms: every API process measures leases against the same one. */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops lapsed leases; takes one for ARGV[1] until now + ARGV[3] ms if fewer than ARGV[2] are held. */
const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** Extends ARGV[1]'s lease to now + ARGV[2] ms (taking it again if it lapsed). */
const RENEW = `${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

/**
 * The slots of an API key's open event streams, counted across API processes: a sorted set per
 * key of stream id -> lease expiry. A stream takes a lease when it opens, renews it at each
 * heartbeat and gives it back when it closes; a process that dies holding streams stops renewing,
 * and their slots lapse after the lease's time instead of staying taken.
 */
@Injectable()
export class EventStreamLeases {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** Takes a slot for `streamId` if the key holds fewer than `max`; false when it holds them all. */
  async acquire(apiKeyId: string, streamId: string, max: number, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(ACQUIRE, 1, keyOf(apiKeyId), streamId, max, ttlMs)) === 1;
  }

  async renew(apiKeyId: string, streamId: string, ttlMs: number): Promise<void> {
    await this.redis.eval(RENEW, 1, keyOf(apiKeyId), streamId, ttlMs);
  }

  async release(apiKeyId: string, streamId: string): Promise<void> {
    await this.redis.zrem(keyOf(apiKeyId), streamId);
  }
}

function keyOf(apiKeyId: string): string {
  return `merchant-event-streams:${apiKeyId}`;
}
