import { Injectable, Logger, Optional } from '@nestjs/common';
import Redis from 'ioredis';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { ActiveSession, SessionVerifier } from '../../platform/auth/session-verifier';
import { Clock } from '../../platform/clock/clock';
import { MetricsRegistry } from '../../platform/metrics/metrics.registry';
import { RedisCircuit } from '../../platform/redis/redis-circuit';
import { InjectRedis } from '../../platform/redis/redis.module';
import { DeviceSessionRepository } from './device-session.repository';
import { IdentityConfig } from './identity.config';

type CacheEntry = ActiveSession | { revoked: true };

/** How a lookup was answered: from the cache, or from PostgreSQL and why. */
type LookupOutcome = 'hit' | 'miss' | 'skipped' | 'timeout' | 'error';

/**
 * The bearer guard's session check, cached in Redis for SESSION_CACHE_TTL_SECONDS.
 *
 * - A miss reads PostgreSQL (and marks the session seen), then stores the answer with `NX`.
 * - A revocation, after its transaction commits, overwrites the entry with a tombstone. Because
 *   fills never overwrite, a lookup that read the session just before the revocation committed
 *   cannot put it back: a revoked session's tokens stop at once.
 * - A role or status change drops the user's entries, so the next request reads the new role.
 *
 * Redis is only a cache here, and PostgreSQL the truth, so Redis never makes a signed-in request
 * wait: every command goes through a circuit (`RedisCircuit`) that waits at most
 * SESSION_CACHE_TIMEOUT_MS, far below REDIS_COMMAND_TIMEOUT_MS. A lookup Redis does not answer
 * in time reads PostgreSQL, and the lookups of the next SESSION_CACHE_SKIP_MS skip Redis
 * altogether (a hung Redis is not asked again by every request); so do lookups while Redis is
 * disconnected. Tombstones and drops are sent even then: a stopped Redis that resumes applies
 * them. A tombstone lost to a Redis failure lapses within the TTL.
 */
@Injectable()
export class SessionCache extends SessionVerifier {
  private readonly logger = new Logger(SessionCache.name);
  private readonly circuit: RedisCircuit;
  private readonly lookups: Counter<'outcome'>;

  constructor(
    @InjectRedis() redis: Redis,
    private readonly dataSource: DataSource,
    private readonly sessions: DeviceSessionRepository,
    private readonly config: IdentityConfig,
    private readonly clock: Clock,
    // Absent where nothing serves metrics (the CLI commands).
    @Optional() metrics?: MetricsRegistry,
  ) {
    super();
    this.circuit = new RedisCircuit(redis, {
      name: 'session-cache',
      timeoutMs: config.SESSION_CACHE_TIMEOUT_MS,
      openMs: config.SESSION_CACHE_SKIP_MS,
      now: () => clock.now().getTime(),
    });
    this.lookups = new Counter({
      name: 'session_cache_lookups_total',
      help:
        'Bearer session lookups by outcome: hit (answered by the Redis cache), miss (not cached), ' +
        'skipped (Redis disconnected or its circuit open), timeout (Redis did not answer within ' +
        'SESSION_CACHE_TIMEOUT_MS), error; all but hit read PostgreSQL',
      labelNames: ['outcome'] as const,
      registers: metrics ? [metrics.registry] : [],
    });
  }

  async findActive(sessionId: string): Promise<ActiveSession | null> {
    const key = this.key(sessionId);
    const cached = await this.circuit.run((redis) => redis.get(key));
    if (cached.ok && cached.value) {
      this.lookups.inc({ outcome: 'hit' });
      const entry = JSON.parse(cached.value) as CacheEntry;
      return 'revoked' in entry ? null : entry;
    }
    const outcome: LookupOutcome = cached.ok ? 'miss' : cached.outcome;
    this.lookups.inc({ outcome });
    const active = await this.sessions.touchActive(this.dataSource.manager, sessionId, this.clock.now());
    // Filled only when Redis has just answered: a Redis that failed or hung is left alone.
    if (outcome === 'miss') {
      const entry: CacheEntry = active ?? { revoked: true };
      await this.circuit.run((redis) =>
        redis.set(key, JSON.stringify(entry), 'EX', this.config.SESSION_CACHE_TTL_SECONDS, 'NX'),
      );
    }
    return active;
  }

  /** Call after the revoking transaction commits. */
  async revoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const tombstone = JSON.stringify({ revoked: true } satisfies CacheEntry);
    const written = await this.circuit.run(
      (redis) => {
        const pipeline = redis.pipeline();
        for (const id of sessionIds) pipeline.set(this.key(id), tombstone, 'EX', this.config.SESSION_CACHE_TTL_SECONDS);
        return pipeline.exec();
      },
      { always: true },
    );
    if (!written.ok) this.warn('revoke', written.outcome);
  }

  /** Call after a change of the user's role or status commits. */
  async userChanged(userId: string): Promise<void> {
    const ids = await this.sessions.activeIdsOf(this.dataSource.manager, userId);
    if (ids.length === 0) return;
    const dropped = await this.circuit.run((redis) => redis.del(...ids.map((id) => this.key(id))), { always: true });
    if (!dropped.ok) this.warn('drop', dropped.outcome);
  }

  private key(sessionId: string): string {
    return `identity:session:${sessionId}`;
  }

  private warn(action: string, outcome: string): void {
    this.logger.warn(`session cache ${action} not confirmed (${outcome}); a cached copy lapses within the TTL`);
  }
}
