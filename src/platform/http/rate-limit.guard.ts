import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { Clock } from '../clock/clock';
import { Configuration } from '../config/configuration';
import { KeyedHash } from '../crypto/keyed-hash';
import { InjectRedis } from '../redis/redis.module';
import { ApiException } from './api-error';
import { dependencyUnavailable } from './dependency-outage';
import type { RateLimitRule } from './rate-limit.decorator';

/**
 * One fixed-window hit, atomically: count the request and start the window's expiry on the
 * first one. Returns the count and the milliseconds left in the window.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Metadata key of a route's rules, set by `@RateLimit(...)`. */
export const RATE_LIMIT_RULES = 'rate-limit-rules';

type RedisWithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

interface Counted {
  max: number;
  count: number;
  resetMs: number;
}

/** Applies the `@RateLimit(...)` rules of a route; see the decorator. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger(RateLimitGuard.name);
  private readonly redis: RedisWithHit;

  constructor(
    private readonly reflector: Reflector,
    private readonly configuration: Configuration,
    private readonly clock: Clock,
    private readonly keyedHash: KeyedHash,
    @InjectRedis() redis: Redis,
  ) {
    if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as RedisWithHit;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<RateLimitRule[] | undefined>(RATE_LIMIT_RULES, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const counted = (await Promise.all(rules.map((rule) => this.hit(rule, request)))).filter(
      (entry): entry is Counted => entry !== null,
    );
    if (counted.length === 0) return true;

    const exceeded = counted.filter((entry) => entry.count > entry.max);
    // Report the rule that binds: the exceeded one that lasts longest, or the one with least room.
    const binding =
      exceeded.length > 0
        ? exceeded.reduce((a, b) => (b.resetMs > a.resetMs ? b : a))
        : counted.reduce((a, b) => (b.max - b.count < a.max - a.count ? b : a));
    const resetSeconds = Math.max(1, Math.ceil(binding.resetMs / 1000));
    response.setHeader('X-RateLimit-Limit', String(binding.max));
    response.setHeader('X-RateLimit-Remaining', String(Math.max(0, binding.max - binding.count)));
    response.setHeader('X-RateLimit-Reset', String(Math.ceil((this.clock.now().getTime() + binding.resetMs) / 1000)));
    if (exceeded.length > 0) {
      throw new ApiException('RATE_LIMITED', `Too many requests; retry after ${resetSeconds} seconds`, undefined, {
        'Retry-After': String(resetSeconds),
      });
    }
    return true;
  }

  private async hit(rule: RateLimitRule, request: Request): Promise<Counted | null> {
    const subject = rule.key(request);
    if (subject === undefined) return null;
    const { max, windowSeconds } = rule.limit(this.configuration);
    // The subject (a phone number, an address) is keyed by its digest, never stored in clear.
    const key = `ratelimit:${rule.name}:${this.keyedHash.digest('rate-limit', subject).slice(0, 32)}`;
    try {
      const [count, resetMs] = await this.redis.rateLimitHit(key, windowSeconds * 1000);
      return { max, count, resetMs };
    } catch (error) {
      // Fails closed: these limits stand between a guesser and PINs and OTPs, so no counter
      // means no request. The client fails fast while Redis is down (see RedisModule).
      this.logger.warn(
        `rate limit ${rule.name} unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw dependencyUnavailable('redis', 'does not answer', 'Rate limiting is unavailable; try again shortly');
    }
  }
}
