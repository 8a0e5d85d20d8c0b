import { Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { dependencyUnavailable } from '../../../platform/http/dependency-outage';
import { InjectRedis } from '../../../platform/redis/redis.module';

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
 *
 * When Redis cannot be read the circuit counts as unknown, not closed: `isOpen` answers 503
 * SERVICE_UNAVAILABLE. Treating it as closed would capture customers' funds for a biller that
 * may be failing every posting, which costs a refund each; refusing costs a retry a few
 * seconds later. Recording outcomes is the opposite case: a count lost while Redis is down
 * only delays the circuit opening, so the worker's posting goes on without it.
 */
@Injectable()
export class BillerCircuitBreaker {
  private readonly logger = new Logger(BillerCircuitBreaker.name);

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async isOpen(billerId: string): Promise<boolean> {
    try {
      return (await this.redis.exists(this.openKey(billerId))) === 1;
    } catch (error) {
      this.logger.warn(`circuit of biller ${billerId} unreadable: ${describe(error)}`);
      throw dependencyUnavailable(
        'redis',
        'does not answer',
        "The biller's availability cannot be checked right now; try again shortly",
      );
    }
  }

  async recordFailure(billerId: string): Promise<void> {
    try {
      const failures = await this.redis.incr(this.failureKey(billerId));
      await this.redis.expire(this.failureKey(billerId), CIRCUIT_OPEN_SECONDS * 10);
      if (failures >= CIRCUIT_FAILURE_THRESHOLD) {
        await this.redis.set(this.openKey(billerId), '1', 'EX', CIRCUIT_OPEN_SECONDS);
      }
    } catch (error) {
      this.logger.warn(`failure of biller ${billerId} not counted: ${describe(error)}`);
    }
  }

  async recordSuccess(billerId: string): Promise<void> {
    try {
      await this.redis.del(this.failureKey(billerId), this.openKey(billerId));
    } catch (error) {
      this.logger.warn(`success of biller ${billerId} not recorded: ${describe(error)}`);
    }
  }

  private failureKey(billerId: string): string {
    return `payments:circuit:${billerId}:failures`;
  }

  private openKey(billerId: string): string {
    return `payments:circuit:${billerId}:open`;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
