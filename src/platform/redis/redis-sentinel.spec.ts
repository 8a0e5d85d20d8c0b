import Bull from 'bull';
import Redis from 'ioredis';
import { loadAllConfiguration } from '../../configuration';
import { AppConfig } from '../config/app-config';
import { bullOptions } from '../queue/queue-registry';
import { redisReconnectDelay, sharedClientOptions } from './redis.module';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  JWT_ACCESS_SECRET: 'x'.repeat(32),
  KEY_HASH_SECRET: 'y'.repeat(32),
  INTERNAL_API_KEY: 'z'.repeat(32),
};

/** Nothing listens on port 1: a client that tries to connect (to a sentinel or not) is refused at once. */
const SENTINELS = '127.0.0.1:1,[::1]:1';

function configWith(env: Record<string, string>): AppConfig {
  return loadAllConfiguration({ ...required, ...env }).get(AppConfig);
}

/** The options ioredis ended with. */
function optionsOf(client: Redis): Record<string, unknown> {
  return Object.fromEntries(Object.entries(client.options));
}

describe('Redis connections through Sentinel', () => {
  const opened: Redis[] = [];
  const queues: Bull.Queue[] = [];

  afterEach(async () => {
    for (const client of opened.splice(0)) client.disconnect();
    // Without waiting for connections that will never be ready.
    await Promise.all(queues.splice(0).map((queue) => queue.close(true)));
  });

  /** The shared client as `connectRedis` makes it, without connecting. */
  function sharedClient(config: AppConfig): Redis {
    const client = new Redis(config.REDIS_URL, { ...sharedClientOptions(config), lazyConnect: true });
    client.on('error', () => undefined);
    opened.push(client);
    return client;
  }

  /** A Bull queue as QueueModule and QueueRegistry open one, its three connections made. */
  function bullQueue(config: AppConfig): Record<'client' | 'subscriber' | 'bclient', Record<string, unknown>> {
    const queue = new Bull('probe', config.REDIS_URL, bullOptions(config));
    queue.on('error', () => undefined);
    queues.push(queue);
    // Bull opens its subscriber (`eclient`) and blocking (`bclient`) connections when first read.
    const internal = queue as Bull.Queue & { eclient: Redis; bclient: Redis };
    const connections = { client: internal.client, subscriber: internal.eclient, bclient: internal.bclient };
    for (const client of Object.values(connections)) client.on('error', () => undefined);
    return {
      client: optionsOf(connections.client),
      subscriber: optionsOf(connections.subscriber),
      bclient: optionsOf(connections.bclient),
    };
  }

  it('connects to REDIS_URL alone, as before, when no sentinel is set', () => {
    const config = configWith({ REDIS_URL: 'redis://:secret@127.0.0.1:1/2' });
    expect(sharedClientOptions(config)).toEqual({
      keyPrefix: 'ps:',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      retryStrategy: redisReconnectDelay,
      lazyConnect: false,
    });
    expect(bullOptions(config).redis).toEqual({ retryStrategy: redisReconnectDelay });

    const shared = optionsOf(sharedClient(config));
    expect(shared).toMatchObject({ host: '127.0.0.1', port: 1, db: 2, password: 'secret' });
    expect(shared.sentinels ?? null).toBeNull();
    for (const options of Object.values(bullQueue(config))) {
      expect(options).toMatchObject({ host: '127.0.0.1', port: 1, password: 'secret' });
      expect(options.sentinels ?? null).toBeNull();
    }
  });

  it('gives every connection the sentinels and the master name, keeping what REDIS_URL says besides its address', () => {
    const config = configWith({
      REDIS_URL: 'redis://:secret@unused-host:6380/2',
      REDIS_SENTINELS: SENTINELS,
      REDIS_SENTINEL_MASTER: 'payments',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      REDIS_KEY_PREFIX: 'pfx',
      REDIS_COMMAND_TIMEOUT_MS: '700',
    });
    const sentinel = {
      sentinels: [
        { host: '127.0.0.1', port: 1 },
        { host: '::1', port: 1 },
      ],
      name: 'payments',
      role: 'master',
      failoverDetector: true,
      sentinelPassword: 'sentinel-secret',
      sentinelCommandTimeout: 700,
      db: 2,
      password: 'secret',
    };

    // The shared client: Sentinel's options beside its own, unchanged.
    const client = sharedClient(config);
    expect(optionsOf(client)).toMatchObject({
      ...sentinel,
      keyPrefix: 'pfx:',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 700,
      retryStrategy: redisReconnectDelay,
    });
    // What it duplicates goes through Sentinel too (a subscriber connection:
    // src/platform/redis/subscriber-connection.spec.ts).
    const duplicate = client.duplicate();
    duplicate.on('error', () => undefined);
    opened.push(duplicate);
    expect(optionsOf(duplicate)).toMatchObject(sentinel);

    // Each of a Bull queue's three connections, with Bull's own retry settings as before.
    const bull = bullQueue(config);
    for (const options of Object.values(bull)) {
      expect(options).toMatchObject({ ...sentinel, retryStrategy: redisReconnectDelay });
    }
    expect(bull.client.maxRetriesPerRequest).toBe(20);
    expect(bull.subscriber.maxRetriesPerRequest).toBeNull();
    expect(bull.bclient.maxRetriesPerRequest).toBeNull();
  });

  it("opens Bull's connections with TLS for a rediss:// REDIS_URL, as the shared client's", () => {
    const config = configWith({ REDIS_URL: 'rediss://:secret@127.0.0.1:1/2' });
    expect(optionsOf(sharedClient(config)).tls).toBeTruthy();
    for (const options of Object.values(bullQueue(config))) {
      expect(options).toMatchObject({ host: '127.0.0.1', port: 1, password: 'secret', tls: {} });
    }
    const plain = bullQueue(configWith({ REDIS_URL: 'redis://127.0.0.1:1' }));
    for (const options of Object.values(plain)) expect(options.tls ?? null).toBeNull();
  });

  it('uses TLS to the master and to the sentinels for a rediss:// REDIS_URL', () => {
    const sentinels = { REDIS_SENTINELS: SENTINELS, REDIS_SENTINEL_MASTER: 'payments' };
    const config = configWith({ ...sentinels, REDIS_URL: 'rediss://unused-host:6380' });
    const tls = { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} };
    expect(optionsOf(sharedClient(config))).toMatchObject(tls);
    for (const options of Object.values(bullQueue(config))) expect(options).toMatchObject(tls);

    const plain = sharedClientOptions(configWith({ ...sentinels, REDIS_URL: 'redis://unused-host:6380' }));
    expect(plain).not.toHaveProperty('tls');
    expect(plain).not.toHaveProperty('sentinelTLS');
  });
});
