import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Configuration } from '../config/configuration';
import { ApiErrors } from './api-errors.decorator';
import { RATE_LIMIT_RULES, RateLimitGuard } from './rate-limit.guard';

/** One counter: at most `max` requests per `windowSeconds` for each distinct key. */
export interface RateLimitRule {
  /** Names the counter in Redis and in logs, e.g. `register-phone`. */
  name: string;
  /**
   * What is counted: a client address, a normalised phone number... `undefined` skips the rule
   * for this request (the request is then refused by validation anyway). Runs before validation,
   * on the raw body, so it must normalise what it reads.
   */
  key: (request: Request) => string | undefined;
  /** The limit, read from the owning context's configuration slice (`configuration.get(Slice)`) on each request. */
  limit: (configuration: Configuration) => { max: number; windowSeconds: number };
}

/** Counts per client address (`request.ip`, which honours TRUST_PROXY). */
export const byClientAddress = (request: Request): string | undefined => request.ip ?? request.socket.remoteAddress;

/**
 * Counts per value of a body field, normalised by `normalize` (so `+234 803...` and
 * `+234803...` share a counter); a missing or unusable value skips the rule.
 */
export function byBodyField(field: string, normalize: (value: unknown) => string | null) {
  return (request: Request): string | undefined => {
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null) return undefined;
    return normalize((body as Record<string, unknown>)[field]) ?? undefined;
  };
}

/** Response headers of a rate-limited route, for the OpenAPI document. */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current window.',
    schema: { type: 'integer', example: 5 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', example: 4 },
  },
  'X-RateLimit-Reset': {
    description: 'When the current window ends, in Unix epoch seconds.',
    schema: { type: 'integer', example: 1795392900 },
  },
} as const;

/**
 * Limits a route with one or more Redis counters (fixed windows, shared by every API process).
 * Each response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`
 * of the tightest rule; over a limit the route answers 429 `RATE_LIMITED` with `Retry-After`.
 */
export function RateLimit(...rules: [RateLimitRule, ...RateLimitRule[]]) {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_RULES, rules),
    UseGuards(RateLimitGuard),
    ApiErrors('RATE_LIMITED'),
    ApiResponse({
      status: 429,
      headers: {
        ...RATE_LIMIT_HEADERS,
        'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer', example: 600 } },
      },
    }),
  );
}
