import { Injectable, Logger, Optional } from '@nestjs/common';
import { Counter } from 'prom-client';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { MetricsRegistry } from '../../../platform/metrics/metrics.registry';
import { RedisCircuit } from '../../../platform/redis/redis-circuit';
import { InjectRedis } from '../../../platform/redis/redis.module';
import { MerchantsConfig } from '../merchants.config';

/** The commands the cache sends (the app's ioredis client has them): a test hands it a map. */
export interface ApiKeyCacheRedis {
  readonly status: string;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, expiry: 'EX', seconds: number, mode?: 'NX'): Promise<'OK' | null>;
}

/** What the cache holds for a key's digest: the principal it verified to, or a revocation's mark. */
type CacheEntry = MerchantApiKeyPrincipal | { revoked: true };

/** How a lookup was answered: from the cache, or from PostgreSQL and why. */
type LookupOutcome = 'hit' | 'miss' | 'bypassed' | 'skipped' | 'timeout' | 'error';

/**
 * The merchant guard's API key verification, cached in Redis for
 * MERCHANT_API_KEY_CACHE_TTL_SECONDS, by the key's keyed digest (the secret never reaches Redis,
 * nor does its stored hash as a value). Every merchant API request verifies its key, and the
 * lookup by prefix was a PostgreSQL round trip of its own on each of them (a read of a page of
 * payments made two statements where one is the read).
 *
 * - A miss verifies against PostgreSQL and stores the principal with `NX`; a key that does not
 *   verify is not stored (random keys would fill Redis).
 * - A revocation marks the digest revoked, overwriting whatever is there, once the revoking
 *   transaction has committed and before the revoking request is answered (no Redis command
 *   waits inside the transaction, holding its locks). A marked digest is verified against
 *   PostgreSQL on every request until the mark lapses, and never filled: `NX` keeps a lookup that
 *   read the key just before the commit from putting it back, and a fill that came before the
 *   mark is overwritten by it. So a revoked key stops on the next request; a process that dies
 *   between the commit and the mark leaves a cached key working for at most the TTL.
 *
 * Redis is only a cache here, as for the bearer guard's sessions (identity's `SessionCache`):
 * commands go through a `RedisCircuit` that waits MERCHANT_API_KEY_CACHE_TIMEOUT_MS at most, and
 * the lookups of the next MERCHANT_API_KEY_CACHE_SKIP_MS after a timeout read PostgreSQL alone.
 * Marks are sent even then; one that Redis does not take lets a cached principal live out its
 * TTL, which is what MERCHANT_API_KEY_CACHE_TTL_SECONDS bounds.
 */
@Injectable()
export class MerchantApiKeyCache {
  private readonly logger = new Logger(MerchantApiKeyCache.name);
  private readonly circuit: RedisCircuit<ApiKeyCacheRedis>;
  private readonly lookups: Counter<'outcome'>;

  constructor(
    @InjectRedis() redis: ApiKeyCacheRedis,
    private readonly config: MerchantsConfig,
    clock: Clock,
    // Absent where nothing serves metrics (the CLI commands).
    @Optional() metrics?: MetricsRegistry,
  ) {
    this.circuit = new RedisCircuit(redis, {
      name: 'merchant-api-key-cache',
      timeoutMs: config.MERCHANT_API_KEY_CACHE_TIMEOUT_MS,
      openMs: config.MERCHANT_API_KEY_CACHE_SKIP_MS,
      now: () => clock.now().getTime(),
    });
    this.lookups = new Counter({
      name: 'merchant_api_key_cache_lookups_total',
      help:
        'Merchant API key verifications by outcome: hit (answered by the Redis cache), miss (not cached), ' +
        'bypassed (a revocation marked it), skipped (Redis disconnected or its circuit open), timeout ' +
        '(Redis did not answer within MERCHANT_API_KEY_CACHE_TIMEOUT_MS), error; all but hit read PostgreSQL',
      labelNames: ['outcome'] as const,
      registers: metrics ? [metrics.registry] : [],
    });
  }

  /** The principal `digest` verifies to: the cached one, or `verify`'s (PostgreSQL), stored when verified. */
  async principalOf(
    digest: string,
    verify: () => Promise<MerchantApiKeyPrincipal | null>,
  ): Promise<MerchantApiKeyPrincipal | null> {
    const key = this.key(digest);
    const cached = await this.circuit.run((redis) => redis.get(key));
    let outcome: LookupOutcome = cached.ok ? 'miss' : cached.outcome;
    if (cached.ok && cached.value) {
      const entry = JSON.parse(cached.value) as CacheEntry;
      if (!('revoked' in entry)) {
        this.lookups.inc({ outcome: 'hit' });
        return entry;
      }
      outcome = 'bypassed';
    }
    this.lookups.inc({ outcome });
    const principal = await verify();
    // Filled only when Redis has just answered that nothing is there.
    if (outcome === 'miss' && principal) {
      await this.circuit.run((redis) =>
        redis.set(key, JSON.stringify(principal), 'EX', this.config.MERCHANT_API_KEY_CACHE_TTL_SECONDS, 'NX'),
      );
    }
    return principal;
  }

  /** Marks these keys' digests revoked; call once the revoking transaction has committed. */
  async revoked(digests: string[]): Promise<void> {
    if (digests.length === 0) return;
    const mark = JSON.stringify({ revoked: true } satisfies CacheEntry);
    const ttl = this.config.MERCHANT_API_KEY_CACHE_TTL_SECONDS;
    const written = await this.circuit.run(
      (redis) => Promise.all(digests.map((digest) => redis.set(this.key(digest), mark, 'EX', ttl))),
      { always: true },
    );
    if (!written.ok) {
      this.logger.warn(
        `API key cache revocation not confirmed (${written.outcome}); a cached key lapses within ${this.config.MERCHANT_API_KEY_CACHE_TTL_SECONDS} s`,
      );
    }
  }

  private key(digest: string): string {
    return `merchants:api-key:${digest}`;
  }
}
