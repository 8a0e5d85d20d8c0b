import { Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { ActiveSession, SessionVerifier } from '../../platform/auth/session-verifier';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { InjectRedis } from '../../platform/redis/redis.module';
import { DeviceSessionRepository } from './device-session.repository';

type CacheEntry = ActiveSession | { revoked: true };

/**
 * The bearer guard's session check, cached in Redis for SESSION_CACHE_TTL_SECONDS.
 *
 * - A miss reads PostgreSQL (and marks the session seen), then stores the answer with `NX`.
 * - A revocation, after its transaction commits, overwrites the entry with a tombstone. Because
 *   fills never overwrite, a lookup that read the session just before the revocation committed
 *   cannot put it back: a revoked session's tokens stop at once.
 * - A role or status change drops the user's entries, so the next request reads the new role.
 * If Redis fails, lookups fall back to PostgreSQL; a lost tombstone lapses within the TTL.
 * While Redis is disconnected the cache is not even tried: every lookup reads PostgreSQL,
 * which is the truth anyway, so signed-in reads keep working at their usual speed.
 */
@Injectable()
export class SessionCache extends SessionVerifier {
  private readonly logger = new Logger(SessionCache.name);

  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly sessions: DeviceSessionRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  async findActive(sessionId: string): Promise<ActiveSession | null> {
    const key = this.key(sessionId);
    const cached = this.connected()
      ? await this.redis.get(key).catch((error: unknown) => this.warn('read', error))
      : null;
    if (cached) {
      const entry = JSON.parse(cached) as CacheEntry;
      return 'revoked' in entry ? null : entry;
    }
    const active = await this.sessions.touchActive(this.dataSource.manager, sessionId, this.clock.now());
    if (!this.connected()) return active;
    const entry: CacheEntry = active ?? { revoked: true };
    await this.redis
      .set(key, JSON.stringify(entry), 'EX', this.config.SESSION_CACHE_TTL_SECONDS, 'NX')
      .catch((error: unknown) => this.warn('fill', error));
    return active;
  }

  /** Call after the revoking transaction commits. */
  async revoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const tombstone = JSON.stringify({ revoked: true } satisfies CacheEntry);
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) pipeline.set(this.key(id), tombstone, 'EX', this.config.SESSION_CACHE_TTL_SECONDS);
    await pipeline.exec().catch((error: unknown) => this.warn('revoke', error));
  }

  /** Call after a change of the user's role or status commits. */
  async userChanged(userId: string): Promise<void> {
    const ids = await this.sessions.activeIdsOf(this.dataSource.manager, userId);
    if (ids.length === 0) return;
    await this.redis.del(...ids.map((id) => this.key(id))).catch((error: unknown) => this.warn('drop', error));
  }

  /** The client refuses commands at once while disconnected; skipping them spares a warning per request. */
  private connected(): boolean {
    return this.redis.status === 'ready';
  }

  private key(sessionId: string): string {
    return `identity:session:${sessionId}`;
  }

  private warn(action: string, error: unknown): null {
    this.logger.warn(`session cache ${action} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
