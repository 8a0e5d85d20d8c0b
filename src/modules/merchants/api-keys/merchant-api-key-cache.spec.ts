import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { SystemClock } from '../../../platform/clock/clock';
import { MerchantsConfig } from '../merchants.config';
import { ApiKeyCacheRedis, MerchantApiKeyCache } from './merchant-api-key-cache';

const PRINCIPAL: MerchantApiKeyPrincipal = {
  kind: 'merchant-api-key',
  apiKeyId: '0193a5b2-0000-7000-8000-000000000001',
  merchantId: '0193a5b2-0000-7000-8000-000000000002',
  livemode: false,
};
const DIGEST = 'ab'.repeat(32);
const KEY = `merchants:api-key:${DIGEST}`;

/** A Redis that keeps strings in a map and records the commands it was sent. */
class MapRedis implements ApiKeyCacheRedis {
  status = 'ready';
  readonly entries = new Map<string, string>();
  readonly commands: string[][] = [];

  get(key: string): Promise<string | null> {
    this.commands.push(['get', key]);
    return Promise.resolve(this.entries.get(key) ?? null);
  }

  set(key: string, value: string, expiry: 'EX', seconds: number, mode?: 'NX'): Promise<'OK' | null> {
    this.commands.push(['set', key, value, expiry, String(seconds), ...(mode ? [mode] : [])]);
    if (mode === 'NX' && this.entries.has(key)) return Promise.resolve(null);
    this.entries.set(key, value);
    return Promise.resolve('OK');
  }
}

function cacheOn(redis: MapRedis): MerchantApiKeyCache {
  const config = Object.assign(new MerchantsConfig(), { MERCHANT_API_KEY_CACHE_TTL_SECONDS: 30 });
  return new MerchantApiKeyCache(redis, config, new SystemClock());
}

describe('MerchantApiKeyCache', () => {
  it('verifies a miss against PostgreSQL and stores the principal with NX for the TTL; the next lookup is a hit', async () => {
    const redis = new MapRedis();
    const cache = cacheOn(redis);
    const verify = jest.fn().mockResolvedValue(PRINCIPAL);

    expect(await cache.principalOf(DIGEST, verify)).toEqual(PRINCIPAL);
    expect(redis.commands).toEqual([
      ['get', KEY],
      ['set', KEY, JSON.stringify(PRINCIPAL), 'EX', '30', 'NX'],
    ]);
    expect(await cache.principalOf(DIGEST, verify)).toEqual(PRINCIPAL);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('stores nothing for a key that does not verify', async () => {
    const redis = new MapRedis();
    expect(await cacheOn(redis).principalOf(DIGEST, () => Promise.resolve(null))).toBeNull();
    expect(redis.entries.size).toBe(0);
  });

  it('a revocation overwrites the entry with a mark: every lookup then asks PostgreSQL and none fills it again', async () => {
    const redis = new MapRedis();
    const cache = cacheOn(redis);
    await cache.principalOf(DIGEST, () => Promise.resolve(PRINCIPAL));

    await cache.revoked([DIGEST]);
    expect(redis.entries.get(KEY)).toBe(JSON.stringify({ revoked: true }));
    expect(redis.commands.at(-1)).toEqual(['set', KEY, JSON.stringify({ revoked: true }), 'EX', '30']);

    // Read before the revocation committed: still verified, and not put back.
    expect(await cache.principalOf(DIGEST, () => Promise.resolve(PRINCIPAL))).toEqual(PRINCIPAL);
    // After it: refused.
    expect(await cache.principalOf(DIGEST, () => Promise.resolve(null))).toBeNull();
    expect(redis.entries.get(KEY)).toBe(JSON.stringify({ revoked: true }));
  });

  it('a disconnected Redis is skipped: PostgreSQL answers and nothing is stored', async () => {
    const redis = new MapRedis();
    redis.status = 'reconnecting';
    const verify = jest.fn().mockResolvedValue(PRINCIPAL);
    expect(await cacheOn(redis).principalOf(DIGEST, verify)).toEqual(PRINCIPAL);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(redis.commands).toEqual([]);
  });

  it('a Redis that fails a read is not filled after PostgreSQL answers', async () => {
    const redis = new MapRedis();
    redis.get = () => Promise.reject(new Error('READONLY'));
    expect(await cacheOn(redis).principalOf(DIGEST, () => Promise.resolve(PRINCIPAL))).toEqual(PRINCIPAL);
    expect(redis.entries.size).toBe(0);
  });
});
