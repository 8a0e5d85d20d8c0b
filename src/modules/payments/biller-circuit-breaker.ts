import { Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { InjectRedis } from '../../platform/redis/redis.module';

/** Consecutive transient posting failures that open a biller's circuit. */
export const CIRCUIT_FAILURE_THRESHOLD = 5;
/** How long an open circuit refuses new payments before letting them through again. */
export const CIRCUIT_OPEN_SECONDS = 60;

/**
 * A circuit breaker per biller, in Redis so every API process and worker shares it. The worker
 * reports each posting try's outcome; after CIRCUIT_FAILURE_THRESHOLD transient failures in a
 * row the circuit opens, and new payments to that biller are refused with 422
 * BILLER_UNAVAILABLE (instead of capturing funds that could not be posted) until it closes.
 * Payments already captured keep being retried by the worker.
 */
@Injectable()
export class BillerCircuitBreaker {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async isOpen(billerId: string): Promise<boolean> {
    return (await this.redis.exists(this.openKey(billerId))) === 1;
  }

  async recordFailure(billerId: string): Promise<void> {
    const failures = await this.redis.incr(this.failureKey(billerId));
    await this.redis.expire(this.failureKey(billerId), CIRCUIT_OPEN_SECONDS * 10);
    if (failures >= CIRCUIT_FAILURE_THRESHOLD) {
      await this.redis.set(this.openKey(billerId), '1', 'EX', CIRCUIT_OPEN_SECONDS);
    }
  }

  async recordSuccess(billerId: string): Promise<void> {
    await this.redis.del(this.failureKey(billerId), this.openKey(billerId));
  }

  private failureKey(billerId: string): string {
    return `payments:circuit:${billerId}:failures`;
  }

  private openKey(billerId: string): string {
    return `payments:circuit:${billerId}:open`;
  }
}
